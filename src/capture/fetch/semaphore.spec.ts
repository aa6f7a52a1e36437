import { KeyedSemaphore, Semaphore } from './semaphore';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('Semaphore', () => {
  it('grants up to its limit at once and queues the rest', async () => {
    const sem = new Semaphore(2);
    const a = await sem.acquire();
    await sem.acquire();
    let third = false;
    const pending = sem.acquire().then((release) => {
      third = true;
      return release;
    });
    await tick();
    expect(third).toBe(false);
    expect(sem.waiting).toBe(1);
    a();
    (await pending)();
    expect(third).toBe(true);
    expect(sem.inUse).toBe(1);
  });

  it('hands slots to waiters in arrival order', async () => {
    const sem = new Semaphore(1);
    const first = await sem.acquire();
    const order: number[] = [];
    const waiters = [1, 2, 3].map((n) => sem.acquire().then((release) => { order.push(n); release(); }));
    first();
    await Promise.all(waiters);
    expect(order).toEqual([1, 2, 3]);
    expect(sem.idle).toBe(true);
  });

  it('ignores a second call of the same release', async () => {
    const sem = new Semaphore(1);
    const release = await sem.acquire();
    release();
    release();
    await sem.acquire();
    expect(sem.inUse).toBe(1);
    let granted = false;
    void sem.acquire().then(() => (granted = true));
    await tick();
    expect(granted).toBe(false);
  });

  it('drops a waiter whose signal aborts, without losing the slot', async () => {
    const sem = new Semaphore(1);
    const held = await sem.acquire();
    const controller = new AbortController();
    const aborted = sem.acquire(controller.signal);
    controller.abort(new Error('gave up'));
    await expect(aborted).rejects.toThrow('gave up');
    expect(sem.waiting).toBe(0);
    held();
    expect(sem.idle).toBe(true);
    await expect(sem.acquire(AbortSignal.abort(new Error('already')))).rejects.toThrow('already');
  });

  it('releases the slot when a task run through it throws', async () => {
    const sem = new Semaphore(1);
    await expect(sem.run(async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    expect(sem.idle).toBe(true);
  });

  it('refuses a limit below one', () => {
    expect(() => new Semaphore(0)).toThrow(RangeError);
  });
});

describe('KeyedSemaphore', () => {
  it('bounds each key separately', async () => {
    const sem = new KeyedSemaphore(1);
    const a = await sem.acquire('a.example');
    const b = await sem.acquire('b.example');
    let secondA = false;
    const pending = sem.acquire('a.example').then((release) => { secondA = true; return release; });
    await tick();
    expect(secondA).toBe(false);
    a();
    (await pending)();
    b();
  });

  it('forgets keys once nothing is in flight or waiting', async () => {
    const sem = new KeyedSemaphore(2);
    const releases = await Promise.all(['a', 'b', 'c'].map((k) => sem.acquire(k)));
    expect(sem.size).toBe(3);
    const controller = new AbortController();
    const extra = [await sem.acquire('a'), sem.acquire('a', controller.signal)];
    controller.abort(new Error('timeout'));
    await expect(extra[1]).rejects.toThrow('timeout');
    (extra[0] as () => void)();
    releases.forEach((release) => release());
    expect(sem.size).toBe(0);
  });
});
