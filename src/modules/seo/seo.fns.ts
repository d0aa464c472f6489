import { AI_BOTS, CHECK_KEYS, type CheckKey, type Checks } from '../pages/checks.keys.ts';
import type { EvaluationDetails } from '../pages/evaluate.ts';
import type { AuditMetrics } from '../pages/lighthouse.ts';

// The SEO score (seo-score-v1) and the combined score, as pure functions of what a refresh
// gathered: page evaluations, Search Console rows and GA4 sessions. Formulas and a worked example
// are in docs/scoring.md ("SEO and combined score"); the table tests beside this file check them.

export const SEO_SCORE_VERSION = 'seo-score-v1';
export const COMBINED_WEIGHTS = { seo: 0.4, geo: 0.6 } as const;

export const COMPONENT_MAX = {
  technical_health: 30,
  core_web_vitals: 20,
  ai_readiness: 20,
  search_performance: 20,
  ai_referrals: 10,
} as const;
export type ComponentKey = keyof typeof COMPONENT_MAX;
export const COMPONENT_KEYS = Object.keys(COMPONENT_MAX) as ComponentKey[];

/** Technical health counts every check but llms.txt, which belongs to AI readiness. */
const TECHNICAL_KEYS = CHECK_KEYS.filter((k) => k !== 'llmsTxt');
/** Where each check's evidence comes from, and what it expects. */
export const CHECK_EVIDENCE: Record<CheckKey, { source: string; file?: string; expected: string }> = {
  robotsTxt: { source: 'robots.txt', file: '/robots.txt', expected: 'present, parseable, not blocking the page' },
  sitemapXml: { source: 'sitemap.xml', expected: 'reachable, a valid urlset or sitemap index listing URLs' },
  llmsTxt: { source: 'llms.txt', file: '/llms.txt', expected: 'present, text, opening with "# <site name>"' },
  metaRobots: { source: 'html', expected: 'no noindex' },
  canonical: { source: 'html', expected: 'an absolute canonical URL' },
  title: { source: 'html', expected: 'a title of 10-70 characters' },
  description: { source: 'html', expected: 'a meta description of 50-160 characters' },
  https: { source: 'html', expected: 'served over https' },
  viewport: { source: 'html', expected: 'width=device-width' },
};

/** AI engines whose referrals GA4 reports as session sources. */
export const AI_SOURCES = ['chatgpt.com', 'chat.openai.com', 'perplexity.ai', 'gemini.google.com', 'bard.google.com', 'claude.ai', 'copilot.microsoft.com'];
export const isAiSource = (source: string) => AI_SOURCES.some((d) => source === d || source.endsWith(`.${d}`) || source.startsWith(`${d}/`));

export interface PageInput {
  id: string;
  finalUrl: string;
  home: boolean;
  metrics: AuditMetrics;
  checks: Checks;
  details: EvaluationDetails;
}
export interface GscRow { keys: string[]; clicks: number; impressions: number; ctr: number; position: number }
export type Source<T> = { available: true; data: T } | { available: false; reason: string };
export interface SeoInputs {
  pages: PageInput[];
  gsc: Source<{ current: GscRow[]; previous: GscRow[] }>;
  ga4: Source<{ current: Array<{ source: string; sessions: number }> }>;
}

export interface Component {
  key: ComponentKey;
  available: boolean;
  points: number;
  maximum: number;
  percent: number;
  unavailableReason: string;
  signalRefs: string[];
}
export interface Insight {
  id: string; subject: string; currentImpressions: number; currentClicks: number; currentPosition: number;
  previousPosition: number | null; positionChange: number | null; importanceBp: number; signalRefs: string[];
}
/** One page's Search Console clicks this period and the previous one (query-page rows summed by page). */
export interface PageClicks {
  page: string; clicks: number; impressions: number; position: number; previousClicks: number; previousImpressions: number;
}
export interface TechnicalCheck {
  auditId: string; pageUrl: string; pageTechnicalPct: number; code: CheckKey; suggestion: string;
  evidence: { source: string; url: string; observedValue: string; expectedValue: string; providerRef: string };
}

const round1 = (x: number) => Math.round(x * 10) / 10;
const clamp01 = (x: number) => Math.min(1, Math.max(0, x));

function component(key: ComponentKey, value: number | null, reason: string, signalRefs: string[]): Component {
  const maximum = COMPONENT_MAX[key];
  if (value === null) return { key, available: false, points: 0, maximum, percent: 0, unavailableReason: reason, signalRefs: [] };
  return { key, available: true, points: round1(maximum * value), maximum, percent: round1(100 * value), unavailableReason: '', signalRefs };
}

