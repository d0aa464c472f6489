// Access-log lines to hits. One parser per format, chosen per line (a drain may mix them):
//   `{…}` JSON lines — Cloudflare Logpush `http_requests`, Vercel log drains (`proxy` entries),
//   CloudFront standard logging v2 in JSON (W3C field names as keys);
//   `#Fields:` / tab-separated — CloudFront standard logs (W3C extended, legacy and v2);
//   anything else — NCSA common or combined (nginx / Apache).
// Pure and allocation-light: the ingestion path calls it for every line of a 100 MB upload.

export interface Hit {
  /** Epoch milliseconds, UTC. */
  at: number;
  ip: string;
  method: string;
  /** Path without query string or fragment. */
  path: string;
  status: number;
  bytes: number;
  referrer: string | null;
  userAgent: string;
}

/** A line that is not a request (a comment, a Vercel build log): skipped, not an error. */
export const SKIP = 'skip' as const;
export type ParseResult = Hit | typeof SKIP | { error: string };

/** Parser state that lives across the lines of one upload (CloudFront's `#Fields:` header). */
export interface ParseState { w3cFields: string[] | null }
export const newParseState = (): ParseState => ({ w3cFields: null });

// The standard CloudFront field order, used when an upload starts without its `#Fields:` line.
const CLOUDFRONT_FIELDS = ['date', 'time', 'x-edge-location', 'sc-bytes', 'c-ip', 'cs-method', 'cs(Host)', 'cs-uri-stem', 'sc-status', 'cs(Referer)', 'cs(User-Agent)', 'cs-uri-query'];

const MONTHS: Record<string, number> = { Jan: 0, Feb: 1, Mar: 2, Apr: 3, May: 4, Jun: 5, Jul: 6, Aug: 7, Sep: 8, Oct: 9, Nov: 10, Dec: 11 };

