import { deliveryStatusOf, EVENT_MAX_ATTEMPTS, retryAfterSeconds, retryDelaySeconds } from './retry-policy';

describe('delivery retry policy', () => {
  it('ends a delivered, broken or refused delivery whatever attempts remain', () => {
    expect(deliveryStatusOf('delivered', 1, EVENT_MAX_ATTEMPTS)).toBe('succeeded');
    expect(deliveryStatusOf('broken', 1, EVENT_MAX_ATTEMPTS)).toBe('gone');
    expect(deliveryStatusOf('failed', 1, EVENT_MAX_ATTEMPTS)).toBe('failed');
  });

  it('retries until five retries have been made', () => {
    for (const verdict of ['retry', 'retry-after'] as const) {
      expect(deliveryStatusOf(verdict, 1, EVENT_MAX_ATTEMPTS)).toBe('pending');
      expect(deliveryStatusOf(verdict, 5, EVENT_MAX_ATTEMPTS)).toBe('pending');
      expect(deliveryStatusOf(verdict, 6, EVENT_MAX_ATTEMPTS)).toBe('failed');
    }
    expect(EVENT_MAX_ATTEMPTS).toBe(6);
  });

  it('fails a single-attempt delivery at once', () => {
    expect(deliveryStatusOf('retry', 1, 1)).toBe('failed');
  });

  it('doubles the delay from the base', () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelaySeconds(30, n))).toEqual([30, 60, 120, 240, 480]);
    expect(retryDelaySeconds(0, 3)).toBe(0);
  });
});

describe('Retry-After', () => {
  it('reads Retry-After as seconds or as an HTTP date, capped at an hour', () => {
    const now = Date.parse('2026-11-25T10:00:00Z');
    expect(retryAfterSeconds('2', now)).toBe(2);
    expect(retryAfterSeconds('1.5', now)).toBe(2);
    expect(retryAfterSeconds('Wed, 25 Nov 2026 10:00:30 GMT', now)).toBe(30);
    expect(retryAfterSeconds('Wed, 25 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterSeconds('86400', now)).toBe(3600);
    expect(retryAfterSeconds('soon', now)).toBeNull();
    expect(retryAfterSeconds(null, now)).toBeNull();
  });
});
