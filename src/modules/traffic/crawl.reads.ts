import { and, count, desc, eq, gt, gte, lte, max, sql } from 'drizzle-orm';
import type { Db } from '../../lib/db.ts';
import type { Agent } from './classify.fns.ts';
import { trafficHits, trafficPageAgents } from './traffic.tables.ts';

// What the recommendations read from the access logs: the pages whose last verified fetch by an AI
// agent failed (the `crawl_error` items), and an agent's share of successful verified fetches of a
// page in a period (their effect). Raw hits expire with the retention; the measurement says so by
// finding none.

export function createCrawlReads(deps: { db: Db; agents: Agent[] }) {
  const { db } = deps;
  const agents = new Map(deps.agents.map((a) => [a.id, a]));
  return {
    async crawlErrors(workspaceId: string) {
      const t = trafficPageAgents;
      const rows = await db.select().from(t)
        .where(and(eq(t.workspaceId, workspaceId), eq(t.verification, 'verified'), gte(t.lastStatus, 400)))
        .orderBy(desc(t.hits), t.path).limit(200);
      return rows.map((r) => {
        const a = agents.get(r.agent);
        return {
          path: r.path, agent: r.agent, token: a?.token ?? r.agent, operator: a?.operator ?? 'unknown', engine: a?.engine ?? null,
          hits: r.hits, errors: r.errors, lastStatus: r.lastStatus, lastAt: r.lastAt.toISOString(),
        };
      });
    },

    async crawlSuccess(workspaceId: string, scope: { agent: string; path: string }, range: { after?: Date; until?: Date }) {
      const t = trafficHits;
      const [row] = await db.select({ n: count(), k: sql<number>`count(*) filter (where ${t.status} < 400)::int`, lastAt: max(t.at) }).from(t).where(and(
        eq(t.workspaceId, workspaceId), eq(t.agent, scope.agent), eq(t.path, scope.path), eq(t.verification, 'verified'),
        ...(range.after ? [gt(t.at, range.after)] : []), ...(range.until ? [lte(t.at, range.until)] : []),
      ));
      if (!row || !row.n || !row.lastAt) return null;
      return { k: Number(row.k), n: Number(row.n), lastAt: row.lastAt };
    },
  };
}
export type CrawlReads = ReturnType<typeof createCrawlReads>;