// host ident user [time] "request" status bytes ["referrer" "user agent"]; quoted fields may hold
// escaped quotes (nginx writes \x22, Apache \"), the user field may be quoted with spaces.
const NCSA = /^(\S+) \S+ (?:"[^"]*"|\S+) \[([^\]]+)\] "((?:[^"\\]|\\.)*)" (\d{3}|-) (\d+|-)(?: "((?:[^"\\]|\\.)*)" "((?:[^"\\]|\\.)*)")?/;

export function parseLine(line: string, state: ParseState): ParseResult {
  const first = line.charCodeAt(0);
  if (first === 123 /* { */) return parseJson(line);
  if (first === 35 /* # */) {
    if (line.startsWith('#Fields:')) state.w3cFields = line.slice(8).trim().split(/\s+/);
    return SKIP;
  }
  if (line.indexOf('\t') !== -1) return parseW3c(line, state.w3cFields ?? CLOUDFRONT_FIELDS);
  return parseNcsa(line);
}

/** `10/Oct/2000:13:55:36 -0700` to epoch ms, or NaN. */
export function parseNcsaTime(text: string): number {
  if (text.length < 20 || text.charCodeAt(2) !== 47) return Number.NaN;
  const day = Number(text.slice(0, 2));
  const month = MONTHS[text.slice(3, 6)];
  const year = Number(text.slice(7, 11));
  const h = Number(text.slice(12, 14));
  const m = Number(text.slice(15, 17));
  const s = Number(text.slice(18, 20));
  if (month === undefined) return Number.NaN;
  let offset = 0;
  const zone = text.slice(21).trim();
  if (zone) {
    if (!/^[+-]\d{4}$/.test(zone)) return Number.NaN;
    offset = (zone[0] === '-' ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(3, 5)));
  }
  if (day < 1 || day > 31 || h > 23 || m > 59 || s > 60) return Number.NaN;
  return Date.UTC(year, month, day, h, m, s) - offset * 60_000;
}

const unescapeQuoted = (text: string) => (text.indexOf('\\') === -1 ? text : text.replace(/\\x([0-9a-fA-F]{2})|\\(.)/g, (_, hex: string | undefined, ch: string | undefined) => (hex ? String.fromCharCode(parseInt(hex, 16)) : ch!)));
const dash = (text: string | undefined) => (text === undefined || text === '-' || text === '' ? null : text);

/** Strips the query and fragment, and refuses what is not a path (`*`, absolute URLs keep their path). */
export function pathOf(target: string): string | null {
  let path = target;
  if (path.startsWith('http://') || path.startsWith('https://')) {
    const slash = path.indexOf('/', path.indexOf('//') + 2);
    path = slash === -1 ? '/' : path.slice(slash);
  }
  const cut = path.search(/[?#]/);
  if (cut !== -1) path = path.slice(0, cut);
  if (path.charCodeAt(0) !== 47) return null;
  return path.length > 2048 ? path.slice(0, 2048) : path;
}

function hit(at: number, ip: string | undefined, method: string | undefined, target: string | undefined, status: number, bytes: number, referrer: string | null, userAgent: string | null): ParseResult {
  if (!Number.isFinite(at)) return { error: 'bad timestamp' };
  if (!ip) return { error: 'no client address' };
  if (!Number.isInteger(status) || status < 100 || status > 599) return { error: 'bad status' };
  const path = target ? pathOf(target) : null;
  if (!path) return { error: 'bad request target' };
  return { at, ip, method: (method || '-').slice(0, 16), path, status, bytes: Number.isFinite(bytes) && bytes >= 0 ? bytes : 0, referrer, userAgent: (userAgent ?? '').slice(0, 1024) };
}

function parseNcsa(line: string): ParseResult {
  const m = NCSA.exec(line);
  if (!m) return { error: 'not a common or combined log line' };
  const request = unescapeQuoted(m[3]!);
  const sp1 = request.indexOf(' ');
  const sp2 = request.lastIndexOf(' ');
  const method = sp1 === -1 ? undefined : request.slice(0, sp1);
  const target = sp1 === -1 ? undefined : sp2 > sp1 ? request.slice(sp1 + 1, sp2) : request.slice(sp1 + 1);
  return hit(parseNcsaTime(m[2]!), m[1], method, target, Number(m[4]), m[5] === '-' ? 0 : Number(m[5]), dash(m[6] === undefined ? undefined : unescapeQuoted(m[6])), m[7] === undefined ? null : unescapeQuoted(m[7]));
}

const decodeW3c = (text: string | undefined) => {
  if (text === undefined || text === '-') return null;
  try {
    return decodeURIComponent(text); // CloudFront URL-encodes spaces and other characters in these fields
  } catch {
    return text;
  }
};

function parseW3c(line: string, fields: string[]): ParseResult {
  const values = line.split('\t');
  if (values.length < Math.min(fields.length, 11)) return { error: 'too few tab-separated fields for the #Fields header' };
  const get = (name: string) => {
    const i = fields.indexOf(name);
    return i === -1 ? undefined : values[i];
  };
  const at = Date.parse(`${get('date')}T${get('time')}Z`);
  return hit(at, get('c-ip'), get('cs-method'), get('cs-uri-stem'), Number(get('sc-status')), Number(get('sc-bytes')), decodeW3c(get('cs(Referer)')), decodeW3c(get('cs(User-Agent)')));
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v !== '' ? Number(v) : Number.NaN);

/** Cloudflare timestamps are RFC 3339, unix seconds, or unix nanoseconds (the job's timestamp_format). */
function timeOf(v: unknown): number {
  if (typeof v === 'string') return /^\d+$/.test(v) ? timeOf(Number(v)) : Date.parse(v);
  if (typeof v !== 'number') return Number.NaN;
  if (v > 1e17) return Math.floor(v / 1e6); // nanoseconds
  if (v > 1e11) return v; // milliseconds (Vercel)
  return v * 1000; // seconds
}

export function parseJson(line: string): ParseResult {
  let o: Record<string, unknown>;
  try {
    o = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return { error: 'invalid JSON' };
  }
  if (!o || typeof o !== 'object' || Array.isArray(o)) return { error: 'JSON line is not an object' };
  return parseRecord(o);
}

/** One JSON record from any of the JSON formats (also used for a drain's JSON array body). */
export function parseRecord(o: Record<string, unknown>): ParseResult {
  if ('ClientIP' in o || 'ClientRequestURI' in o) {
    return hit(timeOf(o.EdgeStartTimestamp), str(o.ClientIP), str(o.ClientRequestMethod), str(o.ClientRequestURI) ?? str(o.ClientRequestPath),
      num(o.EdgeResponseStatus), num(o.EdgeResponseBytes), dash(str(o.ClientRequestReferer)), str(o.ClientRequestUserAgent) ?? null);
  }
  if ('proxy' in o || 'source' in o) {
    const p = o.proxy as Record<string, unknown> | undefined;
    if (!p || typeof p !== 'object') return SKIP; // a build, function or static log line: not a request
    const ua = Array.isArray(p.userAgent) ? p.userAgent.filter((u) => typeof u === 'string').join(' ') : str(p.userAgent);
    return hit(timeOf(p.timestamp ?? o.timestamp), str(p.clientIp), str(p.method), str(p.path), num(p.statusCode ?? o.statusCode), num(p.responseByteSize ?? p.bytes), dash(str(p.referer)), ua ?? null);
  }
  if ('c-ip' in o) {
    return hit(Date.parse(`${str(o.date)}T${str(o.time)}Z`), str(o['c-ip']), str(o['cs-method']), str(o['cs-uri-stem']), num(o['sc-status']), num(o['sc-bytes']),
      decodeW3c(str(o['cs(Referer)']) ?? str(o['cs-referer'])), decodeW3c(str(o['cs(User-Agent)']) ?? str(o['cs-user-agent'])));
  }
  return { error: 'JSON record of an unknown format (expected Cloudflare, Vercel or CloudFront fields)' };
}
