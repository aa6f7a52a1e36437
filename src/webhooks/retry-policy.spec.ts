import { chatOutcomeOf, EVENT_MAX_ATTEMPTS, outcomeOf, retryAfterSeconds, retryDelaySeconds } from './retry-policy';

describe('webhook retry policy', () => {
  it('treats every 2xx as success', () => {
    for (const status of [200, 201, 202, 204, 299]) expect(outcomeOf(status, 1, EVENT_MAX_ATTEMPTS)).toBe('succeeded');
  });

  it('stops at 410 Gone whatever attempts remain', () => {
    expect(outcomeOf(410, 1, EVENT_MAX_ATTEMPTS)).toBe('gone');
  });

  it('retries errors, redirects and other statuses until five retries have been made', () => {
    for (const status of [null, 301, 400, 404, 429, 500, 503]) {
      expect(outcomeOf(status, 1, EVENT_MAX_ATTEMPTS)).toBe('retry');
      expect(outcomeOf(status, 5, EVENT_MAX_ATTEMPTS)).toBe('retry');
      expect(outcomeOf(status, 6, EVENT_MAX_ATTEMPTS)).toBe('failed');
    }
    expect(EVENT_MAX_ATTEMPTS).toBe(6);
  });

  it('fails a single-attempt delivery at once', () => {
    expect(outcomeOf(500, 1, 1)).toBe('failed');
  });

  it('doubles the delay from the base', () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelaySeconds(30, n))).toEqual([30, 60, 120, 240, 480]);
    expect(retryDelaySeconds(0, 3)).toBe(0);
  });
});

describe('chat channel retry policy', () => {
  it('marks the channel broken at 404 and 410, whatever attempts remain', () => {
    expect(chatOutcomeOf(404, 1, EVENT_MAX_ATTEMPTS)).toBe('broken');
    expect(chatOutcomeOf(410, 1, EVENT_MAX_ATTEMPTS)).toBe('broken');
  });

  it('retries 429, 5xx and network errors until the attempts are spent', () => {
    for (const status of [null, 400, 429, 500, 503]) {
      expect(chatOutcomeOf(status, 5, EVENT_MAX_ATTEMPTS)).toBe('retry');
      expect(chatOutcomeOf(status, 6, EVENT_MAX_ATTEMPTS)).toBe('failed');
    }
    expect(chatOutcomeOf(200, 1, EVENT_MAX_ATTEMPTS)).toBe('succeeded');
  });

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
