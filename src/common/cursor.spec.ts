import { decodeCursor, encodeCursor } from './cursor';

describe('feed cursor', () => {
  it('round-trips change ids', () => {
    for (const id of [1, 2, 996, 997, 998, 123456, 2_000_000_000, 3_000_000_000, 9_000_000_000_000]) expect(decodeCursor(encodeCursor(id))).toBe(id);
  });
  it('refuses cursors that were not issued', () => {
    expect(decodeCursor(0)).toBeNull();
    expect(decodeCursor(-5)).toBeNull();
    expect(decodeCursor(encodeCursor(42) + 1)).toBeNull();
    expect(decodeCursor(1.5)).toBeNull();
    expect(decodeCursor(Number.MAX_SAFE_INTEGER + 1)).toBeNull();
  });
});
