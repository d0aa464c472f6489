import { wilson } from '../scores/scores.fns.ts';
import type { TraceCitation, TraceField, TraceSource } from '../engines/capture/trace.ts';
import { classOf, type ClassContext, type SourceClass } from './source-classes.fns.ts';

// The views over stored traces, pure: fan-out queries with their recurrence across samples, per
// domain and URL what was retrieved and cited (and the citation rate given retrieval), the brand's
// own pages "retrieved but not cited" vs "never retrieved", and the fan-out queries on which a
// competitor was retrieved and the brand was not. Every rate is k of n with its 95% Wilson
// interval; rows are per surface (`api` and `product` never add up into one figure) and say
// whether any of their data is simulated.

export interface TraceIn {
  resultId: string;
  runId: string;
  engine: string;
  surface: string;
  simulated: boolean;
  promptId: string;
  sample: number;
  queries: string[];
  retrieved: TraceSource[];
  cited: TraceCitation[];
  missing: TraceField[];
}
export interface Rate {
  k: number;
  n: number;
  /** Percent, 0-100. */
  value: number | null;
  interval: [number, number];
}
export const rate = (k: number, n: number): Rate => ({ k, n, value: n ? Math.round((10_000 * k) / n) / 100 : null, interval: wilson(k, n) });

const norm = (q: string) => q.toLowerCase().replace(/\s+/g, ' ').trim();
const groupBy = <T>(items: T[], key: (t: T) => string) => {
  const m = new Map<string, T[]>();
  for (const t of items) {
    const k = key(t);
    const list = m.get(k);
    if (list) list.push(t);
    else m.set(k, [t]);
  }
  return m;
};

/** Per prompt and engine: each distinct fan-out query, in how many of the answers it recurs. */
export function fanout(traces: TraceIn[]) {
  return [...groupBy(traces, (t) => `${t.promptId}\u0000${t.engine}`).values()].map((rows) => {
    const reported = rows.filter((r) => !r.missing.includes('queries'));
    const seen = new Map<string, { query: string; answers: number; firstPositions: number[] }>();
    for (const r of reported) {
      const distinct = [...new Set(r.queries.map(norm))];
      distinct.forEach((q, i) => {
        const entry = seen.get(q) ?? { query: r.queries.find((x) => norm(x) === q)!, answers: 0, firstPositions: [] };
        entry.answers++;
        entry.firstPositions.push(i + 1);
        seen.set(q, entry);
      });
    }
    const first = rows[0]!;
    return {
      promptId: first.promptId, engine: first.engine, surface: first.surface, simulated: rows.some((r) => r.simulated),
      answers: rows.length, answersReportingQueries: reported.length,
      queries: [...seen.values()]
        .map((e) => ({ query: e.query, answers: e.answers, recurrence: rate(e.answers, reported.length), meanPosition: Math.round((100 * e.firstPositions.reduce((a, b) => a + b, 0)) / e.firstPositions.length) / 100 }))
        .sort((a, b) => b.answers - a.answers || a.meanPosition - b.meanPosition),
    };
  });
}

/**
 * Every distinct fan-out query of the traces (normalised), over all prompts: in how many answers it
 * was searched, by which engines (answers each) and from which prompts. Most searched first.
 */
export function searchedQueries(traces: TraceIn[]) {
  const seen = new Map<string, { query: string; answers: number; engines: Map<string, number>; promptIds: Set<string>; simulated: boolean }>();
  for (const t of traces) {
    if (t.missing.includes('queries')) continue;
    for (const q of new Set(t.queries.map(norm))) {
      if (!q) continue;
      const entry = seen.get(q) ?? { query: t.queries.find((x) => norm(x) === q)!.trim(), answers: 0, engines: new Map(), promptIds: new Set(), simulated: false };
      entry.answers++;
      entry.simulated ||= t.simulated;
      entry.engines.set(t.engine, (entry.engines.get(t.engine) ?? 0) + 1);
      entry.promptIds.add(t.promptId);
      seen.set(q, entry);
    }
  }
  return [...seen.values()]
    .map((e) => ({ query: e.query, answers: e.answers, simulated: e.simulated, engines: [...e.engines].map(([engine, answers]) => ({ engine, answers })).sort((a, b) => b.answers - a.answers || a.engine.localeCompare(b.engine)), promptIds: [...e.promptIds].sort() }))
    .sort((a, b) => b.answers - a.answers || a.query.localeCompare(b.query));
}

