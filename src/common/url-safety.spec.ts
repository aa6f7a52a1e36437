import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';
import {
  assertHttpUrl,
  assertPublicUrl,
  createGuardedConnect,
  createGuardedLookup,
  isPublicAddress,
  UnsafeUrlError,
  type HostResolver,
} from './url-safety';

jest.setTimeout(5_000);

/** Pins host names to addresses without touching DNS. */
function pinned(map: Record<string, string[]>): HostResolver {
  return async (hostname) => {
    const addresses = map[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.1',
    '172.16.5.4',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254', // cloud metadata
    '169.254.0.1',
    '100.64.0.1', // CGNAT
    '100.100.100.200', // Alibaba metadata, CGNAT range
    '0.0.0.0',
    '0.1.2.3', // 0.0.0.0/8
    '255.255.255.255',
    '224.0.0.1', // multicast
    '239.255.255.250',
    '240.0.0.1', // reserved
    '192.0.2.10', // documentation
    '198.51.100.7',
    '203.0.113.9',
    '198.18.0.1', // benchmarking
    '198.19.255.1',
    '192.0.0.8', // IETF protocol assignments
    '::1',
    '::',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd00:ec2::254', // AWS IPv6 metadata (unique-local)
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::ffff:0:127.0.0.1', // rfc6145
    '::127.0.0.1', // deprecated IPv4-compatible
    '64:ff9b::7f00:1', // NAT64 of 127.0.0.1
    '64:ff9b:1::808:808', // local-use NAT64
    '2002:7f00:1::1', // 6to4 of 127.0.0.1
    '2002:a00:1::', // 6to4 of 10.0.0.1
    '2001:db8::1', // documentation
    '2001:2::1', // benchmarking
    '2001::1', // teredo
    'fec0::1', // deprecated site-local
    '[::1]',
    '0x7f.0.0.1',
    '2130706433',
    '017700000001',
    'not-an-ip',
    '',
    '999.1.1.1',
  ])('refuses %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '172.32.0.1', // just outside 172.16/12
    '100.128.0.1', // just outside CGNAT
    '2606:4700:4700::1111',
    '2a00:1450:4001:80e::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808', // NAT64 of 8.8.8.8
    '2002:808:808::1', // 6to4 of 8.8.8.8
    '[2606:4700::1]',
  ])('accepts %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });
});

describe('assertHttpUrl', () => {
  it('accepts http and https URLs', () => {
    expect(assertHttpUrl('https://example.com/pricing').hostname).toBe('example.com');
    expect(assertHttpUrl('http://example.com:8080/').port).toBe('8080');
  });

  it.each(['ftp://example.com/', 'file:///etc/passwd', 'javascript:alert(1)', 'data:text/html,hi', 'gopher://x/'])(
    'refuses the scheme of %s',
    (raw) => {
      expect(() => assertHttpUrl(raw)).toThrow(UnsafeUrlError);
    },
  );

  it('refuses credentials, missing hosts and garbage', () => {
    expect(() => assertHttpUrl('https://user:pw@example.com/')).toThrow(/credentials/);
    expect(() => assertHttpUrl('https://user@example.com/')).toThrow(/credentials/);
    expect(() => assertHttpUrl('not a url')).toThrow(/valid URL/);
    expect(() => assertHttpUrl('http://')).toThrow(UnsafeUrlError);
  });
});

describe('assertPublicUrl', () => {
  const resolver = pinned({
    'public.test': ['93.184.216.34', '2606:2800:220:1::1'],
    'internal.test': ['10.1.2.3'],
    'mixed.test': ['93.184.216.34', '127.0.0.1'],
    'mapped.test': ['::ffff:127.0.0.1'],
  });

  it('accepts a name that resolves only to public addresses', async () => {
    await expect(assertPublicUrl('https://public.test/x', { allowPrivate: false, resolver })).resolves.toBeInstanceOf(URL);
  });

  it.each([
    'http://internal.test/',
    'http://mixed.test/',
    'http://mapped.test/',
    'http://127.0.0.1/',
    'http://127.1/',
    'http://0x7f000001/',
    'http://2130706433/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://0.0.0.0:3000/',
  ])('refuses %s', async (raw) => {
    await expect(assertPublicUrl(raw, { allowPrivate: false, resolver })).rejects.toThrow(UnsafeUrlError);
  });

  it('names the address that made it refuse', async () => {
    await expect(assertPublicUrl('http://mixed.test/', { allowPrivate: false, resolver })).rejects.toThrow(
      'Refused to connect to mixed.test: it resolves to non-public address 127.0.0.1',
    );
  });

  it('says that ALLOW_PRIVATE_NETWORK_TARGETS=true allows a non-public target for local tests', async () => {
    await expect(assertPublicUrl('http://127.0.0.1:3000/', { allowPrivate: false, resolver })).rejects.toThrow(
      'Refused to connect to non-public address 127.0.0.1 (set ALLOW_PRIVATE_NETWORK_TARGETS=true to allow it for local tests)',
    );
  });

  it('lets private targets through when allowed, but still checks the scheme', async () => {
    await expect(assertPublicUrl('http://127.0.0.1:3000/', { allowPrivate: true })).resolves.toBeInstanceOf(URL);
    await expect(assertPublicUrl('file:///etc/passwd', { allowPrivate: true })).rejects.toThrow(UnsafeUrlError);
  });

  it('exempts only the listed hosts', async () => {
    const opts = { allowPrivate: false, allowPrivateHosts: ['internal.test'], resolver };
    await expect(assertPublicUrl('http://internal.test/', opts)).resolves.toBeInstanceOf(URL);
    await expect(assertPublicUrl('http://mixed.test/', opts)).rejects.toThrow(UnsafeUrlError);
  });

  it('passes resolver failures through', async () => {
    await expect(assertPublicUrl('http://nowhere.test/', { allowPrivate: false, resolver })).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });

  it('fails fast on the .invalid TLD with the system resolver', async () => {
    const started = Date.now();
    await expect(assertPublicUrl('http://nonexistent.invalid/', { allowPrivate: false })).rejects.toMatchObject({ code: 'ENOTFOUND' });
    expect(Date.now() - started).toBeLessThan(2000);
  }, 5000);
});

