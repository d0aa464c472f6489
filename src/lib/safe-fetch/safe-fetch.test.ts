import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSafeFetcher, FetchRefusedError } from './safe-fetch.ts';
import { startSafeProxy } from './proxy.ts';

// Loopback only: a fixture site whose origin is allowed by name, and a trap listener on another
// port that must never see a connection.

let site: http.Server;
let trap: net.Server;
let sitePort = 0;
let trapPort = 0;
let trapConnections = 0;
const listen = async (server: net.Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

beforeAll(async () => {
  trap = net.createServer((socket) => {
    trapConnections++;
    socket.destroy();
  });
  trapPort = await listen(trap);
  site = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    const n = Number(url.searchParams.get('n') ?? 0);
    switch (url.pathname) {
      case '/page': return void res.writeHead(200, { 'content-type': 'text/html', 'x-host': req.headers.host ?? '' }).end('<title>hi</title>');
      case '/to-trap': return void res.writeHead(302, { location: `http://127.0.0.1:${trapPort}/` }).end();
      case '/to-trap-decimal': return void res.writeHead(302, { location: `http://2130706433:${trapPort}/` }).end();
      case '/to-trap-mapped': return void res.writeHead(301, { location: `http://[::ffff:127.0.0.1]:${trapPort}/` }).end();
      case '/to-ftp': return void res.writeHead(302, { location: 'ftp://example.com/' }).end();
      case '/loop': return void res.writeHead(302, { location: '/loop' }).end();
      case '/chain': return void res.writeHead(302, { location: n > 0 ? `/chain?n=${n - 1}` : '/page' }).end();
      case '/big': return void res.writeHead(200, { 'content-type': 'text/plain' }).end(Buffer.alloc(100_000, 97));
      case '/hang': return; // never answers
      case '/echo': {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => res.writeHead(200).end(`${req.method} ${Buffer.concat(chunks).toString()}`));
        return;
      }
      default: return void res.writeHead(404).end();
    }
  });
  sitePort = await listen(site);
});
afterAll(async () => {
  site.closeAllConnections();
  await new Promise((r) => site.close(r));
  await new Promise((r) => trap.close(r));
});

const fetcher = () => createSafeFetcher({ allowOrigins: [`http://127.0.0.1:${sitePort}`, `http://site.test:${sitePort}`], totalTimeoutMs: 2_000 });
const base = () => `http://127.0.0.1:${sitePort}`;
async function refusal(promise: Promise<unknown>) {
  const err = await promise.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(FetchRefusedError);
  return (err as FetchRefusedError).reason;
}

describe('safe fetcher', () => {
  it('fetches the allowed origin', async () => {
    const res = await fetcher().fetch(`${base()}/page`);
    expect(res).toMatchObject({ status: 200, url: `${base()}/page`, redirects: [], truncated: false });
    expect(res.body.toString()).toBe('<title>hi</title>');
    expect(res.headers['content-type']).toBe('text/html');
  });

  it('posts a body', async () => {
    const res = await fetcher().fetch(`${base()}/echo`, { method: 'POST', body: 'hello' });
    expect(res.body.toString()).toBe('POST hello');
  });

  it.each(['/to-trap', '/to-trap-decimal', '/to-trap-mapped'])('refuses a redirect %s to a forbidden address without connecting', async (path) => {
    const before = trapConnections;
    expect(await refusal(fetcher().fetch(`${base()}${path}`))).toBe('private_address');
    expect(trapConnections).toBe(before);
  });

  it.each([
    [() => `http://127.0.0.1:${trapPort}/`, 'private_address'], [() => `http://2130706433:${trapPort}/`, 'private_address'],
    [() => `http://0x7f.1:${trapPort}/`, 'private_address'], [() => `http://localhost:${trapPort}/`, 'private_address'],
    [() => `http://[::ffff:7f00:1]:${trapPort}/`, 'private_address'], [() => `http://user:pw@127.0.0.1:${sitePort}/page`, 'credentials'],
    [() => `ftp://127.0.0.1:${trapPort}/`, 'scheme'],
  ])('refuses a forbidden address literal (%#) without connecting', async (url, reason) => {
    const before = trapConnections;
    expect(await refusal(fetcher().fetch(url()))).toBe(reason);
    expect(trapConnections).toBe(before);
  });

  it('refuses a name that resolves to a forbidden address, and connects to the checked address of an allowed one', async () => {
    const names = createSafeFetcher({
      allowOrigins: [`http://site.test:${sitePort}`],
      lookup: async (host) => [{ address: '127.0.0.1', family: 4 }].filter(() => host === 'trap.test' || host === 'site.test'),
    });
    const before = trapConnections;
    expect(await refusal(names.fetch(`http://trap.test:${trapPort}/`))).toBe('private_address');
    expect(await refusal(names.fetch(`http://nowhere.test:${trapPort}/`))).toBe('dns');
    expect(trapConnections).toBe(before);
    const res = await names.fetch(`http://site.test:${sitePort}/page`);
    expect(res.headers['x-host']).toBe(`site.test:${sitePort}`);
  });

  it('follows at most five redirects, each checked', async () => {
    const ok = await fetcher().fetch(`${base()}/chain?n=4`);
    expect(ok.redirects).toHaveLength(5);
    expect(ok.url).toBe(`${base()}/page`);
    expect(await refusal(fetcher().fetch(`${base()}/chain?n=5`))).toBe('too_many_redirects');
    expect(await refusal(fetcher().fetch(`${base()}/loop`))).toBe('too_many_redirects');
    expect(await refusal(fetcher().fetch(`${base()}/to-ftp`))).toBe('scheme');
    const manual = await fetcher().fetch(`${base()}/loop`, { followRedirects: false });
    expect(manual.status).toBe(302);
  });

  it('cuts a body at the cap and gives up on a server that never answers', async () => {
    const big = await fetcher().fetch(`${base()}/big`, { maxBytes: 1000 });
    expect(big.truncated).toBe(true);
    expect(big.body.length).toBe(1000);
    expect(await refusal(fetcher().fetch(`${base()}/hang`, { timeoutMs: 300 }))).toBe('timeout');
  });

  it('reports a refused connection as a network failure', async () => {
    const free = net.createServer();
    const port = await listen(free); // a port nobody listens on once closed
    await new Promise((r) => free.close(r));
    expect(await refusal(createSafeFetcher({ allowPrivate: true }).fetch(`http://127.0.0.1:${port}/`))).toBe('network');
  });
});

