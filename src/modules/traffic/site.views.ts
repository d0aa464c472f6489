import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../lib/db.ts';
import type { WorkspaceContext } from '../../lib/http/types.ts';
import type { EngineAnswers, OwnedPathTally } from '../sources/owned-paths.fns.ts';
import type { Classifier } from './classify.fns.ts';
import { pathKey } from '../../lib/text/path-key.ts';
import { crawlIndex, knownPages, latestPerPath, neverFetched, robotsDecisions, simulatedPaths, type Crawl, type EvaluationIn } from './chain.fns.ts';
import { chainPages, chainSummary } from './chain-pages.fns.ts';
import { chainRows } from './chain-rows.fns.ts';
import type { Ga4Referrals } from './ga4.ts';
import { trafficPageAgents, trafficReferralsDaily } from './traffic.tables.ts';
import type { TrafficViews } from './traffic.views.ts';

// The traffic views that join other modules' data: robots.txt decisions (the pages module's
// evaluations) beside what each AI agent fetched, the known pages no AI crawler fetched, and the
// chain per page crawled → retrieved (the sources module) → cited → visited (access logs, GA4).

export interface SiteSources {
  /** The workspace's latest page evaluations, newest first. */
  evaluations(workspaceId: string): Promise<Array<{ url: string; finalUrl: string; fetchedAt: Date; checks: { llmsTxt: { passed: boolean } }; details: { bots: Record<string, boolean>; agents?: Record<string, boolean>; sitemapUrls: string[] } }>>;
  /** The brand's own pages per engine in the window of latest runs. */
  ownedPaths(ws: WorkspaceContext): Promise<{ window: { runIds: string[]; from: string; to: string } | null; engines: EngineAnswers[]; rows: OwnedPathTally[] }>;
}

export function createSiteViews(deps: {
  db: Db; classifier: Classifier; sources: SiteSources; ga4: Ga4Referrals; range: TrafficViews['range'];
  /** Whether the workspace ever sent a log (the ingestion keeps the uploads: traffic-ingest's reads). */
  logsReceived(workspaceId: string): Promise<boolean>;
}) {
  const { db, classifier } = deps;

  async function evaluations(workspaceId: string): Promise<EvaluationIn[]> {
    return (await deps.sources.evaluations(workspaceId)).map((e) => ({
      url: e.url, finalUrl: e.finalUrl, fetchedAt: e.fetchedAt, llmsTxtPassed: e.checks.llmsTxt.passed,
      bots: e.details.bots, agents: e.details.agents, sitemapUrls: e.details.sitemapUrls ?? [],
    }));
  }
  async function crawls(workspaceId: string): Promise<Crawl[]> {
    const t = trafficPageAgents;
    return db.select({ path: t.path, agent: t.agent, verification: t.verification, hits: t.hits, errors: t.errors, lastStatus: t.lastStatus, lastAt: t.lastAt })
      .from(t).where(eq(t.workspaceId, workspaceId));
  }
  const logsReceived = (workspaceId: string) => deps.logsReceived(workspaceId);

  return {
    async robots(ws: WorkspaceContext) {
      const [evals, rows] = await Promise.all([evaluations(ws.id), crawls(ws.id)]);
      const home = evals[0];
      return {
        evaluatedAt: home?.fetchedAt.toISOString() ?? null,
        llmsTxt: home ? { url: `${new URL(home.finalUrl).origin}/llms.txt`, present: home.llmsTxtPassed } : null,
        agents: robotsDecisions(classifier.agents, evals, crawlIndex(rows)),
      };
    },

    async unfetched(ws: WorkspaceContext) {
      const { from, to } = deps.range({});
      const [evals, rows, owned, referred, ga4] = await Promise.all([
        evaluations(ws.id), crawls(ws.id), deps.sources.ownedPaths(ws),
        db.selectDistinct({ path: trafficReferralsDaily.path }).from(trafficReferralsDaily).where(eq(trafficReferralsDaily.workspaceId, ws.id)),
        deps.ga4.read(ws.id, from, to),
      ]);
      const pages = knownPages({ evaluations: evals, owned: owned.rows, crawls: rows, referred: [...referred, ...(ga4?.rows ?? [])] });
      const list = neverFetched(pages, classifier.agents, crawlIndex(rows));
      return { logsReceived: await logsReceived(ws.id), pagesKnown: pages.size, rows: list };
    },

    async chain(ws: WorkspaceContext, q: { from?: string; to?: string; engine?: string; path?: string; weakest?: string; limit?: number; offset?: number }) {
      const { from, to } = deps.range(q);
      const [evals, rows, owned, logs, ga4] = await Promise.all([
        evaluations(ws.id), crawls(ws.id), deps.sources.ownedPaths(ws), logsReceived(ws.id), deps.ga4.read(ws.id, from, to),
      ]);
      const r = trafficReferralsDaily;
      const referred = await db.select({ engine: r.engine, path: r.path, visits: sql<number>`sum(${r.visits})::int` }).from(r)
        .where(and(eq(r.workspaceId, ws.id), gte(r.day, from), lte(r.day, to))).groupBy(r.engine, r.path);
      const key = (engine: string, path: string) => `${engine}\u0000${pathKey(path)}`;
      const visits = new Map<string, number>();
      for (const v of referred) visits.set(key(v.engine, v.path), (visits.get(key(v.engine, v.path)) ?? 0) + Number(v.visits));
      const ga4Visits = ga4 ? new Map<string, number>() : null;
      for (const g of ga4?.rows ?? []) ga4Visits!.set(key(g.engine, g.path), (ga4Visits!.get(key(g.engine, g.path)) ?? 0) + g.sessions);
      const pages = knownPages({ evaluations: evals, owned: owned.rows, crawls: rows, referred: [...referred, ...(ga4?.rows ?? [])] });
      const all = chainRows({
        agents: classifier.agents, pages, index: crawlIndex(rows), evaluations: latestPerPath(evals), engines: owned.engines, owned: owned.rows,
        visits, ga4: ga4Visits, logsReceived: logs,
      });
      const wanted = (w: string | null) => !q.weakest || (q.weakest === 'none' ? w === null : w === q.weakest);
      const inScope = all.filter((c) => (!q.engine || c.engine === q.engine) && (!q.path || c.path === pathKey(q.path)));
      const kept = inScope.filter((c) => wanted(c.weakest));
      // Pages: the summary counts every page in scope (before the weakest-link filter), the list the filtered ones.
      const byPage = chainPages(inScope, [...pages].filter(([path]) => !q.path || path === pathKey(q.path)));
      const pageList = byPage.filter((p) => wanted(p.weakest));
      const [offset, limit] = [q.offset ?? 0, q.limit ?? 500];
      return {
        from, to, window: owned.window, logsReceived: logs, ga4: ga4 ? { syncedAt: ga4.syncedAt, property: ga4.property } : null,
        total: kept.length, rows: kept.slice(offset, offset + limit),
        summary: chainSummary(byPage), pagesTotal: pageList.length, pages: pageList.slice(offset, offset + limit),
        simulatedPaths: simulatedPaths(owned.rows, pages),
      };
    },

    async ga4Referrals(ws: WorkspaceContext, q: { from?: string; to?: string }) {
      const { from, to } = deps.range(q);
      const found = await deps.ga4.read(ws.id, from, to);
      return { from, to, syncedAt: found?.syncedAt ?? null, property: found?.property ?? null, rows: found?.rows ?? [] };
    },
  };
}
export type SiteViews = ReturnType<typeof createSiteViews>;