describe('createGuardedLookup', () => {
  const lookup = createGuardedLookup({ allowPrivate: false, resolver: pinned({ 'public.test': ['93.184.216.34'], 'local.test': ['127.0.0.1'] }) });

  it('answers single and all-address lookups for public names', async () => {
    const single = await new Promise<[Error | null, unknown, unknown]>((resolve) => lookup('public.test', {}, (e, a, f) => resolve([e, a, f])));
    expect(single).toEqual([null, '93.184.216.34', 4]);
    const all = await new Promise<[Error | null, unknown]>((resolve) => lookup('public.test', { all: true }, (e, a) => resolve([e, a])));
    expect(all).toEqual([null, [{ address: '93.184.216.34', family: 4 }]]);
  });

  it('refuses names that resolve to loopback', async () => {
    const err = await new Promise<Error | null>((resolve) => lookup('local.test', { all: true }, (e) => resolve(e)));
    expect(err).toBeInstanceOf(UnsafeUrlError);
  });
});

describe('createGuardedConnect with an undici Agent', () => {
  let server: Server;
  let port: number;
  let hits = 0;

  beforeAll(async () => {
    server = createServer((_req, res) => {
      hits++;
      res.end('secret');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  function agentWith(options: Parameters<typeof createGuardedConnect>[0]): Agent {
    return new Agent({ connect: createGuardedConnect(options) });
  }

  async function get(agent: Agent, url: string): Promise<string> {
    try {
      const res = await request(url, { dispatcher: agent, signal: AbortSignal.timeout(3000) });
      return await res.body.text();
    } finally {
      await agent.close();
    }
  }

  it('refuses IP-literal loopback hosts before any connection is made', async () => {
    const before = hits;
    await expect(get(agentWith({ allowPrivate: false, connectTimeoutMs: 1000 }), `http://127.0.0.1:${port}/`)).rejects.toBeInstanceOf(UnsafeUrlError);
    expect(hits).toBe(before);
  }, 5000);

  it('refuses a name that resolves to loopback at connect time (DNS rebinding)', async () => {
    // Validation sees a public address; the connection-time lookup gets loopback.
    let calls = 0;
    const resolver: HostResolver = async () => [{ address: calls++ === 0 ? '93.184.216.34' : '127.0.0.1', family: 4 }];
    const url = `http://rebind.test:${port}/`;
    await expect(assertPublicUrl(url, { allowPrivate: false, resolver })).resolves.toBeInstanceOf(URL);
    const before = hits;
    await expect(get(agentWith({ allowPrivate: false, resolver, connectTimeoutMs: 1000 }), url)).rejects.toBeInstanceOf(UnsafeUrlError);
    expect(hits).toBe(before);
  }, 5000);

  it('connects when private targets are allowed', async () => {
    await expect(get(agentWith({ allowPrivate: true, connectTimeoutMs: 1000 }), `http://127.0.0.1:${port}/`)).resolves.toBe('secret');
  }, 5000);

  it('connects to an exempt host name pinned to loopback', async () => {
    const resolver = pinned({ 'fixture.test': ['127.0.0.1'] });
    const agent = agentWith({ allowPrivate: false, allowPrivateHosts: ['fixture.test'], resolver, connectTimeoutMs: 1000 });
    await expect(get(agent, `http://fixture.test:${port}/`)).resolves.toBe('secret');
  }, 5000);
});
