import { wilson } from '../scores/scores.fns.ts';
import type { Snapshot } from '../scores/snapshot.fns.ts';

// Report content as data: every figure carries its sample size and its 95% interval (or says why
// it has none), and a report knows whether any of its data came from simulated engines.

export const REPORT_TYPES = ['visibility_summary', 'competitor_comparison', 'citation_sources', 'recommendations_progress', 'seo_technical_status'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const CATALOG: Record<ReportType, { title: string; description: string }> = {
  visibility_summary: { title: 'Visibility summary', description: 'GEO score and its components over the period, per day and per engine.' },
  competitor_comparison: { title: 'Competitor comparison', description: 'The scoreboard of the brand and its tracked competitors: visibility, share of voice, position, sentiment.' },
  citation_sources: { title: 'Citation sources', description: 'Which domains the engines cite: owned, competitor and third-party, with the citation rate.' },
  recommendations_progress: { title: 'Recommendations progress', description: 'Recommendations by status, the period’s created, accepted and done items, and the measured effect of done items.' },
  seo_technical_status: { title: 'SEO technical status', description: 'SEO, GEO and combined scores, the SEO components, failed technical checks by page count, and the latest page evaluations.' },
};

export interface Figure { label: string; value: number | null; unit: '%' | 'points' | 'rank' | 'count' | 'score'; n: number; interval: [number, number] | null; note?: string }
export interface Table { columns: string[]; rows: Array<Array<string | number | null>> }
export interface Section { heading: string; figures: Figure[]; table?: Table; series?: Array<{ day: string; value: number | null; n: number }>; bars?: Array<{ label: string; value: number }>; unavailable?: string }
export interface ReportData {
  type: ReportType; title: string; workspace: string; periodFrom: string; periodTo: string; generatedAt: string;
  simulated: boolean; simulatedEngines: string[]; sections: Section[];
}

export type Day = { day: string; data: Snapshot };

const pct = (label: string, c: { value: number | null; n: number; interval?: [number, number] }, note?: string): Figure =>
  ({ label, value: c.value, unit: '%', n: c.n, interval: c.interval ?? null, ...(c.interval ? {} : { note: note ?? 'no interval: a mean, not a proportion' }) });

/** The composite's range: the weighted composite of the components' interval bounds (conservative). */
export function scoreRange(s: Snapshot): [number, number] | null {
  const keys = Object.keys(s.weights) as Array<keyof Snapshot['weights']>;
  if (s.score === null || keys.some((k) => s.weights[k] > 0 && !s.components[k].interval)) return null;
  const bound = (i: 0 | 1) => Math.round(100 * keys.reduce((sum, k) => sum + s.weights[k] * (s.weights[k] > 0 ? s.components[k].interval![i] : 0), 0)) / 100;
  return [bound(0), bound(1)];
}

function scoreFigure(s: Snapshot): Figure {
  const range = scoreRange(s);
  return { label: 'GEO score', value: s.score, unit: 'score', n: s.metrics.answers, interval: range, ...(range ? {} : { note: 'no interval: a component without one (a mean) is part of the score' }) };
}

export function visibilitySummary(days: Day[], perEngine: Array<{ engine: string; data: Snapshot }>): Section[] {
  const last = days.at(-1)!.data;
  const c = last.components;
  return [
    {
      heading: `Latest (${days.at(-1)!.day})`,
      figures: [scoreFigure(last), pct('Visibility', c.visibility), pct('Relative share of voice', c.relativeSov), pct('Position', c.position), pct('Sentiment', c.sentiment), pct('Owned citation share (volume)', c.volume), pct('Citation rate', last.metrics.citationRate)],
    },
    { heading: 'GEO score per day', figures: [], series: days.map((d) => ({ day: d.day, value: d.data.score, n: d.data.metrics.answers })) },
    {
      heading: 'Per engine (latest)',
      figures: perEngine.map((e) => ({ ...pct(`${e.engine} visibility`, e.data.components.visibility) })),
      table: { columns: ['engine', 'score', 'answers', 'visibility %', 'interval'], rows: perEngine.map((e) => [e.engine, e.data.score, e.data.metrics.answers, e.data.components.visibility.value, fmtInterval(e.data.components.visibility.interval)]) },
    },
  ];
}

export function competitorComparison(days: Day[]): Section[] {
  const last = days.at(-1)!.data;
  const n = last.metrics.answers;
  const figures = last.scoreboard.map((e): Figure => {
    const k = e.visibility === null ? 0 : Math.round((e.visibility * n) / 100);
    return { label: `${e.name} visibility`, value: e.visibility, unit: '%', n, interval: n ? wilson(k, n) : null, ...(n ? {} : { note: 'no answers' }) };
  });
  return [{
    heading: `Scoreboard (${days.at(-1)!.day})`, figures,
    bars: last.scoreboard.map((e) => ({ label: e.name, value: e.visibility ?? 0 })),
    table: { columns: ['rank', 'name', 'kind', 'score', 'visibility %', 'share of voice %', 'average position', 'sentiment', 'citations'],
      rows: last.scoreboard.map((e) => [e.rank, e.name, e.kind, e.score, e.visibility, e.shareOfVoice, e.averagePosition, e.sentiment, e.citations]) },
  }];
}

export function citationSources(days: Day[]): Section[] {
  const last = days.at(-1)!.data;
  const top = last.metrics.topCitedDomains;
  const total = [...top.owned, ...top.competitor, ...top.thirdParty].reduce((s, d) => s + d.citations, 0);
  const share = (label: string, list: Array<{ citations: number }>): Figure => {
    const k = list.reduce((s, d) => s + d.citations, 0);
    return { label, value: total ? Math.round((1000 * k) / total) / 10 : null, unit: '%', n: total, interval: total ? wilson(k, total) : null, ...(total ? {} : { note: 'no citations' }) };
  };
  return [{
    heading: `Cited domains (${days.at(-1)!.day})`,
    figures: [pct('Citation rate', last.metrics.citationRate), share('Owned share of top citations', top.owned), share('Competitor share of top citations', top.competitor), share('Third-party share of top citations', top.thirdParty)],
    bars: [...top.owned, ...top.competitor, ...top.thirdParty].sort((a, b) => b.citations - a.citations).slice(0, 12).map((d) => ({ label: d.domain, value: d.citations })),
    table: { columns: ['class', 'domain', 'citations'], rows: (['owned', 'competitor', 'thirdParty'] as const).flatMap((cls) => top[cls].map((d) => [cls, d.domain, d.citations])) },
  }];
}

/** What the recommendations report reads (recs service: `list` groups, `activity`, the effects of done items). */
export interface RecsInput {
  statusCounts: Record<string, number>;
  created: number;
  transitions: Array<{ action: string; to: string }>;
  effects: Array<{ title: string; effect: { metric: { name: string }; before: Measure | null; after: Measure | null; verdict: string; explanation: string } }>;
}
type Measure = { value: number; n: number; interval: [number, number]; simulated?: boolean };

export function recommendationsProgress(r: RecsInput): Section[] {
  const total = Object.values(r.statusCounts).reduce((a, b) => a + b, 0);
  if (!total) return [{ heading: 'Recommendations', figures: [], unavailable: 'No recommendations yet: none has been generated for this workspace.' }];
  const count = (label: string, value: number, note: string): Figure => ({ label, value, unit: 'count', n: total, interval: null, note });
  const accepted = r.transitions.filter((t) => t.action === 'accept').length;
  const done = r.transitions.filter((t) => t.to === 'done').length;
  const measured = r.effects.filter((e) => e.effect.before && e.effect.after);
  const m = (x: Measure | null) => (x ? [x.value, x.n, fmtInterval(x.interval)] : [null, null, '—']);
  return [
    {
      heading: 'By status (now)',
      figures: Object.entries(r.statusCounts).map(([status, k]): Figure => ({ label: status, value: Math.round((1000 * k) / total) / 10, unit: '%', n: total, interval: wilson(k, total), note: `${k} of ${total} items` })),
      bars: Object.entries(r.statusCounts).map(([label, value]) => ({ label, value })),
    },
    {
      heading: 'In the period',
      figures: [count('Created', r.created, 'items created in the period; n is all items'), count('Accepted', accepted, 'accept transitions in the period; n is all items'), count('Done', done, 'verified as done in the period; n is all items')],
    },
    {
      heading: 'Effect of done items',
      figures: measured.flatMap((e) => (['before', 'after'] as const).map((when): Figure => ({ label: `${e.title}: ${e.effect.metric.name} ${when}`, value: e.effect[when]!.value, unit: '%', n: e.effect[when]!.n, interval: e.effect[when]!.interval, note: `verdict: ${e.effect.verdict}${e.effect[when]!.simulated ? '; from simulated engines' : ''}` }))),
      ...(r.effects.length ? { table: { columns: ['item', 'metric', 'before %', 'before n', 'before interval', 'after %', 'after n', 'after interval', 'verdict', 'why'], rows: r.effects.map((e) => [e.title, e.effect.metric.name, ...m(e.effect.before), ...m(e.effect.after), e.effect.verdict, e.effect.explanation]) } } : {}),
      ...(measured.length ? {} : { unavailable: r.effects.length ? 'No done item has both a before and an after measurement yet.' : 'No item is done yet: there is no effect to measure.' }),
    },
  ];
}

/** What the SEO report reads: the dashboard's data, the refresh's page count, the latest page evaluations. */
export interface SeoInput {
  dashboard: {
    scoreDate: string | null; seoScoreBp: number | null; geoScoreBp: number | null; combinedScoreBp: number | null;
    components: Array<{ key: string; available: boolean; points: number; maximum: number; percent: number; unavailableReason: string }>;
    technicalChecks: Array<{ auditId: string; code: string }>;
  };
  refreshPages: number;
  geoAnswers: number;
  evaluations: Array<{ url: string; fetchedAt: string; status: string; scores: { performance: number | null; accessibility: number | null; bestPractices: number | null; seo: number | null } }>;
}

export function seoTechnicalStatus(s: SeoInput): Section[] {
  const d = s.dashboard;
  if (!d.scoreDate && !s.evaluations.length) return [{ heading: 'SEO', figures: [], unavailable: 'No SEO refresh and no page evaluation yet: start an SEO refresh to measure the site.' }];
  const bp = (label: string, v: number | null, n: number, note: string): Figure => ({ label, value: v === null ? null : v / 100, unit: 'score', n, interval: null, note });
  const byCheck = new Map<string, Set<string>>();
  for (const c of d.technicalChecks) byCheck.set(c.code, (byCheck.get(c.code) ?? new Set()).add(c.auditId));
  const n = s.refreshPages;
  const failed = [...byCheck].map(([code, pages]) => ({ code, k: pages.size })).sort((a, b) => b.k - a.k || a.code.localeCompare(b.code));
  const evaluations = s.evaluations.map((e) => [e.url, e.fetchedAt.slice(0, 10), e.status, e.scores.performance, e.scores.accessibility, e.scores.bestPractices, e.scores.seo]);
  return [
    {
      heading: d.scoreDate ? `Scores (refresh of ${d.scoreDate})` : 'Scores',
      figures: [
        bp('SEO score', d.seoScoreBp, n, d.scoreDate ? 'n: pages the refresh evaluated; no interval: a weighted sum of components' : 'no SEO refresh yet'),
        bp('GEO score', d.geoScoreBp, s.geoAnswers, 'n: answers of the latest GEO score; intervals per component in the visibility summary'),
        bp('Combined score', d.combinedScoreBp, n, 'no interval: 0.4 × SEO + 0.6 × GEO; null unless both exist'),
      ],
      table: { columns: ['component', 'available', 'points', 'maximum', '%', 'reason'], rows: d.components.map((c) => [c.key, c.available ? 'yes' : 'no', c.points, c.maximum, c.percent, c.unavailableReason || '—']) },
    },
    {
      heading: 'Failed technical checks',
      figures: failed.map((f): Figure => ({ label: f.code, value: n ? Math.round((1000 * f.k) / n) / 10 : null, unit: '%', n, interval: n ? wilson(Math.min(f.k, n), n) : null, note: `${f.k} of ${n} pages fail` })),
      ...(failed.length ? { bars: failed.map((f) => ({ label: f.code, value: f.k })) } : { unavailable: d.scoreDate ? 'No technical check failed in the latest refresh.' : 'No SEO refresh yet: checks are grouped from a refresh.' }),
    },
    {
      heading: 'Latest page evaluations',
      figures: [],
      ...(evaluations.length ? { table: { columns: ['url', 'day', 'status', 'performance', 'accessibility', 'best practices', 'SEO'], rows: evaluations } } : { unavailable: 'No page evaluation yet.' }),
    },
  ];
}

export const fmtInterval = (i: [number, number] | null | undefined) => (i ? `${i[0]}–${i[1]}` : '—');

/** The report of one type over its days; types whose data source is missing say so. */
export function buildReport(input: {
  type: ReportType; workspace: string; periodFrom: string; periodTo: string; generatedAt: string; simulatedEngines: string[];
  days: Day[]; perEngine: Array<{ engine: string; data: Snapshot }>; unavailable?: string; recs?: RecsInput; seo?: SeoInput;
}): ReportData {
  const base = {
    type: input.type, title: CATALOG[input.type].title, workspace: input.workspace, periodFrom: input.periodFrom, periodTo: input.periodTo,
    generatedAt: input.generatedAt, simulated: input.simulatedEngines.length > 0, simulatedEngines: input.simulatedEngines,
  };
  if (input.unavailable) return { ...base, sections: [{ heading: CATALOG[input.type].title, figures: [], unavailable: input.unavailable }] };
  if (input.type === 'recommendations_progress') return { ...base, sections: input.recs ? recommendationsProgress(input.recs) : [{ heading: base.title, figures: [], unavailable: 'The recommendations module supplied no data.' }] };
  if (input.type === 'seo_technical_status') return { ...base, sections: input.seo ? seoTechnicalStatus(input.seo) : [{ heading: base.title, figures: [], unavailable: 'The SEO module supplied no data.' }] };
  if (!input.days.length) return { ...base, sections: [{ heading: CATALOG[input.type].title, figures: [], unavailable: 'No measurement succeeded in this period.' }] };
  const sections = input.type === 'visibility_summary' ? visibilitySummary(input.days, input.perEngine)
    : input.type === 'competitor_comparison' ? competitorComparison(input.days)
      : citationSources(input.days);
  return { ...base, sections };
}
