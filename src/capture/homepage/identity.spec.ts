import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { brandFromTitle, readCompetitorIdentity } from './identity';

const CORPUS = path.resolve(__dirname, '../../../test/fixtures/corpus');
const page = (head: string, body = '') => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;

describe('readCompetitorIdentity', () => {
  it('reads "Joplin" and its favicon from the Joplin homepage', () => {
    const html = readFileSync(path.join(CORPUS, 'homepage-joplin/page.html'), 'utf8');
    expect(readCompetitorIdentity(html, 'https://joplinapp.org/')).toEqual({
      name: 'Joplin',
      logo_url: 'https://joplinapp.org/images/favicon.png',
    });
  });

  it('takes the brand out of the Joplin help page title, which leads with a tagline', () => {
    const html = readFileSync(path.join(CORPUS, 'docs-joplin/page.html'), 'utf8');
    expect(readCompetitorIdentity(html, 'https://joplinapp.org/help/').name).toBe('Joplin');
  });

  it('prefers og:site_name, then application-name, over the title', () => {
    const og = page('<meta property="og:site_name" content=" Acme Corp "><title>Home | Acme</title>');
    expect(readCompetitorIdentity(og, 'https://acme.test/').name).toBe('Acme Corp');
    const app = page('<meta name="application-name" content="AcmeApp"><title>Home | Acme</title>');
    expect(readCompetitorIdentity(app, 'https://acme.test/').name).toBe('AcmeApp');
  });

  it('picks the part of "Acme — The project tool for teams | Acme" that matches the domain', () => {
    const html = page('<title>Acme — The project tool for teams | Acme</title>');
    expect(readCompetitorIdentity(html, 'https://www.acme.test/').name).toBe('Acme');
  });

  it('falls back to the JSON-LD Organization name, then to the domain label', () => {
    const jsonLd = page(
      '<script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"WebSite"},{"@type":"Organization","name":"Acme Inc."}]}</script>',
    );
    expect(readCompetitorIdentity(jsonLd, 'https://acme.test/').name).toBe('Acme Inc.');
    expect(readCompetitorIdentity(page(''), 'https://www.widgetly.co.uk/').name).toBe('Widgetly');
  });

  it('uses the JSON-LD Organization logo first, made absolute', () => {
    const html = page(`
      <script type="application/ld+json">{ broken </script>
      <script type="application/ld+json">
        {"@type":"WebSite","publisher":{"@type":"Organization","name":"Acme","logo":{"@type":"ImageObject","url":"/brand/logo.svg"}}}
      </script>
      <link rel="apple-touch-icon" href="/apple.png">
      <meta property="og:image" content="https://cdn.acme.test/social.png">`);
    expect(readCompetitorIdentity(html, 'https://acme.test/en/').logo_url).toBe('https://acme.test/brand/logo.svg');
  });

  it('falls back from apple-touch-icon to og:image to the largest icon', () => {
    const icons = '<link rel="icon" sizes="16x16" href="/16.png"><link rel="icon" sizes="192x192" href="/192.png"><link rel="shortcut icon" href="/favicon.ico">';
    expect(readCompetitorIdentity(page(`<link rel="apple-touch-icon" sizes="180x180" href="apple.png">${icons}`), 'https://acme.test/a/').logo_url).toBe(
      'https://acme.test/a/apple.png',
    );
    expect(readCompetitorIdentity(page(`<meta property="og:image" content="//cdn.acme.test/og.png">${icons}`), 'https://acme.test/').logo_url).toBe(
      'https://cdn.acme.test/og.png',
    );
    expect(readCompetitorIdentity(page(icons), 'https://acme.test/').logo_url).toBe('https://acme.test/192.png');
    expect(readCompetitorIdentity(page('<title>Acme</title>'), 'https://acme.test/').logo_url).toBeNull();
  });
});

describe('brandFromTitle', () => {
  it('drops "Home" parts and "Welcome to" prefixes', () => {
    expect(brandFromTitle('Home - Widgetly', 'widgetly')).toBe('Widgetly');
    expect(brandFromTitle('Welcome to Widgetly', 'widgetly')).toBe('Widgetly');
  });

  it('takes the shortest part when none matches the domain', () => {
    expect(brandFromTitle('Ship faster with fewer meetings: Orbit', 'hostingco')).toBe('Orbit');
  });

  it('returns null for a title that only names the page', () => {
    expect(brandFromTitle('Home', 'acme')).toBeNull();
    expect(brandFromTitle('', 'acme')).toBeNull();
  });
});