/** Good = 1, needs improvement = 0.5, poor = 0 (Google's thresholds; TBT stands in for INP in a lab run). */
export function vitalsValue(m: AuditMetrics): number | null {
  const grade = (v: number | null, good: number, poor: number) => (v === null ? null : v <= good ? 1 : v <= poor ? 0.5 : 0);
  const grades = [grade(m.lcp, 2500, 4000), grade(m.cls, 0.1, 0.25), grade(m.tbt, 200, 600)].filter((g): g is number => g !== null);
  return grades.length ? grades.reduce((a, b) => a + b, 0) / grades.length : null;
}

/** Impression-weighted mean position over rows (null without impressions). */
function meanPosition(rows: GscRow[]) {
  const impressions = rows.reduce((a, r) => a + r.impressions, 0);
  return impressions ? rows.reduce((a, r) => a + r.position * r.impressions, 0) / impressions : null;
}

export function searchValue(current: GscRow[], previous: GscRow[]): number {
  const position = meanPosition(current);
  const positionFactor = position === null ? 0 : clamp01((21 - position) / 20);
  const clicks = current.reduce((a, r) => a + r.clicks, 0);
  const before = previous.reduce((a, r) => a + r.clicks, 0);
  const trendFactor = clamp01(0.5 + (clicks - before) / (2 * Math.max(before, 1)));
  return 0.7 * positionFactor + 0.3 * trendFactor;
}

export function pageTechnicalPct(checks: Checks) {
  return round1((100 * CHECK_KEYS.filter((k) => checks[k].passed).length) / CHECK_KEYS.length);
}

export function components(inputs: SeoInputs): Component[] {
  const { pages } = inputs;
  const home = pages.find((p) => p.home) ?? null;
  const noPages = 'no_page_evaluation';
  const refs = (ps: PageInput[]) => ps.map((p) => `pageEvaluation:${p.id}`);

  const technical = pages.length
    ? pages.reduce((a, p) => a + TECHNICAL_KEYS.filter((k) => p.checks[k].passed).length, 0) / (pages.length * TECHNICAL_KEYS.length) : null;
  const vitals = pages.map((p) => ({ p, v: vitalsValue(p.metrics) })).filter((x): x is { p: PageInput; v: number } => x.v !== null);
  const ai = home
    ? (Number(home.checks.llmsTxt.passed) + AI_BOTS.filter((b) => home.details.bots[b]).length / AI_BOTS.length + Number(home.details.structuredData.blocks > 0)) / 3 : null;

  let search: number | null = null;
  if (inputs.gsc.available) search = searchValue(inputs.gsc.data.current, inputs.gsc.data.previous);
  let referrals: number | null = null;
  if (inputs.ga4.available) {
    const rows = inputs.ga4.data.current;
    const all = rows.reduce((a, r) => a + r.sessions, 0);
    const fromAi = rows.filter((r) => isAiSource(r.source)).reduce((a, r) => a + r.sessions, 0);
    referrals = all ? clamp01(fromAi / all / 0.05) : 0;
  }
  return [
    component('technical_health', technical, noPages, refs(pages)),
    component('core_web_vitals', vitals.length ? vitals.reduce((a, x) => a + x.v, 0) / vitals.length : null, noPages, refs(vitals.map((x) => x.p))),
    component('ai_readiness', ai, noPages, home ? [`pageEvaluation:${home.id}#llmsTxt`, `pageEvaluation:${home.id}#bots`, `pageEvaluation:${home.id}#structuredData`] : []),
    component('search_performance', search, inputs.gsc.available ? '' : inputs.gsc.reason, ['gsc:searchAnalytics:current', 'gsc:searchAnalytics:previous']),
    component('ai_referrals', referrals, inputs.ga4.available ? '' : inputs.ga4.reason, ['ga4:runReport:sessionSource']),
  ];
}

/** seo-score-v1 in basis points: points over the maximum of the available components; null when none is. */
export function seoScoreBp(list: Component[]): number | null {
  const available = list.filter((c) => c.available);
  if (!available.length) return null;
  const max = available.reduce((a, c) => a + c.maximum, 0);
  return Math.round((10_000 * available.reduce((a, c) => a + c.points, 0)) / max);
}

/** Both scores or nothing: a combined score from one side alone would pass for something it is not. */
export function combinedScoreBp(seoBp: number | null, geoBp: number | null): number | null {
  if (seoBp === null || geoBp === null) return null;
  return Math.round(COMBINED_WEIGHTS.seo * seoBp + COMBINED_WEIGHTS.geo * geoBp);
}

