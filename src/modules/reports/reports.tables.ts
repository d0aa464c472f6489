import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';
import { workspaces } from '../workspaces/workspaces.tables.ts';

/**
 * A report the service made (after a succeeded run, or weekly): its type and period. The content
 * is rendered from the score snapshots of the period when it is read.
 */
export const reports = pgTable(
  'reports',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    trigger: text('trigger').$type<'run' | 'weekly'>().notNull(),
    runId: text('run_id'),
    periodFrom: text('period_from').notNull(),
    periodTo: text('period_to').notNull(),
    simulatedEngines: jsonb('simulated_engines').$type<string[]>().notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('reports_workspace_idx').on(t.workspaceId, t.createdAt),
    // One weekly report per workspace, type and week, however many sweepers run.
    uniqueIndex('reports_weekly_idx').on(t.workspaceId, t.type, t.periodTo).where(sql`"trigger" = 'weekly'`),
  ],
);
