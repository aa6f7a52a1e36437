import { parentPort } from 'node:worker_threads';
import type { MonitorType } from '../capture.types';
import { FetchError } from '../fetch/fetch-error';
import { type DiffSide, type PageTaskName, type PageTasks, runPageTask } from './page-tasks';
import { lowerThreadPriority } from './thread-priority';

/**
 * A thread of the ExtractionPool: runs the page tasks it is sent, one at a time. `keepUnlessHash`
 * on an extraction keeps the capture on this thread when its content hash differs from the one
 * given (the previous capture's: a diff will follow), so that the diff need not send it back.
 */
export interface PageTaskRequest<K extends PageTaskName = PageTaskName> {
  id: number;
  task: K;
  args: Parameters<PageTasks[K]>;
  keepUnlessHash?: string;
}

/** The diff of a capture this thread kept (extraction `keptId`) against `before`. */
export interface KeptDiffRequest {
  id: number;
  task: 'diffKept';
  keptId: number;
  monitorType: MonitorType;
  before: DiffSide;
}

/**
 * A failure crosses the thread as its message, and its code when it is a FetchError
 * (`page_too_complex`); `notKept` when the capture a diff names is no longer kept here. An
 * extracted page crosses without its markdown, which comes as UTF-8 in `markdownUtf8` (its memory
 * handed over, not copied).
 */
export interface PageTaskReply {
  id: number;
  result?: unknown;
  markdownUtf8?: Uint8Array;
  error?: string;
  code?: FetchError['code'];
  notKept?: boolean;
}

/** Captures kept for their diff, oldest first; one whose diff never came is dropped past this many. */
const MAX_KEPT = 32;
const kept = new Map<number, DiffSide>();

class NotKept extends Error {}

function run(request: PageTaskRequest | KeptDiffRequest): unknown {
  if (request.task === 'diffKept') {
    const after = kept.get(request.keptId);
    if (!after) throw new NotKept(`capture ${request.keptId} is not kept`);
    kept.delete(request.keptId);
    return runPageTask('diff', [request.monitorType, request.before, after]);
  }
  const result = runPageTask(request.task, request.args);
  if (request.task === 'extract' && request.keepUnlessHash !== undefined) {
    const page = result as ReturnType<PageTasks['extract']>;
    if (page.content_hash !== request.keepUnlessHash) {
      kept.set(request.id, { fields: page.fields, markdown: page.markdown });
      if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!);
    }
  }
  return result;
}

const encoder = new TextEncoder();

// Extraction takes CPU in long stretches; the event loop, whose requests wait on the network, goes
// first when both want a core (docs/benchmarks.md, bench:peer: 100 ms rounds 541 -> 592-600 checks/s).
lowerThreadPriority();

parentPort!.on('message', (request: PageTaskRequest | KeptDiffRequest) => {
  try {
    const result = run(request);
    if (request.task !== 'extract') {
      parentPort!.postMessage({ id: request.id, result } satisfies PageTaskReply);
      return;
    }
    const page = result as ReturnType<PageTasks['extract']>;
    // TextEncoder's array owns its memory (Buffer.from may share a pool), so it can be handed over.
    const markdownUtf8 = encoder.encode(page.markdown);
    parentPort!.postMessage({ id: request.id, result: { ...page, markdown: '' }, markdownUtf8 } satisfies PageTaskReply, [markdownUtf8.buffer]);
  } catch (err) {
    const code = err instanceof FetchError ? err.code : undefined;
    parentPort!.postMessage({ id: request.id, error: (err as Error).message, code, notKept: err instanceof NotKept || undefined } satisfies PageTaskReply);
  }
});
