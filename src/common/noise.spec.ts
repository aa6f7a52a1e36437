import { normalizeMarkdownForHash, normalizeText, normalizeUrl } from './noise';

describe('normalizeText', () => {
  it('collapses whitespace and unifies quotes and dashes', () => {
    expect(normalizeText('  “Smart”\u00a0quotes —\n it’s   here  ')).toBe('"Smart" quotes - it\'s here');
  });

  it('strips relative dates in English, German, French and Spanish', () => {
    expect(normalizeText('Deployed 3 hours ago by CI')).toBe('Deployed by CI');
    expect(normalizeText('Updated just now')).toBe('');
    expect(normalizeText('Posted about a minute ago.')).toBe('.');
    expect(normalizeText('Aktualisiert vor 2 Tagen')).toBe('');
    expect(normalizeText('il y a 3 heures')).toBe('');
    expect(normalizeText('hace 5 minutos')).toBe('');
  });

  it('strips timestamps with clock times, date included', () => {
    expect(normalizeText('Last updated: 2026-11-22 10:31:02 UTC')).toBe('Last updated:');
    expect(normalizeText('Built 2021-09-29T19:08:58Z on main')).toBe('Built on main');
    expect(normalizeText('Refreshed Nov 22, 2026, 10:31 AM')).toBe('Refreshed');
    expect(normalizeText('Status at 09:15 CET')).toBe('Status at');
  });

  it('keeps real dates, prices, versions and copyright years', () => {
    const content = 'Published on 17 Dec 2021: v2.4.9 costs $1,299.00/yr (was 1.99€). © 2016-2021 Acme';
    expect(normalizeText(content)).toBe(content);
    expect(normalizeText('Released 2024-06-14')).toBe('Released 2024-06-14');
  });

  it('keeps marketing copy that merely mentions durations', () => {
    expect(normalizeText('Set up in 5 minutes, 16:9 video, login token rotation')).toBe(
      'Set up in 5 minutes, 16:9 video, login token rotation',
    );
  });

  it('strips nonces, CSRF tokens, session ids and random tokens', () => {
    expect(normalizeText('Session ID: q8Zr3kLm9PxT2vWn7YcB4dHs')).toBe('Session ID');
    expect(normalizeText('csrf_token=abc123def456')).toBe('csrf_token');
    expect(normalizeText('request 3f2a9c1e4b7d8a6f5e4d3c2b1a0f9e8d done')).toBe('request done');
    expect(normalizeText('id 123e4567-e89b-12d3-a456-426614174000')).toBe('id');
    expect(normalizeText('cache key aGVsbG8gd29ybGQgdGhpcyBpcyBhIHRva2Vu==')).toBe('cache key');
  });

  it('keeps short commit hashes and ordinary long words', () => {
    expect(normalizeText('Fixed: default sync target (4b39d30) internationalization')).toBe(
      'Fixed: default sync target (4b39d30) internationalization',
    );
  });
});

describe('normalizeUrl', () => {
  it('drops cache busters, tracking parameters, session ids and the fragment', () => {
    expect(normalizeUrl('https://Example.com:443/app.css?v=3&ver=2&cb=1&_=9&t=1627320132533#top')).toBe('https://example.com/app.css');
    expect(normalizeUrl('https://x.io/p?utm_source=a&utm_medium=b&fbclid=c&gclid=d&sessionid=e&id=7')).toBe('https://x.io/p?id=7');
    expect(normalizeUrl('/css/site.css?h=ecd507b3125edc4d2a03aa6ae5d07da9')).toBe('/css/site.css');
  });

  it('keeps meaningful parameters, sorted', () => {
    expect(normalizeUrl('https://x.io/search?q=price&page=2')).toBe('https://x.io/search?page=2&q=price');
  });

  it('leaves mailto and relative paths usable', () => {
    expect(normalizeUrl('mailto:sales@x.io')).toBe('mailto:sales@x.io');
    expect(normalizeUrl('docs/start?ts=1700000000#intro')).toBe('docs/start');
  });
});

describe('normalizeMarkdownForHash', () => {
  it('treats "-", "*" and "+" list markers as the same', () => {
    expect(normalizeMarkdownForHash('* one\n+ two\n- three')).toBe(normalizeMarkdownForHash('- one\n- two\n- three'));
  });

  it('ignores blank lines, indentation and trailing spaces', () => {
    expect(normalizeMarkdownForHash('# Title\n\n\n  Text  \n\n')).toBe('# Title\nText');
  });

  it('normalises link targets and removes volatile text', () => {
    const a = '[Docs](https://x.io/docs?utm_source=a&cb=1) updated 2 minutes ago';
    const b = '[Docs](https://x.io/docs?utm_source=b&cb=2) updated 7 hours ago';
    expect(normalizeMarkdownForHash(a)).toBe(normalizeMarkdownForHash(b));
  });

  it('still tells real changes apart', () => {
    expect(normalizeMarkdownForHash('- L40S: $2.50/hr')).not.toBe(normalizeMarkdownForHash('- L40S: $1.25/hr'));
  });
});

describe('normalizeText on code-like prose', () => {
  it('keeps empty call brackets that belong to a word', () => {
    expect(normalizeText('Plugin onNoteSelectionChange() is triggered twice')).toBe('Plugin onNoteSelectionChange() is triggered twice');
  });

  it('drops the brackets a removed token leaves behind', () => {
    expect(normalizeText('Deploy (3f2a9c1e4b7d8a6f5e4d3c2b1a0f9e8d) done')).toBe('Deploy done');
  });
});
