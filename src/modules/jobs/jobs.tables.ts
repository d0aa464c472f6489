import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from '../../lib/columns.ts';
import { workspaces } from '../workspaces/workspaces.tables.ts';

/**
 * Every background job, in the run-status shape of spec 2.10. `running` from creation. The
 * partial unique index is what allows one running job per workspace and concurrency group,
 * whatever races the API sees.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    concurrencyGroup: text('concurrency_group').notNull(),
    status: text('status').$type<'running' | 'succeeded' | 'failed' | 'cancelled'>().notNull(),
    pid: integer('pid').notNull(),
    logPath: text('log_path').notNull(),
    startedAt: ts('started_at').notNull(),
    finishedAt: ts('finished_at'),
    heartbeatAt: ts('heartbeat_at'),
    /**
     * When its pg-boss job was sent; null while the send has not succeeded. A process that dies
     * (or a queue that refuses) between the row's commit and the send leaves it null: the jobs
     * sweep sends it again (pg-boss job ids are derived from the job id, so twice is once).
     */
    enqueuedAt: ts('enqueued_at'),
    /**
     * Set while the job waits, with no worker, for work done elsewhere (a run's provider batch):
     * no heartbeat is expected, the sweep leaves it alone and it does not count against the
     * pipeline's cap. `resume` clears it and sends the job to a worker again.
     */
    parkedAt: ts('parked_at'),
    completedCalls: integer('completed_calls').notNull().default(0),
    totalCalls: integer('total_calls').notNull(),
    progressSource: text('progress_source').notNull(),
    lastLines: jsonb('last_lines').$type<string[]>().notNull(),
    reservationId: text('reservation_id'),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    createdBy: text('created_by'),
  },
  (t) => [
    uniqueIndex('jobs_one_running_idx').on(t.workspaceId, t.concurrencyGroup).where(sql`status = 'running'`),
    index('jobs_workspace_kind_idx').on(t.workspaceId, t.kind, t.startedAt),
    index('jobs_running_idx').on(t.status).where(sql`status = 'running'`),
    index('jobs_unqueued_idx').on(t.startedAt).where(sql`status = 'running' and enqueued_at is null`),
  ],
);
