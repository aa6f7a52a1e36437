import { readHomepage } from '../homepage/homepage';
import { extractPage } from './extract-page';
import { looksLikeJavaScriptShell } from './js-shell';

/**
 * Everything done with fetched HTML, run by the ExtractionPool off the event loop that answers
 * HTTP (DESIGN §5g). Discovery's homepage reading is here too: the threads are the one place
 * fetched pages are parsed. Each task parses through parsePage, so a page past the limits fails
 * with `page_too_complex` before a parser sees it.
 */
export const PAGE_TASKS = {
  extract: extractPage,
  homepage: readHomepage,
  javaScriptShell: looksLikeJavaScriptShell,
};
export type PageTasks = typeof PAGE_TASKS;
export type PageTaskName = keyof PageTasks;

export function runPageTask<K extends PageTaskName>(task: K, args: Parameters<PageTasks[K]>): ReturnType<PageTasks[K]> {
  // TypeScript cannot tie a function looked up by a generic key to that key's parameters.
  const fn = PAGE_TASKS[task] as unknown as (...a: Parameters<PageTasks[K]>) => ReturnType<PageTasks[K]>;
  return fn(...args);
}
