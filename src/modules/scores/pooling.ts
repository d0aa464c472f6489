import { and, desc, eq, sql } from 'drizzle-orm';
import { rawRows, type Db } from '../../lib/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { utcDay } from '../../lib/ranges.ts';
import type { ReadsCache } from '../../lib/reads-cache.ts';
import type { Answered } from '../runs/runs.service.ts';
import type { WorkspacesService } from '../workspaces/workspaces.service.ts';
import type { EntityInfo, Snapshot } from './snapshot.fns.ts';
import { mergeStats, runStats } from './stats.fns.ts';
import { scoreMove, type ScoreChangedData } from './moves.fns.ts';
import { scoreSnapshots } from './scores.tables.ts';
import { lockDay, previousSnapshots, snapshotRows, snapshotsVersion, upsertSnapshots } from './snapshot-rows.ts';
import { CURRENT_METRIC_VERSION } from './definitions.fns.ts';
import { COMPOSITE, engineSurface, isSurfaceComposite, surfaceComposite } from './composite.ts';

/** A run's answers pooled into its day's snapshots: the write side of the scores (scores.service.ts reads them). */
export function createPooling(deps: { db: Db; clock: Clock; workspaces: Pick<WorkspacesService, 'getRow'>; reads?: Pick<ReadsCache, 'writing'> }) {
  const { db, clock } = deps;
  /**
   * A succeeded run is pooled into the day's snapshots, composite and one per engine: its
   * statistics are computed here; the returned function, run inside the transaction that records
   * the run `succeeded`, adds them to the day's under a lock and derives every figure again.
   * `at`: when the run ended, for a run recorded as history (a demo's past days); else the clock's now.
   */
  async function prepareRun(workspaceId: string, runId: string, answered: Answered[], at?: Date) {
    const now = () => at ?? clock.now();
    const row = await deps.workspaces.getRow({ id: workspaceId });
    const entities: EntityInfo[] = [
      { entityId: 'brand', name: row.displayName, kind: 'brand' },
      ...row.competitors.map((c, i) => ({ entityId: `competitor:${i}`, name: c.name, kind: 'competitor' as const })),
    ];
    const day = utcDay(now());
    const fresh = runStats(runId, answered, entities.map((e) => e.entityId), COMPOSITE, (a) => {
      const surface = engineSurface(a.engine);
      return surface ? [surfaceComposite(surface)] : [];
    });
    /** What the day's rows are built from, as `reader` sees the workspace's snapshots. */
    const read = async (reader: Db) => {
      const version = await snapshotsVersion(reader, workspaceId);
      const existing = new Map((await reader.select({ engine: scoreSnapshots.engine, stats: scoreSnapshots.stats }).from(scoreSnapshots)
        .where(and(eq(scoreSnapshots.workspaceId, workspaceId), eq(scoreSnapshots.day, day)))).map((r) => [r.engine, r.stats]));
      const previous = await previousSnapshots(reader, workspaceId, day);
      // What the workspace showed before this run: today's snapshot before pooling, else the last day's.
      const shown = new Map((await rawRows<{ engine: string; day: string; data: Snapshot }>(reader, sql`
        select distinct on (engine) engine, day, data from score_snapshots
        where workspace_id = ${workspaceId} and day <= ${day} order by engine, day desc`)).map((r) => [r.engine, r]));
      // A new run continues the workspace's definition: its answers are analysed now, with today's
      // settings, which every definition of the registry reads alike (docs/methodology.md).
      const [latestVersion] = await reader.select({ v: scoreSnapshots.metricVersion }).from(scoreSnapshots)
        .where(eq(scoreSnapshots.workspaceId, workspaceId)).orderBy(desc(scoreSnapshots.day)).limit(1);
      return { version, existing, previous, shown, metricVersion: latestVersion?.v ?? CURRENT_METRIC_VERSION };
    };
    /** The day's rows with this run pooled in: the bootstrap intervals, CPU work the ahead read's transaction does not stay open for. */
    const build = ({ existing, previous, metricVersion, ...base }: Awaited<ReturnType<typeof read>>) => {
      const merged = new Map([...fresh].map(([engine, add]) => [engine, mergeStats(existing.get(engine), add)]));
      return { ...base, rows: snapshotRows({ workspaceId, day, runId, stats: merged, entities, previous, metricVersion, now: now() }) };
    };
    // Built now, outside the transaction that ends the run and its day's lock (the reads and the
    // bootstrap intervals were half of that transaction's time), from one consistent view; and
    // finished before it begins, so that it never waits inside it for another statement (PGlite
    // runs one transaction at a time). The transaction keeps the rows if no snapshot of the
    // workspace was written since, else builds them again under the lock: another run of the day,
    // or a re-derivation, is never pooled over.
    const early = fresh.size
      ? await db.transaction((tx) => read(tx), { isolationLevel: 'repeatable read', accessMode: 'read only' }).then(build).catch(() => null)
      : null;
    /** Returns the significant moves of the workspace's standing, for `score.changed` after commit. */
    return async (tx: Db): Promise<ScoreChangedData[]> => {
      if (!fresh.size) return [];
      // Held from here until the caller's after-commit work calls `committed` (run-succeeded.ts).
      deps.reads?.writing(workspaceId);
      // Runs of one workspace and day commit one after the other: each reads what the last wrote.
      await lockDay(tx, workspaceId, day);
      const built = early && early.version === (await snapshotsVersion(tx, workspaceId)) ? early : build(await read(tx));
      await upsertSnapshots(tx, built.rows);
      // The surface composites are views of the same answers: no events of their own.
      return built.rows.filter((r) => !isSurfaceComposite(r.engine)).map((r) => scoreMove(runId, built.shown.get(r.engine) ?? null, { day, data: r.data! })).filter((m): m is ScoreChangedData => m !== null);
    };
  }
  return { prepareRun };
}
