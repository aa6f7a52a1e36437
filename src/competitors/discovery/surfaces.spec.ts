import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { extractLinks } from '../../capture/homepage/links';
import { classifySurfaces, feedCandidates, PROBE_PATHS, sitemapCandidates, type SurfaceType } from './surfaces';

const CORPUS = path.resolve(__dirname, '../../../test/fixtures/corpus');
const corpusPage = (name: string) => readFileSync(path.join(CORPUS, name, 'page.html'), 'utf8');

/** Classifies a page's links as discovery does when that page is the homepage. */
function surfacesOf(html: string, homepageUrl: string, extra: { sitemapUrls?: string[]; feedUrls?: string[] } = {}) {
  return Object.fromEntries(classifySurfaces({ homepageUrl, links: extractLinks(html, homepageUrl), ...extra }));
}

describe('classifySurfaces on the Joplin site', () => {
  it('finds pricing at /plans/, the blog at /news/ and docs at /help/, and no changelog', () => {
    expect(surfacesOf(corpusPage('homepage-joplin'), 'https://joplinapp.org/')).toEqual({
      pricing: 'https://joplinapp.org/plans/',
      blog: 'https://joplinapp.org/news/',
      docs: 'https://joplinapp.org/help/',
      homepage: 'https://joplinapp.org/',
    });
  });

  it('finds the desktop changelog from the help page, not the CLI or server ones', () => {
    const links = extractLinks(corpusPage('docs-joplin'), 'https://joplinapp.org/help/');
    const surfaces = classifySurfaces({ homepageUrl: 'https://joplinapp.org/', links });
    expect(surfaces.get('changelog')).toBe('https://joplinapp.org/changelog/');
    expect(surfaces.get('pricing')).toBe('https://joplinapp.org/plans/');
    expect(surfaces.get('blog')).toBe('https://joplinapp.org/news/');
  });
});

describe('classifySurfaces with a section and a page inside it both linked', () => {
  it('picks the section index the page links (/docs/ "Platform guide" over /docs/api "API Documentation"), not one only derived', () => {
    const footer = `<footer><a href="/docs/">Platform guide</a><a href="/docs/api">API Documentation</a><a href="/docs/sdks">SDKs</a></footer>`;
    expect(surfacesOf(footer, 'https://engage.test/').docs).toBe('https://engage.test/docs/');
    expect(surfacesOf(`<nav><a href="docs/current/modules/app.html">API Docs</a></nav>`, 'https://brackets.test/').docs).toBe('https://brackets.test/docs/current/modules/app.html');
  });
});

describe('classifySurfaces on synthetic sites', () => {
  const saas = `
    <header class="site-header">
      <a href="/"><img src="/logo.svg" alt="Acme"></a>
      <nav>
        <a href="/product">Product</a>
        <a href="/pricing">Pricing</a>
        <a href="/blog/">Blog</a>
        <a href="https://docs.acme.test/">Docs</a>
        <a href="/changelog">Changelog</a>
        <a href="https://app.acme.test/login">Log in</a>
        <a href="/signup">Start free</a>
      </nav>
    </header>
    <main>
      <a href="/blog/2024/launch-week">Launch week recap: everything we shipped</a>
      <a href="/blog/tags/product">Product</a>
      <a href="/documentation">Documentation</a>
      <a href="https://partner.example/pricing">Pricing</a>
    </main>
    <footer>
      <a href="/legal/privacy">Privacy</a> <a href="/legal/terms">Terms</a>
      <a href="/careers">Careers</a> <a href="/contact">Contact</a>
      <a href="https://status.acme.test/">Status</a> <a href="https://twitter.com/acme">Twitter</a>
    </footer>`;

  it('reads a SaaS navigation, with docs on a subdomain and legal links ignored', () => {
    expect(surfacesOf(saas, 'https://acme.test/')).toEqual({
      pricing: 'https://acme.test/pricing',
      blog: 'https://acme.test/blog/',
      changelog: 'https://acme.test/changelog',
      docs: 'https://docs.acme.test/',
      homepage: 'https://acme.test/',
    });
  });

  it('reads a German site behind a language prefix', () => {
    const html = `
      <nav><a href="/de/preise">Preise</a><a href="/de/aktuelles/">Aktuelles</a><a href="/de/hilfe">Hilfe</a></nav>
      <footer><a href="/de/impressum">Impressum</a><a href="/de/datenschutz">Datenschutz</a><a href="/de/karriere">Karriere</a></footer>`;
    expect(surfacesOf(html, 'https://www.beispiel.de/de/')).toEqual({
      pricing: 'https://www.beispiel.de/de/preise',
      blog: 'https://www.beispiel.de/de/aktuelles/',
      docs: 'https://www.beispiel.de/de/hilfe',
      homepage: 'https://www.beispiel.de/de/',
    });
  });

  // "Novedades" ("what's new") is ambiguous in Spanish, as "What's New" is in English: the URL
  // decides. A /novedades page is a product-updates list (changelog); the same label on /noticias
  // is a news blog. The label alone only weakly suggests a blog.
  it('reads a Spanish site whose /novedades page is its changelog', () => {
    const html = `
      <nav><a href="/precios">Precios</a><a href="/novedades">Novedades</a><a href="https://ayuda.ejemplo.es/">Ayuda</a></nav>
      <footer><a href="/aviso-legal">Aviso legal</a><a href="/privacidad">Privacidad</a></footer>`;
    expect(surfacesOf(html, 'https://ejemplo.es/')).toEqual({
      pricing: 'https://ejemplo.es/precios',
      changelog: 'https://ejemplo.es/novedades',
      docs: 'https://ayuda.ejemplo.es/',
      homepage: 'https://ejemplo.es/',
    });
  });

  it('reads "Novedades" pointing at /noticias as the blog', () => {
    const html = '<nav><a href="/precios">Precios</a><a href="/noticias/">Novedades</a></nav>';
    expect(surfacesOf(html, 'https://ejemplo.es/')).toEqual({
      pricing: 'https://ejemplo.es/precios',
      blog: 'https://ejemplo.es/noticias/',
      homepage: 'https://ejemplo.es/',
    });
  });

  it('keeps a separate blog and changelog when a site has both', () => {
    const html = '<nav><a href="/blog">Blog</a><a href="/whats-new">What’s new</a></nav>';
    expect(surfacesOf(html, 'https://acme.test/')).toMatchObject({ blog: 'https://acme.test/blog', changelog: 'https://acme.test/whats-new' });
  });

  it('does not call a product-named menu entry pricing without a pricing word', () => {
    const html = '<nav><a href="/cloud/">Acme Cloud</a><a href="/about">About</a></nav>';
    expect(surfacesOf(html, 'https://acme.test/')).toEqual({ homepage: 'https://acme.test/' });
  });

  it('never monitors contact, sign-up or download pages, whatever their label', () => {
    const html = '<nav><a href="/contact">Help</a><a href="/signup?plan=pro">Pricing</a><a href="/downloads/release-notes.pdf">Release notes</a></nav>';
    expect(surfacesOf(html, 'https://acme.test/')).toEqual({ homepage: 'https://acme.test/' });
  });

  it('prefers navigation over body links, and section indexes over articles', () => {
    const html = `
      <main><a href="/documentation">Documentation</a><a href="/news/2021/new-office">New office</a><a href="/news/">All news</a></main>
      <nav><a href="/docs">Docs</a></nav>`;
    expect(surfacesOf(html, 'https://acme.test/')).toMatchObject({ docs: 'https://acme.test/docs', blog: 'https://acme.test/news/' });
  });

  it('ignores look-alike and unrelated domains', () => {
    const html = '<nav><a href="https://acme.test.evil.example/pricing">Pricing</a><a href="https://blog.example.com/">Blog</a></nav>';
    expect(surfacesOf(html, 'https://acme.test/')).toEqual({ homepage: 'https://acme.test/' });
  });
});

