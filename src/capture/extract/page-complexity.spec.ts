import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { load } from 'cheerio';
import type { AnyNode } from 'domhandler';
import { FetchError } from '../fetch/fetch-error';
import { CORPUS_DIR, corpusFile } from './__fixtures__/pages';
import { assertPageWithinLimits, measurePage, PAGE_LIMITS } from './page-complexity';
import { cpuMs } from './__fixtures__/cpu-time';

const UNLIMITED = { maxDepth: Infinity, maxElements: Infinity };
const measure = (html: string) => measurePage(html, UNLIMITED);

/** The depth and element count of the tree htmlparser2 really builds. */
function parsed(html: string): { depth: number; elements: number } {
  let depth = 0;
  let elements = 0;
  const walk = (node: AnyNode, level: number) => {
    for (const child of 'children' in node ? node.children : []) {
      if (child.type !== 'tag' && child.type !== 'script' && child.type !== 'style') continue;
      elements++;
      depth = Math.max(depth, level + 1);
      walk(child, level + 1);
    }
  };
  walk(load(html, { xml: { xmlMode: false, decodeEntities: true } }).root()[0], 0);
  return { depth, elements };
}

function corpusPages(dir = CORPUS_DIR): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return corpusPages(full);
    return name.endsWith('.html') ? [path.relative(CORPUS_DIR, full)] : [];
  });
}

describe('measurePage', () => {
  it('counts nesting depth and elements', () => {
    expect(measure('<html><body><main><div><p>Hi <b>there</b></p></div></main></body></html>')).toEqual({ depth: 6, elements: 6 });
    expect(measure('<ul><li>a</li><li>b</li><li>c</li></ul>')).toEqual({ depth: 2, elements: 4 });
    expect(measure('<DIV><Div class="a"></div></DIV>')).toEqual({ depth: 2, elements: 2 });
  });

  it('does not nest void elements, and honours /> only inside svg and math', () => {
    expect(measure('<p><br><img src="a.png"><input></p>')).toEqual({ depth: 2, elements: 4 });
    expect(measure('<svg><path/><path/><g><rect/></g></svg>')).toEqual({ depth: 3, elements: 5 });
    // In HTML a `/>` on a div is ignored: the second div nests in the first, as the parser has it.
    expect(measure('<div/><div/>')).toEqual({ depth: 2, elements: 2 });
  });

  it('skips comments, doctypes, CDATA and processing instructions', () => {
    expect(measure('<!doctype html><!-- <div><div> --><?xml <div>?><![CDATA[<div>]]><p>x</p>')).toEqual({ depth: 1, elements: 1 });
    expect(measure('<!--><div></div>')).toEqual({ depth: 1, elements: 1 });
  });

  it('does not count what scripts, styles, titles and textareas hold', () => {
    const html = '<script>if (a<b) document.write("<div><div><div>")</script><style>p>a{}</style><title><b>x</b></title><textarea><p></textarea>';
    expect(measure(html)).toEqual({ depth: 1, elements: 4 });
  });

  it('reads attribute values that hold > or quotes', () => {
    expect(measure(`<a title="1 > 0" data-x='<div>' b=c><span>x</span></a>`)).toEqual({ depth: 2, elements: 2 });
  });

  it('closes paragraphs, list items and cells the way the parser does', () => {
    expect(measure('<p>a<p>b<p>c<div>d</div>')).toEqual({ depth: 1, elements: 4 });
    expect(measure('<ul><li>a<li>b<li>c</ul>')).toEqual({ depth: 2, elements: 4 });
    expect(measure('<table><tr><td>a<td>b<tr><td>c</table>')).toEqual({ depth: 3, elements: 6 });
  });

  it('counts unclosed tags as open to the end, and ignores closing tags with nothing to close', () => {
    expect(measure('<div><span><em>unclosed')).toEqual({ depth: 3, elements: 3 });
    expect(measure('<div></span></em></div><div></div>')).toEqual({ depth: 1, elements: 2 });
    expect(measure('<section><div><span></section><p>')).toEqual({ depth: 3, elements: 4 });
    expect(measure('</p></br>')).toEqual({ depth: 1, elements: 2 });
  });

  it.each(corpusPages())('measures the tree htmlparser2 builds for %s', (page) => {
    const html = corpusFile(page);
    expect(measure(html)).toEqual(parsed(html));
  });

  it('stops as soon as a limit is passed', () => {
    const deep = '<div>'.repeat(200_000);
    expect(measurePage(deep)).toEqual({ depth: PAGE_LIMITS.maxDepth + 1, elements: PAGE_LIMITS.maxDepth + 1 });
    expect(measurePage('<br>'.repeat(300_000)).elements).toBe(PAGE_LIMITS.maxElements + 1);
  });

  it('measures a 2 MB page in linear time', () => {
    const pages = {
      nested: '<div>'.repeat(200_000) + '</div>'.repeat(200_000),
      flat: '<div class="card"><p>x</p></div>'.repeat(65_000),
      unclosedClosers: '<div>'.repeat(999) + '</span>'.repeat(290_000),
      unterminatedTags: '<'.repeat(2_000_000),
      declarations: '<!x>'.repeat(500_000),
      strayClosers: '</ >'.repeat(500_000),
      quotedAttributes: '<br a="" b=\'\'>'.repeat(150_000),
    };
    for (const html of Object.values(pages)) {
      expect(html.length).toBeGreaterThanOrEqual(2_000_000);
      // Tens of milliseconds; a quadratic scan would take minutes.
      expect(cpuMs(() => measure(html))).toBeLessThan(3000);
    }
  });
});

describe('assertPageWithinLimits', () => {
  it('fails a page nested deeper than 1,000 elements with page_too_complex', () => {
    const deep = '<div>'.repeat(1001) + '</div>'.repeat(1001);
    expect(() => assertPageWithinLimits(deep)).toThrow(expect.objectContaining({ code: 'page_too_complex', message: 'The page nests elements more than 1,000 deep' }));
    expect(() => assertPageWithinLimits('<div>'.repeat(1000))).not.toThrow();
  });

  it('fails a page of more than 200,000 elements with page_too_complex', () => {
    let thrown: unknown;
    try {
      assertPageWithinLimits('<br>'.repeat(200_001));
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(FetchError);
    expect(thrown).toMatchObject({ code: 'page_too_complex', message: 'The page has more than 200,000 elements' });
    expect(() => assertPageWithinLimits('<br>'.repeat(200_000))).not.toThrow();
  });
});
