import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from '../../lib/columns.ts';
import { workspaces } from '../workspaces/workspaces.tables.ts';
import type { TraceCitation, TraceField, TraceSource, TraceUsage } from '../engines/capture/trace.ts';
import type { StampCell } from '../scores/stamp-facts.fns.ts';

/**
 * What the engine searched and read for one stored answer (one `run_results` row, same id): the
 * fan-out queries in order, the sources retrieved and cited, the model version and usage the
 * provider reported, what it did not report (`missing`) and what could not be read (`warnings`).
 */
export const answerTraces = pgTable(
  'answer_traces',
  {
    resultId: text('result_id').primaryKey(),
    runId: text('run_id').notNull(),
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    engine: text('engine').notNull(),
    surface: text('surface').notNull(),
    simulated: boolean('simulated').notNull(),
    promptId: text('prompt_id').notNull(),
    sample: integer('sample').notNull(),
    format: text('format').notNull(),
    modelVersion: text('model_version'),
    queries: jsonb('queries').$type<string[]>().notNull(),
    retrieved: jsonb('retrieved').$type<TraceSource[]>().notNull(),
    cited: jsonb('cited').$type<TraceCitation[]>().notNull(),
    usage: jsonb('usage').$type<TraceUsage | null>(),
    missing: jsonb('missing').$type<TraceField[]>().notNull(),
    warnings: jsonb('warnings').$type<string[]>().notNull(),
    createdAt: ts('created_at').notNull(),
  },
  // By run (the views) and engine (an answer's methodology stamp reads its run's answers on its
  // engine only), and by time (the model versions of a report's period).
  (t) => [index('answer_traces_run_idx').on(t.workspaceId, t.runId, t.engine), index('answer_traces_time_idx').on(t.workspaceId, t.createdAt)],
);

/**
 * One finished day of a workspace's answers, as the methodology stamps read them: the day's
 * answers counted per (run, engine, surface, model version, simulated), each with its answers per
 * prompt — exactly the cells a stamp is made of (stamp-facts.fns.ts), a few kilobytes where the
 * day's traces are thousands of rows. Written the first time a finished day is read (a day ends for
 * this two days after its UTC end, when no run still writes into it); a trace written into a
 * finished day afterwards drops its row (traces.repo.ts). An empty list is a day without answers.
 */
export const answerDays = pgTable(
  'answer_days',
  {
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    cells: jsonb('cells').$type<AnswerDayCell[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.day] })],
);

export type AnswerDayCell = Omit<StampCell, 'day'>;

/**
 * How many times answers' traces were written for the workspace, ever (traces.repo.ts: each batch
 * counts in the statement that writes it). It only grows: a figure stored with it
 * (scores/stored-reads.ts) is never served after an answer it did not read was written, whatever
 * its day, and reading it is one row where counting the answers is thousands.
 */
export const answerWrites = pgTable('answer_writes', {
  workspaceId: text('workspace_id').primaryKey().references(() => workspaces.id, { onDelete: 'cascade' }),
  batches: bigint('batches', { mode: 'number' }).notNull(),
});

/** The workspace's own source classes, over the shipped domain list (`domain` is a registrable domain). */
export const sourceClassOverrides = pgTable(
  'source_class_overrides',
  {
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    sourceClass: text('source_class').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.domain] })],
);
