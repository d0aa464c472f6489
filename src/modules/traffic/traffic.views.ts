import { and, asc, desc, eq, gte, like, lte, sql } from 'drizzle-orm';
import type { Db } from '../../lib/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { invalid } from '../../lib/errors.ts';
import type { WorkspaceContext } from '../../lib/http/types.ts';
import { type CsvCell, writeCsv } from '../../lib/csv.ts';
import type { Agent, Classifier } from './classify.fns.ts';
import { pathKey } from '../../lib/text/path-key.ts';
import { trafficAgentDaily, trafficPageAgents, trafficReferralsDaily } from './traffic.tables.ts';

// Reads over the aggregates (never the raw hits, which expire): per agent and day, per page and
// agent, and AI referrals per day, engine and landing page. Each also answers CSV.

const DAY = 86_400_000;

export function folderOf(path: string): string {
  const second = path.indexOf('/', 1);
  return second === -1 ? '/' : path.slice(0, second + 1);
}

export function toCsv(rows: Array<Record<string, unknown>>, columns: string[]): string {
  return writeCsv(columns, rows.map((r) => columns.map((c) => r[c] as CsvCell)));
}

export function createTrafficViews(deps: { db: Db; clock: Clock; classifier: Classifier }) {
  const { db, clock } = deps;
  const agents = new Map(deps.classifier.agents.map((a) => [a.id, a]));
  const about = (id: string): Pick<Agent, 'operator' | 'purpose'> => agents.get(id) ?? { operator: 'unknown', purpose: 'training' };

  /** The day range of a query: `to` defaults to today, `from` to 30 days before `to`; at most 400 days. */
  function range(q: { from?: string; to?: string }) {
    const to = q.to ?? clock.now().toISOString().slice(0, 10);
    const from = q.from ?? new Date(Date.parse(to) - 29 * DAY).toISOString().slice(0, 10);
    if (from > to) throw invalid('querystring.from must not be after querystring.to', { from, to });
    if (Date.parse(to) - Date.parse(from) > 400 * DAY) throw invalid('querystring: at most 400 days per query', { from, to });
    return { from, to };
  }

  return {
    range,

    async agentsDaily(ws: WorkspaceContext, q: { from?: string; to?: string }) {
      const { from, to } = range(q);
      const t = trafficAgentDaily;
      const rows = await db.select().from(t).where(and(eq(t.workspaceId, ws.id), gte(t.day, from), lte(t.day, to)))
        .orderBy(asc(t.day), asc(t.agent), asc(t.verification));
      return rows.map((r) => ({ day: r.day, agent: r.agent, ...about(r.agent), verification: r.verification, hits: r.hits, s2xx: r.s2xx, s3xx: r.s3xx, s4xx: r.s4xx, s5xx: r.s5xx, bytes: r.bytes }));
    },

    async pages(ws: WorkspaceContext, q: { agent?: string; folder?: string; limit?: number }) {
      const t = trafficPageAgents;
      const where = [eq(t.workspaceId, ws.id)];
      if (q.agent) where.push(eq(t.agent, q.agent));
      if (q.folder) where.push(like(t.path, `${q.folder.replace(/[\\%_]/g, '\\$&')}%`));
      const rows = await db.select().from(t).where(and(...where)).orderBy(desc(t.lastAt), asc(t.path), asc(t.agent)).limit(q.limit ?? 500);
      // The log keeps each spelling of a page (`/a/` and `/a`): one row per page key, as every view.
      const merged = new Map<string, (typeof rows)[number]>();
      for (const r of rows) {
        const key = `${pathKey(r.path)}\u0000${r.agent}\u0000${r.verification}`;
        const m = merged.get(key);
        if (!m) merged.set(key, { ...r, path: pathKey(r.path) });
        else {
          Object.assign(m, { hits: m.hits + r.hits, errors: m.errors + r.errors, firstAt: r.firstAt < m.firstAt ? r.firstAt : m.firstAt });
          if (r.lastAt > m.lastAt) Object.assign(m, { lastAt: r.lastAt, lastStatus: r.lastStatus });
        }
      }
      return [...merged.values()].map((r) => ({
        path: r.path, folder: folderOf(r.path), agent: r.agent, ...about(r.agent), verification: r.verification, hits: r.hits, errors: r.errors,
        errorRate: r.hits ? r.errors / r.hits : 0, lastStatus: r.lastStatus, firstAt: r.firstAt.toISOString(), lastAt: r.lastAt.toISOString(),
        hitsPerDay: r.hits / Math.max(1, (r.lastAt.getTime() - r.firstAt.getTime()) / DAY),
      }));
    },

    async referrals(ws: WorkspaceContext, q: { from?: string; to?: string }) {
      const { from, to } = range(q);
      const t = trafficReferralsDaily;
      const rows = await db.select({ day: t.day, engine: t.engine, path: t.path, visits: t.visits }).from(t)
        .where(and(eq(t.workspaceId, ws.id), gte(t.day, from), lte(t.day, to))).orderBy(asc(t.day), asc(t.engine), asc(t.path));
      const merged = new Map<string, (typeof rows)[number]>();
      for (const r of rows) {
        const key = `${r.day}\u0000${r.engine}\u0000${pathKey(r.path)}`;
        const m = merged.get(key);
        if (m) m.visits += r.visits;
        else merged.set(key, { ...r, path: pathKey(r.path) });
      }
      return [...merged.values()].sort((a, b) => a.day.localeCompare(b.day) || a.engine.localeCompare(b.engine) || a.path.localeCompare(b.path));
    },

    /** Per path: AI-agent hits by engine (the agent's engine), errors and the last fetch; used by the chain. */
    async crawledByPath(workspaceId: string) {
      const rows = await db.execute(sql`
        select path, agent, sum(hits)::int as hits, sum(errors)::int as errors, max(last_at) as last_at,
          (array_agg(last_status order by last_at desc))[1] as last_status
        from traffic_page_agents where workspace_id = ${workspaceId} and verification = 'verified'
        group by path, agent`);
      return ((rows as { rows?: unknown[] }).rows ?? (rows as unknown[])) as Array<{ path: string; agent: string; hits: number; errors: number; last_at: string | Date; last_status: number }>;
    },
  };
}
export type TrafficViews = ReturnType<typeof createTrafficViews>;