interface Tally {
  retrieved: Set<string>;
  cited: Set<string>;
  both: Set<string>;
  simulated: boolean;
  title: string | null;
}
const tally = (): Tally => ({ retrieved: new Set(), cited: new Set(), both: new Set(), simulated: false, title: null });

/** Per surface and domain (or URL): answers retrieving it, citing it, and the citation rate given retrieval. */
export function sourceTable(traces: TraceIn[], by: 'domain' | 'url', ctx: ClassContext) {
  const tallies = new Map<string, Tally & { surface: string; key: string; domain: string }>();
  const answersBySurface = new Map<string, { all: number; retrievalReported: number }>();
  for (const t of traces) {
    const a = answersBySurface.get(t.surface) ?? { all: 0, retrievalReported: 0 };
    a.all++;
    if (!t.missing.includes('retrieved')) a.retrievalReported++;
    answersBySurface.set(t.surface, a);
    const touch = (s: { url: string; domain: string; title: string | null }) => {
      const key = by === 'domain' ? s.domain : s.url;
      const id = `${t.surface}\u0000${key}`;
      const entry = tallies.get(id) ?? { ...tally(), surface: t.surface, key, domain: s.domain };
      entry.simulated ||= t.simulated;
      entry.title ??= s.title;
      tallies.set(id, entry);
      return entry;
    };
    for (const s of t.retrieved) touch(s).retrieved.add(t.resultId);
    for (const c of t.cited) touch(c).cited.add(t.resultId);
  }
  return {
    answers: Object.fromEntries(answersBySurface),
    rows: [...tallies.values()].map((e) => {
      for (const id of e.cited) if (e.retrieved.has(id)) e.both.add(id);
      const { class: cls, competitor } = classOf(e.domain, ctx);
      return {
        surface: e.surface, ...(by === 'url' ? { url: e.key, title: e.title } : {}), domain: e.domain, class: cls, competitor,
        retrieved: e.retrieved.size, cited: e.cited.size,
        /** Of the answers that retrieved it, the share that cited it. */
        citationRateGivenRetrieval: rate(e.both.size, e.retrieved.size),
        ...(cls === 'owned' && by === 'url' ? { status: ownedStatus(e.retrieved.size, e.cited.size) } : {}),
        simulated: e.simulated,
      };
    }).sort((a, b) => a.surface.localeCompare(b.surface) || b.retrieved - a.retrieved || b.cited - a.cited || a.domain.localeCompare(b.domain)),
  };
}

export type OwnedStatus = 'cited' | 'retrieved_not_cited' | 'never_retrieved' | 'unknown';
function ownedStatus(retrieved: number, cited: number): OwnedStatus {
  return cited > 0 ? 'cited' : retrieved > 0 ? 'retrieved_not_cited' : 'never_retrieved';
}

/**
 * Per prompt and engine: whether the brand's own pages were cited, retrieved but not cited (a
 * content problem: the engine read the page and did not use it) or never retrieved (a
 * discoverability problem); `unknown` where the provider reports no retrieval.
 */
