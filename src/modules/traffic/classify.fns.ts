import { readFileSync } from 'node:fs';
import ipaddr from 'ipaddr.js';

// Who sent a hit: the AI agent its user agent names (data/ai-agents.json), whether its address
// is in the operator's published ranges (`verified`) or not (`claimed`: anyone can send any user
// agent, so a spoofer is never verified), and which AI answer engine referred a human visit.
// Classification only reads addresses: nothing here resolves or connects to anything.

export type Purpose = 'training' | 'search_index' | 'user_fetch';
export type Verification = 'verified' | 'claimed';

export interface Agent {
  id: string;
  token: string;
  operator: string;
  purpose: Purpose;
  engine: string | null;
  ranges: string | null;
  /** A robots.txt token only (Google-Extended, Applebot-Extended): never sent as a user agent. */
  robotsOnly?: boolean;
  /** The domains (`.googlebot.com`) its operator documents for forward-confirmed reverse DNS. */
  rdns?: string[];
}
export interface RangeList { source: string; observed: string; via: string; prefixes: string[] }
export interface AgentData {
  version: string;
  agents: Agent[];
  ranges: Record<string, RangeList>;
  referrers: Array<{ host: string; engine: string }>;
}

/** The shipped table (read once; JSON modules are still experimental on Node 20). */
export const AGENTS_FILE = new URL('./data/ai-agents.json', import.meta.url);
export const AGENT_DATA = JSON.parse(readFileSync(AGENTS_FILE, 'utf8')) as AgentData;

type Parsed = [ipaddr.IPv4 | ipaddr.IPv6, number];

export function createClassifier(source: AgentData = AGENT_DATA) {
  const uaAgents = source.agents.filter((a) => !a.robotsOnly);
  // Longest tokens first so `Applebot-Extended` is not read as `Applebot`; one regex pass per line.
  const tokens = [...uaAgents].sort((a, b) => b.token.length - a.token.length);
  const pattern = new RegExp(tokens.map((a) => a.token.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&')).join('|'), 'i');
  const byToken = new Map(tokens.map((a) => [a.token.toLowerCase(), a]));
  const ranges = new Map<string, Parsed[]>();
  for (const [name, list] of Object.entries(source.ranges)) ranges.set(name, list.prefixes.map((p) => ipaddr.parseCIDR(p) as Parsed));
  // Bots come back from few addresses: the answer per (list, address) is remembered, bounded.
  const cache = new Map<string, boolean>();
  const referrers = source.referrers.map((r) => ({ host: r.host.toLowerCase(), engine: r.engine }));

  function inRanges(list: string, ip: string): boolean {
    const key = `${list} ${ip}`;
    const known = cache.get(key);
    if (known !== undefined) return known;
    let address: ipaddr.IPv4 | ipaddr.IPv6;
    try {
      address = ipaddr.process(ip); // IPv4-mapped IPv6 is read as IPv4
    } catch {
      return false;
    }
    const result = (ranges.get(list) ?? []).some(([net, bits]) => net.kind() === address.kind() && address.match(net as never, bits));
    if (cache.size > 50_000) cache.clear();
    cache.set(key, result);
    return result;
  }

  return {
    version: source.version,
    agents: source.agents,
    /** The table it classifies with (handed to the ingestion process). */
    source,
    /** The AI agent a user agent names, or null. */
    agentOf(userAgent: string): Agent | null {
      const m = pattern.exec(userAgent);
      return m ? byToken.get(m[0].toLowerCase()) ?? null : null;
    },
    verify(agent: Agent, ip: string): Verification {
      return agent.ranges && inRanges(agent.ranges, ip) ? 'verified' : 'claimed';
    },
    /** The AI engine a referrer URL belongs to (the host or any subdomain of it), or null. */
    referrerEngine(referrer: string | null): string | null {
      if (!referrer) return null;
      const start = referrer.indexOf('//');
      if (start === -1) return null;
      let end = referrer.length;
      for (const c of ['/', '?', '#', ':']) {
        const i = referrer.indexOf(c, start + 2);
        if (i !== -1 && i < end) end = i;
      }
      const host = referrer.slice(start + 2, end).toLowerCase();
      for (const r of referrers) if (host === r.host || host.endsWith(`.${r.host}`)) return r.engine;
      return null;
    },
  };
}
export type Classifier = ReturnType<typeof createClassifier>;

/** What is kept of an address once verified: IPv4 /24, IPv6 /48 (enough for a network, not a person). */
export function truncateIp(ip: string): string {
  try {
    const a = ipaddr.process(ip);
    if (a.kind() === 'ipv4') {
      const o = (a as ipaddr.IPv4).octets;
      return `${o[0]}.${o[1]}.${o[2]}.0/24`;
    }
    const p = (a as ipaddr.IPv6).parts;
    return `${new ipaddr.IPv6([p[0]!, p[1]!, p[2]!, 0, 0, 0, 0, 0]).toString()}/48`;
  } catch {
    return 'invalid';
  }
}
