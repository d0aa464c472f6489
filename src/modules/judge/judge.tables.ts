import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from '../../lib/columns.ts';
import { runResults } from '../runs/runs.tables.ts';
import { workspaces } from '../workspaces/workspaces.tables.ts';
import type { Label } from './agreement.fns.ts';

/**
 * The model judge's verdict on one answer's brand sentiment (docs/analysis.md, "Model judge").
 * One row per result: a later judge job of the same run replaces it. A row is written whole, once
 * its call has answered, so a cancelled job leaves only verdicts it paid for.
 */
export const sentimentJudgements = pgTable(
  'sentiment_judgements',
  {
    resultId: text('result_id').primaryKey().references(() => runResults.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    runId: text('run_id').notNull(),
    jobId: text('job_id').notNull(),
    label: text('label').$type<Label>().notNull(),
    rationale: text('rationale').notNull(),
    model: text('model').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('sentiment_judgements_run_idx').on(t.runId)],
);

/**
 * A quote for judging one run (id prefix `sjq`): the answers it would judge and their price,
 * valid 10 minutes and redeemed once by a single conditional UPDATE (the MCP quote rule).
 */
export const sentimentJudgeQuotes = pgTable('sentiment_judge_quotes', {
  id: text('id').primaryKey(),
  workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
  runId: text('run_id').notNull(),
  model: text('model').notNull(),
  answers: integer('answers').notNull(),
  priceMicrousd: bigint('price_microusd', { mode: 'number' }).notNull(),
  amountMicrousd: bigint('amount_microusd', { mode: 'number' }).notNull(),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});
