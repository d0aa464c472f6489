import { and, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '../../lib/db.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Ga4ReferralRow } from '../seo/google.ts';
import { pathKey } from '../../lib/text/path-key.ts';
import type { AgentData } from './classify.fns.ts';
import { trafficGa4Referrals, trafficSettings } from './traffic.tables.ts';

// AI referrals from GA4: the SEO refresh reads them with its Google credential (one more runReport,
// charged like the others) and hands the rows here. GA4 names sources loosely ("chatgpt.com",
// "perplexity", "copilot.microsoft.com / referral" is split by GA4 into source and medium), so a
// source is an engine when it is one of the referrer hosts, a subdomain of one, or a host's first
// label; a session GA4 puts in its "AI Assistant" channel with another source keeps that source
// as its engine name, so nothing is dropped.

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** GA4's RE2 pattern for the sources that are AI answer engines. */
export function sourcePattern(referrers: AgentData['referrers']): string {
  const names = new Set<string>();
  for (const r of referrers) {
    names.add(`(.*\\.)?${escape(r.host)}`);
    names.add(escape(r.host.split('.')[0]!));
  }
  return `(${[...names].sort().join('|')})`;
}

export function ga4Engine(source: string, channel: string, referrers: AgentData['referrers']): string | null {
  const s = source.trim().toLowerCase();
  for (const r of referrers) if (s === r.host || s.endsWith(`.${r.host}`) || s === r.host.split('.')[0]) return r.engine;
  return /^ai assistants?$/i.test(channel.trim()) && s ? s : null;
}

export function createGa4Referrals(deps: { db: Db; clock: Clock; referrers: AgentData['referrers'] }) {
  const { db } = deps;
  return {
    pattern: () => sourcePattern(deps.referrers),

    /**
     * Replaces the workspace's rows for the days read ([from, to]); a different property than the
     * last one read drops every earlier row (they were another site's).
     */
    async store(workspaceId: string, property: string, from: string, to: string, rows: Ga4ReferralRow[]) {
      const grouped = new Map<string, typeof trafficGa4Referrals.$inferInsert>();
      for (const r of rows) {
        const engine = ga4Engine(r.source, r.channel, deps.referrers);
        if (!engine || !/^\d{4}-\d{2}-\d{2}$/.test(r.date)) continue;
        const path = pathKey(r.landingPage || '/').slice(0, 2000);
        const key = [r.date, engine, path, r.source].join('\u0000');
        const g = grouped.get(key) ?? { workspaceId, day: r.date, engine, path, source: r.source.slice(0, 200), sessions: 0, keyEvents: 0 };
        g.sessions += r.sessions;
        g.keyEvents += r.keyEvents;
        grouped.set(key, g);
      }
      await db.transaction(async (tx) => {
        const [before] = await tx.select({ property: trafficSettings.ga4Property }).from(trafficSettings).where(eq(trafficSettings.workspaceId, workspaceId));
        const t = trafficGa4Referrals;
        await tx.delete(t).where(before?.property && before.property !== property ? eq(t.workspaceId, workspaceId)
          : and(eq(t.workspaceId, workspaceId), gte(t.day, from), lte(t.day, to)));
        const values = [...grouped.values()];
        for (let i = 0; i < values.length; i += 1000) await tx.insert(t).values(values.slice(i, i + 1000));
        const now = deps.clock.now();
        await tx.insert(trafficSettings).values({ workspaceId, ga4SyncedAt: now, ga4Property: property })
          .onConflictDoUpdate({ target: trafficSettings.workspaceId, set: { ga4SyncedAt: now, ga4Property: property } });
      });
      return grouped.size;
    },

    /** Per engine and landing path over [from, to]: sessions and key events; null when GA4 was never read. */
    async read(workspaceId: string, from: string, to: string) {
      const [s] = await db.select({ at: trafficSettings.ga4SyncedAt, property: trafficSettings.ga4Property }).from(trafficSettings).where(eq(trafficSettings.workspaceId, workspaceId));
      if (!s?.at) return null;
      const t = trafficGa4Referrals;
      const rows = await db.select({ day: t.day, engine: t.engine, path: t.path, source: t.source, sessions: t.sessions, keyEvents: t.keyEvents }).from(t)
        .where(and(eq(t.workspaceId, workspaceId), gte(t.day, from), lte(t.day, to))).orderBy(t.day, t.engine, t.path, t.source);
      return { syncedAt: s.at.toISOString(), property: s.property, rows };
    },
  };
}
export type Ga4Referrals = ReturnType<typeof createGa4Referrals>;
