import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../lib/db.ts';
import { AI_BOTS, type BotAccess, type Checks } from '../pages/checks.keys.ts';
import type { SeoSignals, SeoSignalsSource } from './recs.types.ts';
import { recommendations } from './recs.tables.ts';

// The SEO module's data in the shape the recommendation lanes read (recs.types.ts). The seo lane
// builds on the latest SEO refresh (failed checks across its pages, Search Console insights); the
// page-evaluation items of the geo lane on the latest page evaluations (robots.txt, llms.txt).

/** What the adapter needs of the SEO and pages services (their own shapes). */
export interface SeoSources {
  signals(workspaceId: string): Promise<{
    jobId: string;
    failedChecks: Array<{ code: string; expectedValue: string; pages: Array<{ url: string; observedValue: string }> }>;
    insights: Array<{ subject: string; currentImpressions: number; currentClicks: number; currentPosition: number; previousPosition: number | null; positionChange: number | null; importanceBp: number }>;
    /** Clicks by page this period and the previous (absent in refreshes made before it was kept). */
    pageClicks?: Array<{ page: string; clicks: number; impressions: number; position: number; previousClicks: number; previousImpressions: number }>;
  } | null>;
  /** How many pages the refresh evaluated (one count, not the rows). */
  countByJob(workspaceId: string, jobId: string): Promise<number>;
  latestRows(workspaceId: string): Promise<Array<{ url: string; finalUrl: string; checks: Checks; details: { bots: BotAccess } }>>;
}

/** Human names of the nine checks, for titles. */
const CHECK_TITLES: Record<string, string> = {
  robotsTxt: 'robots.txt', sitemapXml: 'sitemap.xml', llmsTxt: 'llms.txt', metaRobots: 'Robots meta tag', canonical: 'Canonical link',
  title: 'Page title', description: 'Meta description', https: 'HTTPS', viewport: 'Mobile viewport',
};

// A query counts as falling when its average position worsened by at least one place, and as
// under-clicked with at least 100 impressions and a CTR under 2%. A page is losing clicks when it
// had at least 20 clicks in the previous period and lost at least 15% of them (docs/recommendations.md).
export const FALLING_POSITIONS = 1;
export const LOW_CTR = { minImpressions: 100, maxCtr: 0.02 };
export const LOSING_CLICKS = { minPreviousClicks: 20, minDropShare: 0.15 };

export function insightsFrom(list: Awaited<ReturnType<SeoSources['signals']>> & object): SeoSignals['insights'] {
  const out: SeoSignals['insights'] = [];
  for (const i of list.insights) {
    const ctr = i.currentImpressions ? i.currentClicks / i.currentImpressions : 0;
    const base = {
      query: i.subject, clicks: i.currentClicks, impressions: i.currentImpressions, ctr, position: i.currentPosition,
      ...(i.previousPosition === null ? {} : { previousPosition: i.previousPosition }), importanceBp: i.importanceBp,
    };
    if (i.positionChange !== null && i.positionChange <= -FALLING_POSITIONS) out.push({ kind: 'falling_position', ...base });
    else if (i.currentImpressions >= LOW_CTR.minImpressions && ctr < LOW_CTR.maxCtr) out.push({ kind: 'low_ctr', ...base });
  }
  // Pages losing clicks; importance is the share of the previous period's clicks the page lost.
  const pages = list.pageClicks ?? [];
  const previousTotal = pages.reduce((a, p) => a + p.previousClicks, 0);
  for (const p of pages) {
    const lost = p.previousClicks - p.clicks;
    if (p.previousClicks < LOSING_CLICKS.minPreviousClicks || lost < LOSING_CLICKS.minDropShare * p.previousClicks) continue;
    out.push({
      kind: 'losing_clicks', page: p.page, clicks: p.clicks, previousClicks: p.previousClicks, impressions: p.impressions,
      ctr: p.impressions ? p.clicks / p.impressions : 0, position: p.position, importanceBp: Math.round((10_000 * lost) / previousTotal),
    });
  }
  return out;
}

export function createSeoSignals(sources: SeoSources): SeoSignalsSource {
  return {
    async signals(workspaceId) {
      const [snap, evaluations] = await Promise.all([sources.signals(workspaceId), sources.latestRows(workspaceId)]);
      if (!snap && !evaluations.length) {
        return { available: false, reason: 'no_seo_data: no SEO refresh or page evaluation yet', failedChecks: [], insights: [], aiBots: [], llmsTxt: null };
      }
      const n = snap ? await sources.countByJob(workspaceId, snap.jobId) : 0;
      const failedChecks = (snap?.failedChecks ?? []).map((c) => ({
        checkId: c.code, title: CHECK_TITLES[c.code] ?? c.code,
        pages: c.pages.map((p) => ({ url: p.url, observedValue: p.observedValue, expectedValue: c.expectedValue })),
        passRate: { passed: Math.max(0, n - c.pages.length), n: Math.max(n, c.pages.length) },
      }));
      // One verdict per page URL: the newest evaluation of each.
      const seen = new Set<string>();
      const latest = evaluations.filter((e) => !seen.has(e.finalUrl) && seen.add(e.finalUrl));
      const aiBots = latest.flatMap((e) => AI_BOTS.map((bot) => ({ url: e.finalUrl, bot, allowed: e.details.bots?.[bot] ?? true })));
      const home = latest[0];
      const llmsTxt = home ? { url: `${new URL(home.finalUrl).origin}/llms.txt`, present: home.checks.llmsTxt.passed } : null;
      return { available: true, failedChecks, insights: snap ? insightsFrom(snap) : [], aiBots, llmsTxt };
    },
  };
}

/** The open or finished (not archived) recommendations of the given topics, for the SEO dashboard's links. */
export async function recIdsByTopic(db: Db, workspaceId: string, topics: string[]): Promise<Record<string, string[]>> {
  if (!topics.length) return {};
  const rows = await db.select({ id: recommendations.id, topic: recommendations.topic }).from(recommendations)
    .where(and(eq(recommendations.workspaceId, workspaceId), inArray(recommendations.topic, topics), ne(recommendations.status, 'archived')));
  const out: Record<string, string[]> = {};
  for (const r of rows) (out[r.topic] ??= []).push(r.id);
  return out;
}
