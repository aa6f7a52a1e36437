/**
 * The production image's build, run apart from `npm test` (it installs, compiles and prunes a copy
 * of the tree, a minute of work that no code change but the Dockerfile's or the dependencies'
 * affects): `npm run test:image`, and in CI by .ci/run after the suite, in the same summary.
 */
const path = require('node:path');

module.exports = {
  rootDir: path.join(__dirname, '..', '..'),
  testEnvironment: 'node',
  testTimeout: 60000,
  testMatch: ['<rootDir>/test/image/**/*.spec.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { isolatedModules: true, diagnostics: false }] },
};
