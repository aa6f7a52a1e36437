import { looksLikeJavaScriptShell } from './js-shell';
import { PAGE_LIMITS } from './page-complexity';
import { corpusPage, fixtureFile } from './__fixtures__/pages';

describe('looksLikeJavaScriptShell', () => {
  it('recognises an empty app root with a noscript warning', () => {
    expect(looksLikeJavaScriptShell(fixtureFile('js-shell.html'))).toBe(true);
  });

  it('recognises a Next.js shell without any warning', () => {
    expect(looksLikeJavaScriptShell('<html><body><div id="__next"></div><script src="/_next/main.js"></script></body></html>')).toBe(true);
  });

  it('recognises an Angular shell', () => {
    expect(looksLikeJavaScriptShell('<html><body><app-root></app-root><script src="main.js"></script></body></html>')).toBe(true);
  });

  it('does not flag a short static page without an app root or scripts', () => {
    expect(looksLikeJavaScriptShell('<html><body><h1>Hello</h1><p>A tiny page.</p></body></html>')).toBe(false);
  });

  it('does not flag a server-rendered app that has its content', () => {
    const paragraphs = Array.from({ length: 20 }, (_, i) => `<p>Server-rendered paragraph number ${i} with real words in it.</p>`).join('');
    expect(looksLikeJavaScriptShell(`<html><body><div id="__next">${paragraphs}</div><noscript>Please enable JavaScript</noscript></body></html>`)).toBe(false);
  });

  it.each([
    'homepage-joplin/page.html',
    'pricing-joplin-pair/after.html',
    'changelog-joplin-pair/after.html',
    'blog-joplin/page.html',
    'docs-joplin/page.html',
    'blogpost-gitlab/page.html',
    'blogpost-dropbox/page.html',
    'pricing-flyio-gpu-pair/after.md',
    'changelog-healthchecks-pair/after.md',
  ])('does not flag the corpus page %s', (page) => {
    expect(looksLikeJavaScriptShell(corpusPage(page))).toBe(false);
  });

  it('refuses a page nested past the limit before parsing it', () => {
    const started = performance.now();
    expect(() => looksLikeJavaScriptShell('<div>'.repeat(200_000) + '</div>'.repeat(200_000))).toThrow(
      expect.objectContaining({ code: 'page_too_complex', message: `The page nests elements more than ${PAGE_LIMITS.maxDepth.toLocaleString('en')} deep` }),
    );
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('answers in linear time for pages of unclosed scripts, comments and tags', () => {
    // A quadratic scan takes minutes on these 2 MB pages; the bound leaves room for a loaded machine.
    for (const html of ['<script '.repeat(250_000), '<script>'.repeat(250_000), '<!--'.repeat(500_000), '<'.repeat(2_000_000)]) {
      const started = performance.now();
      expect(typeof looksLikeJavaScriptShell(html)).toBe('boolean');
      expect(performance.now() - started).toBeLessThan(5000);
    }
  });
});
