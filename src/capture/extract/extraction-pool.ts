import { extname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { HomepageReading } from '../homepage/homepage';
import type { ExtractedPage, MonitorType } from '../capture.types';
import { FetchError } from '../fetch/fetch-error';
import type { PageTaskReply, PageTaskRequest } from './extract.worker';
import { type DiffSide, type PageDiff, type PageTaskName, type PageTasks, runPageTask } from './page-tasks';

interface Thread {
  worker: Worker;
  pending: Map<number, { resolve: (result: unknown) => void; reject: (err: Error) => void; timer: NodeJS.Timeout }>;
}

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
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly size: number,
    private readonly taskTimeoutMs = TASK_TIMEOUT_MS,
  ) {}

  extract(html: string, url: string, monitorType: MonitorType, contentType: string | null = null): Promise<ExtractedPage> {
    return this.run('extract', [html, url, monitorType, contentType]);
  }

  looksLikeJavaScriptShell(html: string): Promise<boolean> {
    return this.run('javaScriptShell', [html]);
  }

  readHomepage(html: string, url: string): Promise<HomepageReading> {
    return this.run('homepage', [html, url]);
  }

  /** Only the markdown and fields of each capture cross to the thread: all diffCaptures reads. */
  diff(monitorType: MonitorType, before: DiffSide, after: DiffSide): Promise<PageDiff> {
    return this.run('diff', [monitorType, { fields: before.fields, markdown: before.markdown }, { fields: after.fields, markdown: after.markdown }]);
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.threads.splice(0).map((t) => t.worker.terminate()));
  }

  private run<K extends PageTaskName>(task: K, args: Parameters<PageTasks[K]>): Promise<ReturnType<PageTasks[K]>> {
    if (this.size === 0 || this.closed) return Promise.resolve().then(() => runPageTask(task, args));
    const thread = this.leastBusy();
    const id = this.nextId++;
    return new Promise<ReturnType<PageTasks[K]>>((resolve, reject) => {
      if (thread.pending.size === 0) thread.worker.ref();
      const timer = setTimeout(() => {
        this.retire(thread, new Error(`the ${task} task took over ${this.taskTimeoutMs} ms`));
        void thread.worker.terminate();
      }, this.taskTimeoutMs);
      thread.pending.set(id, { resolve: resolve as (result: unknown) => void, reject, timer });
      thread.worker.postMessage({ id, task, args } satisfies PageTaskRequest<K>);
    });
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
      if (msg.error === undefined) call.resolve(msg.result);
      else call.reject(msg.code ? new FetchError(msg.code, msg.error) : new Error(msg.error));
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
