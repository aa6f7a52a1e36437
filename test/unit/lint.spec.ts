import { resolve } from 'node:path';
import { ESLint } from 'eslint';

const ROOT = resolve(__dirname, '..', '..');

/**
 * `npm run lint` as a test, so `npm test` enforces eslint.config.mjs on src/. ESLint loads that
 * ES module config with a dynamic import, which jest allows under --experimental-vm-modules: run
 * it through `npm test` / `npm run test:unit` (test/support/run-tests.js sets the flag).
 */
describe('lint (eslint.config.mjs)', () => {
  const eslint = new ESLint({ cwd: ROOT });

  it('finds no error in src/', async () => {
    const results = await eslint.lintFiles(['src']);
    const errors = results.flatMap((file) => file.messages.filter((m) => m.severity === 2).map((m) => `${file.filePath}:${m.line} ${m.ruleId}: ${m.message}`));
    expect(results.length).toBeGreaterThan(100);
    expect(errors).toEqual([]);
  }, 120_000);

  it.each(['@nestjs/throttler/dist/throttler-storage-record.interface', 'some-package/dist', '../dist/main'])(
    'refuses an import from a dist/ folder in src/ (%s)',
    async (path) => {
      const [result] = await eslint.lintText(`import type { X } from '${path}';\nexport type Y = X;\n`, { filePath: resolve(ROOT, 'src/queue/probe.ts') });
      expect(result.messages.map((m) => m.ruleId)).toEqual(['no-restricted-imports']);
    },
  );

  it('lets a package root and a folder merely named like dist through', async () => {
    const [result] = await eslint.lintText(`import { Queue } from 'bullmq';\nimport { x } from './distance/dist-like';\nexport const y = [Queue, x];\n`, { filePath: resolve(ROOT, 'src/queue/probe.ts') });
    expect(result.messages).toEqual([]);
  });
});
