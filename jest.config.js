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
  // End-to-end files wait on Postgres, Redis, Chromium and child processes, but the suite is
  // CPU-bound on 2 cores. On one machine 6 workers ran it in 222 s against 278 s for 4. On a
  // machine about 2.7 times slower (2026-11-26) 6 workers took 19 minutes and starved the files
  // that start a service (PGlite's first start past 90 s), 28 tests failing on their deadlines;
  // 3 workers took 12.6 minutes there, with 40% less CPU (fewer processes fighting over memory).
  // On a faster machine again (later that day) 3 workers took 495 s and 4 took 400 s, all passing.
  maxWorkers: 4,
  testSequencer: '<rootDir>/test/support/sequencer.js',
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
