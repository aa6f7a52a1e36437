import { boundaryAtOrBefore, windowToFlush } from './digest-window';

const at = (iso: string) => new Date(iso);

describe('digest windows', () => {
  it('closes daily windows at the digest hour, UTC', () => {
    expect(boundaryAtOrBefore(at('2026-11-22T10:30:00Z'), '1d', 9)).toEqual(at('2026-11-22T09:00:00Z'));
    expect(boundaryAtOrBefore(at('2026-11-22T08:59:59Z'), '1d', 9)).toEqual(at('2026-11-21T09:00:00Z'));
    expect(boundaryAtOrBefore(at('2026-11-22T09:00:00Z'), '1d', 9)).toEqual(at('2026-11-22T09:00:00Z'));
    expect(boundaryAtOrBefore(at('2026-11-22T00:10:00Z'), '1d', 0)).toEqual(at('2026-11-22T00:00:00Z'));
    expect(boundaryAtOrBefore(at('2026-11-22T22:00:00Z'), '1d', 23)).toEqual(at('2026-11-21T23:00:00Z'));
  });

  it('closes weekly windows on Mondays at the digest hour', () => {
    // 2026-11-23 is a Monday.
    expect(boundaryAtOrBefore(at('2026-11-25T12:00:00Z'), '7d', 9)).toEqual(at('2026-11-23T09:00:00Z'));
    expect(boundaryAtOrBefore(at('2026-11-23T08:00:00Z'), '7d', 9)).toEqual(at('2026-11-16T09:00:00Z'));
    expect(boundaryAtOrBefore(at('2026-11-23T08:00:00Z'), '7d', 9).getUTCDay()).toBe(1);
  });

  const base = { period: '1d' as const, hourUtc: 9, lastFlushedAt: null, manual: false };

  it('is not due while the oldest buffered change’s window is open', () => {
    expect(windowToFlush({ ...base, now: at('2026-11-22T20:00:00Z'), oldestBufferedAt: at('2026-11-22T10:00:00Z') })).toBeNull();
  });

  it('flushes the closed window once its boundary has passed', () => {
    expect(windowToFlush({ ...base, now: at('2026-11-23T09:00:05Z'), oldestBufferedAt: at('2026-11-22T10:00:00Z') })).toEqual({
      start: at('2026-11-22T09:00:00Z'),
      end: at('2026-11-23T09:00:00Z'),
    });
  });

  it('starts where the last flush ended', () => {
    const w = windowToFlush({
      ...base,
      now: at('2026-11-23T09:00:05Z'),
      lastFlushedAt: at('2026-11-22T13:15:00Z'),
      oldestBufferedAt: at('2026-11-22T14:00:00Z'),
    });
    expect(w).toEqual({ start: at('2026-11-22T13:15:00Z'), end: at('2026-11-23T09:00:00Z') });
  });

  it('does not treat a change after a quiet spell as overdue', () => {
    const w = windowToFlush({
      ...base,
      now: at('2026-11-26T14:00:00Z'),
      lastFlushedAt: at('2026-11-23T09:00:00Z'),
      oldestBufferedAt: at('2026-11-26T13:00:00Z'),
    });
    expect(w).toBeNull();
  });

  it('is not due again after a manual flush in the same window', () => {
    const w = windowToFlush({
      ...base,
      now: at('2026-11-22T18:00:00Z'),
      lastFlushedAt: at('2026-11-22T12:00:00Z'),
      oldestBufferedAt: at('2026-11-22T13:00:00Z'),
    });
    expect(w).toBeNull();
  });

  it('ends a manual flush now', () => {
    const w = windowToFlush({ ...base, manual: true, now: at('2026-11-22T18:00:00Z'), oldestBufferedAt: at('2026-11-22T10:00:00Z') });
    expect(w).toEqual({ start: at('2026-11-22T09:00:00Z'), end: at('2026-11-22T18:00:00Z') });
  });
});