describe('classifySurfaces with sitemaps and feeds', () => {
  const bareHomepage = '<nav><a href="/about">About</a></nav>';

  it('finds surfaces from sitemap URLs, inferring section indexes above deep pages', () => {
    const sitemapUrls = [
      'https://acme.test/',
      'https://acme.test/pricing',
      'https://acme.test/blog/first-post',
      'https://acme.test/blog/second-post',
      'https://acme.test/docs/getting-started',
      'https://acme.test/docs/api/authentication',
      'https://acme.test/legal/privacy',
    ];
    expect(surfacesOf(bareHomepage, 'https://acme.test/', { sitemapUrls })).toEqual({
      pricing: 'https://acme.test/pricing',
      blog: 'https://acme.test/blog/',
      docs: 'https://acme.test/docs/',
      homepage: 'https://acme.test/',
    });
  });

  it('ranks sitemap entries below links to equally named pages', () => {
    const html = '<p><a href="/documentation"></a></p>';
    expect(surfacesOf(html, 'https://acme.test/', { sitemapUrls: ['https://acme.test/docs'] }).docs).toBe('https://acme.test/documentation');
  });

  it('treats the page a feed belongs to as the blog', () => {
    const html = '<nav><a href="/field-notes">Field notes</a></nav>';
    expect(surfacesOf(html, 'https://acme.test/').blog).toBeUndefined();
    expect(surfacesOf(html, 'https://acme.test/', { feedUrls: ['https://acme.test/field-notes/rss.xml'] }).blog).toBe('https://acme.test/field-notes');
  });

  it('takes no section from a site-wide feed', () => {
    expect(feedCandidates(['https://www.acme.test/feed.xml', 'https://acme.test/?feed=rss2'], 'https://acme.test/')).toEqual([]);
    expect(feedCandidates(['https://blog.acme.test/feed/atom'], 'https://acme.test/')).toEqual([
      { url: 'https://blog.acme.test/', text: '', area: 'body', source: 'feed' },
    ]);
  });

  it('turns sitemap URLs into unlabelled body candidates', () => {
    expect(sitemapCandidates(['https://acme.test/pricing'])).toEqual([{ url: 'https://acme.test/pricing', text: '', area: 'body', source: 'sitemap' }]);
  });
});

describe('PROBE_PATHS', () => {
  it('lists paths the classifier itself recognises as their type', () => {
    for (const [type, paths] of Object.entries(PROBE_PATHS) as [SurfaceType, string[]][]) {
      for (const probe of paths) {
        const surfaces = classifySurfaces({ homepageUrl: 'https://acme.test/', links: [], sitemapUrls: [`https://acme.test${probe}`] });
        expect([type, surfaces.get(type)]).toEqual([type, `https://acme.test${probe}`]);
      }
    }
  });
});

describe('classifySurfaces with a getting-started guide', () => {
  it('takes /getting-started for docs when the site links no docs of its own (gleam.run), and /docs over it when it does', () => {
    const hero = `<main><h2>Gleam is a friendly language</h2><a href="/getting-started" class="button-light">Get Started</a><a href="https://github.com/gleam-lang">GitHub</a></main>`;
    expect(surfacesOf(hero, 'https://gleam.test/').docs).toBe('https://gleam.test/getting-started');
    expect(surfacesOf(`${hero}<nav><a href="/docs/">Documentation</a></nav>`, 'https://gleam.test/').docs).toBe('https://gleam.test/docs/');
  });
});
