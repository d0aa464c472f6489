import { desc, eq } from 'drizzle-orm';
import type { SeoConfig } from '../pages/pages.config.ts';
import type { Db } from '../../lib/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { WorkspaceContext } from '../../lib/http/types.ts';
import type { ConnectionsService } from '../connections/connections.service.ts';
import type { JobContext, JobsService } from '../jobs/jobs.service.ts';
import type { PagesService } from '../pages/pages.service.ts';
import { ChromeMissingError } from '../pages/lighthouse.ts';
import type { ScoresService } from '../scores/scores.service.ts';
import type { WorkspacesService } from '../workspaces/workspaces.service.ts';
import { aiReferralsByLanding, googleAccessToken, googleClients, searchAnalytics, sessionsBySource, type Ga4ReferralRow, type GoogleClients } from './google.ts';
import {
  combinedScoreBp, COMBINED_WEIGHTS, groupFailedChecks, COMPONENT_KEYS, COMPONENT_MAX, components, insights, pageClicks, SEO_SCORE_VERSION, seoScoreBp, technicalChecks,
  type PageInput, type SeoInputs,
} from './seo.fns.ts';
import { seoSnapshots } from './seo.tables.ts';

export const KIND = 'seo_refresh';
const DAY_MS = 24 * 3600 * 1000;
const GOOGLE_CALLS = 3; // Search Analytics now and before, GA4 once (and once more for AI referrals, when wired)

const day = (d: Date) => d.toISOString().slice(0, 10);
/** 28 days ending three days ago (Search Console's data lags), and the 28 days before. */
export function periods(now: Date) {
  const end = new Date(now.getTime() - 3 * DAY_MS);
  const start = new Date(end.getTime() - 27 * DAY_MS);
  const prevEnd = new Date(start.getTime() - DAY_MS);
  return { current: [day(start), day(end)] as const, previous: [day(new Date(prevEnd.getTime() - 27 * DAY_MS)), day(prevEnd)] as const };
}

