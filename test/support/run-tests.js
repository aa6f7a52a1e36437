#!/usr/bin/env node
// `npm test`: jest with the flags PGlite needs (dynamic ESM import in the embedded mode).
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const jest = path.join(__dirname, '..', '..', 'node_modules', 'jest', 'bin', 'jest.js');
const nodeOptions = [process.env.NODE_OPTIONS, '--experimental-vm-modules', '--no-warnings=ExperimentalWarning']
  .filter(Boolean)
  .join(' ');
const result = spawnSync(process.execPath, [jest, ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, NODE_OPTIONS: nodeOptions },
});
process.exit(result.status ?? 1);
