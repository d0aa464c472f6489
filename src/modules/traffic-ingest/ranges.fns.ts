import ipaddr from 'ipaddr.js';
import { trimTrailingSlashes } from '../../lib/text/trim.ts';

// The pure half of `npm run traffic:refresh-ranges` (refresh-ranges.cli.ts): reading an
// operator's published range list, judging it, and writing traffic/data/ai-agents.json back in its own
// layout. A list that is empty or has one malformed entry is refused whole: a half-read list
// would silently turn verified crawlers into `claimed`, and a wrong one would verify spoofers.

/** Operators publish crawler blocks of /8 and narrower (IPv6 /16): anything broader is a broken list, and would verify most spoofers. */
export const MIN_PREFIX = { ipv4: 8, ipv6: 16 } as const;
/** More entries than any operator's crawler list has: a misdirected file (a cloud's whole range list), not a crawler list. */
export const MAX_PREFIXES = 20_000;

export type ListReading = { prefixes: string[] } | { error: string };

/** The CIDRs of a list in Google's shape, `{prefixes: [{ipv4Prefix} | {ipv6Prefix}]}`, or why it is refused. */
export function parseRangeList(body: unknown): ListReading {
  const entries = (body as { prefixes?: unknown } | null)?.prefixes;
  if (typeof body !== 'object' || body === null || !Array.isArray(entries)) return { error: 'not a range list: no `prefixes` array' };
  if (!entries.length) return { error: 'the list is empty' };
  if (entries.length > MAX_PREFIXES) return { error: `${entries.length} prefixes, more than ${MAX_PREFIXES}: not a crawler list` };
  const prefixes = new Set<string>();
  for (const [i, entry] of entries.entries()) {
    const checked = checkEntry(entry);
    if (typeof checked !== 'string') return { error: `prefixes[${i}]: ${checked.error}` };
    prefixes.add(checked);
  }
  return { prefixes: [...prefixes] };
}

function checkEntry(entry: unknown): string | { error: string } {
  // Other fields (a service or scope name) are allowed and not kept.
  const { ipv4Prefix, ipv6Prefix } = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
  const given = [ipv4Prefix, ipv6Prefix].filter((v) => v !== undefined);
  if (given.length !== 1) return { error: 'expected exactly one of ipv4Prefix and ipv6Prefix' };
  const kind = ipv4Prefix !== undefined ? 'ipv4' : 'ipv6';
  const text = given[0];
  if (typeof text !== 'string') return { error: `${kind}Prefix is not a string` };
  const [address = '', length] = text.trim().split('/');
  // ipaddr.js also reads inet_aton shorthands (`1.2.3` is 1.2.0.3) and hex: an operator's list never
  // has them, so one here is a broken list, not a prefix to guess at.
  const strict = kind === 'ipv4' && address.includes('.') ? ipaddr.IPv4.isValidFourPartDecimal(address) : !address.includes('%');
  let parsed: [ipaddr.IPv4 | ipaddr.IPv6, number];
  try {
    if (!strict || length === undefined || !/^\d{1,3}$/.test(length)) throw new Error('not a CIDR');
    parsed = ipaddr.parseCIDR(text.trim());
  } catch {
    return { error: `${JSON.stringify(text)} is not a CIDR` };
  }
  if (parsed[0].kind() !== kind) return { error: `${JSON.stringify(text)} is not an ${kind === 'ipv4' ? 'IPv4' : 'IPv6'} prefix` };
  if (parsed[1] < MIN_PREFIX[kind]) return { error: `${JSON.stringify(text)} is broader than /${MIN_PREFIX[kind]}` };
  return text.trim();
}

/** What a refresh changes in one list. */
export function prefixDiff(before: string[], after: string[]) {
  const old = new Set(before);
  const now = new Set(after);
  return { added: after.filter((p) => !old.has(p)), removed: before.filter((p) => !now.has(p)) };
}

/** `2026-11-26.1` → `2026-11-26.2` the same day, `<today>.1` on another (or from anything else). */
export function bumpVersion(version: string, today: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})\.(\d+)$/.exec(version);
  return m && m[1] === today ? `${today}.${Number(m[2]) + 1}` : `${today}.1`;
}

/**
 * Where a list is fetched: its `source`, or with `base` (a mirror or a test server) the same host
 * and path under it: `https://openai.com/gptbot.json` → `<base>/openai.com/gptbot.json`.
 */
export function sourceUrl(source: string, base?: string): string {
  if (!base) return source;
  const url = new URL(source);
  return `${trimTrailingSlashes(base)}/${url.host}${url.pathname}${url.search}`;
}

// The file's own layout, so that a refresh changes only the lines it refreshed: scalars and
// small arrays inline, one agent or referrer per line, one field per line inside each range list.
const inline = (v: unknown): string => {
  if (Array.isArray(v)) return `[${v.map(inline).join(', ')}]`;
  if (v && typeof v === 'object') {
    const fields = Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}: ${inline(x)}`);
    return fields.length ? `{ ${fields.join(', ')} }` : '{}';
  }
  return JSON.stringify(v);
};
const block = (entries: string[], open: string, close: string, indent: string) =>
  entries.length ? `${open}\n${entries.map((e) => `${indent}  ${e}`).join(',\n')}\n${indent}${close}` : `${open}${close}`;

export function formatAgentData(data: Record<string, unknown>): string {
  const top = Object.entries(data).map(([key, value]) => {
    let text: string;
    if (Array.isArray(value)) text = block(value.map(inline), '[', ']', '  ');
    else if (value && typeof value === 'object') {
      text = block(Object.entries(value).map(([name, list]) =>
        `${JSON.stringify(name)}: ${block(Object.entries(list as object).map(([k, v]) => `${JSON.stringify(k)}: ${inline(v)}`), '{', '}', '    ')}`), '{', '}', '  ');
    } else text = JSON.stringify(value);
    return `${JSON.stringify(key)}: ${text}`;
  });
  return `${block(top, '{', '}', '')}\n`;
}
