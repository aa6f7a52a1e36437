import { cpuMs } from '../../capture/extract/__fixtures__/cpu-time';
import { parseSitemap, SITEMAP_MAX_ENTRIES } from './sitemap';

describe('parseSitemap', () => {
  it('reads page URLs from a urlset, ignoring image locs and entities', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
      <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
        <url><loc>https://acme.test/</loc><lastmod>2024-01-01</lastmod></url>
        <url>
          <loc> https://acme.test/pricing </loc>
          <image:image><image:loc>https://acme.test/img/plans.png</image:loc></image:image>
        </url>
        <url><loc><![CDATA[https://acme.test/blog/launch?a=1&b=2]]></loc></url>
        <url><loc>https://acme.test/docs?x=1&amp;y=2</loc></url>
        <!-- <url><loc>https://acme.test/commented-out</loc></url> -->
        <url><loc>ftp://acme.test/file</loc></url>
        <url><loc>https://acme.test/pricing</loc></url>
      </urlset>`;
    expect(parseSitemap(xml)).toEqual({
      urls: ['https://acme.test/', 'https://acme.test/pricing', 'https://acme.test/blog/launch?a=1&b=2', 'https://acme.test/docs?x=1&y=2'],
      sitemaps: [],
    });
  });

  it('reads child sitemaps from a sitemap index', () => {
    const xml = `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
      <sitemap><loc>https://acme.test/sitemap-pages.xml</loc></sitemap>
      <sitemap><loc>https://acme.test/sitemap-blog.xml.gz</loc><lastmod>2024-02-01</lastmod></sitemap>
    </sitemapindex>`;
    expect(parseSitemap(xml)).toEqual({
      urls: [],
      sitemaps: ['https://acme.test/sitemap-pages.xml', 'https://acme.test/sitemap-blog.xml.gz'],
    });
  });

  it('accepts a prefixed sitemap namespace', () => {
    const xml = `<sm:urlset xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9">
      <sm:url><sm:loc>https://acme.test/changelog</sm:loc></sm:url>
    </sm:urlset>`;
    expect(parseSitemap(xml).urls).toEqual(['https://acme.test/changelog']);
  });

  it('accepts a plain-text sitemap and returns nothing for other documents', () => {
    expect(parseSitemap('https://acme.test/a\nnot a url\r\nhttps://acme.test/b\n').urls).toEqual(['https://acme.test/a', 'https://acme.test/b']);
    expect(parseSitemap('<html><body>Not found</body></html>')).toEqual({ urls: [], sitemaps: [] });
  });

  it(`stops at ${SITEMAP_MAX_ENTRIES} entries`, () => {
    const entries = Array.from({ length: SITEMAP_MAX_ENTRIES + 10 }, (_, i) => `<url><loc>https://acme.test/p/${i}</loc></url>`);
    const { urls } = parseSitemap(`<urlset>${entries.join('')}</urlset>`);
    expect(urls).toHaveLength(SITEMAP_MAX_ENTRIES);
    expect(urls[SITEMAP_MAX_ENTRIES - 1]).toBe(`https://acme.test/p/${SITEMAP_MAX_ENTRIES - 1}`);
  });
  // Discovery reads sitemaps on the event loop that answers HTTP (DESIGN §5g): constructs left open
  // must not make each later one search to the end of the file again.
  it.each([
    ['comments left open', '<!--'.repeat(100_000)],
    ['entries left open', `<urlset>${'<url>a'.repeat(70_000)}`],
    ['locs left open in one entry', `<urlset><url>${'<loc>a'.repeat(70_000)}</url></urlset>`],
    ['CDATA left open in one loc', `<urlset><url><loc>${'<![CDATA['.repeat(45_000)}</loc></url></urlset>`],
    ['tags never closed by >', `<urlset>${'<url <loc '.repeat(40_000)}`],
  ])('reads a 400 KB sitemap of %s in linear time', (_what, xml) => {
    expect(cpuMs(() => expect(parseSitemap(xml)).toEqual({ urls: [], sitemaps: [] }))).toBeLessThan(500);
  });
});
