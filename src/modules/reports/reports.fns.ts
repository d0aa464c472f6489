import { wilson } from '../scores/scores.fns.ts';
import { scoreBody, type Snapshot } from '../scores/snapshot.fns.ts';
import type { Language } from '../../lib/format/format.js';
import { executiveSummary, methodology, seriesOf, type Day, type Methodology, type Series, type Summary } from './summary.fns.ts';

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
/** How a column reads: the renderers format each kind with the one formatter (src/lib/format); CSV keeps the raw value. */
export type ColumnKind = 'text' | 'engine' | 'score' | 'percent' | 'count' | 'decimal' | 'interval' | 'date';
export type Cell = string | number | null | [number, number];
export interface Column { label: string; kind: ColumnKind }
export interface Table { columns: Column[]; rows: Cell[][] }
export interface Section { heading: string; /** The day the section's figures are of (the renderer formats it after the heading). */ day?: string; figures: Figure[]; table?: Table; chart?: 'score'; bars?: Array<{ label: string; value: number }>; barUnit?: '%' | 'count'; unavailable?: string }
const col = (label: string, kind: ColumnKind = 'text'): Column => ({ label, kind });

export type { Day };

const pct = (label: string, c: { value: number | null; n: number; interval?: [number, number] }, note?: string): Figure =>
  ({ label, value: c.value, unit: '%', n: c.n, interval: c.interval ?? null, ...(c.interval ? {} : { note: note ?? 'no interval: a mean, not a proportion' }) });

/**
 * The headline score is the score endpoint's own body for the period's last day (`scoreBody`):
 * its interval is the snapshot's bootstrap interval, never a second computation.
 */
function scoreFigure(s: Snapshot): Figure {
  const interval = s.interval ?? null;
  return { label: 'GEO score', value: s.score, unit: 'score', n: s.answers ?? s.metrics.answers, interval, ...(interval ? {} : { note: 'no interval: fewer than two prompts answered' }) };
}

export function visibilitySummary(days: Day[], perEngine: Array<{ engine: string; data: Snapshot }>): Section[] {
  const last = days.at(-1)!.data;
  const c = last.components;
  return [
    {
      heading: 'Latest', day: days.at(-1)!.day,
      figures: [scoreFigure(last), pct('Visibility', c.visibility), pct('Relative share of voice', c.relativeSov), pct('Position', c.position), pct('Sentiment', c.sentiment), pct('Owned citation share (volume)', c.volume), pct('Citation rate', last.metrics.citationRate)],
    },
    { heading: 'GEO score per day', figures: [], chart: 'score' },
    {
      // One table per engine set (the figures list used to repeat it).
      heading: 'Per engine (latest)', figures: [],
      table: {
        columns: [col('Engine', 'engine'), col('GEO score', 'score'), col('Score interval', 'interval'), col('Answers', 'count'), col('Visibility', 'percent'), col('Visibility interval', 'interval')],
        rows: perEngine.map((e) => [e.engine, e.data.score, e.data.interval ?? null, e.data.answers ?? e.data.metrics.answers, e.data.components.visibility.value, e.data.components.visibility.interval ?? null]),
      },
      ...(perEngine.length ? {} : { unavailable: 'No engine answered in this period.' }),
    },
  ];
}

/** The scoreboard as the scoreboard endpoint has it: the same entities, ranks and intervals. */
export function scoreboardTable(last: Snapshot): Table {
  return {
    columns: [col('Rank', 'count'), col('Brand'), col('Kind'), col('Score', 'score'), col('Visibility', 'percent'), col('Visibility interval', 'interval'), col('Share of voice', 'percent'), col('Average position', 'decimal'), col('Citations', 'count')],
    rows: last.scoreboard.map((e) => [e.rank, e.name, e.kind === 'brand' ? 'brand' : 'competitor', e.score, e.visibility, e.visibilityInterval ?? null, e.shareOfVoice, e.averagePosition, e.citations]),
  };
}

export function competitorComparison(days: Day[]): Section[] {
  const last = days.at(-1)!.data;
  const n = last.metrics.answers;
  const figures = last.scoreboard.map((e): Figure => {
    const k = e.visibility === null ? 0 : Math.round((e.visibility * n) / 100);
    return { label: `${e.name} visibility`, value: e.visibility, unit: '%', n, interval: n ? wilson(k, n) : null, ...(n ? {} : { note: 'no answers' }) };
  });
  return [{
    heading: 'Scoreboard', day: days.at(-1)!.day, figures,
    bars: last.scoreboard.map((e) => ({ label: e.name, value: e.visibility ?? 0 })), barUnit: '%',
    table: scoreboardTable(last),
  }];
}

const CLASS_LABEL = { owned: 'owned', competitor: 'competitor', thirdParty: 'third party' } as const;
/** The sources module's classes of third-party domains, as the table says them. */
const SOURCE_CLASS_LABEL: Record<string, string> = { earned_media: 'earned media', user_generated: 'user-generated', reference: 'reference', social: 'social' };
/**
 * Top cited domains, most cited first, each classed owned / competitor / third party; with the
 * sources module's classes (`classes`, domain → class) a third-party domain says which kind
 * (earned media, user-generated, reference, social; else third party).
 */
