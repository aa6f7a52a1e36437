import { EVENT_MAX_ATTEMPTS, outcomeOf, retryDelaySeconds } from './retry-policy';

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
