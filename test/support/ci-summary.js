#!/usr/bin/env node
// .ci/run's report from jest's JSON results (one file per jest run): the ten slowest test files,
// then the one line "N passed, M failed" over every run. Exits 1 on any failure, on a run that
// left no results, or when no test ran at all.
const fs = require('node:fs');
const path = require('node:path');

const runs = process.argv.slice(2).map((file) => {
  if (fs.existsSync(file) && fs.statSync(file).size > 0) return JSON.parse(fs.readFileSync(file, 'utf8'));
  console.log(`[ci] ${file}: no results (the jest run ended before writing them)`);
  return null;
});
const files = runs.flatMap((r) => r?.testResults ?? []);
const root = path.join(__dirname, '..', '..');

console.log('\n[ci] ten slowest test files:');
for (const f of files.map((t) => ({ name: path.relative(root, t.name), s: (t.endTime - t.startTime) / 1000 })).sort((a, b) => b.s - a.s).slice(0, 10)) {
  console.log(`${f.s.toFixed(1).padStart(7)} s  ${f.name}`);
}

const sum = (key) => runs.reduce((n, r) => n + (r?.[key] ?? 0), 0);
console.log(`${sum('numPassedTests')} passed, ${sum('numFailedTests')} failed`);
const ok = runs.every((r) => r && r.success) && sum('numFailedTests') === 0 && sum('numTotalTests') > 0;
process.exit(ok ? 0 : 1);
