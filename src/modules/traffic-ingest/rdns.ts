import { Resolver } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import pLimit from 'p-limit';

// Forward-confirmed reverse DNS, the check Google, Bing, Apple, Amazon and Common Crawl document
// for their crawlers: the address's PTR name must end in one of the operator's domains, and that
// name must resolve back to the same address. A PTR record alone proves nothing (whoever owns an
// address block writes its PTR names), hence the forward step. Used for a hit its operator's
// published ranges did not verify; an answer is remembered per address for the whole upload.

export interface DnsLookups {
  reverse(ip: string): Promise<string[]>;
  resolve(host: string, family: 4 | 6): Promise<string[]>;
}

/** At most this many PTR names of one address are followed (a spoofer can publish hundreds). */
const MAX_NAMES = 5;

const normalized = (ip: string) => {
  const a = ipaddr.process(ip); // IPv4-mapped IPv6 is read as IPv4
  return { family: a.kind() === 'ipv4' ? 4 as const : 6 as const, text: a.toNormalizedString(), compact: a.toString() };
};

/** Errors that say the resolver did not answer, rather than that the name has no record. */
const UNANSWERED = new Set(['ETIMEOUT', 'ECONNREFUSED', 'ESERVFAIL', 'ECANCELLED', 'EREFUSED', 'ECONNRESET']);

/**
 * Whether `ip` reverse-resolves into one of `suffixes` (`.googlebot.com`) and that name back to
 * `ip`; null when the resolver did not answer the reverse query (not confirmed either).
 */
export async function forwardConfirmed(ip: string, suffixes: readonly string[], dns: DnsLookups): Promise<boolean | null> {
  let address: ReturnType<typeof normalized>;
  try {
    address = normalized(ip);
  } catch {
    return false;
  }
  let names: string[];
  try {
    names = await dns.reverse(address.compact);
  } catch (err) {
    // No PTR record: not confirmed. No answer at all: not confirmed, and said so.
    return UNANSWERED.has((err as { code?: string }).code ?? '') ? null : false;
  }
  for (const name of names.slice(0, MAX_NAMES)) {
    const host = name.toLowerCase().replace(/\.$/, '');
    // The dot before the domain matters: `evilgooglebot.com` does not end in `.googlebot.com`.
    if (!suffixes.some((s) => host.endsWith(s))) continue;
    try {
      const back = await dns.resolve(host, address.family);
      if (back.some((a) => ipaddr.isValid(a) && normalized(a).text === address.text)) return true;
    } catch {
      // the name does not resolve: try the next
    }
  }
  return false;
}

/** Distinct addresses one upload may look up. */
export const MAX_DNS_ADDRESSES = 10_000;

/** Consecutive unanswered lookups after which an upload stops asking (an offline host, a dead resolver). */
export const MAX_UNANSWERED = 8;

export interface DnsStats {
  checked: number;
  confirmed: number;
  /** Hits not looked up: past the address limit, or once the resolver stopped answering. */
  skipped: number;
  /** The resolver stopped answering (MAX_UNANSWERED in a row): the rest stayed claimed. */
  unanswered: boolean;
}

/**
 * One upload's confirmer: each distinct (domains, address) is looked up once, at most `concurrency`
 * lookups at a time and at most `maxAddresses` per upload (a log full of spoofers from a million
 * addresses must not turn into a million DNS queries); past that, hits stay `claimed`. A resolver
 * that does not answer MAX_UNANSWERED times in a row is not asked again for this upload, so an
 * offline host costs seconds, not a timeout per address.
 */
export function createConfirmer(dns: DnsLookups, o: { concurrency?: number; maxAddresses?: number } = {}) {
  const limit = pLimit(o.concurrency ?? 16);
  const maxAddresses = o.maxAddresses ?? MAX_DNS_ADDRESSES;
  const known = new Map<string, Promise<boolean>>();
  const stats: DnsStats = { checked: 0, confirmed: 0, skipped: 0, unanswered: false };
  let silent = 0;
  return {
    stats,
    confirm(ip: string, suffixes: readonly string[]): Promise<boolean> {
      const key = `${suffixes.join(',')} ${ip}`;
      const seen = known.get(key);
      if (seen) return seen;
      if (known.size >= maxAddresses || stats.unanswered) {
        stats.skipped++;
        return Promise.resolve(false);
      }
      const answer = limit(async () => {
        if (stats.unanswered) {
          stats.skipped++;
          return false;
        }
        stats.checked++;
        const ok = await forwardConfirmed(ip, suffixes, dns);
        silent = ok === null ? silent + 1 : 0;
        if (silent >= MAX_UNANSWERED) stats.unanswered = true;
        if (ok) stats.confirmed++;
        return ok === true;
      });
      known.set(key, answer);
      return answer;
    },
  };
}

/** Lookups through `servers` (`ip` or `ip:port`, `[v6]:port`), or the system's resolvers when empty. */
export function systemLookups(servers: string[], timeoutMs = 2_000): DnsLookups {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 2 });
  if (servers.length) resolver.setServers(servers);
  return {
    reverse: (ip) => resolver.reverse(ip),
    resolve: (host, family) => (family === 4 ? resolver.resolve4(host) : resolver.resolve6(host)),
  };
}
