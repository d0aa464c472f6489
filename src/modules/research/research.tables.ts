import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from '../../lib/columns.ts';
import { workspaces } from '../workspaces/workspaces.tables.ts';
import type { StageView } from './research.fns.ts';

/** The stages and findings of one research job (the job row itself is the jobs module's). */
export const researchResults = pgTable('research_results', {
  jobId: text('job_id').primaryKey(),
  workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
  stages: jsonb('stages').$type<StageView[]>().notNull(),
  simulated: jsonb('simulated').$type<{ model: boolean; serp: boolean }>().notNull(),
  updatedAt: ts('updated_at').notNull(),
});
