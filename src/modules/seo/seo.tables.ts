import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from '../../lib/columns.ts';
import { workspaces } from '../workspaces/workspaces.tables.ts';
import type { Component, Insight, PageClicks, TechnicalCheck } from './seo.fns.ts';

/** What one SEO refresh found; the dashboard shows the latest (the GEO score is read live beside it). */
export const seoSnapshots = pgTable(
  'seo_snapshots',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    jobId: text('job_id').notNull(),
    version: text('version').notNull(),
    seoScoreBp: integer('seo_score_bp'),
    components: jsonb('components').$type<Component[]>().notNull(),
    insights: jsonb('insights').$type<Insight[]>().notNull(),
    technicalChecks: jsonb('technical_checks').$type<TechnicalCheck[]>().notNull(),
    /** Search Console clicks by page, this period and the previous (recommendations: pages losing clicks). */
    pageClicks: jsonb('page_clicks').$type<PageClicks[]>().notNull().default([]),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('seo_snapshots_workspace_idx').on(t.workspaceId, t.createdAt)],
);