/** Search Console queries by share of impressions, with their position now and in the previous period. */
export function insights(current: GscRow[], previous: GscRow[], limit = 20): Insight[] {
  const byQuery = (rows: GscRow[]) => {
    const groups = new Map<string, GscRow[]>();
    for (const r of rows) groups.set(r.keys[0] ?? '', [...(groups.get(r.keys[0] ?? '') ?? []), r]);
    return groups;
  };
  const now = byQuery(current);
  const before = byQuery(previous);
  const total = current.reduce((a, r) => a + r.impressions, 0);
  if (!total) return [];
  return [...now.entries()].map(([query, rows]) => {
    const impressions = rows.reduce((a, r) => a + r.impressions, 0);
    const position = meanPosition(rows) ?? 0;
    const prior = before.has(query) ? meanPosition(before.get(query)!) : null;
    const topPage = [...rows].sort((a, b) => b.impressions - a.impressions)[0]?.keys[1];
    return {
      id: `gsc:query:${query}`, subject: query, currentImpressions: impressions, currentClicks: rows.reduce((a, r) => a + r.clicks, 0),
      currentPosition: round1(position), previousPosition: prior === null ? null : round1(prior),
      positionChange: prior === null ? null : round1(prior - position), importanceBp: Math.round((10_000 * impressions) / total),
      signalRefs: [`gsc:query:${query}`, ...(topPage ? [`gsc:page:${topPage}`] : [])],
    };
  }).sort((a, b) => b.importanceBp - a.importanceBp || a.subject.localeCompare(b.subject)).slice(0, limit);
}

/**
 * Clicks by page, this period against the previous one, from the same query × page rows as the
 * insights: the pages with the most clicks in either period first (what "pages losing clicks"
 * is read from). A page seen in one period only has zeros in the other.
 */
export function pageClicks(current: GscRow[], previous: GscRow[], limit = 50): PageClicks[] {
  const byPage = (rows: GscRow[]) => {
    const groups = new Map<string, GscRow[]>();
    for (const r of rows) if (r.keys[1]) groups.set(r.keys[1], [...(groups.get(r.keys[1]) ?? []), r]);
    return groups;
  };
  const now = byPage(current);
  const before = byPage(previous);
  const sum = (rows: GscRow[] | undefined, key: 'clicks' | 'impressions') => (rows ?? []).reduce((a, r) => a + r[key], 0);
  return [...new Set([...now.keys(), ...before.keys()])].map((page) => ({
    page, clicks: sum(now.get(page), 'clicks'), impressions: sum(now.get(page), 'impressions'), position: round1(meanPosition(now.get(page) ?? []) ?? 0),
    previousClicks: sum(before.get(page), 'clicks'), previousImpressions: sum(before.get(page), 'impressions'),
  })).sort((a, b) => Math.max(b.clicks, b.previousClicks) - Math.max(a.clicks, a.previousClicks) || a.page.localeCompare(b.page)).slice(0, limit);
}

/** Every failed check of every evaluated page, with its evidence. */
export function technicalChecks(pages: PageInput[]): TechnicalCheck[] {
  return pages.flatMap((p) => {
    const origin = new URL(p.finalUrl).origin;
    const pct = pageTechnicalPct(p.checks);
    return CHECK_KEYS.filter((k) => !p.checks[k].passed).map((code) => {
      const spec = CHECK_EVIDENCE[code];
      const url = code === 'sitemapXml' ? p.details.sitemapUrl : spec.file ? `${origin}${spec.file}` : p.finalUrl;
      return {
        auditId: p.id, pageUrl: p.finalUrl, pageTechnicalPct: pct, code, suggestion: p.checks[code].suggestion,
        evidence: { source: spec.source, url, observedValue: p.checks[code].value, expectedValue: spec.expected, providerRef: `pageEvaluation:${p.id}#${code}` },
      };
    });
  });
}

/** Failed checks grouped by check across pages, the most widespread first (what recommendations build on). */
export function groupFailedChecks(list: TechnicalCheck[]) {
  const groups = new Map<CheckKey, { code: CheckKey; source: string; expectedValue: string; pages: Array<{ auditId: string; url: string; observedValue: string; suggestion: string; providerRef: string }> }>();
  for (const c of list) {
    const group = groups.get(c.code) ?? { code: c.code, source: c.evidence.source, expectedValue: c.evidence.expectedValue, pages: [] };
    group.pages.push({ auditId: c.auditId, url: c.pageUrl, observedValue: c.evidence.observedValue, suggestion: c.suggestion, providerRef: c.evidence.providerRef });
    groups.set(c.code, group);
  }
  return [...groups.values()].sort((a, b) => b.pages.length - a.pages.length || a.code.localeCompare(b.code));
}