describe('the browser proxy', () => {
  function viaProxy(proxyUrl: string, target: string) {
    const proxy = new URL(proxyUrl);
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      http.get({ host: proxy.hostname, port: proxy.port, path: target, headers: { host: new URL(target).host } }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      }).on('error', reject);
    });
  }
  function connect(proxyUrl: string, target: string) {
    const proxy = new URL(proxyUrl);
    return new Promise<string>((resolve, reject) => {
      const req = http.request({ host: proxy.hostname, port: proxy.port, method: 'CONNECT', path: target });
      req.on('connect', (res, socket) => {
        socket.destroy();
        resolve(String(res.statusCode));
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('passes allowed requests and refuses forbidden ones, plain and CONNECT, before any connection', async () => {
    const proxy = await startSafeProxy(fetcher());
    try {
      const ok = await viaProxy(proxy.url, `${base()}/page`);
      expect(ok).toEqual({ status: 200, body: '<title>hi</title>' });
      // The browser follows redirects itself: the proxy hands the 302 back, and the next hop is refused.
      expect((await viaProxy(proxy.url, `${base()}/to-trap`)).status).toBe(302);
      const before = trapConnections;
      expect((await viaProxy(proxy.url, `http://127.0.0.1:${trapPort}/`)).status).toBe(403);
      expect((await viaProxy(proxy.url, `http://2130706433:${trapPort}/`)).status).toBe(403);
      expect(await connect(proxy.url, `127.0.0.1:${trapPort}`)).toBe('403');
      expect(await connect(proxy.url, `[::1]:${trapPort}`)).toBe('403');
      expect(trapConnections).toBe(before);
      // CONNECT to a port other than 80, 443, 8443 is refused before the address is looked at.
      expect(proxy.refused.map((r) => r.reason.split(':')[0])).toEqual(['private_address', 'private_address', 'port', 'port']);
      expect(await connect(proxy.url, `127.0.0.1:${sitePort}`)).toBe('403'); // https origin of the site is not allowed
    } finally {
      await proxy.close();
    }
  });

  // A tunnel is raw TCP; only the web's ports may be tunnelled to, whatever the address.
  it('opens CONNECT tunnels only to ports 80, 443 and 8443 (the address allowed or not)', async () => {
    const tunnelTo = createSafeFetcher({ allowOrigins: [`https://127.0.0.1:${trapPort}`], totalTimeoutMs: 2_000 });
    const proxy = await startSafeProxy(tunnelTo);
    try {
      const before = trapConnections;
      expect(await connect(proxy.url, `127.0.0.1:${trapPort}`)).toBe('403');
      expect(await connect(proxy.url, 'site.test:22')).toBe('403');
      expect(trapConnections).toBe(before);
      expect(proxy.refused).toEqual([
        { target: `127.0.0.1:${trapPort}`, reason: 'port: tunnels are opened only to ports 80, 443, 8443' },
        { target: 'site.test:22', reason: 'port: tunnels are opened only to ports 80, 443, 8443' },
      ]);
    } finally {
      await proxy.close();
    }
    // The same allowed origin on a port the proxy tunnels to is connected.
    const open = await startSafeProxy(tunnelTo, { connectPorts: [trapPort] });
    try {
      const before = trapConnections;
      expect(await connect(open.url, `127.0.0.1:${trapPort}`)).toBe('200');
      await expect.poll(() => trapConnections).toBe(before + 1);
    } finally {
      await open.close();
    }
  });
});
