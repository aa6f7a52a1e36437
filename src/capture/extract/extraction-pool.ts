import { extname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { HomepageReading } from '../homepage/homepage';
import type { ExtractedPage, MonitorType } from '../capture.types';
import { FetchError } from '../fetch/fetch-error';
import type { KeptDiffRequest, PageTaskReply, PageTaskRequest } from './extract.worker';
import { type DiffSide, type PageDiff, type PageTaskName, type PageTasks, runPageTask } from './page-tasks';

/** A page task waiting in the pool or running on a thread. */
interface Task {
  id: number;
  request: Request;
  resolve: (result: unknown) => void;
  reject: (err: Error) => void;
  /** The thread it runs on: chosen when it starts, or from the outset for the diff of a capture a thread keeps. */
  thread: Thread | null;
}

interface Thread {
  worker: Worker;
  /** Its tasks under way, at most TASKS_PER_THREAD: the others wait in the pool, where the first thread with room takes them. */
  running: Map<number, { task: Task; timer: NodeJS.Timeout }>;
  /** Diffs of captures this thread keeps: they go before the pool's queue. */
  keptDiffs: Task[];
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

/**
 * Tasks sent to a thread at a time: the one it runs and the next, so that it never waits for the
 * event loop to send more, and a page waits behind at most one other on a thread.
 */
const TASKS_PER_THREAD = 2;

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
 * parsing task checks first. Tasks wait in one queue, and a thread takes the next as soon as it
 * has room (it holds TASKS_PER_THREAD): a large page holds up at most one other, and a changed
 * page's diff goes before the queue on the thread that keeps its capture. A thread that dies
 * fails the tasks it holds and is replaced; one that takes longer than `taskTimeoutMs` for a task
 * is ended the same way.
 */
export class ExtractionPool {
  private readonly threads: Thread[] = [];
  private readonly queue: Task[] = [];
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
    const { task, result } = this.enqueue<ExtractedPage>({ task: 'extract', args, keepUnlessHash: previousHash });
    const page = await result;
    if (page.content_hash !== previousHash && task.thread) this.kept.set(page, { thread: task.thread, id: task.id });
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
        return await this.enqueue<PageDiff>({ task: 'diffKept', keptId: at.id, monitorType, before: beforeSide }, at.thread).result;
      } catch (err) {
        if (!(err instanceof NotKept)) throw err;
      }
    }
    return this.run('diff', [monitorType, beforeSide, { fields: after.fields, markdown: after.markdown }]);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.reject(new Error('the extraction pool is closed'));
    await Promise.all(this.threads.splice(0).map((t) => t.worker.terminate()));
  }

  private run<K extends PageTaskName>(task: K, args: Parameters<PageTasks[K]>): Promise<ReturnType<PageTasks[K]>> {
    if (this.size === 0 || this.closed) return Promise.resolve().then(() => runPageTask(task, args));
    return this.enqueue<ReturnType<PageTasks[K]>>({ task, args } as Request).result;
  }

  /** Queues a task, for the pool's first thread with room or for `thread` (the diff of a capture it keeps). */
  private enqueue<R>(request: Request, thread?: Thread): { task: Task; result: Promise<R> } {
    let task!: Task;
    const result = new Promise<R>((resolve, reject) => {
      task = { id: this.nextId++, request, resolve: resolve as (result: unknown) => void, reject, thread: thread ?? null };
    });
    if (thread) thread.keptDiffs.push(task);
    else this.queue.push(task);
    this.dispatch();
    return { task, result };
  }

  /** Sends tasks to every thread with room: its kept captures' diffs first, then the queue's oldest. */
  private dispatch(): void {
    if (this.closed) return;
    for (const thread of this.threads) this.feed(thread);
    // A new thread only for tasks the others have no room for, and none when the system refuses one.
    while (this.queue.length && this.threads.length < this.size) {
      let thread: Thread;
      try {
        thread = this.spawn();
      } catch (err) {
        // With no thread left to run them, the waiting tasks fail rather than wait for ever.
        if (!this.threads.length) for (const task of this.queue.splice(0)) task.reject(err as Error);
        return;
      }
      this.feed(thread);
    }
  }

  private feed(thread: Thread): void {
    while (thread.running.size < TASKS_PER_THREAD) {
      const task = thread.keptDiffs.shift() ?? this.queue.shift();
      if (!task) return;
      this.start(thread, task);
    }
  }

  private start(thread: Thread, task: Task): void {
    task.thread = thread;
    const timer = setTimeout(() => {
      this.retire(thread, new Error(`the ${task.request.task} task took over ${this.taskTimeoutMs} ms`));
      void thread.worker.terminate();
    }, this.taskTimeoutMs);
    thread.running.set(task.id, { task, timer });
    thread.worker.ref();
    thread.worker.postMessage({ ...task.request, id: task.id });
  }

  private spawn(): Thread {
    const worker = WORKER_SOURCE ? new Worker(WORKER_SOURCE, { eval: true }) : new Worker(WORKER_FILE);
    const thread: Thread = { worker, running: new Map(), keptDiffs: [] };
    worker.on('message', (msg: PageTaskReply) => {
      const running = thread.running.get(msg.id);
      if (!running) return;
      thread.running.delete(msg.id);
      clearTimeout(running.timer);
      if (!thread.running.size) worker.unref();
      const { task } = running;
      if (msg.error === undefined) task.resolve(msg.markdownUtf8 ? withMarkdownBytes(msg.result as ExtractedPage, msg.markdownUtf8) : msg.result);
      else task.reject(msg.notKept ? new NotKept(msg.error) : msg.code ? new FetchError(msg.code, msg.error) : new Error(msg.error));
      this.dispatch();
    });
    worker.on('error', (err) => this.retire(thread, err));
    worker.on('exit', (code) => this.retire(thread, new Error(`extraction thread exited with code ${code}`)));
    // An idle thread must not keep the process alive; a busy one does until it answers.
    worker.unref();
    this.threads.push(thread);
    return thread;
  }

  /**
   * Takes a thread out of the pool at once and fails the tasks it holds. The diffs waiting for
   * the captures it kept are answered `NotKept` (each is then sent with its capture), and the queue
   * goes on with a new thread.
   */
  private retire(thread: Thread, err: Error): void {
    const index = this.threads.indexOf(thread);
    if (index >= 0) this.threads.splice(index, 1);
    for (const { task, timer } of thread.running.values()) {
      clearTimeout(timer);
      task.reject(err);
    }
    thread.running.clear();
    for (const task of thread.keptDiffs.splice(0)) task.reject(new NotKept('the thread that kept the capture is gone'));
    this.dispatch();
  }
}
