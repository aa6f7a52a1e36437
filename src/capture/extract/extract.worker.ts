import { parentPort } from 'node:worker_threads';
import { FetchError } from '../fetch/fetch-error';
import { type PageTaskName, type PageTasks, runPageTask } from './page-tasks';

/** A thread of the ExtractionPool: runs the page tasks it is sent, one at a time. */
export interface PageTaskRequest<K extends PageTaskName = PageTaskName> {
  id: number;
  task: K;
  args: Parameters<PageTasks[K]>;
}

/** A failure crosses the thread as its message, and its code when it is a FetchError (`page_too_complex`). */
export interface PageTaskReply {
  id: number;
  result?: unknown;
  error?: string;
  code?: FetchError['code'];
}

parentPort!.on('message', ({ id, task, args }: PageTaskRequest) => {
  try {
    parentPort!.postMessage({ id, result: runPageTask(task, args) } satisfies PageTaskReply);
  } catch (err) {
    const code = err instanceof FetchError ? err.code : undefined;
    parentPort!.postMessage({ id, error: (err as Error).message, code } satisfies PageTaskReply);
  }
});
