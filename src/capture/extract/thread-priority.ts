import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/** The niceness extraction threads run at: below the event loop's, which stays at the process's. */
export const EXTRACTION_NICENESS = 10;

/**
 * Lowers the calling thread's CPU priority to `niceness`, never raising it. On Linux a thread has
 * its own nice value, set through its thread id (read from /proc/thread-self); where there is no
 * such file, nothing changes.
 */
export function lowerThreadPriority(niceness = EXTRACTION_NICENESS): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0 && getPriority(tid) < niceness) setPriority(tid, niceness);
  } catch {
    // No /proc (not Linux), or the system refuses: the thread keeps the process's priority.
  }
}
