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
  recommendations_progress: { title: 'Recommendations progress', description: 'Recommendations by status over the period.' },
  seo_technical_status: { title: 'SEO technical status', description: 'The SEO dashboard and page evaluations.' },
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

export const fmtInterval = (i: [number, number] | null | undefined) => (i ? `${i[0]}–${i[1]}` : '—');

/** The report of one type over its days; types whose data source is missing say so. */
export function buildReport(input: {
  type: ReportType; workspace: string; periodFrom: string; periodTo: string; generatedAt: string; simulatedEngines: string[];
  days: Day[]; perEngine: Array<{ engine: string; data: Snapshot }>; unavailable?: string;
}): ReportData {
  const base = {
    type: input.type, title: CATALOG[input.type].title, workspace: input.workspace, periodFrom: input.periodFrom, periodTo: input.periodTo,
    generatedAt: input.generatedAt, simulated: input.simulatedEngines.length > 0, simulatedEngines: input.simulatedEngines,
  };
  if (input.unavailable) return { ...base, sections: [{ heading: CATALOG[input.type].title, figures: [], unavailable: input.unavailable }] };
  if (!input.days.length) return { ...base, sections: [{ heading: CATALOG[input.type].title, figures: [], unavailable: 'No measurement succeeded in this period.' }] };
  const sections = input.type === 'visibility_summary' ? visibilitySummary(input.days, input.perEngine)
    : input.type === 'competitor_comparison' ? competitorComparison(input.days)
      : citationSources(input.days);
  return { ...base, sections };
}