export function createSeoService(deps: {
  db: Db; clock: Clock; jobs: JobsService; pages: PagesService; connections: ConnectionsService; workspaces: WorkspacesService;
  scores: ScoresService; seo: SeoConfig; googleTokenUrl: string;
  /** Recommendation ids per evidence `providerRef`, once a recommendations module links them. */
  recommendationIds?: (workspaceId: string, providerRefs: string[]) => Promise<Record<string, string[]>>;
  /** Where GA4's AI referrals per landing page go (the traffic module); absent: not read. */
  aiReferrals?: { pattern(): string; store(workspaceId: string, property: string, from: string, to: string, rows: Ga4ReferralRow[]): Promise<number> };
}) {
  const { db, clock, seo } = deps;
  const calls = GOOGLE_CALLS + (deps.aiReferrals ? 1 : 0);
  const estimate = () => seo.pagePriceMicrousd * (1 + seo.samplePages) + seo.googleCallPriceMicrousd * calls;

  async function latest(workspaceId: string) {
    const [row] = await db.select().from(seoSnapshots).where(eq(seoSnapshots.workspaceId, workspaceId)).orderBy(desc(seoSnapshots.createdAt), desc(seoSnapshots.id)).limit(1);
    return row ?? null;
  }

  async function geoScoreBp(ws: WorkspaceContext) {
    try {
      return Math.round((await deps.scores.score(ws)).score * 100);
    } catch (err) {
      if (err instanceof AppError && err.code === 'score_not_available') return null;
      throw err;
    }
  }

  /** Pages: the home page, then sitemap URLs of the same host, each leased and evaluated; failures logged. */
  async function evaluatePages(ctx: JobContext, home: string): Promise<PageInput[]> {
    const done: PageInput[] = [];
    const queue = [home];
    const seen = new Set<string>([home]);
    for (let i = 0; i < queue.length && i <= seo.samplePages; i++) {
      if (ctx.signal.aborted) break;
      if (!(await ctx.lease(seo.pagePriceMicrousd))) throw new Error('the credit hold is exhausted');
      try {
        const row = await deps.pages.evaluateAndStore(ctx.job.workspaceId, ctx.job.id, queue[i]!, ctx);
        done.push({ id: row.id, finalUrl: row.finalUrl, home: i === 0, metrics: row.metrics, checks: row.checks, details: row.details });
        if (i === 0) {
          const host = new URL(row.finalUrl).host;
          for (const url of row.details.sitemapUrls) {
            const same = URL.canParse(url) && new URL(url).host === host;
            if (same && !seen.has(url) && url !== row.finalUrl) {
              seen.add(url);
              queue.push(url);
            }
          }
        }
      } catch (err) {
        if (err instanceof ChromeMissingError || ctx.signal.aborted) throw err;
        await ctx.log(`page ${queue[i]} not evaluated: ${(err as Error).message}`);
      }
      ctx.progress(done.length);
    }
    return done;
  }

  /** GA4's AI referrals per day and landing page into the traffic module; a failure is logged, not fatal. */
  async function readAiReferrals(ctx: JobContext, api: GoogleClients, property: string, [from, to]: readonly [string, string]) {
    try {
      if (!(await ctx.lease(seo.googleCallPriceMicrousd))) throw new Error('the credit hold is exhausted');
      const rows = await aiReferralsByLanding(api.ga4, property, from, to, deps.aiReferrals!.pattern());
      const kept = await deps.aiReferrals!.store(ctx.job.workspaceId, property, from, to, rows);
      await ctx.log(`GA4: ${rows.length} AI-referral rows (${kept} per day, engine and landing page)`);
    } catch (err) {
      await ctx.log(`GA4 AI referrals not read: ${(err as Error).message}`);
    }
  }

  async function google(ctx: JobContext, ws: WorkspaceContext): Promise<Pick<SeoInputs, 'gsc' | 'ga4'>> {
    const { gscProperty, ga4Property } = await deps.workspaces.getProperties(ws);
    const credential = await deps.connections.resolveKey(ws.id, 'google');
    const missing = (what: 'gsc' | 'ga4') => ({ available: false as const, reason: `${what}_not_connected` });
    let gsc: SeoInputs['gsc'] = missing('gsc');
    let ga4: SeoInputs['ga4'] = missing('ga4');
    if (!credential || (!gscProperty && !ga4Property)) {
      await ctx.log(credential ? 'no Search Console or GA4 property configured' : 'no Google service account stored: Search Console and GA4 are skipped');
      return { gsc, ga4 };
    }
    let api: GoogleClients;
    try {
      api = await googleClients(await googleAccessToken(credential, deps.googleTokenUrl, clock.now()), seo.googleApiRootUrl);
    } catch (err) {
      await ctx.log(`Google: ${(err as Error).message}`);
      const failed = { available: false as const, reason: 'google_auth_failed' };
      return { gsc: gscProperty ? failed : gsc, ga4: ga4Property ? failed : ga4 };
    }
    const { current, previous } = periods(clock.now());
    if (gscProperty) {
      try {
        if (!(await ctx.lease(2 * seo.googleCallPriceMicrousd))) throw new Error('the credit hold is exhausted');
        const [now, before] = [await searchAnalytics(api.gsc, gscProperty, ...current), await searchAnalytics(api.gsc, gscProperty, ...previous)];
        gsc = { available: true, data: { current: now, previous: before } };
        await ctx.log(`Search Console: ${now.length} query-page rows (${current.join('…')}), ${before.length} before`);
      } catch (err) {
        await ctx.log((err as Error).message);
        gsc = { available: false, reason: 'gsc_error' };
      }
    }
    if (ga4Property) {
      try {
        if (!(await ctx.lease(seo.googleCallPriceMicrousd))) throw new Error('the credit hold is exhausted');
        const rows = await sessionsBySource(api.ga4, ga4Property, ...current);
        ga4 = { available: true, data: { current: rows } };
        await ctx.log(`GA4: ${rows.length} session sources`);
      } catch (err) {
        await ctx.log((err as Error).message);
        ga4 = { available: false, reason: 'ga4_error' };
      }
      if (deps.aiReferrals && ga4.available) await readAiReferrals(ctx, api, ga4Property, current);
    }
    return { gsc, ga4 };
  }

  async function refresh(ctx: JobContext) {
    const ws = await deps.workspaces.contextById(ctx.job.workspaceId);
    const pages = await evaluatePages(ctx, String(ctx.job.params.url));
    if (ctx.signal.aborted) return;
    const external = await google(ctx, ws);
    if (ctx.signal.aborted) return;
    ctx.progress(1 + seo.samplePages);
    const inputs: SeoInputs = { pages, ...external };
    const list = components(inputs);
    const score = seoScoreBp(list);
    const row = {
      id: newId('seo'), workspaceId: ws.id, jobId: ctx.job.id, version: SEO_SCORE_VERSION, seoScoreBp: score, components: list,
      insights: external.gsc.available ? insights(external.gsc.data.current, external.gsc.data.previous) : [],
      pageClicks: external.gsc.available ? pageClicks(external.gsc.data.current, external.gsc.data.previous) : [],
      technicalChecks: technicalChecks(pages), createdAt: clock.now(),
    };
    await ctx.log(`SEO score ${score === null ? 'not available' : `${score} bp`} from ${pages.length} pages; ${list.filter((c) => !c.available).map((c) => `${c.key}: ${c.unavailableReason}`).join(', ') || 'every component available'}`);
    // Written with the job's `succeeded`: a cancelled refresh leaves the previous dashboard in place.
    return async (tx: Db) => void (await tx.insert(seoSnapshots).values(row));
  }
  deps.jobs.register(KIND, refresh);

  return {
    async start(ws: WorkspaceContext, userId: string | null, body: { url?: string } | undefined) {
      const row = await deps.workspaces.getRow(ws);
      const url = deps.pages.checkUrl(body?.url ?? `https://${row.domains[0]}/`);
      return deps.jobs.start({
        ws, kind: KIND, group: KIND, totalCalls: 1 + seo.samplePages, progressSource: 'pages', createdBy: userId,
        params: { url }, estimateMicrousd: estimate(),
      });
    },

    /** Spec 2.13 in the page envelope; before any refresh every component says `not_refreshed`. */
    async dashboard(ws: WorkspaceContext) {
      const snap = await latest(ws.id);
      if (!snap) {
        return {
          schemaVersion: 'page-envelope.v1', workspace: ws.slug,
          data: {
            scoreId: null, scoreDate: null, scoreVersion: SEO_SCORE_VERSION, seoScoreBp: null, geoScoreBp: null, combinedScoreBp: null,
            combinedWeights: COMBINED_WEIGHTS, refreshJobId: null,
            components: COMPONENT_KEYS.map((key) => ({ key, available: false, points: 0, maximum: COMPONENT_MAX[key], percent: 0, unavailableReason: 'not_refreshed', signalRefs: [] })),
            insights: [], technicalChecks: [],
          },
        };
      }
      const geo = await geoScoreBp(ws);
      const refs = snap.technicalChecks.map((c) => c.evidence.providerRef);
      const linked = deps.recommendationIds && refs.length ? await deps.recommendationIds(ws.id, refs) : {};
      return {
        schemaVersion: 'page-envelope.v1', workspace: ws.slug,
        data: {
          scoreId: snap.id, scoreDate: day(snap.createdAt), scoreVersion: snap.version, seoScoreBp: snap.seoScoreBp, geoScoreBp: geo,
          combinedScoreBp: combinedScoreBp(snap.seoScoreBp, geo), combinedWeights: COMBINED_WEIGHTS, refreshJobId: snap.jobId,
          components: snap.components, insights: snap.insights,
          technicalChecks: snap.technicalChecks.map((c) => ({ ...c, recommendationIds: linked[c.evidence.providerRef] ?? [] })),
        },
      };
    },

    /**
     * Search Console queries of the last 28 days (query, clicks, impressions), for prompt
     * proposals; `available: false` with a reason when Search Console is not connected or fails.
     */
    async searchQueries(ws: WorkspaceContext): Promise<{ available: true; rows: Array<{ query: string; impressions: number }> } | { available: false; reason: string }> {
      const { gscProperty } = await deps.workspaces.getProperties(ws);
      const credential = await deps.connections.resolveKey(ws.id, 'google');
      if (!credential || !gscProperty) return { available: false, reason: 'gsc_not_connected' };
      try {
        const api = await googleClients(await googleAccessToken(credential, deps.googleTokenUrl, clock.now()), seo.googleApiRootUrl);
        const rows = await searchAnalytics(api.gsc, gscProperty, ...periods(clock.now()).current);
        const byQuery = new Map<string, number>();
        for (const r of rows) if (r.keys[0]) byQuery.set(r.keys[0], (byQuery.get(r.keys[0]) ?? 0) + r.impressions);
        return { available: true, rows: [...byQuery].map(([query, impressions]) => ({ query, impressions })) };
      } catch (err) {
        return { available: false, reason: `gsc_error: ${(err as Error).message}` };
      }
    },

    /**
     * What recommendations build on: the latest refresh's failed checks grouped by check across
     * pages, its Search Console insights and clicks by page. Null before any refresh.
     */
    async signals(workspaceId: string) {
      const snap = await latest(workspaceId);
      if (!snap) return null;
      return {
        scoreId: snap.id, jobId: snap.jobId, refreshedAt: snap.createdAt.toISOString(), seoScoreBp: snap.seoScoreBp, components: snap.components,
        failedChecks: groupFailedChecks(snap.technicalChecks), insights: snap.insights, pageClicks: snap.pageClicks,
      };
    },
  };
}
export type SeoService = ReturnType<typeof createSeoService>;
