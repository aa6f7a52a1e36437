export type Release = () => void;

interface Waiter {
  grant: (release: Release) => void;
  reject: (reason: unknown) => void;
}

/**
 * A counting semaphore with FIFO hand-off: a released slot goes straight to the oldest waiter,
 * so no newcomer can overtake. A waiter whose signal aborts leaves the queue; a release
 * function works once, so a double release cannot inflate the count.
 */
export class Semaphore {
  private active = 0;
  private readonly waiters: Waiter[] = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`Semaphore limit must be a positive integer, got ${limit}`);
  }

  get inUse(): number {
    return this.active;
  }

  get waiting(): number {
    return this.waiters.length;
  }

  get idle(): boolean {
    return this.active === 0 && this.waiters.length === 0;
  }

  acquire(signal?: AbortSignal): Promise<Release> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.active < this.limit) {
      this.active++;
      return Promise.resolve(this.releaser());
    }
    return new Promise<Release>((resolve, reject) => {
      const onAbort = (): void => {
        const i = this.waiters.indexOf(waiter);
        if (i >= 0) this.waiters.splice(i, 1);
        reject(signal!.reason);
      };
      const waiter: Waiter = {
        grant: (release) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(release);
        },
        reject,
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  /** Runs `task` holding one slot. */
  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const release = await this.acquire(signal);
    try {
      return await task();
    } finally {
      release();
    }
  }

  private releaser(): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiters.shift();
      if (next) next.grant(this.releaser());
      else this.active--;
    };
  }
}

/**
 * One semaphore per key (e.g. per host), created on first use and dropped when idle, so the
 * map holds only keys with requests in flight or waiting.
 */
export class KeyedSemaphore {
  private readonly byKey = new Map<string, Semaphore>();

  constructor(readonly limitPerKey: number) {
    new Semaphore(limitPerKey); // validates the limit up front
  }

  /** Number of keys currently tracked (in flight or waiting). */
  get size(): number {
    return this.byKey.size;
  }

  async acquire(key: string, signal?: AbortSignal): Promise<Release> {
    let sem = this.byKey.get(key);
    if (!sem) {
      sem = new Semaphore(this.limitPerKey);
      this.byKey.set(key, sem);
    }
    const owner = sem;
    let release: Release;
    try {
      release = await owner.acquire(signal);
    } catch (err) {
      this.dropIfIdle(key, owner);
      throw err;
    }
    return () => {
      release();
      this.dropIfIdle(key, owner);
    };
  }

  private dropIfIdle(key: string, sem: Semaphore): void {
    if (sem.idle && this.byKey.get(key) === sem) this.byKey.delete(key);
  }
}
