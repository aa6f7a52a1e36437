import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { renderPage } from '../../../bench/support/page-farm';
import { diffCaptures } from '../../diffing/diff-captures';
import type { MonitorType } from '../capture.types';
import { FetchError } from '../fetch/fetch-error';
import { extractPage } from './extract-page';
import { ExtractionPool, markdownToStore } from './extraction-pool';
import { EXTRACTION_NICENESS } from './thread-priority';

const PAGE = readFileSync(path.join(__dirname, '../../../test/fixtures/corpus/pricing-joplin-pair/before.html'), 'utf8');
const URL = 'https://joplinapp.org/plans/';

const CORPUS = path.join(__dirname, '../../../test/fixtures/corpus');
/** The HTML pairs of the corpus, each with the monitor type and URL its expected.json names. */
function corpusPairs() {
  return readdirSync(CORPUS)
    .filter((dir) => existsSync(path.join(CORPUS, dir, 'before.html')) && existsSync(path.join(CORPUS, dir, 'after.html')))
    .map((dir) => {
      const { type, url } = JSON.parse(readFileSync(path.join(CORPUS, dir, 'expected.json'), 'utf8')) as { type: MonitorType; url: string };
      const side = (name: string) => extractPage(readFileSync(path.join(CORPUS, dir, `${name}.html`), 'utf8'), url, type);
      return { type, before: side('before'), after: side('after') };
    });
}

