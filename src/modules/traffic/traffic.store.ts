import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../lib/db.ts';
import { trafficHits, trafficSettings } from './traffic.tables.ts';

/** One stored hit as the ingestion hands it over (short keys: batches travel as JSON). */
export interface HitRow {
  h: string; t: number; a: string | null; v: 'verified' | 'claimed' | null; n: string;
  m: string; p: string; s: number; b: number; e: string | null; u: string;
}

// The traffic module's write face for the ingestion (traffic-ingest): hits and their aggregates,
// retention, counts. Set-based: one statement per batch inserts the new raw
// hits and folds exactly those (RETURNING) into the daily, per-page and referral aggregates with
// grouped upserts. A line already stored (same hash) is neither inserted nor counted again.

export function createTrafficRepo(db: Db) {
  const rows = <T>(result: unknown) => ((result as { rows?: T[] }).rows ?? (result as T[]));

  /** Inserts a batch given as the JSON array of its rows (HitRow); answers how many rows were new. */
  async function writeJson(workspaceId: string, json: string): Promise<number> {
    const result = await db.execute(sql`
      with r as (
        select * from json_to_recordset(${json}::json)
          as r(h bigint, t double precision, a text, v text, n text, m text, p text, s int, b bigint, e text, u text)
      ), ins as (
        insert into traffic_hits (workspace_id, line_hash, at, agent, verification, network, method, path, status, bytes, referrer_engine, user_agent)
        select ${workspaceId}, h, to_timestamp(t / 1000.0), a, v, n, m, p, s, b, e, u from r
        on conflict do nothing
        returning at, agent, verification, path, status, bytes, referrer_engine
      ), daily as (
        insert into traffic_agent_daily (workspace_id, day, agent, verification, hits, s2xx, s3xx, s4xx, s5xx, bytes)
        select ${workspaceId}, (at at time zone 'UTC')::date, agent, verification, count(*),
          count(*) filter (where status between 200 and 299), count(*) filter (where status between 300 and 399),
          count(*) filter (where status between 400 and 499), count(*) filter (where status >= 500), sum(bytes)
        from ins where agent is not null group by 2, 3, 4
        on conflict (workspace_id, day, agent, verification) do update set
          hits = traffic_agent_daily.hits + excluded.hits, s2xx = traffic_agent_daily.s2xx + excluded.s2xx,
          s3xx = traffic_agent_daily.s3xx + excluded.s3xx, s4xx = traffic_agent_daily.s4xx + excluded.s4xx,
          s5xx = traffic_agent_daily.s5xx + excluded.s5xx, bytes = traffic_agent_daily.bytes + excluded.bytes
      ), pages as (
        insert into traffic_page_agents (workspace_id, path, agent, verification, hits, errors, last_status, first_at, last_at)
        select ${workspaceId}, path, agent, verification, count(*), count(*) filter (where status >= 400),
          (array_agg(status order by at desc))[1], min(at), max(at)
        from ins where agent is not null group by path, agent, verification
        on conflict (workspace_id, path, agent, verification) do update set
          hits = traffic_page_agents.hits + excluded.hits, errors = traffic_page_agents.errors + excluded.errors,
          last_status = case when excluded.last_at >= traffic_page_agents.last_at then excluded.last_status else traffic_page_agents.last_status end,
          first_at = least(traffic_page_agents.first_at, excluded.first_at), last_at = greatest(traffic_page_agents.last_at, excluded.last_at)
      ), referrals as (
        insert into traffic_referrals_daily (workspace_id, day, engine, path, visits)
        select ${workspaceId}, (at at time zone 'UTC')::date, referrer_engine, path, count(*)
        from ins where referrer_engine is not null group by 2, 3, 4
        on conflict (workspace_id, day, engine, path) do update set visits = traffic_referrals_daily.visits + excluded.visits
      )
      select count(*)::int as inserted from ins`);
    return Number(rows<{ inserted: number }>(result)[0]?.inserted ?? 0);
  }

  return {
    /** Inserts a batch; answers how many rows were new. */
    writeBatch: (workspaceId: string, batch: HitRow[]) => (batch.length ? writeJson(workspaceId, JSON.stringify(batch)) : Promise.resolve(0)),
    writeJson,

    async retentionDays(workspaceId: string): Promise<number> {
      const [row] = await db.select({ days: trafficSettings.retentionDays }).from(trafficSettings).where(eq(trafficSettings.workspaceId, workspaceId));
      return row?.days ?? 90;
    },

    async setRetentionDays(workspaceId: string, days: number) {
      await db.insert(trafficSettings).values({ workspaceId, retentionDays: days })
        .onConflictDoUpdate({ target: trafficSettings.workspaceId, set: { retentionDays: days } });
    },

    /** Deletes raw hits past each workspace's retention (aggregates are kept); answers how many. */
    async sweep(now: Date): Promise<number> {
      const result = await db.execute(sql`
      delete from traffic_hits h
      using (select w.id, coalesce(s.retention_days, 90) as days from workspaces w left join traffic_settings s on s.workspace_id = w.id) k
      where h.workspace_id = k.id and h.at < ${now.toISOString()}::timestamptz - make_interval(days => k.days)`);
    return (result as { rowCount?: number; affectedRows?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0;
  },

  countHits: async (workspaceId: string, before?: Date) =>
    (await db.select({ n: sql<number>`count(*)::int` }).from(trafficHits)
      .where(before ? and(eq(trafficHits.workspaceId, workspaceId), lt(trafficHits.at, before)) : eq(trafficHits.workspaceId, workspaceId)))[0]!.n,

  rows,
};
}
export type TrafficRepo = ReturnType<typeof createTrafficRepo>;
