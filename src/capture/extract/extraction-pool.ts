import { extname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { HomepageReading } from '../homepage/homepage';
import type { ExtractedPage, MonitorType } from '../capture.types';
import { FetchError } from '../fetch/fetch-error';
import type { KeptDiffRequest, PageTaskReply, PageTaskRequest } from './extract.worker';
import { type DiffSide, type PageDiff, type PageTaskName, type PageTasks, runPageTask } from './page-tasks';

interface Thread {
  worker: Worker;
  pending: Map<number, { resolve: (result: unknown) => void; reject: (err: Error) => void; timer: NodeJS.Timeout }>;
}

/** The UTF-8 bytes of the markdown of each page that came from a thread, as the thread sent them. */
const markdownBytes = new WeakMap<ExtractedPage, Buffer>();

/**
 * A page from a thread, its markdown sent as UTF-8: the text is decoded only if read, and stored
 * (markdownToStore) as the bytes it came as. A page's markdown is 100–300 KB, and a string of that
 * size costs the event loop a fresh allocation of its memory each time one is made.
 */
function withMarkdownBytes(page: ExtractedPage, bytes: Uint8Array): ExtractedPage {
  const utf8 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let text: string | null = null;
  const lazy = Object.defineProperty({ ...page }, 'markdown', { enumerable: true, get: () => (text ??= utf8.toString('utf8')) });
  markdownBytes.set(lazy, utf8);
  return lazy;
}

/** The markdown of a page as it is best stored: the UTF-8 its thread sent, else the text. */
export function markdownToStore(page: ExtractedPage): string | Buffer {
  return markdownBytes.get(page) ?? page.markdown;
}

/** A thread's answer that the capture a diff named is no longer kept there. */
class NotKept extends Error {}

/** A request as sent, less its id. */
type Request = Omit<PageTaskRequest, 'id'> | Omit<KeptDiffRequest, 'id'>;

/** A page no task should need this long for; a thread past it is stuck (say, a runaway regex). */
const TASK_TIMEOUT_MS = 60_000;

const WORKER_FILE = join(__dirname, `extract.worker${extname(__filename)}`);
/** From TypeScript sources (ts-node, jest) a thread compiles the worker as it loads it. */
const WORKER_SOURCE = extname(__filename) === '.ts' ? `require('ts-node').register({ transpileOnly: true }); require(${JSON.stringify(WORKER_FILE)});` : null;

/**
 * Extraction (parse, clean, markdown, typed fields, content hash) is the CPU-heavy part of a check
 * that found a new document: tens of milliseconds for a large page. The pool runs it, and every
 * other page task (the JavaScript-shell test, discovery's homepage reading, a changed page's
 * diff), on `size` worker threads so that it does not hold up the event loop that answers HTTP
 * and records the other checks; with size 0 it runs inline, bounded by the page limits every
 * parsing task checks first. A thread that dies fails its pages and is replaced; one that takes
 * longer than `taskTimeoutMs` for a page is ended the same way.
 */
export class ExtractionPool {
  private readonly threads: Thread[] = [];
  /** Changed pages kept on the thread that extracted them, for their diff: the thread and the extraction's id. */
  private readonly kept = new WeakMap<ExtractedPage, { thread: Thread; id: number }>();
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly size: number,
    private readonly taskTimeoutMs = TASK_TIMEOUT_MS,
  ) {}

  /**
   * With `previousHash` (the content hash of the monitor's last capture), a page whose hash differs
   * stays on its thread as well, and its diff (`diff`) runs there without sending it back: on a page
   * of 100–300 KB of markdown that copy costs milliseconds of both threads.
   */
  async extract(html: string, url: string, monitorType: MonitorType, contentType: string | null = null, previousHash: string | null = null): Promise<ExtractedPage> {
    const args: Parameters<PageTasks['extract']> = [html, url, monitorType, contentType];
    if (previousHash === null || this.size === 0 || this.closed) return this.run('extract', args);
    const thread = this.leastBusy();
    const { id, result } = this.send<ExtractedPage>(thread, { task: 'extract', args, keepUnlessHash: previousHash });
    const page = await result;
    if (page.content_hash !== previousHash) this.kept.set(page, { thread, id });
    return page;
  }

  looksLikeJavaScriptShell(html: string): Promise<boolean> {
    return this.run('javaScriptShell', [html]);
  }

  readHomepage(html: string, url: string): Promise<HomepageReading> {
    return this.run('homepage', [html, url]);
  }

  /** Only the markdown and fields of each capture cross to the thread (all diffCaptures reads), and `after` not at all when its thread kept it. */
  async diff(monitorType: MonitorType, before: DiffSide, after: DiffSide): Promise<PageDiff> {
    const beforeSide = { fields: before.fields, markdown: before.markdown };
    const at = this.kept.get(after as ExtractedPage);
    if (at && this.threads.includes(at.thread)) {
      this.kept.delete(after as ExtractedPage);
      try {
        return await this.send<PageDiff>(at.thread, { task: 'diffKept', keptId: at.id, monitorType, before: beforeSide }).result;
      } catch (err) {
        if (!(err instanceof NotKept)) throw err;
      }
    }
    return this.run('diff', [monitorType, beforeSide, { fields: after.fields, markdown: after.markdown }]);
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.threads.splice(0).map((t) => t.worker.terminate()));
  }

  private run<K extends PageTaskName>(task: K, args: Parameters<PageTasks[K]>): Promise<ReturnType<PageTasks[K]>> {
    if (this.size === 0 || this.closed) return Promise.resolve().then(() => runPageTask(task, args));
    return this.send<ReturnType<PageTasks[K]>>(this.leastBusy(), { task, args } as Request).result;
  }

  private send<R>(thread: Thread, request: Request): { id: number; result: Promise<R> } {
    const id = this.nextId++;
    const result = new Promise<R>((resolve, reject) => {
      if (thread.pending.size === 0) thread.worker.ref();
      const timer = setTimeout(() => {
        this.retire(thread, new Error(`the ${request.task} task took over ${this.taskTimeoutMs} ms`));
        void thread.worker.terminate();
      }, this.taskTimeoutMs);
      thread.pending.set(id, { resolve: resolve as (result: unknown) => void, reject, timer });
      thread.worker.postMessage({ ...request, id });
    });
    return { id, result };
  }

  private leastBusy(): Thread {
    if (this.threads.length < this.size) return this.spawn();
    return this.threads.reduce((best, t) => (t.pending.size < best.pending.size ? t : best));
  }

  private spawn(): Thread {
    const worker = WORKER_SOURCE ? new Worker(WORKER_SOURCE, { eval: true }) : new Worker(WORKER_FILE);
    const thread: Thread = { worker, pending: new Map() };
    worker.on('message', (msg: PageTaskReply) => {
      const call = thread.pending.get(msg.id);
      if (!call) return;
      thread.pending.delete(msg.id);
      clearTimeout(call.timer);
      if (thread.pending.size === 0) worker.unref();
      if (msg.error === undefined) call.resolve(msg.markdownUtf8 ? withMarkdownBytes(msg.result as ExtractedPage, msg.markdownUtf8) : msg.result);
      else call.reject(msg.notKept ? new NotKept(msg.error) : msg.code ? new FetchError(msg.code, msg.error) : new Error(msg.error));
    });
    worker.on('error', (err) => this.retire(thread, err));
    worker.on('exit', (code) => this.retire(thread, new Error(`extraction thread exited with code ${code}`)));
    // An idle thread must not keep the process alive; a busy one does until it answers.
    worker.unref();
    this.threads.push(thread);
    return thread;
  }

  /** Takes a thread out of the pool at once and fails the pages it still holds. */
  private retire(thread: Thread, err: Error): void {
    const index = this.threads.indexOf(thread);
    if (index >= 0) this.threads.splice(index, 1);
    for (const call of thread.pending.values()) {
      clearTimeout(call.timer);
      call.reject(err);
    }
    thread.pending.clear();
  }
}
