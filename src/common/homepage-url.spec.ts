import { normalizeHomepageUrl } from './homepage-url';

describe('normalizeHomepageUrl', () => {
  it('treats scheme, www, case, default port, fragment and trailing slash as the same homepage', () => {
    const same = ['https://www.Acme.com/', 'http://acme.com', 'https://acme.com:443/#top', 'HTTPS://ACME.COM'];
    expect(new Set(same.map(normalizeHomepageUrl))).toEqual(new Set(['acme.com']));
  });
  it('keeps paths and non-default ports apart', () => {
    expect(normalizeHomepageUrl('https://acme.com/en/')).toBe('acme.com/en');
    expect(normalizeHomepageUrl('http://127.0.0.1:8080/')).toBe('127.0.0.1:8080');
  });
});