export function ownedPages(traces: TraceIn[], ctx: ClassContext) {
  const isOwned = (domain: string) => classOf(domain, ctx).class === 'owned';
  const rows = [...groupBy(traces, (t) => `${t.promptId}\u0000${t.engine}`).values()].map((group) => {
    const reported = group.filter((t) => !t.missing.includes('retrieved'));
    const retrieved = reported.filter((t) => t.retrieved.some((s) => isOwned(s.domain)));
    const cited = group.filter((t) => t.cited.some((c) => isOwned(c.domain)));
    const retrievedNotCited = retrieved.filter((t) => !t.cited.some((c) => isOwned(c.domain)));
    const status: OwnedStatus = cited.length ? 'cited' : !reported.length ? 'unknown' : retrieved.length ? 'retrieved_not_cited' : 'never_retrieved';
    const first = group[0]!;
    return {
      promptId: first.promptId, engine: first.engine, surface: first.surface, simulated: group.some((t) => t.simulated), answers: group.length,
      answersReportingRetrieval: reported.length, ownedRetrieved: rate(retrieved.length, reported.length), ownedCited: rate(cited.length, group.length),
      retrievedNotCited: retrievedNotCited.length, status,
      ownedUrls: [...new Set([...group.flatMap((t) => t.retrieved), ...group.flatMap((t) => t.cited)].filter((s) => isOwned(s.domain)).map((s) => s.url))],
    };
  });
  const count = (s: OwnedStatus) => rows.filter((r) => r.status === s).length;
  return { summary: { cited: count('cited'), retrievedNotCited: count('retrieved_not_cited'), neverRetrieved: count('never_retrieved'), unknown: count('unknown') }, rows };
}

/**
 * Fan-out queries on which a competitor's page was retrieved and the brand's was not. Sources
 * tied to their query by the provider (OpenAI, Anthropic) are attributed to it (`query`);
 * otherwise (Gemini, simulated product engines) to every query of the answer (`answer`).
 */
export function competitorGaps(traces: TraceIn[], ctx: ClassContext) {
  const gaps = new Map<string, {
    query: string; engine: string; surface: string; promptIds: Set<string>; answers: Set<string>; simulated: boolean; attribution: Set<'query' | 'answer'>;
    competitors: Map<string, Set<string>>; resultIds: Set<string>;
  }>();
  // The answers of the engine that searched the query and report what they retrieved: the n of the gap's k.
  const searched = new Map<string, number>();
  for (const t of traces) {
    if (t.missing.includes('queries') || t.missing.includes('retrieved')) continue;
    const tied = t.retrieved.some((s) => s.query !== null);
    for (const q of new Set(t.queries.map(norm))) {
      searched.set(`${t.engine}\u0000${q}`, (searched.get(`${t.engine}\u0000${q}`) ?? 0) + 1);
      const sources = tied ? t.retrieved.filter((s) => s.query !== null && norm(s.query) === q) : t.retrieved;
      const classed = sources.map((s) => ({ s, c: classOf(s.domain, ctx) }));
      if (classed.some((x) => x.c.class === 'owned')) continue;
      const rivals = classed.filter((x) => x.c.class === 'competitor');
      if (!rivals.length) continue;
      const id = `${t.engine}\u0000${q}`;
      const g = gaps.get(id) ?? { query: t.queries.find((x) => norm(x) === q)!, engine: t.engine, surface: t.surface, promptIds: new Set(), answers: new Set(), simulated: false, attribution: new Set(), competitors: new Map(), resultIds: new Set() };
      g.promptIds.add(t.promptId);
      g.answers.add(t.resultId);
      g.resultIds.add(t.resultId);
      g.simulated ||= t.simulated;
      g.attribution.add(tied ? 'query' : 'answer');
      for (const { s, c } of rivals) {
        const urls = g.competitors.get(c.competitor!) ?? new Set();
        urls.add(s.url);
        g.competitors.set(c.competitor!, urls);
      }
      gaps.set(id, g);
    }
  }
  return [...gaps].map(([id, g]) => ({
    query: g.query, engine: g.engine, surface: g.surface, promptIds: [...g.promptIds], answers: g.answers.size, searchedIn: searched.get(id) ?? g.answers.size, simulated: g.simulated,
    attribution: g.attribution.has('answer') ? 'answer' as const : 'query' as const,
    competitors: [...g.competitors].map(([name, urls]) => ({ name, urls: [...urls] })), resultIds: [...g.resultIds],
  })).sort((a, b) => b.answers - a.answers || a.query.localeCompare(b.query));
}
export type Gap = ReturnType<typeof competitorGaps>[number];
export type { SourceClass };
