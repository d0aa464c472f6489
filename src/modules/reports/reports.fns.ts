import type { Stamp } from '../scores/methodology.fns.ts';
import { wilson } from '../scores/scores.fns.ts';
import { scoreBody, type Snapshot } from '../scores/snapshot.fns.ts';
import { surfaceOf, type FigureSurface } from '../scores/stamp-facts.fns.ts';
import { ENGINE_SURFACE } from '../engines/capture/capture.ts';
import type { Language } from '../../lib/format/format.ts';
import { english, metricName, msg, term, word, type MessageKey, type Msg, type Text } from './messages.fns.ts';
import { executiveSummary, methodology, seriesOf, type Day, type Methodology, type Series, type Summary } from './summary.fns.ts';

// Report content as data: every figure carries its sample size and its 95% interval (or says why
// it has none), and a report knows whether any of its data came from simulated engines.

export const REPORT_TYPES = ['visibility_summary', 'competitor_comparison', 'citation_sources', 'recommendations_progress', 'seo_technical_status'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const CATALOG: Record<ReportType, { title: string; description: string }> = {
  visibility_summary: { title: english(msg('title.visibility_summary')), description: 'GEO score and its components over the period, per day and per engine.' },
  competitor_comparison: { title: english(msg('title.competitor_comparison')), description: 'The scoreboard of the brand and its tracked competitors: visibility, share of voice (each brand\'s part of all brand mentions), position, sentiment.' },
  citation_sources: { title: english(msg('title.citation_sources')), description: 'Which domains the engines cite: owned, competitor and third-party, with the citation rate.' },
  recommendations_progress: { title: english(msg('title.recommendations_progress')), description: 'Recommendations by status, the period’s created, accepted and done items, and the measured effect of done items.' },
  seo_technical_status: { title: english(msg('title.seo_technical_status')), description: 'SEO, GEO and combined scores, the SEO components, failed technical checks by page count, and the latest page evaluations.' },
};

/** `hint`: what the figure measures, said under its name (where a reader could confuse it with another figure). */
export interface Figure { label: Text; value: number | null; unit: '%' | 'points' | 'rank' | 'count' | 'score'; n: number; interval: [number, number] | null; note?: Text; hint?: Text }
/** How a column reads: the renderers format each kind with the one formatter (src/lib/format); CSV keeps the raw value. */
/** `points`: a signed change in percentage points ("+6.2"), as the formatter's `delta`. */
export type ColumnKind = 'text' | 'engine' | 'score' | 'percent' | 'count' | 'decimal' | 'points' | 'interval' | 'date';
/** A string cell is a name or a value shown as it is; a word of the report is a message. */
export type Cell = string | number | null | [number, number] | Msg;
/** `missing`: why a cell of this column may be empty (a message, as a note), instead of the generic reason. */
export interface Column { label: Text; kind: ColumnKind; missing?: Text }
/** `labelColumns`: how many leading columns name a row in CSV (default 1). */
export interface Table { columns: Column[]; rows: Cell[][]; labelColumns?: number }
export interface Section {
  heading: Text; /** The day the section's figures are of (the renderer formats it after the heading). */ day?: string; figures: Figure[]; table?: Table; chart?: 'score';
  bars?: Array<{ label: Text; value: number }>; barUnit?: '%' | 'count'; /** Bar labels are engine ids (said by display name). */ barKind?: 'engine';
  unavailable?: Text; /** A line under the heading about how the section counts. */ note?: Text;
  /** The surface of the section's figures: one line under its heading (absent from reports stored before it was added). */
  surface?: FigureSurface | 'per-engine';
}
/** A column by its key in the message catalogue (rendered at read time in the reader's language). */
const col = (key: MessageKey, kind: ColumnKind = 'text'): Column => ({ label: msg(key), kind });

export type { Day };

const pct = (key: MessageKey, c: { value: number | null; n: number; interval?: [number, number] }, note?: Text): Figure =>
  ({ label: msg(key), value: c.value, unit: '%', n: c.n, interval: c.interval ?? null, ...(c.interval ? {} : { note: note ?? msg('note.mean') }) });
/** A component that is an index on 0-100, not a share of answers (lead over competitors, position, sentiment): no % sign, as the dashboard shows it. */
const index = (key: MessageKey, c: Parameters<typeof pct>[1]): Figure => ({ ...pct(key, c), unit: 'score' });

/**
 * The headline score is the score endpoint's own body for the period's last day (`scoreBody`):
 * its interval is the snapshot's bootstrap interval, never a second computation.
 */
function scoreFigure(s: Snapshot): Figure {
  const interval = s.interval ?? null;
  return { label: msg('label.score'), value: s.score, unit: 'score', n: s.answers ?? s.metrics.answers, interval, ...(interval ? {} : { note: msg('note.fewPrompts') }) };
}

export function visibilitySummary(days: Day[], perEngine: Array<{ engine: string; data: Snapshot }>): Section[] {
  const last = days.at(-1)!.data;
  const c = last.components;
  return [
    {
      heading: msg('heading.latest'), day: days.at(-1)!.day,
      figures: [scoreFigure(last), pct('label.visibility', c.visibility), { ...index('label.relativeSov', c.relativeSov), hint: msg('explain.relativeSov') }, index('label.position', c.position), index('label.sentiment', c.sentiment), pct('label.volume', c.volume), pct('label.citationRate', last.metrics.citationRate)],
    },
    { heading: msg('heading.scorePerDay'), figures: [], chart: 'score' },
    {
      // One table per engine set (the figures list used to repeat it).
      heading: msg('heading.perEngine'), figures: [],
      table: {
        columns: [col('col.engine', 'engine'), col('label.score', 'score'), col('col.scoreInterval', 'interval'), col('col.answers', 'count'), col('label.visibility', 'percent'), col('col.visibilityInterval', 'interval')],
        rows: perEngine.map((e) => [e.engine, e.data.score, e.data.interval ?? null, e.data.answers ?? e.data.metrics.answers, e.data.components.visibility.value, e.data.components.visibility.interval ?? null]),
      },
      ...(perEngine.length ? {} : { unavailable: msg('na.noEngine') }),
    },
  ];
}

/** The scoreboard as the scoreboard endpoint has it: the same entities, ranks and intervals. */
export function scoreboardTable(last: Snapshot): Table {
  return {
    columns: [col('col.rank', 'count'), col('col.brand'), col('col.kind'), col('col.score', 'score'), col('label.visibility', 'percent'), col('col.visibilityInterval', 'interval'), col('col.sov', 'percent'), col('col.avgPosition', 'decimal'), col('col.citations', 'count')],
    rows: last.scoreboard.map((e) => [e.rank, e.name, msg(e.kind === 'brand' ? 'term.brand' : 'term.competitor'), e.score, e.visibility, e.visibilityInterval ?? null, e.shareOfVoice, e.averagePosition, e.citations]),
  };
}

export function competitorComparison(days: Day[]): Section[] {
  const last = days.at(-1)!.data;
  const n = last.metrics.answers;
  const figures = last.scoreboard.map((e): Figure => {
    const k = e.visibility === null ? 0 : Math.round((e.visibility * n) / 100);
    return { label: msg('label.brandVisibility', { brand: e.name }), value: e.visibility, unit: '%', n, interval: n ? wilson(k, n) : null, ...(n ? {} : { note: msg('note.noAnswers') }) };
  });
  return [{
    heading: msg('heading.scoreboard'), day: days.at(-1)!.day, figures,
    bars: last.scoreboard.map((e) => ({ label: e.name, value: e.visibility ?? 0 })), barUnit: '%',
    table: scoreboardTable(last),
    // The scoreboard's share of voice is not the score's lead over competitors: say which it is.
    note: msg('explain.sov'),
  }];
}

const CLASS_LABEL = { owned: msg('term.owned'), competitor: msg('term.competitor'), thirdParty: msg('term.thirdParty') } as const;
/** The sources module's classes of third-party domains, as the table says them. */
const SOURCE_CLASS_LABEL: Record<string, Msg> = { earned_media: msg('term.earnedMedia'), user_generated: msg('term.userGenerated'), reference: msg('term.reference'), social: msg('term.social') };
/**
 * Top cited domains, most cited first, each classed owned / competitor / third party; with the
 * sources module's classes (`classes`, domain → class) a third-party domain says which kind
 * (earned media, user-generated, reference, social; else third party).
 */
export function domainsTable(last: Snapshot, classes?: Record<string, string>): Table {
  const top = last.metrics.topCitedDomains;
  const label = (cls: keyof typeof CLASS_LABEL, domain: string) => (cls === 'thirdParty' && SOURCE_CLASS_LABEL[classes?.[domain] ?? '']) || CLASS_LABEL[cls];
  const rows = (['owned', 'competitor', 'thirdParty'] as const).flatMap((cls) => top[cls].map((d) => [d.domain, label(cls, d.domain), d.citations] as Cell[]));
  return { columns: [col('col.domain'), col('col.class'), col('col.citations', 'count')], rows: rows.sort((a, b) => (b[2] as number) - (a[2] as number)).slice(0, 15) };
}

export function citationSources(days: Day[], classes?: Record<string, string>): Section[] {
  const last = days.at(-1)!.data;
  const top = last.metrics.topCitedDomains;
  const total = [...top.owned, ...top.competitor, ...top.thirdParty].reduce((s, d) => s + d.citations, 0);
  const share = (label: Text, list: Array<{ citations: number }>): Figure => {
    const k = list.reduce((s, d) => s + d.citations, 0);
    return { label, value: total ? Math.round((1000 * k) / total) / 10 : null, unit: '%', n: total, interval: total ? wilson(k, total) : null, ...(total ? {} : { note: msg('note.noCitations') }) };
  };
  return [{
    heading: msg('heading.citedDomains'), day: days.at(-1)!.day,
    figures: [pct('label.citationRate', last.metrics.citationRate), share(msg('label.ownedShare'), top.owned), share(msg('label.competitorShare'), top.competitor), share(msg('label.thirdPartyShare'), top.thirdParty)],
    bars: [...top.owned, ...top.competitor, ...top.thirdParty].sort((a, b) => b.citations - a.citations).slice(0, 12).map((d) => ({ label: d.domain, value: d.citations })),
    table: domainsTable(last, classes),
  }];
}

/** What the recommendations report reads (recs service: `list` groups, `activity`, the effects of done items). */
export interface RecsInput {
  statusCounts: Record<string, number>;
  created: number;
  transitions: Array<{ action: string; to: string }>;
  effects: Array<{ title: string; effect: EffectInput }>;
}
/** A done item's effect as the recs service gives it (effect.fns.ts); the comparison fields are absent in fixtures made before them. */
export interface EffectInput {
  metric: { name: string }; before: Measure | null; after: Measure | null; verdict: string; explanation: string;
  comparison?: 'holdout' | 'before_after'; estimate?: { points: number; interval: [number, number] | null } | null;
  sides?: { target: { before: { n: number }; after: { n: number } }; holdout: { before: { n: number }; after: { n: number } } } | null; moreDays?: number | null;
}
type Measure = { value: number; n: number; interval: [number, number]; simulated?: boolean };

/** Done items with their measured effect: before and after, each with n and interval, and the verdict. */
export function effectsTable(r: Pick<RecsInput, 'effects'>): Table {
  const m = (x: Measure | null): Cell[] => (x ? [x.value, x.n, x.interval] : [null, null, null]);
  // The effect itself (docs/methodology.md "Causal effect"): the DiD against the holdout with its
  // interval, or after − before without one; and, undecided, the days still needed.
  const effect = (e: EffectInput): Cell[] => [e.estimate?.points ?? null, e.estimate?.interval ?? null, e.comparison === 'holdout' ? msg('term.holdout') : msg('term.beforeAfter'), e.moreDays ?? null] as Cell[];
  return {
    columns: [col('col.item'), col('col.metric'), col('col.before', 'percent'), col('col.beforeN', 'count'), col('col.beforeInterval', 'interval'), col('col.after', 'percent'), col('col.afterN', 'count'), col('col.afterInterval', 'interval'), col('col.verdict'), col('col.why'),
      col('col.effect', 'points'), { ...col('col.effectInterval', 'interval'), missing: msg('note.effectNoInterval') }, col('col.comparison'), { ...col('col.moreDays', 'count'), missing: msg('note.moreDaysNone') }],
    rows: r.effects.map((e) => [e.title, metricName(e.effect.metric.name), ...m(e.effect.before), ...m(e.effect.after), term(e.effect.verdict), effectWhy(e.effect), ...effect(e.effect)]),
  };
}

/**
 * Why a verdict is what it is, in the reader's words: the recs service's `explanation` is English
 * for scripts and names its method; the report says the same by verdict and comparison.
 */
export function effectWhy(e: Pick<EffectInput, 'verdict' | 'comparison'>): Text {
  const holdout = e.comparison === 'holdout';
  switch (e.verdict) {
    case 'improved': return msg(holdout ? 'effect.why.holdoutImproved' : 'effect.why.improved');
    case 'worse': return msg(holdout ? 'effect.why.holdoutWorse' : 'effect.why.worse');
    case 'no_detectable_change': return msg(holdout ? 'effect.why.holdoutNoChange' : 'effect.why.noChange');
    default: return msg('effect.why.pending');
  }
}

/** The DiD of an item against the holdout as a figure: n counts the answers of both sides, before and after. */
function holdoutFigure(title: string, e: EffectInput): Figure {
  const s = e.sides!;
  const n = s.target.before.n + s.target.after.n + s.holdout.before.n + s.holdout.after.n;
  return { label: msg('label.effect', { item: title }), value: e.estimate!.points, unit: 'points', n, interval: e.estimate!.interval, note: msg('note.verdict', { verdict: term(e.verdict) }) };
}

export function recommendationsProgress(r: RecsInput): Section[] {
  const total = Object.values(r.statusCounts).reduce((a, b) => a + b, 0);
  if (!total) return [{ heading: msg('heading.recommendations'), figures: [], unavailable: msg('na.noRecs') }];
  const count = (label: Text, value: number, note: Text): Figure => ({ label, value, unit: 'count', n: total, interval: null, note });
  const accepted = r.transitions.filter((t) => t.action === 'accept').length;
  const done = r.transitions.filter((t) => t.to === 'done').length;
  const measured = r.effects.filter((e) => e.effect.before && e.effect.after);
  return [
    {
      heading: msg('heading.byStatus'),
      figures: Object.entries(r.statusCounts).map(([status, k]): Figure => ({ label: term(status), value: Math.round((1000 * k) / total) / 10, unit: '%', n: total, interval: wilson(k, total), note: msg('note.itemsOf', { k, n: total }) })),
      bars: Object.entries(r.statusCounts).map(([label, value]) => ({ label: term(label), value })),
    },
    {
      heading: msg('heading.inPeriod'),
      figures: [count(msg('label.created'), r.created, msg('note.created')), count(msg('label.accepted'), accepted, msg('note.accepted')), count(msg('label.done'), done, msg('note.done'))],
    },
    {
      heading: msg('heading.effects'),
      figures: measured.flatMap((e) => [
        ...(['before', 'after'] as const).map((when): Figure => ({ label: msg(when === 'before' ? 'label.before' : 'label.after', { item: e.title, metric: metricName(e.effect.metric.name) }), value: e.effect[when]!.value, unit: '%', n: e.effect[when]!.n, interval: e.effect[when]!.interval, note: msg(e.effect[when]!.simulated ? 'note.verdictSimulated' : 'note.verdict', { verdict: term(e.effect.verdict) }) })),
        ...(e.effect.comparison === 'holdout' && e.effect.estimate && e.effect.sides ? [holdoutFigure(e.title, e.effect)] : []),
      ]),
      ...(r.effects.length ? { table: effectsTable(r) } : {}),
      ...(measured.length ? {} : { unavailable: r.effects.length ? msg('na.noBeforeAfter') : msg('na.noDone') }),
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
  if (!d.scoreDate && !s.evaluations.length) return [{ heading: msg('seo'), figures: [], unavailable: msg('na.noSeo') }];
  const bp = (label: Text, v: number | null, n: number, note: Text): Figure => ({ label, value: v === null ? null : v / 100, unit: 'score', n, interval: null, note });
  const byCheck = new Map<string, Set<string>>();
  for (const c of d.technicalChecks) byCheck.set(c.code, (byCheck.get(c.code) ?? new Set()).add(c.auditId));
  const n = s.refreshPages;
  const failed = [...byCheck].map(([code, pages]) => ({ code, k: pages.size })).sort((a, b) => b.k - a.k || a.code.localeCompare(b.code));
  const evaluations: Cell[][] = s.evaluations.map((e) => [e.url, e.fetchedAt.slice(0, 10), term(e.status), e.scores.performance, e.scores.accessibility, e.scores.bestPractices, e.scores.seo]);
  return [
    {
      heading: d.scoreDate ? msg('heading.scoresLatest') : msg('heading.scores'), ...(d.scoreDate ? { day: d.scoreDate } : {}),
      figures: [
        bp(msg('label.seoScore'), d.seoScoreBp, n, d.scoreDate ? msg('note.seoScore') : msg('note.noRefresh')),
        bp(msg('label.score'), d.geoScoreBp, s.geoAnswers, msg('note.geoScore')),
        bp(msg('label.combinedScore'), d.combinedScoreBp, n, msg('note.combined')),
      ],
      table: { columns: [col('col.component'), col('col.available'), col('col.points', 'decimal'), col('col.maximum', 'decimal'), col('col.share', 'percent'), col('col.reason')], rows: d.components.map((c) => [word('seo.component', c.key), msg(c.available ? 'term.yes' : 'term.no'), c.points, c.maximum, c.percent, c.unavailableReason ? word('seo.reason', c.unavailableReason) : null]) },
    },
    {
      heading: msg('heading.failedChecks'),
      figures: failed.map((f): Figure => ({ label: word('seo.check', f.code), value: n ? Math.round((1000 * f.k) / n) / 10 : null, unit: '%', n, interval: n ? wilson(Math.min(f.k, n), n) : null, note: msg('note.pagesFail', { k: f.k, n }) })),
      ...(failed.length ? { bars: failed.map((f) => ({ label: word('seo.check', f.code), value: f.k })) } : { unavailable: d.scoreDate ? msg('na.noFailed') : msg('na.noRefreshChecks') }),
    },
    {
      heading: msg('heading.evaluations'),
      figures: [],
      ...(evaluations.length ? { table: { columns: [col('col.page'), col('col.day', 'date'), col('col.status'), col('col.performance', 'score'), col('col.accessibility', 'score'), col('col.bestPractices', 'score'), col('seo', 'score')], rows: evaluations } } : { unavailable: msg('na.noEvaluation') }),
    },
  ];
}

/** Who the report is for and who sends it: the client brand and the agency (white-label hides the product). */
export interface Branding {
  brand: { name: string; color: string | null; logo: string | null };
  /** `color`: the agency's accent colour for the reports (#rrggbb), else the brand's is used; absent in reports stored before it existed. */
  agency: { name: string | null; logo: string | null; whiteLabel: boolean; color?: string | null };
}
export interface ReportData extends Branding {
  type: ReportType; title: Text; workspace: string; periodFrom: string; periodTo: string; generatedAt: string;
  language: Language; timeZone: string; engines: string[];
  simulated: boolean; simulatedEngines: string[]; simulatedShare: number | null;
  /** The score endpoint's body for the period's last day measured (`GET …/score?date=periodTo`), null before any. */
  score: ReturnType<typeof scoreBody> | null;
  summary: Summary; series: Series; methodology: Methodology; sections: Section[];
  /** The period's last scoreboard as the scoreboard endpoint has it (absent from reports stored before it was added). */
  scoreboard?: Snapshot['scoreboard'];
  /** The methodology stamp of the period's figures (docs/methodology.md); absent from reports stored before it. */
  stamp?: Stamp | null;
  /** `messages`: every text is a message `{key, params}`; absent from rows stored as English before (legacy.fns.ts converts them). */
  texts?: 'messages';
}

export interface ReportInput extends Branding {
  type: ReportType; workspace: string; periodFrom: string; periodTo: string; generatedAt: string; simulatedEngines: string[];
  language?: Language; timeZone?: string;
  days: Day[]; perEngine: Array<{ engine: string; data: Snapshot }>; perEngineDays?: Array<{ engine: string; days: Day[] }>;
  unavailable?: Text; recs?: RecsInput; seo?: SeoInput;
  /** The sources module's class of each top cited domain (domain → class), when wired. */
  domainClasses?: Record<string, string>;
  /** The model versions the providers named with the period's answers, per engine, when wired. */
  modelVersions?: Array<{ engine: string; surface?: string; modelVersion: string | null; answers: number }>;
  /** The access logs' pages for the period (traffic.fns.ts), appended to a visibility summary; none when no log was sent. */
  traffic?: Section[];
  /** The methodology stamp of the period's answers, when wired. */
  stamp?: Stamp | null;
}

/** The report of one type over its days; types whose data source is missing say so. */
export function buildReport(input: ReportInput): ReportData {
  const perEngineDays = input.perEngineDays ?? [];
  const last = input.days.at(-1);
  const found = methodology(input.days, perEngineDays);
  const method = input.modelVersions ? {
    ...found,
    engines: found.engines.map((e) => {
      const mine = input.modelVersions!.filter((m) => m.engine === e.engine);
      const surfaces = [...new Set(mine.map((m) => m.surface).filter((x): x is string => !!x))].sort();
      return { ...e, models: mine.map((m) => ({ version: m.modelVersion, answers: m.answers })), ...(surfaces.length ? { surfaces } : {}) };
    }),
  } : found;
  const base = {
    texts: 'messages' as const, type: input.type, title: msg(`title.${input.type}`), workspace: input.workspace, periodFrom: input.periodFrom, periodTo: input.periodTo,
    generatedAt: input.generatedAt, language: input.language ?? 'en', timeZone: input.timeZone ?? 'UTC',
    engines: perEngineDays.length ? perEngineDays.map((e) => e.engine) : input.perEngine.map((e) => e.engine),
    brand: input.brand, agency: input.agency,
    simulated: input.simulatedEngines.length > 0, simulatedEngines: input.simulatedEngines, simulatedShare: method.simulatedShare,
    score: last ? scoreBody(last.data, last.day) : null,
    summary: executiveSummary(input.days), series: seriesOf(input.days, perEngineDays), methodology: method,
    scoreboard: last?.data.scoreboard ?? [], stamp: input.stamp ?? null,
  };
  const only = (unavailable: Text) => ({ ...base, sections: [{ heading: base.title, figures: [], unavailable }] });
  if (input.unavailable) return only(input.unavailable);
  if (input.type === 'recommendations_progress') return input.recs ? { ...base, sections: recommendationsProgress(input.recs) } : only(msg('na.recsMissing'));
  if (input.type === 'seo_technical_status') return input.seo ? { ...base, sections: seoTechnicalStatus(input.seo) } : only(msg('na.seoMissing'));
  // The access logs do not depend on a measurement: a visibility summary keeps their pages without one.
  if (!input.days.length) {
    const none = only(msg('na.noMeasurement'));
    return input.type === 'visibility_summary' ? { ...none, sections: [...none.sections, ...(input.traffic ?? [])] } : none;
  }
  // Every measured section says its surface: the all-engines figures pool the period's engines
  // (`mixed` when API and product answers meet), the per-engine table is each engine's own.
  const surface = surfaceOf(method.engines.flatMap((e) => e.surfaces ?? (ENGINE_SURFACE as Record<string, string>)[e.engine] ?? []));
  const measured = (list: Section[]) => list.map((s): Section => (surface === null ? s : { ...s, surface: typeof s.heading !== 'string' && s.heading.key === 'heading.perEngine' ? 'per-engine' : surface }));
  const sections = input.type === 'visibility_summary' ? [...measured(visibilitySummary(input.days, input.perEngine)), ...clientPages(input, measured)]
    : input.type === 'competitor_comparison' ? measured(competitorComparison(input.days))
      : measured(citationSources(input.days, input.domainClasses));
  return { ...base, sections };
}

/** The client report's further pages: scoreboard, cited domains, and done recommendations with their effect. */
function clientPages(input: ReportInput, measured: (list: Section[]) => Section[]): Section[] {
  const last = input.days.at(-1)!.data;
  return [
    ...measured([
      { heading: msg('heading.scoreboardCompetitors'), day: input.days.at(-1)!.day, figures: [], table: scoreboardTable(last), note: msg('explain.sov') },
      { heading: msg('heading.topDomains'), figures: [], table: domainsTable(last, input.domainClasses), ...(domainsTable(last).rows.length ? {} : { unavailable: msg('na.noCited') }) },
    ]),
    {
      heading: msg('heading.doneEffects'), figures: [],
      ...(input.recs?.effects.length ? { table: effectsTable(input.recs) } : { unavailable: msg('na.noDoneEffect') }),
    },
    ...(input.traffic ?? []),
  ];
}
