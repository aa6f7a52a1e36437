import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { extractFeedLinks, extractLinks } from './links';

const CORPUS = path.resolve(__dirname, '../../../test/fixtures/corpus');

describe('extractLinks', () => {
  it('resolves links, drops fragments and non-web schemes, and keeps one entry per URL', () => {
    const html = `
      <a href="/pricing#plans">Pricing</a>
      <a href="/pricing">  See   all
        plans </a>
      <a href="mailto:hi@acme.test">Mail</a><a href="javascript:void(0)">x</a><a href="tel:+1">Call</a>
      <a href="//cdn.acme.test/x">Protocol-relative</a>
      <a href="docs/intro">Relative</a>`;
    expect(extractLinks(html, 'https://acme.test/en/')).toEqual([
      { url: 'https://acme.test/pricing', text: 'Pricing', area: 'body' },
      { url: 'https://cdn.acme.test/x', text: 'Protocol-relative', area: 'body' },
      { url: 'https://acme.test/en/docs/intro', text: 'Relative', area: 'body' },
    ]);
  });

  it('honours <base href> when resolving relative links', () => {
    const html = '<head><base href="https://www.acme.test/site/"></head><a href="blog/">Blog</a>';
    expect(extractLinks(html, 'https://acme.test/')[0].url).toBe('https://www.acme.test/site/blog/');
  });

  it('falls back to aria-label, title and image alt for links without text', () => {
    const html = `
      <a href="/a" aria-label="Changelog"><svg></svg></a>
      <a href="/b" title=" Docs "></a>
      <a href="/c"><img src="x.png" alt="Blog"></a>
      <a href="/d"></a>`;
    expect(extractLinks(html, 'https://acme.test/').map((l) => l.text)).toEqual(['Changelog', 'Docs', 'Blog', '']);
  });

  it('tells navigation, footer and body apart, including div-based menus', () => {
    const html = `
      <header><a href="/pricing">Pricing</a></header>
      <div class="navbar-main"><a href="/blog">Blog</a></div>
      <article><header><a href="/authors/jo">Jo</a></header><p><a href="/docs">Docs</a></p></article>
      <footer><nav><a href="/privacy">Privacy</a></nav></footer>
      <div id="site-footer"><a href="/terms">Terms</a></div>`;
    const areas = Object.fromEntries(extractLinks(html, 'https://acme.test/').map((l) => [new URL(l.url).pathname, l.area]));
    expect(areas).toEqual({ '/pricing': 'nav', '/blog': 'nav', '/authors/jo': 'body', '/docs': 'body', '/privacy': 'footer', '/terms': 'footer' });
  });

  it('reads header and footer class names, but not those of content cards', () => {
    const html = `
      <div id="header"><a href="/a">A</a></div>
      <div class="card"><div class="card-footer"><a href="/b">B</a></div><div class="entry-header"><a href="/c">C</a></div></div>
      <div class="footer-links"><a href="/d">D</a></div>
      <main><footer><a href="/e">E</a></footer></main>`;
    expect(extractLinks(html, 'https://acme.test/').map((l) => l.area)).toEqual(['nav', 'body', 'body', 'footer', 'body']);
  });

  it('does not mark the whole page as navigation because of a body class', () => {
    const html = '<html><body class="has-nav menu-open"><main class="nav-offset"><a href="/x">X</a></main></body></html>';
    expect(extractLinks(html, 'https://acme.test/')[0].area).toBe('body');
  });

  it('keeps the most prominent placement of a repeated URL and its label there', () => {
    const html = '<p><a href="/plans/">Sign up</a></p><nav><a href="/plans/">Joplin Cloud</a></nav><footer><a href="/plans/">Plans</a></footer>';
    expect(extractLinks(html, 'https://acme.test/')).toEqual([{ url: 'https://acme.test/plans/', text: 'Joplin Cloud', area: 'nav' }]);
  });

  it("finds the Joplin homepage's menu links in its div-based navbar", () => {
    const html = readFileSync(path.join(CORPUS, 'homepage-joplin/page.html'), 'utf8');
    const links = extractLinks(html, 'https://joplinapp.org/');
    expect(links).toEqual(
      expect.arrayContaining([
        { url: 'https://joplinapp.org/news/', text: "What's New", area: 'nav' },
        { url: 'https://joplinapp.org/help/', text: 'Help', area: 'nav' },
        { url: 'https://joplinapp.org/plans/', text: 'Joplin Cloud', area: 'nav' },
        { url: 'https://joplinapp.org/download/', text: 'Download the app', area: 'body' },
        { url: 'https://github.com/laurent22/joplin/', text: 'Joplin GitHub repository', area: 'footer' },
      ]),
    );
    expect(new Set(links.map((l) => l.url)).size).toBe(links.length);
    expect(links.every((l) => /^https?:\/\/[^#]+$/.test(l.url))).toBe(true);
  });
});

describe('extractFeedLinks', () => {
  it('returns RSS and Atom alternates as absolute URLs, ignoring other alternates', () => {
    const html = `<head>
      <link rel="alternate" type="application/rss+xml" title="Blog" href="/blog/feed.xml">
      <link rel="alternate" type="application/atom+xml; charset=utf-8" href="https://acme.test/changelog.atom">
      <link rel="alternate" hreflang="de" href="/de/">
      <link rel="alternate" type="application/json" href="/oembed.json">
      <link rel="stylesheet" type="application/rss+xml" href="/not-a-feed">
      <link rel="alternate" type="application/rss+xml" href="/blog/feed.xml">
    </head>`;
    expect(extractFeedLinks(html, 'https://acme.test/')).toEqual(['https://acme.test/blog/feed.xml', 'https://acme.test/changelog.atom']);
  });

  it('finds no feed on the Joplin homepage', () => {
    const html = readFileSync(path.join(CORPUS, 'homepage-joplin/page.html'), 'utf8');
    expect(extractFeedLinks(html, 'https://joplinapp.org/')).toEqual([]);
  });
});
