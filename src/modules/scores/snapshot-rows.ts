import { eq, sql } from 'drizzle-orm';
import { rawRows, readMark, type Db } from '../../lib/db.ts';
import { COMPONENTS } from './scores.fns.ts';
import { changeFrom, deriveSnapshot, type EntityInfo } from './snapshot.fns.ts';
import type { SnapshotStats } from './stats.fns.ts';
import { scoreSnapshots, snapshotWrites } from './scores.tables.ts';

// The snapshot rows of one workspace and day from their pooled statistics, and their upsert: the
// same code for a run's commit (scores.service.ts) and a re-derivation (rederive.ts), so that
// re-deriving under the current definition writes exactly what the runs wrote.

export type SnapshotRow = typeof scoreSnapshots.$inferInsert;
type Previous = { day: string; score: number | null; interval: [number, number] | null };

export function snapshotRows(input: {
  workspaceId: string; day: string; runId: string; stats: Map<string, SnapshotStats>; entities: EntityInfo[];
  /** Each engine's latest snapshot before the day (its change is measured from it). */
  previous: Map<string, Previous>;
  metricVersion: string; now: Date;
}): SnapshotRow[] {
  const { workspaceId, day, runId } = input;
  return [...input.stats].map(([engine, stats]) => {
    const data = deriveSnapshot(engine, stats, input.entities);
    data.change = changeFrom(data, input.previous.get(engine) ?? null);
    const componentValues = Object.fromEntries(COMPONENTS.map((k) => [k, data.components[k].value]));
    const point = JSON.stringify({
      date: day, runId, runs: data.runs, score: data.score, interval: data.interval, components: componentValues, missingComponents: data.missingComponents,
      n: data.answers, simulatedShare: data.simulatedShare, simulated: data.simulated, change: data.change,
    });
    return {
      workspaceId, engine, day, runId, score: data.score, componentValues, missingComponents: data.missingComponents, point, data,
      answers: stats.answers, simulatedAnswers: stats.simulated, stats, metricVersion: input.metricVersion, createdAt: input.now,
    };
  });
}

/** Writes the rows over the day's (the caller holds the day's lock). */
export async function upsertSnapshots(tx: Db, rows: SnapshotRow[]) {
  if (!rows.length) return;
  await tx.insert(scoreSnapshots).values(rows).onConflictDoUpdate({
    target: [scoreSnapshots.workspaceId, scoreSnapshots.engine, scoreSnapshots.day],
    set: Object.fromEntries(['run_id', 'score', 'component_values', 'missing_components', 'point', 'data', 'answers', 'simulated_answers', 'stats', 'metric_version', 'created_at']
      .map((column) => [column.replace(/_(\w)/g, (_m, c: string) => c.toUpperCase()), sql.raw(`excluded.${column}`)])),
  });
}

/** The lock a day's snapshots are written under: runs of one workspace and day, and re-derivations, take turns. */
export const lockDay = (tx: Db, workspaceId: string, day: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`score_snapshots:${workspaceId}:${day}`}))`);

/**
 * The state of a workspace's snapshot rows in one value: the count of statements that wrote them
 * (`snapshot_writes`, moved by triggers), compared, under the day's lock, with the value a run's
 * rows were built from.
 */
export const snapshotsVersion = (db: Db, workspaceId: string) => readMark(db, snapshotsMarkSql(workspaceId));

/** The same as an expression: the first part of the stored figures' mark (stored-reads.ts). */
export const snapshotsMarkSql = (workspaceId: string) =>
  sql`coalesce((select ${snapshotWrites.writes}::text from ${snapshotWrites} where ${eq(snapshotWrites.workspaceId, workspaceId)}), '0')`;

/** Each engine's latest snapshot before the day. */
export async function previousSnapshots(tx: Db, workspaceId: string, day: string): Promise<Map<string, Previous>> {
  return new Map((await rawRows<Previous & { engine: string }>(tx, sql`
    select distinct on (engine) engine, day, score, data->'interval' as interval from score_snapshots
    where workspace_id = ${workspaceId} and day < ${day} order by engine, day desc`)).map((r) => [r.engine, r]));
}
