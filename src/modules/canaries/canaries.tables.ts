import { boolean, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from '../../lib/columns.ts';
import type { ChangeReason } from './changepoint.fns.ts';

// The service's own canary answers and the engine changes they flag (docs/monitoring.md). No
// workspace column: canaries belong to no workspace, count in no figure and are charged to none.

/** One UTC day's canary round: claimed by the first tick of the day that starts a scheduled run. */
export const canaryRounds = pgTable('canary_rounds', {
  day: text('day').primaryKey(),
  startedAt: ts('started_at').notNull(),
  finishedAt: ts('finished_at'),
  /** Calls made and failed; the engines asked, with `simulated` when they were. */
  calls: integer('calls').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  engines: jsonb('engines').$type<Array<{ engine: string; simulated: boolean }>>().notNull().default([]),
});

/** One canary answer: its raw text and sources, and the features the change-point test reads. */
export const canaryAnswers = pgTable(
  'canary_answers',
  {
    id: text('id').primaryKey(),
    day: text('day').notNull(),
    engine: text('engine').notNull(),
    prompt: text('prompt').notNull(),
    sample: integer('sample').notNull(),
    simulated: boolean('simulated').notNull(),
    modelVersion: text('model_version'),
    length: integer('length').notNull(),
    citations: integer('citations').notNull(),
    listItems: integer('list_items').notNull(),
    answer: text('answer').notNull(),
    sources: jsonb('sources').$type<Array<{ url: string; title?: string }>>().notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('canary_answers_engine_day_idx').on(t.engine, t.day)],
);

/** A likely engine change: the day its canaries moved, and why. */
export const engineChanges = pgTable(
  'engine_changes',
  {
    engine: text('engine').notNull(),
    day: text('day').notNull(),
    reasons: jsonb('reasons').$type<ChangeReason[]>().notNull(),
    simulated: boolean('simulated').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.engine, t.day] }), index('engine_changes_day_idx').on(t.day)],
);
