import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, real, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from '../../lib/columns.ts';
import { workspaces } from '../workspaces/workspaces.tables.ts';
import type { Status } from './lifecycle.fns.ts';
import type { Baseline, Evidence, Scores } from './recs.types.ts';

/**
 * One recommendation. `state_version` is the compare-and-swap version of spec 3.2; the partial
 * unique index is what keeps one open item per topic, whatever generations race.
 */
export const recommendations = pgTable(
  'recommendations',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    lane: text('lane').$type<'geo' | 'seo'>().notNull(),
    type: text('type').notNull(),
    topic: text('topic').notNull(),
    title: text('title').notNull(),
    rationale: text('rationale').notNull(),
    /** `model` when the workspace's model wrote title and rationale, `template` otherwise. */
    writtenBy: text('written_by').$type<'model' | 'template'>().notNull(),
    evidence: jsonb('evidence').$type<Evidence>().notNull(),
    scores: jsonb('scores').$type<Scores>().notNull(),
    priority: real('priority').notNull(),
    status: text('status').$type<Status>().notNull(),
    stateVersion: integer('state_version').notNull(),
    /** The status an archived item returns to on reopen/restore. */
    restoreStatus: text('restore_status').$type<Status>(),
    complianceFlag: boolean('compliance_flag').notNull(),
    currentDraftId: text('current_draft_id'),
    /** The metric its evidence names, measured when it was accepted (effect tracking). */
    baseline: jsonb('baseline').$type<Baseline>(),
    doneAt: ts('done_at'),
    jobId: text('job_id'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('recommendations_open_topic_idx').on(t.workspaceId, t.topic).where(sql`status in ('proposed', 'todo', 'in_review')`),
    index('recommendations_workspace_idx').on(t.workspaceId, t.status, t.priority),
  ],
);

/** Every successful transition, with what the caller attached and the answer it got (idempotent replays). */
export const recommendationTransitions = pgTable(
  'recommendation_transitions',
  {
    id: text('id').primaryKey(),
    recId: text('rec_id').notNull().references(() => recommendations.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id').notNull(),
    action: text('action').notNull(),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    version: integer('version').notNull(),
    note: text('note'),
    reviewEvidence: jsonb('review_evidence').$type<Record<string, unknown>>(),
    visibilitySnapshot: jsonb('visibility_snapshot').$type<Record<string, unknown>>(),
    draftId: text('draft_id'),
    complianceApproved: boolean('compliance_approved').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    actor: text('actor'),
    response: jsonb('response').$type<Record<string, unknown>>().notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('recommendation_transitions_rec_idx').on(t.recId, t.createdAt)],
);

/** Reply drafts for `reddit_thread` items, versioned per recommendation. */
export const recommendationDrafts = pgTable(
  'recommendation_drafts',
  {
    id: text('id').primaryKey(),
    recId: text('rec_id').notNull().references(() => recommendations.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id').notNull(),
    version: integer('version').notNull(),
    text: text('text').notNull(),
    model: text('model').notNull(),
    simulated: boolean('simulated').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('recommendation_drafts_version_idx').on(t.recId, t.version)],
);
