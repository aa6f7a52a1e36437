/** Unit specs live beside the code; end-to-end specs drive the HTTP API on real Postgres and Redis. */
const { SWAGGER_PLUGIN_OPTIONS } = require('./scripts/swagger-plugin');

const tsJest = ['ts-jest', { isolatedModules: true, diagnostics: false }];
// DTO files are compiled with type information and the Swagger CLI plugin, as `npm run build`
// does (the plugin reads their property types); everything else file by file, which is faster.
const DTO_FILES = `(${SWAGGER_PLUGIN_OPTIONS.dtoFileNameSuffix.map((s) => s.replace(/\./g, '\\.')).join('|')})$`;
const tsJestWithSwagger = [
  '<rootDir>/scripts/ts-jest-swagger.js',
  {
    isolatedModules: false,
    // Type errors are tsc's job (npm run typecheck); 151002 is ts-jest's note that Node16 module
    // resolution is typed here, which is what the plugin needs.
    diagnostics: { ignoreCodes: [151002], exclude: ['**/*'] },
    astTransformers: { before: [{ path: '<rootDir>/scripts/swagger-plugin.js', options: SWAGGER_PLUGIN_OPTIONS }] },
  },
];
const transform = { [DTO_FILES]: tsJestWithSwagger, '^.+\\.ts$': tsJest };

module.exports = {
  testTimeout: 60000,
  // End-to-end files mostly wait on Postgres, Redis, Chromium and child processes: on 2 cores,
  // 6 workers ran the suite in 222 s against 278 s for 4 and 868 s for 1 (each under others' load).
  maxWorkers: 6,
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      rootDir: __dirname,
      testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/unit/**/*.spec.ts'],
      transform,
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      rootDir: __dirname,
      testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'],
      transform,
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
  ],
};
