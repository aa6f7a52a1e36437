import { Agent as HttpAgent, createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect as netConnect, type AddressInfo, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { createGuardedLookup, literalRefusal, type UrlSafetyOptions } from '../../common/url-safety';

/** Set on the proxy's own refusal responses so the fetcher can tell them from the site's. */
export const PROXY_REFUSAL_HEADER = 'x-rivalwatch-proxy-refusal';

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'proxy-authenticate', 'te', 'trailer', 'upgrade']);
const FAILURE_TTL_MS = 10_000;

export interface GuardedProxyOptions extends UrlSafetyOptions {
  connectTimeoutMs: number;
}

/**
 * A local forward proxy that every browser connection goes through (Chromium's --proxy-server).
 * Request interception refuses private hosts early and by name, but Chromium resolves names
 * itself afterwards, so a rebinding DNS answer, a WebSocket or a worker's request could still
 * reach a private address. Here the address actually connected to is checked: CONNECT tunnels
 * (https, ws, wss) and plain http requests both go out through the guarded lookup.
 */
export class GuardedProxy {
  private server: Server | null = null;
  private readonly lookup;
  private readonly agent: HttpAgent;
  private readonly sockets = new Set<Socket | Duplex>();
  /** The last connect failure per host, so a browser's generic tunnel error can be explained. */
  private readonly failures = new Map<string, { err: Error; at: number }>();

  constructor(private readonly options: GuardedProxyOptions) {
    this.lookup = createGuardedLookup(options);
    this.agent = new HttpAgent({ keepAlive: true, maxSockets: 16, timeout: 30_000 });
  }

  /** Starts listening on 127.0.0.1 and returns the proxy URL. */
  async listen(): Promise<string> {
    const server = createServer((req, res) => this.forward(req, res));
    server.on('connect', (req: IncomingMessage, socket: Duplex, head: Buffer) => this.tunnel(req, socket, head));
    server.on('upgrade', (_req, socket: Duplex) => socket.destroy()); // WebSockets must come as CONNECT
    server.on('connection', (socket: Socket) => this.track(socket));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    this.server = server;
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  /** The error behind the latest failed connection to `hostname` in the last few seconds, if any. */
  recentFailure(hostname: string): Error | null {
    const entry = this.failures.get(hostname.toLowerCase());
    return entry && Date.now() - entry.at < FAILURE_TTL_MS ? entry.err : null;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    this.agent.destroy();
    if (server) await new Promise((resolve) => server.close(resolve));
  }

  private tunnel(req: IncomingMessage, client: Duplex, head: Buffer): void {
    this.track(client);
    client.on('error', () => undefined);
    const target = parseAuthority(req.url ?? '');
    if (!target) return void client.end('HTTP/1.1 400 Bad Request\r\n\r\n');
    const fail = (err: Error): void => {
      this.remember(target.host, err);
      client.end(`HTTP/1.1 ${err.name === 'UnsafeUrlError' ? 403 : 502} Tunnel Failed\r\n${PROXY_REFUSAL_HEADER}: 1\r\n\r\n`);
    };
    const refusal = literalRefusal(target.host, this.options);
    if (refusal) return fail(refusal);

    const upstream = netConnect({ host: unbracket(target.host), port: target.port, lookup: this.lookup, timeout: this.options.connectTimeoutMs });
    this.track(upstream);
    upstream.once('timeout', () => upstream.destroy(Object.assign(new Error('connect timeout'), { code: 'ETIMEDOUT' })));
    let connected = false;
    upstream.once('connect', () => {
      connected = true;
      upstream.setTimeout(0);
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.once('error', (err) => (connected ? client.destroy() : fail(err)));
    client.once('close', () => upstream.destroy());
  }

  private forward(req: IncomingMessage, res: ServerResponse): void {
    let url: URL;
    try {
      url = new URL(req.url ?? '');
      if (url.protocol !== 'http:') throw new Error('only absolute http URLs');
    } catch {
      return void res.writeHead(400, { [PROXY_REFUSAL_HEADER]: '1' }).end();
    }
    const refusal = literalRefusal(url.hostname, this.options);
    if (refusal) return this.refuse(res, url.hostname, refusal);

    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
    }
    const upstream = httpRequest({
      host: unbracket(url.hostname),
      port: url.port || 80,
      method: req.method,
      path: `${url.pathname}${url.search}`,
      headers,
      agent: this.agent,
      lookup: this.lookup,
    });
    // Only the connect is timed here; a slow response is the browser's navigation timeout's business.
    upstream.once('socket', (socket: Socket) => {
      if (!socket.connecting) return;
      const timer = setTimeout(() => upstream.destroy(Object.assign(new Error('connect timeout'), { code: 'ETIMEDOUT' })), this.options.connectTimeoutMs);
      socket.once('connect', () => clearTimeout(timer));
      socket.once('close', () => clearTimeout(timer));
    });
    upstream.once('response', (up) => {
      const raw: string[] = [];
      for (let i = 0; i < up.rawHeaders.length; i += 2) {
        if (!HOP_BY_HOP.has(up.rawHeaders[i].toLowerCase())) raw.push(up.rawHeaders[i], up.rawHeaders[i + 1]);
      }
      res.writeHead(up.statusCode ?? 502, up.statusMessage, raw);
      up.once('error', () => res.destroy());
      up.pipe(res);
    });
    upstream.once('error', (err) => {
      if (res.headersSent) return void res.destroy();
      this.refuse(res, url.hostname, err);
    });
    // The browser gave up (navigation timeout, page closed): stop the upstream request too.
    res.once('close', () => !res.writableFinished && upstream.destroy());
    req.pipe(upstream);
  }

  private refuse(res: ServerResponse, host: string, err: Error): void {
    this.remember(host, err);
    const status = err.name === 'UnsafeUrlError' ? 403 : 502;
    res.writeHead(status, { 'content-type': 'text/plain', [PROXY_REFUSAL_HEADER]: '1' }).end(err.message);
  }

  private remember(host: string, err: Error): void {
    const key = unbracket(host).toLowerCase();
    this.failures.delete(key);
    this.failures.set(key, { err, at: Date.now() });
    if (this.failures.size > 1_000) this.failures.delete(this.failures.keys().next().value!);
  }

  private track(socket: Socket | Duplex): void {
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
  }
}

function parseAuthority(authority: string): { host: string; port: number } | null {
  const match = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(authority);
  if (!match) return null;
  const port = Number(match[2]);
  return port > 0 && port < 65536 ? { host: match[1], port } : null;
}

function unbracket(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}
