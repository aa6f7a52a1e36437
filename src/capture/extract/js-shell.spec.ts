import { readdirSync } from 'node:fs';
import { looksLikeJavaScriptShell, plainlyNoShell } from './js-shell';
import { PAGE_LIMITS } from './page-complexity';
import { CORPUS_DIR, corpusFile, corpusPage, fixtureFile } from './__fixtures__/pages';
import { cpuMs } from './__fixtures__/cpu-time';

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
    const cpu = cpuMs(() =>
      expect(() => looksLikeJavaScriptShell('<div>'.repeat(200_000) + '</div>'.repeat(200_000))).toThrow(
        expect.objectContaining({ code: 'page_too_complex', message: `The page nests elements more than ${PAGE_LIMITS.maxDepth.toLocaleString('en')} deep` }),
      ),
    );
    expect(cpu).toBeLessThan(1000);
  });

  it('answers in linear time for pages of unclosed scripts, comments and tags', () => {
    // A quadratic scan takes minutes on these 2 MB pages; the bound leaves room for a loaded machine.
    for (const html of ['<script '.repeat(250_000), '<script>'.repeat(250_000), '<!--'.repeat(500_000), '<'.repeat(2_000_000)]) {
      expect(cpuMs(() => expect(typeof looksLikeJavaScriptShell(html)).toBe('boolean'))).toBeLessThan(5000);
    }
  });
});

describe('plainlyNoShell', () => {
  const words = (n: number) => Array.from({ length: n }, (_, i) => `<p>Paragraph ${i} of plain server-rendered copy about plans.</p>`).join('\n');

  it('knows a page of plenty of text from its start, however long the page', () => {
    expect(plainlyNoShell(`<html><body>${words(80)}</body></html>`)).toBe(true);
    expect(plainlyNoShell(`<html><body>${words(80)}${'<div>more</div>'.repeat(50_000)}</body></html>`)).toBe(true);
  });

  it('says nothing of shells and thin pages', () => {
    expect(plainlyNoShell(fixtureFile('js-shell.html'))).toBe(false);
    expect(plainlyNoShell('<html><body><h1>Hello</h1><p>A tiny page.</p></body></html>')).toBe(false);
  });

  it('does not count a script that runs past the first 64K characters as text', () => {
    // A Next.js shell whose inline data outgrows the scan: the thread must still look at it.
    const shell = `<html><body><div id="__next"></div><script id="__NEXT_DATA__">${'{"a":"b c d e f g"},'.repeat(5_000)}</script></body></html>`;
    expect(shell.length).toBeGreaterThan(64 * 1024);
    expect(plainlyNoShell(shell)).toBe(false);
    expect(looksLikeJavaScriptShell(shell)).toBe(true);
  });

  it('never calls a page no shell that the thread would call one, on every corpus page', () => {
    const pages = readdirSync(CORPUS_DIR, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(50);
    let plain = 0;
    for (const page of pages) {
      const html = corpusFile(page);
      if (!plainlyNoShell(html)) continue;
      plain++;
      expect([page, looksLikeJavaScriptShell(html)]).toEqual([page, false]);
    }
    // Most real pages are plainly no shell, which is what the check saves a thread for.
    expect(plain).toBeGreaterThan(pages.length / 2);
  });

  it('reads a bounded start of a hostile page', () => {
    for (const html of ['<script '.repeat(250_000), '<!--'.repeat(500_000), 'x'.repeat(5_000_000)]) {
      expect(cpuMs(() => expect(typeof plainlyNoShell(html)).toBe('boolean'))).toBeLessThan(200);
    }
  });
});
