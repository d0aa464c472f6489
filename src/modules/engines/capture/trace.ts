import { registrableDomain } from '../../analysis/citations.fns.ts';

// What an engine searched and read for one answer, as its provider reported it: the fan-out
// queries in order, the sources it retrieved (with their rank in the result list), the sources it
// cited (with the answer span they support where the provider says), the model version and the
// usage. A field the provider did not report is listed in `missing` and left empty or null: it is
// never filled in by guesswork. A part that could not be read adds a line to `warnings`; the rest
// is kept, so a malformed answer never fails the call.

/** `api`: the provider's API with its search tool; `product`: the consumer answer as served on the web. */
export type Surface = 'api' | 'product';
export const SURFACES = ['api', 'product'] as const;

export interface TraceSource {
  url: string;
  title: string | null;
  /** Registrable domain (public suffix list), e.g. `reddit.com`. */
  domain: string;
  /** 1-based position in the result list it came in (per query when the provider groups them); null when unordered. */
  rank: number | null;
  /** The fan-out query that returned it, when the provider says. */
  query: string | null;
}
export interface TraceCitation {
  url: string;
  title: string | null;
  domain: string;
  /** The part of the answer the citation supports, as offsets into the stored answer text, when the provider gives it. */
  span: { start: number; end: number; text: string } | null;
}
export interface TraceUsage {
  inputTokens: number | null;
  outputTokens: number | null;
  totalTokens: number | null;
  /** Searches the provider ran and reports (billed separately by some providers). */
  searches: number | null;
  /** The provider's own usage fields, numbers only, as reported. */
  raw: Record<string, number>;
}
export const TRACE_FIELDS = ['queries', 'retrieved', 'cited', 'modelVersion', 'usage'] as const;
export type TraceField = (typeof TRACE_FIELDS)[number];

export interface AnswerTrace {
  /** Which wire format it was read from (e.g. `openai-responses`, `serpapi-ai-mode`, `simulated`). */
  format: string;
  surface: Surface;
  simulated: boolean;
  modelVersion: string | null;
  queries: string[];
  retrieved: TraceSource[];
  cited: TraceCitation[];
  usage: TraceUsage | null;
  /** Fields the provider did not report for this call (unknown, not zero). */
  missing: TraceField[];
  warnings: string[];
}

export type Json = Record<string, unknown>;
export const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
export const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);
export const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
export const arr = (v: unknown): unknown[] | null => (Array.isArray(v) ? v : null);

/** The registrable domain of an http(s) URL, or null when it is not one. */
export function domainOf(url: string): string | null {
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return registrableDomain(u.hostname.replace(/^www\./, '').toLowerCase());
  } catch {
    return null;
  }
}

/** Collects a trace while a parser walks a response; `done` lists what stayed unreported. */
export class TraceBuilder {
  readonly queries: string[] = [];
  readonly retrieved: TraceSource[] = [];
  readonly cited: TraceCitation[] = [];
  readonly warnings: string[] = [];
  readonly reported = new Set<TraceField>();
  modelVersion: string | null = null;
  usage: TraceUsage | null = null;

  constructor(readonly format: string, readonly surface: Surface, readonly simulated = false) {}

  warn(message: string) {
    if (!this.warnings.includes(message)) this.warnings.push(message);
  }
  query(q: unknown) {
    const text = str(q);
    if (text) this.queries.push(text.trim());
  }
  source(url: unknown, title: unknown, rank: number | null, query: string | null = null, domainHint?: unknown) {
    const u = str(url);
    // A domain hint names the site behind a redirect; it never makes a non-web address usable.
    const own = u && domainOf(u);
    const domain = own && (hintDomain(domainHint) ?? own);
    if (!u || !domain) return this.warn(`a retrieved source without a usable URL was skipped (${JSON.stringify(url)?.slice(0, 80)})`);
    this.retrieved.push({ url: u, title: str(title), domain, rank, query });
  }
  cite(url: unknown, title: unknown, span: TraceCitation['span'], domainHint?: unknown) {
    const u = str(url);
    const own = u && domainOf(u);
    const domain = own && (hintDomain(domainHint) ?? own);
    if (!u || !domain) return this.warn(`a citation without a usable URL was skipped (${JSON.stringify(url)?.slice(0, 80)})`);
    // One citation per (URL, span): providers repeat an annotation per sentence part.
    if (this.cited.some((c) => c.url === u && c.span?.start === span?.start && c.span?.end === span?.end)) return;
    this.cited.push({ url: u, title: str(title), domain, span });
  }
  done(): AnswerTrace {
    const missing = TRACE_FIELDS.filter((f) => {
      if (f === 'modelVersion') return this.modelVersion === null;
      if (f === 'usage') return this.usage === null;
      return !this.reported.has(f);
    });
    return {
      format: this.format, surface: this.surface, simulated: this.simulated, modelVersion: this.modelVersion,
      queries: this.queries, retrieved: this.retrieved, cited: this.cited, usage: this.usage, missing, warnings: this.warnings,
    };
  }
}

/** A provider's own domain field ("techradar.com"), used when the URL is a redirect (Gemini's grounding links). */
function hintDomain(hint: unknown): string | null {
  const h = str(hint)?.toLowerCase().trim();
  return h && /^[a-z0-9.-]+\.[a-z]{2,}$/.test(h) ? registrableDomain(h.replace(/^www\./, '')) : null;
}

/** Usage from a provider's counters: the named fields when numbers, every numeric field kept raw. */
export function usageFrom(source: unknown, names: { input?: string; output?: string; total?: string; searches?: number | null }): TraceUsage | null {
  if (!isObj(source)) return null;
  const raw: Record<string, number> = {};
  const walk = (o: Json, prefix: string) => {
    for (const [k, v] of Object.entries(o)) {
      if (num(v) !== null) raw[`${prefix}${k}`] = v as number;
      else if (isObj(v)) walk(v, `${prefix}${k}.`);
    }
  };
  walk(source, '');
  const pick = (k?: string) => (k ? num(raw[k]) : null);
  const input = pick(names.input);
  const output = pick(names.output);
  const total = pick(names.total) ?? (input !== null && output !== null ? input + output : null);
  return { inputTokens: input, outputTokens: output, totalTokens: total, searches: names.searches ?? null, raw };
}

/** Parses defensively: a parser that throws still yields a trace saying what failed. */
export function safely(format: string, surface: Surface, parse: (b: TraceBuilder) => void): AnswerTrace {
  const b = new TraceBuilder(format, surface);
  try {
    parse(b);
  } catch (err) {
    b.warn(`the response metadata could not be read completely: ${(err as Error).message}`);
  }
  return b.done();
}