describe('ExtractionPool', () => {
  it('extracts on a thread exactly what extractPage gives inline', async () => {
    const pool = new ExtractionPool(1);
    try {
      const pages = await Promise.all([1, 2, 3].map(() => pool.extract(PAGE, URL, 'pricing')));
      const inline = extractPage(PAGE, URL, 'pricing');
      for (const page of pages) {
        // The markdown crosses as UTF-8, stored as those bytes and read as the same text.
        expect(markdownToStore(page)).toEqual(Buffer.from(inline.markdown, 'utf8'));
        expect(page).toEqual(inline);
      }
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('extracts inline with no threads', async () => {
    const pool = new ExtractionPool(0);
    const page = await pool.extract(PAGE, URL, 'pricing');
    expect(page).toEqual(extractPage(PAGE, URL, 'pricing'));
    expect(markdownToStore(page)).toBe(page.markdown);
  });

  it('diffs on a thread exactly what diffCaptures gives inline, for corpus pairs and farm pages', async () => {
    const farm = [1, 2, 3].map((i) => ({
      type: 'pricing' as const,
      before: extractPage(renderPage(i, 0), URL, 'pricing'),
      after: extractPage(renderPage(i, 1), URL, 'pricing'),
    }));
    const corpus = corpusPairs();
    expect(corpus.length).toBeGreaterThan(5);
    const pairs = [...corpus, ...farm];
    const pool = new ExtractionPool(1);
    try {
      const pooled = await Promise.all(pairs.map(({ type, before, after }) => pool.diff(type, before, after)));
      pairs.forEach(({ type, before, after }, i) => {
        const inline = diffCaptures(type, before, after);
        expect(JSON.stringify(pooled[i])).toBe(JSON.stringify(inline));
        expect(pooled[i]).toStrictEqual(inline);
      });
      expect(pooled.some((diff) => diff.alertable)).toBe(true);
    } finally {
      await pool.close();
    }
  }, 60_000);

  describe('a changed page kept on its thread for its diff', () => {
    const before = extractPage(renderPage(4, 0), URL, 'pricing');
    const changed = (i: number) => renderPage(4, i + 1);
    let pool: ExtractionPool;
    /** The tasks the pool sends its thread from now on, by name. */
    const sentTasks = (): string[] => {
      const sent: string[] = [];
      const thread = (pool as unknown as { threads: { worker: { postMessage(m: { task: string }): void } }[] }).threads[0];
      const post = thread.worker.postMessage.bind(thread.worker);
      thread.worker.postMessage = (m) => {
        sent.push(m.task);
        post(m);
      };
      return sent;
    };

    beforeAll(async () => {
      pool = new ExtractionPool(1);
      await pool.extract(PAGE, URL, 'pricing');
    }, 60_000);
    afterAll(() => pool.close());

    it('is diffed where it was extracted, without being sent back, as diffCaptures gives inline', async () => {
      const sent = sentTasks();
      const after = await pool.extract(changed(0), URL, 'pricing', null, before.content_hash);
      const diff = await pool.diff('pricing', before, after);
      expect(sent).toEqual(['extract', 'diffKept']);
      expect(diff).toStrictEqual(diffCaptures('pricing', before, extractPage(changed(0), URL, 'pricing')));
      expect(diff.alertable).toBe(true);
    }, 60_000);

    it('is diffed before the pages waiting in the pool: its thread takes it as soon as it has room', async () => {
      const after = await pool.extract(changed(1), URL, 'pricing', null, before.content_hash);
      const sent = sentTasks();
      const queued = [1, 2, 3, 4, 5].map(() => pool.extract(PAGE, URL, 'pricing'));
      const diff = pool.diff('pricing', before, after);
      await Promise.all([...queued, diff]);
      // The thread had the first two pages already; the diff then goes before the three still waiting.
      expect(sent).toEqual(['extract', 'extract', 'diffKept', 'extract', 'extract', 'extract']);
      expect(await diff).toStrictEqual(diffCaptures('pricing', before, extractPage(changed(1), URL, 'pricing')));
    }, 60_000);

    it('is sent whole once its thread no longer keeps it, and a page equal to the last capture is not kept', async () => {
      // More changed pages than a thread keeps: the first is dropped by the time its diff comes.
      const pages = await Promise.all(Array.from({ length: 40 }, (_, i) => pool.extract(changed(i % 3), URL, 'pricing', null, before.content_hash)));
      const sent = sentTasks();
      expect(await pool.diff('pricing', before, pages[0])).toStrictEqual(diffCaptures('pricing', before, pages[0]));
      expect(sent).toEqual(['diffKept', 'diff']);

      const same = await pool.extract(renderPage(4, 0), URL, 'pricing', null, before.content_hash);
      sent.length = 0;
      await pool.diff('pricing', before, same);
      expect(sent).toEqual(['diff']);
    }, 60_000);
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

  it('fails only the pages a dying thread held: those waiting in the pool go to a new thread', async () => {
    const pool = new ExtractionPool(1);
    try {
      // A thread holds two tasks at a time: the one it runs and the next.
      const [running, next, ...waiting] = [1, 2, 3, 4, 5].map(() => pool.extract(PAGE, URL, 'pricing'));
      const thread = (pool as unknown as { threads: { worker: { terminate(): Promise<number> } }[] }).threads[0];
      await thread.worker.terminate();
      await expect(running).rejects.toThrow(/exited/);
      await expect(next).rejects.toThrow(/exited/);
      const hash = extractPage(PAGE, URL, 'pricing').content_hash;
      for (const page of await Promise.all(waiting)) expect(page.content_hash).toBe(hash);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('fails the waiting pages when the system refuses it a first thread, and runs them on the threads it has', async () => {
    const pool = new ExtractionPool(2);
    const internals = pool as unknown as { spawn(): unknown; threads: unknown[] };
    const spawn = internals.spawn.bind(pool);
    let refuse = true;
    internals.spawn = () => {
      if (refuse) throw new Error('EAGAIN: no thread');
      return spawn();
    };
    try {
      await expect(pool.extract(PAGE, URL, 'pricing')).rejects.toThrow('EAGAIN');
      refuse = false;
      await pool.extract(PAGE, URL, 'pricing');
      refuse = true;
      const hash = extractPage(PAGE, URL, 'pricing').content_hash;
      const pages = await Promise.all([1, 2, 3, 4, 5].map(() => pool.extract(PAGE, URL, 'pricing')));
      expect(pages.map((p) => p.content_hash)).toEqual(Array(5).fill(hash));
      expect(internals.threads).toHaveLength(1);
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
  // Linux gives each thread its own nice value; elsewhere the threads run at the process's priority.
  (existsSync('/proc/thread-self') ? it : it.skip)('runs its threads below the priority of the event loop', async () => {
    const niceness = (task: string) => Number(readFileSync(`/proc/self/task/${task}/stat`, 'utf8').split(') ')[1].split(' ')[16]);
    const own = niceness(String(process.pid));
    // Lowered, never raised: in a process already past EXTRACTION_NICENESS the threads keep its niceness.
    const target = Math.max(own, EXTRACTION_NICENESS);
    const lowered = () => readdirSync('/proc/self/task').filter((task) => niceness(task) === target).length;
    const before = lowered();
    const pool = new ExtractionPool(2);
    try {
      // A thread holds two pages: the second thread starts for the third.
      await Promise.all([1, 2, 3, 4].map(() => pool.extract(PAGE, URL, 'pricing')));
      expect(lowered()).toBe(before + 2);
      expect(niceness(String(process.pid))).toBe(own);
    } finally {
      await pool.close();
    }
  });
});
