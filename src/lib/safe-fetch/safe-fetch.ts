import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { Agent, buildConnector, request, errors as undiciErrors } from 'undici';
import {
  bareHost, checkUrlLiteral, classifyAddress, FetchRefusedError, originAllowed, originOf, pickAddress, type AddressPolicy,
} from './address.fns.ts';

// The one door for every outbound request to an address a user gave (page evaluation, SEO
// refresh, design extraction, icon refresh, webhooks). undici connects through our own connector:
// the name is resolved once, every address checked, and the socket opened to the checked address
// itself (TLS still verifies the certificate for the name), so DNS cannot rebind between check
// and connect. Redirects are followed by hand, each hop checked again.

export { checkUrlLiteral, classifyAddress, FetchRefusedError };

export type FetchMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

export interface SafeFetcherOptions extends AddressPolicy {
  connectTimeoutMs?: number;
  totalTimeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  userAgent?: string;
  /** Name resolution (tests map names to loopback without DNS); defaults to the system resolver. */
  lookup?: (host: string) => Promise<Array<{ address: string; family: number }>>;
}

export interface SafeFetchInit {
  method?: FetchMethod;
  headers?: Record<string, string>;
  body?: string | Buffer;
  maxBytes?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
  followRedirects?: boolean;
}

export interface SafeResponse {
  /** The final URL, after redirects. */
  url: string;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** Every URL redirected to, in order. */
  redirects: string[];
  /** The body was longer than the cap and was cut there. */
  truncated: boolean;
}

