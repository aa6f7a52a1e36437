import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface FarmPage {
  version: number;
  body: string;
  bytes: Buffer;
  etag: string;
}

/**
 * Realistic pages (50–300 KB: chrome, pricing cards, FAQ, long copy) on many loopback hosts
 * (127.0.0.2, 127.0.0.3, …), so per-host politeness applies as it does across real competitors.
 * Half the pages send an ETag and honour If-None-Match; the rest are plain.
 */
export class PageFarm {
  private readonly servers: http.Server[] = [];
  private readonly versions = new Map<number, number>();
  private readonly cache = new Map<number, FarmPage>();
  delayMs = 0;
  requests = 0;
  notModified = 0;
  /** performance.now() of the first request since it was last reset to null. */
  firstRequestAt: number | null = null;
  /** Requests received and not yet answered, and the most there were since `resetInFlight`. */
  inFlight = 0;
  maxInFlight = 0;
  private inFlightArea = 0;
  private inFlightSince = performance.now();
  /** performance.now() of the last answer. */
  lastAnsweredAt = 0;

  constructor(
    readonly hosts: number,
    readonly pages: number,
  ) {}

  async start(): Promise<void> {
    for (let h = 0; h < this.hosts; h++) {
      const server = http.createServer((req, res) => this.handle(req, res));
      server.keepAliveTimeout = 30_000;
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, `127.0.0.${h + 2}`, resolve);
      });
      this.servers.push(server);
    }
  }

  url(i: number): string {
    const server = this.servers[i % this.hosts];
    const { address, port } = server.address() as AddressInfo;
    return `http://${address}:${port}/p/${i}`;
  }

  /** Every page's URL, in page order. */
  urls(): string[] {
    return Array.from({ length: this.pages }, (_, i) => this.url(i));
  }

  /**
   * Makes page i render its next version (a real price change), rendered here, between rounds: a
   * remote site's rendering costs the machine nothing, and rendered on its first request it would
   * hold up the farm's answers to every other request of the round (25 pages, 30-60 ms).
   */
  bump(i: number): void {
    this.versions.set(i, (this.versions.get(i) ?? 0) + 1);
    this.current(i);
  }

  /** Page i as it currently is; only the current version of each page is kept. */
  html(i: number): string {
    return this.current(i).body;
  }

  /**
   * The current version of page i with its ETag, rendered and encoded once per version: the farm
   * stands for remote sites, so it spends as little of the machine's CPU per answer as it can.
   */
  private current(i: number): FarmPage {
    const version = this.versions.get(i) ?? 0;
    const cached = this.cache.get(i);
    if (cached?.version === version) return cached;
    const body = renderPage(i, version);
    const page = { version, body, bytes: Buffer.from(body), etag: `"${createHash('sha1').update(body).digest('hex')}"` };
    this.cache.set(i, page);
    return page;
  }

  /** Starts a new measurement of the requests in flight (and of the first request's time). */
  resetInFlight(): void {
    this.countInFlight(0);
    this.inFlightArea = 0;
    this.maxInFlight = this.inFlight;
    this.firstRequestAt = null;
  }

  /** Time-weighted mean of the requests in flight from the first request after `resetInFlight` to the last answer. */
  meanInFlight(): number {
    const span = this.lastAnsweredAt - (this.firstRequestAt ?? this.lastAnsweredAt);
    return span > 0 ? this.inFlightArea / span : 0;
  }

  private countInFlight(delta: number): void {
    const now = performance.now();
    this.inFlightArea += this.inFlight * (now - this.inFlightSince);
    this.inFlightSince = now;
    this.inFlight += delta;
    if (delta < 0) this.lastAnsweredAt = now;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    this.requests++;
    this.firstRequestAt ??= performance.now();
    this.countInFlight(1);
    res.once('close', () => this.countInFlight(-1));
    const i = Number((req.url ?? '').split('/').pop());
    const send = () => {
      const { bytes, etag } = this.current(i);
      const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8' };
      if (i % 2 === 0) {
        headers.etag = etag;
        if (req.headers['if-none-match'] === etag) {
          this.notModified++;
          res.writeHead(304, headers).end();
          return;
        }
      }
      res.writeHead(200, headers).end(bytes);
    };
    if (this.delayMs > 0) setTimeout(send, this.delayMs);
    else send();
  }

  async stop(): Promise<void> {
    for (const server of this.servers) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }
}

const WORDS = 'project plan team roadmap sprint deliver insight report workflow automate integrate secure scale launch review'.split(' ');

function paragraph(seed: number, words: number): string {
  const out: string[] = [];
  for (let w = 0; w < words; w++) out.push(WORDS[(seed * 31 + w * 7) % WORDS.length]);
  return out.join(' ') + '.';
}

/** A pricing page of 50–300 KB; each version raises the Pro price by $5. */
export function renderPage(i: number, version: number): string {
  const targetKb = 50 + ((i * 37) % 251);
  const plans = [
    ['Starter', 19],
    ['Pro', 49 + version * 5],
    ['Business', 99],
  ] as const;
  const cards = plans
    .map(
      ([name, price]) => `<div class="plan-card"><h3>${name}</h3><div class="price">$${price}/month</div>
<ul>${Array.from({ length: 8 }, (_, f) => `<li>✓ Feature ${name} ${f} ${paragraph(i + f, 4)}</li>`).join('')}</ul>
<a class="button" href="/signup">Start free trial</a></div>`,
    )
    .join('\n');
  const head = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pricing | Company ${i}</title>
<meta property="og:site_name" content="Company ${i}"><link rel="stylesheet" href="/site.css">
<script>window.dataLayer=[];function gtag(){dataLayer.push(arguments)}</script></head><body>
<header><nav><a href="/pricing">Pricing</a><a href="/blog">Blog</a><a href="/docs">Docs</a></nav></header>
<main><h1>Pricing for teams of every size</h1><div class="pricing">${cards}</div><section class="faq"><h2>FAQ</h2>`;
  const tail = `</section></main><footer><p>© 2026 Company ${i}</p></footer></body></html>`;
  const parts: string[] = [head];
  let size = head.length + tail.length;
  for (let q = 0; size < targetKb * 1024; q++) {
    const block = `<h3>Question ${q} about ${WORDS[q % WORDS.length]}?</h3><p>${paragraph(i + q, 60)}</p>\n`;
    parts.push(block);
    size += block.length;
  }
  parts.push(tail);
  return parts.join('');
}
