import { bigint, integer, jsonb, pgTable, primaryKey, real, text } from 'drizzle-orm/pg-core';
import { ts } from '../../lib/columns.ts';
import { workspaces } from '../workspaces/workspaces.tables.ts';
import type { Snapshot } from './snapshot.fns.ts';
import type { SnapshotStats } from './stats.fns.ts';

/** One snapshot per workspace, engine (or `composite`) and day: every succeeded run of the day, pooled. */
export const scoreSnapshots = pgTable(
  'score_snapshots',
  {
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    engine: text('engine').notNull(),
    day: text('day').notNull(),
    /** The day's latest pooled run. */
    runId: text('run_id').notNull(),
    score: real('score'),
    /** Component values alone, for time series: a year of points must not parse a year of snapshots. */
    componentValues: jsonb('component_values').$type<Record<string, number | null>>().notNull().default({}),
    missingComponents: jsonb('missing_components').$type<string[]>().notNull().default([]),
    /** The time-series point of this snapshot, as JSON text written once: a series is a string_agg. */
    point: text('point').notNull().default('{}'),
    data: jsonb('data').$type<Snapshot>().notNull(),
    /** Answers pooled, and how many of them came from simulated engines (the honest label, summable over a range). */
    answers: integer('answers').notNull().default(0),
    simulatedAnswers: integer('simulated_answers').notNull().default(0),
    /**
     * The day's sufficient statistics (counts and sums per prompt and entity): a new run's are added
     * to them and `data` is derived again. Never read by the hot routes. Null on rows from before pooling.
     */
    stats: jsonb('stats').$type<SnapshotStats>(),
    /** The metric definition it was derived under (definitions.fns.ts); a re-derivation rewrites it. */
    metricVersion: text('metric_version').notNull().default('geo-score-v1'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.engine, t.day] })],
);

/**
 * The slow figures of a workspace (a series' body with its stamp, a stamp, the model versions),
 * kept in the database as they were last computed, with the mark of the data they were computed
 * from (stored-reads.ts): a process that starts, or another process, serves them while the mark
 * holds instead of computing them again. Keys carry their day; rows older than two days are dropped.
 */
export const storedReads = pgTable(
  'stored_reads',
  {
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    mark: text('mark').notNull(),
    /** `text`: the body as served; `json`: a value, serialised. */
    kind: text('kind').notNull(),
    body: text('body').notNull(),
    madeAt: ts('made_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.key] })],
);

/**
 * How many statements have written a workspace's snapshots (inserted, updated or deleted rows):
 * kept by triggers on `score_snapshots` (migration 0058), so that no writer, present or future,
 * can change a snapshot without moving it. The snapshots' part of the stored figures' mark
 * (stored-reads.ts) and of a run's check that nothing was pooled since it read (pooling.ts): one
 * row read, where counting the year of rows and summing their versions was 4-5 ms a read.
 */
export const snapshotWrites = pgTable('snapshot_writes', {
  workspaceId: text('workspace_id').primaryKey().references(() => workspaces.id, { onDelete: 'cascade' }),
  writes: bigint('writes', { mode: 'number' }).notNull(),
});