export function domainsTable(last: Snapshot, classes?: Record<string, string>): Table {
  const top = last.metrics.topCitedDomains;
  const label = (cls: keyof typeof CLASS_LABEL, domain: string) => (cls === 'thirdParty' && SOURCE_CLASS_LABEL[classes?.[domain] ?? '']) || CLASS_LABEL[cls];
  const rows = (['owned', 'competitor', 'thirdParty'] as const).flatMap((cls) => top[cls].map((d) => [d.domain, label(cls, d.domain), d.citations] as Cell[]));
  return { columns: [col('Domain'), col('Class'), col('Citations', 'count')], rows: rows.sort((a, b) => (b[2] as number) - (a[2] as number)).slice(0, 15) };
}

export function citationSources(days: Day[], classes?: Record<string, string>): Section[] {
  const last = days.at(-1)!.data;
  const top = last.metrics.topCitedDomains;
  const total = [...top.owned, ...top.competitor, ...top.thirdParty].reduce((s, d) => s + d.citations, 0);
  const share = (label: string, list: Array<{ citations: number }>): Figure => {
    const k = list.reduce((s, d) => s + d.citations, 0);
    return { label, value: total ? Math.round((1000 * k) / total) / 10 : null, unit: '%', n: total, interval: total ? wilson(k, total) : null, ...(total ? {} : { note: 'no citations' }) };
  };
  return [{
    heading: 'Cited domains', day: days.at(-1)!.day,
    figures: [pct('Citation rate', last.metrics.citationRate), share('Owned share of top citations', top.owned), share('Competitor share of top citations', top.competitor), share('Third-party share of top citations', top.thirdParty)],
    bars: [...top.owned, ...top.competitor, ...top.thirdParty].sort((a, b) => b.citations - a.citations).slice(0, 12).map((d) => ({ label: d.domain, value: d.citations })),
    table: domainsTable(last, classes),
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

/** Done items with their measured effect: before and after, each with n and interval, and the verdict. */
export function effectsTable(r: Pick<RecsInput, 'effects'>): Table {
  const m = (x: Measure | null): Cell[] => (x ? [x.value, x.n, x.interval] : [null, null, null]);
  return {
    columns: [col('Item'), col('Metric'), col('Before', 'percent'), col('Before n', 'count'), col('Before interval', 'interval'), col('After', 'percent'), col('After n', 'count'), col('After interval', 'interval'), col('Verdict'), col('Why')],
    rows: r.effects.map((e) => [e.title, e.effect.metric.name, ...m(e.effect.before), ...m(e.effect.after), e.effect.verdict, e.effect.explanation]),
  };
}

export function recommendationsProgress(r: RecsInput): Section[] {
  const total = Object.values(r.statusCounts).reduce((a, b) => a + b, 0);
  if (!total) return [{ heading: 'Recommendations', figures: [], unavailable: 'No recommendations yet: none has been generated for this workspace.' }];
  const count = (label: string, value: number, note: string): Figure => ({ label, value, unit: 'count', n: total, interval: null, note });
  const accepted = r.transitions.filter((t) => t.action === 'accept').length;
  const done = r.transitions.filter((t) => t.to === 'done').length;
  const measured = r.effects.filter((e) => e.effect.before && e.effect.after);
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
      ...(r.effects.length ? { table: effectsTable(r) } : {}),
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
  const evaluations: Cell[][] = s.evaluations.map((e) => [e.url, e.fetchedAt.slice(0, 10), e.status, e.scores.performance, e.scores.accessibility, e.scores.bestPractices, e.scores.seo]);
  return [
    {
      heading: d.scoreDate ? 'Scores (latest refresh)' : 'Scores', ...(d.scoreDate ? { day: d.scoreDate } : {}),
      figures: [
        bp('SEO score', d.seoScoreBp, n, d.scoreDate ? 'n: pages the refresh evaluated; no interval: a weighted sum of components' : 'no SEO refresh yet'),
        bp('GEO score', d.geoScoreBp, s.geoAnswers, 'n: answers of the latest GEO score; intervals per component in the visibility summary'),
        bp('Combined score', d.combinedScoreBp, n, 'no interval: 0.4 × SEO + 0.6 × GEO; null unless both exist'),
      ],
      table: { columns: [col('Component'), col('Available'), col('Points', 'decimal'), col('Maximum', 'decimal'), col('Share', 'percent'), col('Reason')], rows: d.components.map((c) => [c.key, c.available ? 'yes' : 'no', c.points, c.maximum, c.percent, c.unavailableReason || null]) },
    },
    {
      heading: 'Failed technical checks',
      figures: failed.map((f): Figure => ({ label: f.code, value: n ? Math.round((1000 * f.k) / n) / 10 : null, unit: '%', n, interval: n ? wilson(Math.min(f.k, n), n) : null, note: `${f.k} of ${n} pages fail` })),
      ...(failed.length ? { bars: failed.map((f) => ({ label: f.code, value: f.k })) } : { unavailable: d.scoreDate ? 'No technical check failed in the latest refresh.' : 'No SEO refresh yet: checks are grouped from a refresh.' }),
    },
    {
      heading: 'Latest page evaluations',
      figures: [],
      ...(evaluations.length ? { table: { columns: [col('Page'), col('Day', 'date'), col('Status'), col('Performance', 'score'), col('Accessibility', 'score'), col('Best practices', 'score'), col('SEO', 'score')], rows: evaluations } } : { unavailable: 'No page evaluation yet.' }),
    },
  ];
}

/** Who the report is for and who sends it: the client brand and the agency (white-label hides the product). */
export interface Branding {
  brand: { name: string; color: string | null; logo: string | null };
  agency: { name: string | null; logo: string | null; whiteLabel: boolean };
}
export interface ReportData extends Branding {
  type: ReportType; title: string; workspace: string; periodFrom: string; periodTo: string; generatedAt: string;
  language: Language; timeZone: string; engines: string[];
  simulated: boolean; simulatedEngines: string[]; simulatedShare: number | null;
  /** The score endpoint's body for the period's last day measured (`GET …/score?date=periodTo`), null before any. */
  score: ReturnType<typeof scoreBody> | null;
  summary: Summary; series: Series; methodology: Methodology; sections: Section[];
  /** The period's last scoreboard as the scoreboard endpoint has it (absent from reports stored before it was added). */
  scoreboard?: Snapshot['scoreboard'];
}

export interface ReportInput extends Branding {
  type: ReportType; workspace: string; periodFrom: string; periodTo: string; generatedAt: string; simulatedEngines: string[];
  language?: Language; timeZone?: string;
  days: Day[]; perEngine: Array<{ engine: string; data: Snapshot }>; perEngineDays?: Array<{ engine: string; days: Day[] }>;
  unavailable?: string; recs?: RecsInput; seo?: SeoInput;
  /** The sources module's class of each top cited domain (domain → class), when wired. */
  domainClasses?: Record<string, string>;
}

/** The report of one type over its days; types whose data source is missing say so. */
export function buildReport(input: ReportInput): ReportData {
  const perEngineDays = input.perEngineDays ?? [];
  const last = input.days.at(-1);
  const method = methodology(input.days, perEngineDays);
  const base = {
    type: input.type, title: CATALOG[input.type].title, workspace: input.workspace, periodFrom: input.periodFrom, periodTo: input.periodTo,
    generatedAt: input.generatedAt, language: input.language ?? 'en', timeZone: input.timeZone ?? 'UTC',
    engines: perEngineDays.length ? perEngineDays.map((e) => e.engine) : input.perEngine.map((e) => e.engine),
    brand: input.brand, agency: input.agency,
    simulated: input.simulatedEngines.length > 0, simulatedEngines: input.simulatedEngines, simulatedShare: method.simulatedShare,
    score: last ? scoreBody(last.data, last.day) : null,
    summary: executiveSummary(input.days), series: seriesOf(input.days, perEngineDays), methodology: method,
    scoreboard: last?.data.scoreboard ?? [],
  };
  const only = (unavailable: string) => ({ ...base, sections: [{ heading: CATALOG[input.type].title, figures: [], unavailable }] });
  if (input.unavailable) return only(input.unavailable);
  if (input.type === 'recommendations_progress') return input.recs ? { ...base, sections: recommendationsProgress(input.recs) } : only('The recommendations module supplied no data.');
  if (input.type === 'seo_technical_status') return input.seo ? { ...base, sections: seoTechnicalStatus(input.seo) } : only('The SEO module supplied no data.');
  if (!input.days.length) return only('No measurement succeeded in this period.');
  const sections = input.type === 'visibility_summary' ? [...visibilitySummary(input.days, input.perEngine), ...clientPages(input)]
    : input.type === 'competitor_comparison' ? competitorComparison(input.days)
      : citationSources(input.days, input.domainClasses);
  return { ...base, sections };
}

/** The client report's further pages: scoreboard, cited domains, and done recommendations with their effect. */
function clientPages(input: ReportInput): Section[] {
  const last = input.days.at(-1)!.data;
  return [
    { heading: 'Scoreboard against competitors', day: input.days.at(-1)!.day, figures: [], table: scoreboardTable(last) },
    { heading: 'Top cited domains', figures: [], table: domainsTable(last, input.domainClasses), ...(domainsTable(last).rows.length ? {} : { unavailable: 'No answer cited a source in this period.' }) },
    {
      heading: 'Recommendations done, with their measured effect', figures: [],
      ...(input.recs?.effects.length ? { table: effectsTable(input.recs) } : { unavailable: 'No recommendation was done with a measured effect yet.' }),
    },
  ];
}
