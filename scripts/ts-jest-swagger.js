// ts-jest for the DTO files (jest.config.js): with type information and the Swagger CLI plugin.
// ts-jest keeps one configuration per jest project, whichever ts-jest entry of `transform` came
// first, so this one presents a project configuration of its own.
const { TsJestTransformer } = require('ts-jest');

const own = new WeakMap();

class SwaggerTsJestTransformer extends TsJestTransformer {
  _configsFor(options) {
    let config = own.get(options.config);
    if (!config) {
      config = { ...options.config, globals: { ...options.config.globals, swaggerPlugin: true } };
      own.set(options.config, config);
    }
    return super._configsFor({ ...options, config });
  }
}

module.exports = { createTransformer: (options) => new SwaggerTsJestTransformer(options) };
