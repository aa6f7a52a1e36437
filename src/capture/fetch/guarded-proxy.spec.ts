import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { GuardedProxy, PROXY_REFUSAL_HEADER } from './guarded-proxy';

jest.setTimeout(10_000);

describe('GuardedProxy', () => {
  let target: Server;
  let targetPort: number;
  let hits = 0;
  let proxy: GuardedProxy;
  let proxyPort: number;

  beforeAll(async () => {
    target = createServer((req, res) => {
      hits++;
      if (req.url === '/slow') return void setTimeout(() => res.end('slow but fine'), 1300);
      res.writeHead(200, { 'content-type': 'text/plain', 'x-seen-host': req.headers.host ?? '' }).end('from target');
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    targetPort = (target.address() as AddressInfo).port;
    proxy = new GuardedProxy({ allowPrivate: false, allowPrivateHosts: ['127.0.0.1'], connectTimeoutMs: 1000 });
    proxyPort = Number(new URL(await proxy.listen()).port);
  });

  afterAll(async () => {
    await proxy.close();
    target.closeAllConnections();
    await new Promise((resolve) => target.close(resolve));
  });

  function viaProxy(url: string): Promise<{ status: number; headers: IncomingMessage['headers']; body: string }> {
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: proxyPort, path: url, headers: { host: new URL(url).host }, timeout: 3000 }, (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (c) => (body += c)).on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      });
      req.on('error', reject).end();
    });
  }

  function connectVia(authority: string): Promise<{ status: number; socket: Socket }> {
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: proxyPort, method: 'CONNECT', path: authority, timeout: 3000 });
      req.on('connect', (res: IncomingMessage, socket: Socket) => resolve({ status: res.statusCode!, socket }));
      req.on('error', reject).end();
    });
  }

  it('forwards plain http requests to an allowed host', async () => {
    const res = await viaProxy(`http://127.0.0.1:${targetPort}/page?x=1`);
    expect(res).toMatchObject({ status: 200, body: 'from target' });
    expect(res.headers['x-seen-host']).toBe(`127.0.0.1:${targetPort}`);
    expect(res.headers[PROXY_REFUSAL_HEADER]).toBeUndefined();
  });

  it('times only the connect, not a response slower than the connect timeout', async () => {
    const res = await viaProxy(`http://127.0.0.1:${targetPort}/slow`);
    expect(res).toMatchObject({ status: 200, body: 'slow but fine' });
  });

  it('refuses plain http to a name that resolves to loopback, before connecting', async () => {
    const before = hits;
    const res = await viaProxy(`http://localhost:${targetPort}/`);
    expect(res.status).toBe(403);
    expect(res.headers[PROXY_REFUSAL_HEADER]).toBe('1');
    expect(proxy.recentFailure('localhost')?.name).toBe('UnsafeUrlError');
    expect(hits).toBe(before);
  });

  it('tunnels CONNECT to an allowed host', async () => {
    const { status, socket } = await connectVia(`127.0.0.1:${targetPort}`);
    expect(status).toBe(200);
    const reply = await new Promise<string>((resolve) => {
      let data = '';
      socket.on('data', (c) => (data += c)).on('end', () => resolve(data));
      socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    });
    expect(reply).toContain('from target');
  });

  // Only local forms, so even a broken guard would connect nowhere but this machine.
  it.each(['localhost', '[::ffff:127.0.0.1]', '0.0.0.0', '127.0.0.2', '[::1]'])('refuses CONNECT to %s', async (host) => {
    const before = hits;
    const { status, socket } = await connectVia(`${host}:${targetPort}`);
    socket.destroy();
    expect(status).toBe(403);
    expect(hits).toBe(before);
  });

  it('answers 502 and remembers why when the target refuses the connection', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const closedPort = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const { status, socket } = await connectVia(`127.0.0.1:${closedPort}`);
    socket.destroy();
    expect(status).toBe(502);
    expect(proxy.recentFailure('127.0.0.1')).toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('rejects malformed CONNECT targets', async () => {
    const { status, socket } = await connectVia('no-port-here');
    socket.destroy();
    expect(status).toBe(400);
  });
});
