import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { cutAt, trimEndOf } from '../text/trim.ts';

// Which addresses a user-given URL may reach, as pure functions: the fetcher, the browser's proxy
// and the routes (400 on a literal) all ask these, so the rule is written once.

export class FetchRefusedError extends Error {
  constructor(
    /** `private_address`, `port` (a tunnel to a port other than 80, 443, 8443), `scheme`, `credentials`, `invalid_url`, `too_many_redirects`, `timeout`, `too_large`, `dns`, `network` */
    readonly reason: string,
    message: string,
  ) {
    super(message);
    this.name = 'FetchRefusedError';
  }
}

/**
 * Only globally routable unicast is allowed. ipaddr.js names every special range (loopback,
 * private, linkLocal, carrierGradeNat, multicast, reserved — which covers the documentation
 * ranges —, unspecified, broadcast, ipv4Mapped, rfc6052 NAT64, 6to4, teredo, uniqueLocal, …);
 * anything not `unicast` is refused. IPv4-compatible IPv6 (`::a.b.c.d`, deprecated) is named here.
 */
export function classifyAddress(ip: string): { allowed: boolean; range: string } {
  const bare = cutAt(ip.replace(/^\[|\]$/g, ''), '%');
  if (!ipaddr.isValid(bare)) return { allowed: false, range: 'invalid' };
  const addr = ipaddr.parse(bare);
  if (addr.kind() === 'ipv6') {
    const parts = (addr as ipaddr.IPv6).parts;
    if (parts.slice(0, 6).every((p) => p === 0) && (parts[6] !== 0 || parts[7]! > 1)) return { allowed: false, range: 'ipv4Compatible' };
  }
  const range = addr.range();
  return { allowed: range === 'unicast', range };
}

export interface AddressPolicy {
  /** Lifts the address rule entirely (GEO_FETCH_ALLOW_PRIVATE, tests and local demos only). */
  allowPrivate?: boolean;
  /** Origins (`http://127.0.0.1:4100`) whose address rule is lifted, and only theirs. */
  allowOrigins?: string[];
}

/** `scheme://host[:port]` as URL.origin spells it (default ports dropped, IPv6 bracketed). */
export function originOf(protocol: string, hostname: string, port: string | number): string {
  const host = isIP(hostname) === 6 && !hostname.startsWith('[') ? `[${hostname}]` : hostname;
  return new URL(`${protocol}//${host}${port ? `:${port}` : ''}`).origin;
}

export function originAllowed(policy: AddressPolicy, origin: string): boolean {
  if (policy.allowPrivate) return true;
  return (policy.allowOrigins ?? []).some((o) => {
    try {
      return new URL(o).origin === origin;
    } catch {
      return false;
    }
  });
}

/** A host name without brackets or trailing dots, lower case. */
export function bareHost(hostname: string): string {
  return trimEndOf(hostname.replace(/^\[|\]$/g, ''), '.').toLowerCase();
}

const isLocalName = (host: string) => host === 'localhost' || host.endsWith('.localhost');

/**
 * The checks that need no DNS: scheme, credentials, and a host that is a forbidden address
 * literal (any IPv4 spelling — the WHATWG parser turns decimal, octal, hex and short forms into
 * dotted quads — or IPv6) or a `localhost` name. Throws FetchRefusedError; returns the URL.
 */
export function checkUrlLiteral(url: string | URL, policy: AddressPolicy = {}): URL {
  let parsed: URL;
  try {
    parsed = typeof url === 'string' ? new URL(url) : url;
  } catch {
    throw new FetchRefusedError('invalid_url', `"${String(url).slice(0, 200)}" is not a valid URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new FetchRefusedError('scheme', `only http and https addresses are fetched (got ${parsed.protocol.replace(/:$/, '')})`);
  }
  if (parsed.username || parsed.password) throw new FetchRefusedError('credentials', 'addresses with a user name or password are not fetched');
  const host = bareHost(parsed.hostname);
  if (!host) throw new FetchRefusedError('invalid_url', 'the address has no host');
  if (originAllowed(policy, parsed.origin)) return parsed;
  if (isIP(host)) {
    const { allowed, range } = classifyAddress(host);
    if (!allowed) throw new FetchRefusedError('private_address', `${host} is a ${range} address, which is never fetched`);
  } else if (isLocalName(host)) {
    throw new FetchRefusedError('private_address', `${host} names this machine, which is never fetched`);
  }
  return parsed;
}

/** Of the addresses a name resolved to, the first allowed one; refuses when there is none. */
export function pickAddress(host: string, addresses: Array<{ address: string; family: number }>) {
  if (!addresses.length) throw new FetchRefusedError('dns', `${host} does not resolve`);
  const checked = addresses.map((a) => ({ ...a, ...classifyAddress(a.address) }));
  const ok = checked.find((a) => a.allowed);
  if (!ok) {
    const first = checked[0]!;
    throw new FetchRefusedError('private_address', `${host} resolves to ${first.address} (${first.range}), which is never fetched`);
  }
  return { address: ok.address, family: ok.family };
}
