/** Unit specs live beside the code; end-to-end specs drive the HTTP API on real Postgres and Redis. */
const tsJest = ['ts-jest', { isolatedModules: true, diagnostics: false }];

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
      transform: { '^.+\\.ts$': tsJest },
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      rootDir: __dirname,
      testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'],
      transform: { '^.+\\.ts$': tsJest },
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
  ],
};
