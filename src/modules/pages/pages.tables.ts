import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from '../../lib/columns.ts';
import { workspaces } from '../workspaces/workspaces.tables.ts';
import type { Checks } from './checks.keys.ts';
import type { AuditMetrics, AuditScores } from './lighthouse.ts';
import type { EvaluationDetails } from './evaluate.ts';

/** One evaluated page (spec 2.14): Lighthouse's scores and metrics, the nine checks, and what they saw. */
export const pageEvaluations = pgTable(
  'page_evaluations',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The job that made it: a page evaluation, or an SEO refresh. */
    jobId: text('job_id'),
    url: text('url').notNull(),
    finalUrl: text('final_url').notNull(),
    /** `complete`, or `partial` when Lighthouse could not measure everything (`details.problems` says why). */
    status: text('status').$type<'complete' | 'partial'>().notNull(),
    scores: jsonb('scores').$type<AuditScores>().notNull(),
    metrics: jsonb('metrics').$type<AuditMetrics>().notNull(),
    checks: jsonb('checks').$type<Checks>().notNull(),
    details: jsonb('details').$type<EvaluationDetails>().notNull(),
    fetchedAt: ts('fetched_at').notNull(),
  },
  (t) => [index('page_evaluations_workspace_idx').on(t.workspaceId, t.fetchedAt)],
);
