import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FetchError } from '../fetch/fetch-error';
import { extractPage } from './extract-page';
import { ExtractionPool } from './extraction-pool';

const PAGE = readFileSync(path.join(__dirname, '../../../test/fixtures/corpus/pricing-joplin-pair/before.html'), 'utf8');
const URL = 'https://joplinapp.org/plans/';

describe('ExtractionPool', () => {
  it('extracts on a thread exactly what extractPage gives inline', async () => {
    const pool = new ExtractionPool(1);
    try {
      const pages = await Promise.all([1, 2, 3].map(() => pool.extract(PAGE, URL, 'pricing')));
      const inline = extractPage(PAGE, URL, 'pricing');
      for (const page of pages) expect(page).toEqual(inline);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('extracts inline with no threads', async () => {
    const pool = new ExtractionPool(0);
    expect(await pool.extract(PAGE, URL, 'pricing')).toEqual(extractPage(PAGE, URL, 'pricing'));
  });

  it('fails the pages of a thread that dies, and carries on with a new one', async () => {
    const pool = new ExtractionPool(1);
    try {
      const pending = pool.extract(PAGE, URL, 'pricing');
      const thread = (pool as unknown as { threads: { worker: { terminate(): Promise<number> } }[] }).threads[0];
      await thread.worker.terminate();
      await expect(pending).rejects.toThrow(/exited/);
      expect((await pool.extract(PAGE, URL, 'pricing')).content_hash).toBe(extractPage(PAGE, URL, 'pricing').content_hash);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('ends a thread that takes too long for a page', async () => {
    const pool = new ExtractionPool(1, 1);
    try {
      await expect(pool.extract(PAGE, URL, 'pricing')).rejects.toThrow(/took over 1 ms/);
      expect((pool as unknown as { threads: unknown[] }).threads).toHaveLength(0);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it.each([0, 1])('fails a page past the limits with page_too_complex, with %i threads', async (threads) => {
    const pool = new ExtractionPool(threads);
    const deep = '<div>'.repeat(200_000);
    try {
      for (const task of [pool.extract(deep, URL, 'custom'), pool.looksLikeJavaScriptShell(deep), pool.readHomepage(deep, URL)]) {
        const err = await task.catch((e: unknown) => e);
        expect(err).toBeInstanceOf(FetchError);
        expect(err).toMatchObject({ code: 'page_too_complex' });
      }
    } finally {
      await pool.close();
    }
  }, 60_000);
});
