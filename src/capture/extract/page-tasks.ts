import { diffCaptures } from '../../diffing/diff-captures';
import { readHomepage } from '../homepage/homepage';
import { extractPage } from './extract-page';
import { looksLikeJavaScriptShell } from './js-shell';

/**
 * Everything done with fetched HTML, run by the ExtractionPool off the event loop that answers
 * HTTP (DESIGN §5g). Discovery's homepage reading is here too: the threads are the one place
 * fetched pages are parsed. Each task that parses does so through parsePage, so a page past the
 * limits fails with `page_too_complex` before a parser sees it. The diff of a changed page's two
 * captures is here too (an upward import of diffing, docs/extending.md "Layers"): on a page of
 * 100–300 KB of markdown it normalises every line, milliseconds the event loop would otherwise spend.
 */
export const PAGE_TASKS = {
  diff: diffCaptures,
  extract: extractPage,
  homepage: readHomepage,
  javaScriptShell: looksLikeJavaScriptShell,
};
export type PageTasks = typeof PAGE_TASKS;
/** diffing's CaptureSide and DiffResult, named here so that the pool's callers need no import of diffing. */
export type DiffSide = Parameters<typeof diffCaptures>[1];
export type PageDiff = ReturnType<typeof diffCaptures>;
export type PageTaskName = keyof PageTasks;

export function runPageTask<K extends PageTaskName>(task: K, args: Parameters<PageTasks[K]>): ReturnType<PageTasks[K]> {
  // TypeScript cannot tie a function looked up by a generic key to that key's parameters.
  const fn = PAGE_TASKS[task] as unknown as (...a: Parameters<PageTasks[K]>) => ReturnType<PageTasks[K]>;
  return fn(...args);
}
