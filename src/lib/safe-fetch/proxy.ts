import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { FetchRefusedError, type FetchMethod, type SafeFetcher } from './safe-fetch.ts';

// Chromium loads pages itself, so it is started with `--proxy-server` pointing here (and
// `--proxy-bypass-list=<-loopback>`, so that loopback goes through us too). Every request the page
// makes — document, subresources, redirects (the browser follows them, each one a new request
// here), `CONNECT` for https and WebSockets — passes the safe fetcher's checks; a refused one gets
// a 403 and never leaves this process.

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'proxy-authenticate', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'host', 'content-length']);
const MAX_REQUEST_BODY = 2 * 1024 * 1024;
/**
 * Ports a page may tunnel to: https on 443 and 8443, and 80 (WebSockets over http).
 * A tunnel is raw TCP the proxy cannot read, so any other port (SSH, SMTP, databases on a public
 * host) is refused before the name is even resolved.
 */
export const CONNECT_PORTS: readonly number[] = [80, 443, 8443];

export interface SafeProxy {
  /** `http://127.0.0.1:PORT`, for `--proxy-server`. */
  url: string;
  /** Requests refused since start (URL or host:port and reason), for the job's log. */
  refused: Array<{ target: string; reason: string }>;
  close(): Promise<void>;
}

function readRequestBody(req: http.IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_REQUEST_BODY) reject(new Error('request body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(chunks.length ? Buffer.concat(chunks) : undefined));
    req.on('error', reject);
  });
}

export async function startSafeProxy(fetcher: SafeFetcher, options: { maxBytes?: number; timeoutMs?: number; connectPorts?: readonly number[] } = {}): Promise<SafeProxy> {
  const connectPorts = new Set(options.connectPorts ?? CONNECT_PORTS);
  const refused: SafeProxy['refused'] = [];
  const sockets = new Set<net.Socket>();
  const refuse = (target: string, err: unknown) => {
    const reason = err instanceof FetchRefusedError ? `${err.reason}: ${err.message}` : (err as Error).message;
    refused.push({ target, reason });
    return reason;
  };

  const server = http.createServer(async (req, res) => {
    const target = req.url ?? '';
    if (!/^https?:\/\//i.test(target)) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('this is a forward proxy: absolute URLs only');
      return;
    }
    try {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      const body = await readRequestBody(req);
      const answer = await fetcher.fetch(target, {
        method: (req.method ?? 'GET') as FetchMethod, headers, body, followRedirects: false, maxBytes: options.maxBytes, timeoutMs: options.timeoutMs,
      });
      if (answer.truncated) throw new FetchRefusedError('too_large', `the answer is larger than the ${options.maxBytes ?? 'default'} byte cap`);
      const out: Record<string, string> = {};
      for (const [name, value] of Object.entries(answer.headers)) if (!HOP_BY_HOP.has(name)) out[name] = value;
      // The body passes through as received (still encoded), so its length is what we send.
      res.writeHead(answer.status, { ...out, 'content-length': String(answer.body.length) }).end(answer.body);
    } catch (err) {
      const reason = refuse(target, err);
      if (!res.headersSent) res.writeHead(err instanceof FetchRefusedError && err.reason !== 'network' && err.reason !== 'timeout' ? 403 : 502, { 'content-type': 'text/plain' });
      res.end(`refused by the evaluation proxy: ${reason}`);
    }
  });

  // https and WebSockets: a tunnel, opened only to the checked address.
  server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const target = req.url ?? '';
    client.on('error', () => client.destroy());
    const match = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(target);
    if (!match) {
      refuse(target, new Error('malformed CONNECT target'));
      client.end('HTTP/1.1 400 Bad Request\r\n\r\n');
      return;
    }
    const [, host, port] = match as unknown as [string, string, string];
    if (!connectPorts.has(Number(port))) {
      refuse(target, new FetchRefusedError('port', `tunnels are opened only to ports ${[...connectPorts].join(', ')}`));
      client.end('HTTP/1.1 403 Forbidden\r\ncontent-type: text/plain\r\n\r\n');
      return;
    }
    fetcher.resolve(host, port === '443' ? '' : port, 'https:').then(({ address }) => {
      const upstream = net.connect({ host: address, port: Number(port), timeout: 10_000 }, () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        if (head.length) upstream.write(head);
        upstream.setTimeout(0);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      sockets.add(upstream);
      upstream.on('close', () => sockets.delete(upstream));
      upstream.on('timeout', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
      client.on('close', () => upstream.destroy());
    }, (err) => {
      refuse(target, err);
      client.end('HTTP/1.1 403 Forbidden\r\ncontent-type: text/plain\r\n\r\n');
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    refused,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
