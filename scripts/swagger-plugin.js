// The Swagger CLI plugin (@nestjs/swagger/plugin) as every compile of the application runs it:
// `npm run build` (scripts/build.js), jest (ts-jest) and `npm run start:dev` (ts-node). Its options
// are nest-cli.json's, so `nest build` would compile the same.
const { before } = require('@nestjs/swagger/plugin');
const nestCli = require('../nest-cli.json');

/** nest-cli.json's options of the plugin. */
const SWAGGER_PLUGIN_OPTIONS = nestCli.compilerOptions.plugins.find((p) => p.name === '@nestjs/swagger').options;

/** The plugin as a `before` transformer of `program` (the plugin reads types through its checker). */
function swaggerTransformers(program) {
  // A copy: the plugin writes into the options it is given.
  return { before: [before({ ...SWAGGER_PLUGIN_OPTIONS }, program)] };
}

module.exports = {
  SWAGGER_PLUGIN_OPTIONS,
  swaggerTransformers,
  // ts-jest's AST transformer interface (jest.config.js). ts-jest keeps the Program it started
  // with in `program`; the language service's current one holds the file being compiled.
  name: 'rivalwatch-swagger-plugin',
  version: 1,
  factory: (compiler, options) => before({ ...options }, compiler._languageService?.getProgram() ?? compiler.program),
};
