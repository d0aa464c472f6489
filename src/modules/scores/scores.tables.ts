import { jsonb, pgTable, primaryKey, real, text } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';
import { workspaces } from '../workspaces/workspaces.tables.ts';
import type { Snapshot } from './snapshot.fns.ts';

/** One snapshot per workspace, engine (or `composite`) and day: the day's latest succeeded run. */
export const scoreSnapshots = pgTable(
  'score_snapshots',
  {
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    engine: text('engine').notNull(),
    day: text('day').notNull(),
    runId: text('run_id').notNull(),
    score: real('score'),
    /** Component values alone, for time series: a year of points must not parse a year of snapshots. */
    componentValues: jsonb('component_values').$type<Record<string, number | null>>().notNull().default({}),
    missingComponents: jsonb('missing_components').$type<string[]>().notNull().default([]),
    /** The time-series point of this snapshot, as JSON text written once: a series is a string_agg. */
    point: text('point').notNull().default('{}'),
    data: jsonb('data').$type<Snapshot>().notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.engine, t.day] })],
);