export const DEFAULT_USER_AGENT = 'GeoVisibilityBot/1.0 (+https://github.com/geo-visibility)';
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export function createSafeFetcher(options: SafeFetcherOptions = {}) {
  const connectTimeoutMs = options.connectTimeoutMs ?? 5_000;
  const totalTimeoutMs = options.totalTimeoutMs ?? 20_000;
  const defaultMaxBytes = options.maxBytes ?? 5 * 1024 * 1024;
  const maxRedirects = options.maxRedirects ?? 5;
  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
  const policy: AddressPolicy = { allowPrivate: options.allowPrivate, allowOrigins: options.allowOrigins };
  const lookup = options.lookup ?? ((host: string) => dnsLookup(host, { all: true, verbatim: true }));

  /** The address to connect to for this origin, checked; throws FetchRefusedError. */
  async function resolve(hostname: string, port: string | number, protocol: 'http:' | 'https:') {
    const host = bareHost(hostname);
    const allowedOrigin = originAllowed(policy, originOf(protocol, host, port));
    if (isIP(host)) {
      const { allowed, range } = classifyAddress(host);
      if (!allowed && !allowedOrigin) throw new FetchRefusedError('private_address', `${host} is a ${range} address, which is never fetched`);
      return { address: host, family: isIP(host) };
    }
    if (!allowedOrigin) checkUrlLiteral(`${protocol}//${host}/`, policy); // localhost names
    let addresses: Array<{ address: string; family: number }>;
    try {
      addresses = await lookup(host);
    } catch (err) {
      throw new FetchRefusedError('dns', `${host} does not resolve (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
    }
    if (allowedOrigin) {
      if (!addresses.length) throw new FetchRefusedError('dns', `${host} does not resolve`);
      return addresses[0]!;
    }
    return pickAddress(host, addresses);
  }

  const baseConnect = buildConnector({ timeout: connectTimeoutMs });
  const agent = new Agent({
    connect(opts, callback) {
      const host = bareHost(opts.hostname);
      resolve(host, opts.port, opts.protocol as 'http:' | 'https:').then(
        ({ address }) => baseConnect({ ...opts, hostname: address, servername: opts.servername ?? (isIP(host) ? undefined : host) } as never, callback),
        (err: Error) => callback(err, null),
      );
    },
    connectTimeout: connectTimeoutMs,
    headersTimeout: totalTimeoutMs,
    bodyTimeout: totalTimeoutMs,
  });

  function refusalOf(err: unknown, timedOut: boolean): Error {
    if (err instanceof FetchRefusedError) return err;
    const cause = (err as { cause?: unknown }).cause;
    if (cause instanceof FetchRefusedError) return cause;
    if (timedOut) return new FetchRefusedError('timeout', `no complete answer within ${totalTimeoutMs / 1000} s`);
    if (err instanceof undiciErrors.ConnectTimeoutError) return new FetchRefusedError('timeout', `no connection within ${connectTimeoutMs / 1000} s`);
    if (err instanceof undiciErrors.HeadersTimeoutError || err instanceof undiciErrors.BodyTimeoutError) return new FetchRefusedError('timeout', 'the server stopped answering');
    if ((err as Error).name === 'AbortError' || (err as Error).name === 'RequestAbortedError') return err as Error;
    const code = (err as NodeJS.ErrnoException).code ?? (cause as NodeJS.ErrnoException | undefined)?.code;
    return new FetchRefusedError('network', `the request failed: ${code ?? (err as Error).message}`);
  }

  const send = (url: URL, init: SafeFetchInit, signal: AbortSignal) => request(url, {
    dispatcher: agent, method: init.method ?? 'GET', signal, headers: { 'user-agent': userAgent, ...init.headers }, body: init.body,
  });

  async function fetchOnce(url: URL, init: SafeFetchInit, signal: AbortSignal, maxBytes: number) {
    let res;
    try {
      res = await send(url, init, signal);
    } catch (err) {
      // A kept-alive socket the server closed just as we reused it: a GET or HEAD is sent once more.
      const code = (err as NodeJS.ErrnoException).code;
      const idempotent = !init.method || init.method === 'GET' || init.method === 'HEAD';
      if (!idempotent || signal.aborted || (code !== 'ECONNRESET' && code !== 'UND_ERR_SOCKET')) throw err;
      res = await send(url, init, signal);
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    return { res, headers, maxBytes };
  }

  async function readBody(body: AsyncIterable<Buffer> & { destroy(): void }, maxBytes: number) {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of body) {
      if (size + chunk.length > maxBytes) {
        chunks.push(chunk.subarray(0, maxBytes - size));
        body.destroy();
        return { body: Buffer.concat(chunks), truncated: true };
      }
      chunks.push(chunk);
      size += chunk.length;
    }
    return { body: Buffer.concat(chunks), truncated: false };
  }

  return {
    /** Refuses a URL that is forbidden before any DNS (400 in routes). */
    checkUrl: (url: string) => checkUrlLiteral(url, policy),
    /** The checked address for an origin (the browser proxy's CONNECT uses it). */
    resolve,

    async fetch(url: string, init: SafeFetchInit = {}): Promise<SafeResponse> {
      const timeout = AbortSignal.timeout(init.timeoutMs ?? totalTimeoutMs);
      const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
      const maxBytes = init.maxBytes ?? defaultMaxBytes;
      const follow = init.followRedirects ?? true;
      const redirects: string[] = [];
      let current = checkUrlLiteral(url, policy);
      let hopInit = init;
      try {
        for (;;) {
          const { res, headers } = await fetchOnce(current, hopInit, signal, maxBytes);
          if (follow && REDIRECTS.has(res.statusCode) && headers.location) {
            await res.body.dump();
            if (redirects.length >= maxRedirects) throw new FetchRefusedError('too_many_redirects', `more than ${maxRedirects} redirects (last to ${headers.location})`);
            let next: URL;
            try {
              next = new URL(headers.location, current);
            } catch {
              throw new FetchRefusedError('invalid_url', `the redirect target "${headers.location.slice(0, 200)}" is not a valid URL`);
            }
            current = checkUrlLiteral(next, policy);
            redirects.push(current.href);
            // 303 (and 301/302 after a POST, as browsers do) become a GET without a body.
            if (res.statusCode === 303 || ((res.statusCode === 301 || res.statusCode === 302) && hopInit.method === 'POST')) {
              hopInit = { ...hopInit, method: 'GET', body: undefined };
            }
            continue;
          }
          const read = hopInit.method === 'HEAD' ? { body: Buffer.alloc(0), truncated: false } : await readBody(res.body, maxBytes);
          return { url: current.href, status: res.statusCode, headers, redirects, ...read };
        }
      } catch (err) {
        throw refusalOf(err, timeout.aborted);
      }
    },

    close: () => agent.close(),
  };
}
export type SafeFetcher = ReturnType<typeof createSafeFetcher>;

/** The fetcher configured for this deployment (GEO_FETCH_ALLOW_PRIVATE lifts the address rule). */
/** The deployment's fetch settings (config.ts reads them from the environment). */
export interface FetchConfig {
  /** GEO_FETCH_ALLOW_PRIVATE=1: the address rule is lifted (tests, local demos); refused in production. */
  allowPrivate: boolean;
  /** Origins exempt from the address rule (tests: a loopback fixture site beside a trap). */
  allowOrigins: string[];
}

export function fetcherFromConfig(config: { fetch?: FetchConfig }, overrides: SafeFetcherOptions = {}) {
  return createSafeFetcher({ allowPrivate: config.fetch?.allowPrivate ?? false, allowOrigins: config.fetch?.allowOrigins ?? [], ...overrides });
}
