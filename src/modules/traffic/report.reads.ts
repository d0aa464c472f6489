import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../lib/db.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Agent } from './classify.fns.ts';
import { pathKey } from '../../lib/text/path-key.ts';
import { trafficSettings } from './traffic.tables.ts';

// What the workspace report reads from the access logs besides the daily aggregates (which it
// reads through the views, as the API does): the pages AI agents fetched most in a period, and
// whether any log was ever sent. Per-page counts for a period need the raw hits (the per-page
// aggregate keeps first and last fetch, not days), so they cover only the retention window:
// `keptSince` says from which day, and the report says so.

const DAY = 86_400_000;

export interface PeriodPage {
  path: string;
  verifiedHits: number;
  /** Verified hits answered ≥ 400. */
  verifiedErrors: number;
  claimedHits: number;
  /** The user-agent tokens of the verified agents that fetched it (GPTBot, PerplexityBot…). */
  agents: string[];
}

export function createTrafficReportReads(deps: {
  db: Db; clock: Clock; agents: Agent[];
  /** Whether the workspace ever sent a log (traffic-ingest keeps the uploads). */
  logsReceived(workspaceId: string): Promise<boolean>;
}) {
  const { db, clock } = deps;
  const token = new Map(deps.agents.map((a) => [a.id, a.token]));
  const rows = <T>(result: unknown) => ((result as { rows?: T[] }).rows ?? (result as T[]));

  return {
    /** Whether the workspace ever sent a log (an upload or a drain push), whatever it held. */
    logsSent: (workspaceId: string): Promise<boolean> => deps.logsReceived(workspaceId),

    /** The first day whose raw hits are still kept (today minus the retention; UTC). */
    async keptSince(workspaceId: string): Promise<string> {
      const [row] = await db.select({ days: trafficSettings.retentionDays }).from(trafficSettings).where(eq(trafficSettings.workspaceId, workspaceId));
      return new Date(clock.now().getTime() - (row?.days ?? 90) * DAY).toISOString().slice(0, 10);
    },

    /**
     * The `limit` pages with the most verified AI-agent hits in the days `from`…`to` (UTC,
     * inclusive), with their errors and claimed hits apart. Pages only claimed agents fetched
     * are left out: a spoofed user agent says nothing about what the engines read.
     */
    async topPages(workspaceId: string, from: string, to: string, limit = 10): Promise<PeriodPage[]> {
      const end = new Date(Date.parse(`${to}T00:00:00Z`) + DAY).toISOString();
      const result = await db.execute(sql`
        select path,
          count(*) filter (where verification = 'verified')::int as verified,
          count(*) filter (where verification = 'verified' and status >= 400)::int as errors,
          count(*) filter (where verification = 'claimed')::int as claimed,
          array_agg(distinct agent) filter (where verification = 'verified') as agents
        from traffic_hits
        where workspace_id = ${workspaceId} and agent is not null and at >= ${`${from}T00:00:00Z`}::timestamptz and at < ${end}::timestamptz
        group by path`);
      // Each spelling of a page the log kept (`/a/`, `/a`) counts for the one page (pathKey).
      const pages = new Map<string, PeriodPage>();
      for (const r of rows<{ path: string; verified: number; errors: number; claimed: number; agents: string[] | null }>(result)) {
        const path = pathKey(r.path);
        const p = pages.get(path) ?? { path, verifiedHits: 0, verifiedErrors: 0, claimedHits: 0, agents: [] };
        p.verifiedHits += Number(r.verified);
        p.verifiedErrors += Number(r.errors);
        p.claimedHits += Number(r.claimed);
        p.agents = [...new Set([...p.agents, ...(r.agents ?? []).map((a) => token.get(a) ?? a)])].sort();
        pages.set(path, p);
      }
      return [...pages.values()].filter((p) => p.verifiedHits > 0)
        .sort((a, b) => b.verifiedHits - a.verifiedHits || a.path.localeCompare(b.path)).slice(0, limit);
    },
  };
}
export type TrafficReportReads = ReturnType<typeof createTrafficReportReads>;
