import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  /** The body exactly as it arrived, for signature checks. */
  rawBody: string;
  body: any;
  receivedAt: number;
}

/** A scripted answer: a status, or a status with headers (e.g. 429 with Retry-After). */
export type ScriptedReply = number | { status: number; headers: Record<string, string> };

/**
 * A webhook receiver on 127.0.0.1 that records every request. Each test uses its own path, and
 * can script the statuses its path answers (`[500, 503]` then the default 200). It stands in
 * for Slack, Teams and Discord incoming webhooks too.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  private readonly scripts = new Map<string, ScriptedReply[]>();
  private readonly defaults = new Map<string, number>();
  private server: Server | null = null;
  private port = 0;

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = (req.url ?? '/').split('?')[0];
        const rawBody = Buffer.concat(chunks).toString('utf8');
        let body: unknown = null;
        try {
          body = JSON.parse(rawBody);
        } catch {
          body = null;
        }
        this.received.push({ path, headers: req.headers, rawBody, body, receivedAt: Date.now() });
        const reply = this.scripts.get(path)?.shift() ?? this.defaults.get(path) ?? 200;
        const { status, headers } = typeof reply === 'number' ? { status: reply, headers: {} } : reply;
        res.writeHead(status, { 'content-type': 'application/json', ...headers }).end('{"ok":true}');
      });
    });
    this.server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  /** A fresh URL for one test. */
  url(path: string): string {
    return `http://127.0.0.1:${this.port}/${path.replace(/^\//, '')}`;
  }

  /** Statuses the path answers next, in order; afterwards it answers `then` (200 unless set). */
  script(path: string, statuses: ScriptedReply[], then?: number): void {
    this.scripts.set(`/${path.replace(/^\//, '')}`, [...statuses]);
    if (then !== undefined) this.defaults.set(`/${path.replace(/^\//, '')}`, then);
  }

  at(path: string): ReceivedWebhook[] {
    const p = `/${path.replace(/^\//, '')}`;
    return this.received.filter((r) => r.path === p);
  }

  /** Waits until the path has received `count` requests. */
  async waitFor(path: string, count: number, timeoutMs = 20_000): Promise<ReceivedWebhook[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.at(path).length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} webhook(s) at ${path}, got ${this.at(path).length}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    return this.at(path);
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
