import { Injectable } from '@nestjs/common';
import type { Page } from 'puppeteer-core';
import { BrowserFetcher } from '../capture/fetch/browser-fetcher';
import { Semaphore } from '../capture/fetch/semaphore';
import type { Box, TextBox } from './locate-region';
import { fitToMaxBytes, pngSize } from './png';

/** Screenshots are this wide (CSS pixels, device scale 1), whatever the page. */
export const PAGE_WIDTH = 1280;
const VIEWPORT_HEIGHT = 800;
/** The part of a page below this is not shot: beyond it a change is not located. */
export const MAX_PAGE_HEIGHT = 8_000;
const MAX_TEXT_BOXES = 6_000;
/** After the document, images and fonts get this long to arrive; a page still loading is shot anyway. */
const QUIET_WAIT_MS = 3_000;
const OUTLINE = '3px solid #e5484d';

/** The page as fetched at a check (rendered without scripts, against its own address), or its address to load. */
export type PageSource = { html: string; baseUrl: string } | { url: string };

export interface PageShot {
  image: Buffer;
  pageHeight: number;
  scale: number;
  layout: TextBox[];
}

export interface CropImage {
  png: Buffer;
  width: number;
  height: number;
}

/** What to crop from a stored screenshot: `box` out of the page, with `outline` drawn round the changed elements. */
export interface CropRequest {
  shot: { image: Buffer; pageHeight: number };
  box: Box;
  outline: Box;
}

/**
 * Screenshots and crops in Chromium (DESIGN §5e), on the capture's browser pool: pages come from
 * BrowserFetcher, so they count against BROWSER_PAGES and pass its URL-safety guards. Chromium
 * does the image work too (clip and scale), so no native image library is needed.
 */
@Injectable()
export class PageShotsService {
  /**
   * One page is shot at a time, brought to the front first. Chromium paints only the tab in front
   * of a window: a screenshot of a tab behind another waits for a frame that comes late or not at
   * all. Lent pages have their own window now (BrowserFetcher.withPage), which is what cured it
   * under `bench:pipeline`; this keeps the page in front even so. Puppeteer already serialises
   * screenshots within a browser, so the lock costs no parallelism.
   */
  private readonly front = new Semaphore(1);

  constructor(private readonly browser: BrowserFetcher) {}

  isAvailable(): boolean {
    return this.browser.isAvailable();
  }

  /** A 1280 px wide screenshot of the whole page (up to MAX_PAGE_HEIGHT) and where each text sits on it. */
  shoot(source: PageSource): Promise<PageShot> {
    return this.browser.withPage(async (page, open) => {
      await page.setViewport({ width: PAGE_WIDTH, height: VIEWPORT_HEIGHT, deviceScaleFactor: 1 });
      if ('html' in source) {
        // The captured document as it was: its scripts already ran (browser captures) or are not
        // needed for the text that was extracted (HTTP captures).
        await page.setJavaScriptEnabled(false);
        await page.setContent(withBase(source.html, source.baseUrl), { waitUntil: 'domcontentloaded' });
      } else {
        await open(source.url);
      }
      await page.waitForNetworkIdle({ idleTime: 250, timeout: QUIET_WAIT_MS }).catch(() => undefined);
      const { height, layout } = (await page.evaluate(readLayoutScript())) as { height: number; layout: TextBox[] };
      const pageHeight = Math.max(1, Math.min(height, MAX_PAGE_HEIGHT));
      const { png, scale } = await this.inFront(page, () =>
        fitToMaxBytes(PAGE_WIDTH * pageHeight, (scale) => shot(page, { x: 0, y: 0, width: PAGE_WIDTH, height: pageHeight }, scale)),
      );
      return { image: png, pageHeight, scale, layout: layout.filter((box) => box.y < pageHeight) };
    });
  }

  /** Crops from stored screenshots, outlined, each at most 600 KiB. */
  crop(requests: CropRequest[]): Promise<CropImage[]> {
    return this.browser.withPage(async (page) => {
      await page.setViewport({ width: PAGE_WIDTH, height: VIEWPORT_HEIGHT, deviceScaleFactor: 1 });
      const crops: CropImage[] = [];
      for (const request of requests) {
        await page.setContent(cropDocument(request), { waitUntil: 'load' });
        const { png } = await this.inFront(page, () => fitToMaxBytes(request.box.width * request.box.height, (scale) => shot(page, request.box, scale)));
        crops.push({ png, ...pngSize(png) });
      }
      return crops;
    });
  }

  /** Runs `work` (screenshots of `page`) with the page in front and no other page being shot. */
  private async inFront<T>(page: Page, work: () => Promise<T>): Promise<T> {
    const release = await this.front.acquire();
    try {
      await page.bringToFront();
      return await work();
    } finally {
      release();
    }
  }
}

function shot(page: Page, clip: Box, scale: number): Promise<Uint8Array> {
  return page.screenshot({ type: 'png', clip: { ...clip, scale }, captureBeyondViewport: true });
}

/** Resolves the document's relative addresses against the page it was fetched from. */
export function withBase(html: string, baseUrl: string): string {
  const base = `<base href="${baseUrl.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">`;
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + base + html.slice(head.index + head[0].length);
  return base + html;
}

/** The stored screenshot at its page size, and the outline, as a document to shoot the crop from. */
function cropDocument({ shot: { image, pageHeight }, outline }: CropRequest): string {
  const src = `data:image/png;base64,${image.toString('base64')}`;
  const frame = `left:${outline.x - 3}px;top:${outline.y - 3}px;width:${outline.width + 6}px;height:${outline.height + 6}px`;
  return `<!doctype html><html><body style="margin:0;background:#fff">
<img src="${src}" style="display:block;width:${PAGE_WIDTH}px;height:${pageHeight}px">
<div style="position:absolute;box-sizing:border-box;${frame};border:${OUTLINE}"></div></body></html>`;
}

/**
 * Runs in the page (as a string: the service compiles without the DOM types): the document's
 * height and every rendered element with visible text, its box in document coordinates and its
 * nearest recorded ancestor.
 */
function readLayoutScript(): string {
  return `(() => {
    const body = document.body;
    if (!body) return { height: 0, layout: [] };
    const index = new Map();
    const layout = [];
    // No TreeWalker filter: with scripts disabled the page may not call back into a function.
    for (const el of [body, ...body.querySelectorAll('*')]) {
      if (layout.length >= ${MAX_TEXT_BOXES}) break;
      if (el.closest('script, style, noscript, template, svg, head')) continue;
      const raw = el.textContent || '';
      if (!raw.trim() || raw.length > 4000) continue;
      const r = el.getBoundingClientRect();
      if (r.width < 1 || r.height < 1) continue;
      const text = (el.innerText || '').replace(/\\s+/g, ' ').trim();
      if (!text) continue;
      let p = -1;
      for (let a = el.parentElement; a; a = a.parentElement) if (index.has(a)) { p = index.get(a); break; }
      index.set(el, layout.length);
      const x = Math.floor(r.left + scrollX);
      const y = Math.floor(r.top + scrollY);
      layout.push({ t: text.slice(0, 2000), x, y, w: Math.ceil(r.right + scrollX) - x, h: Math.ceil(r.bottom + scrollY) - y, p });
    }
    return { height: Math.ceil(Math.max(document.documentElement.scrollHeight, body.scrollHeight)), layout };
  })()`;
}
