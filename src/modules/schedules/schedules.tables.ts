import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { SamplingInput } from '../runs/sampling.fns.ts';
import { ts } from '../../lib/columns.ts';
import { workspaces } from '../workspaces/workspaces.tables.ts';

/**
 * One measurement schedule per workspace. `next_run_at` is the next due time and the
 * compare-and-swap of the tick: whoever moves it from the due time it read starts that run.
 */
export const schedules = pgTable(
  'schedules',
  {
    workspaceId: text('workspace_id').primaryKey().references(() => workspaces.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    cron: text('cron').notNull(),
    timeZone: text('time_zone').notNull(),
    preset: text('preset').notNull(),
    samples: integer('samples').notNull(),
    /** The runs' sampling option as given (`POST …/runs`); null: uniform. */
    sampling: jsonb('sampling').$type<SamplingInput>(),
    /** Not urgent: the runs it starts submit what an engine allows through its provider's batch interface (docs/engines.md). */
    batch: boolean('batch').notNull().default(false),
    nextRunAt: ts('next_run_at').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    updatedBy: text('updated_by'),
  },
  (t) => [index('schedules_next_run_idx').on(t.nextRunAt)],
);

/** What each due time of a schedule did: a run started, or skipped with the reason. */
export const scheduleRuns = pgTable(
  'schedule_runs',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    scheduleId: text('schedule_id').notNull(),
    dueAt: ts('due_at').notNull(),
    status: text('status').$type<'started' | 'skipped'>().notNull(),
    runId: text('run_id'),
    /** The refusal's error code (insufficient_credits, job_already_running, …) when skipped. */
    reason: text('reason'),
    message: text('message'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    // A due time is recorded once: the last word on "one run per due time".
    uniqueIndex('schedule_runs_due_idx').on(t.scheduleId, t.dueAt),
    index('schedule_runs_workspace_idx').on(t.workspaceId, t.dueAt),
  ],
);
