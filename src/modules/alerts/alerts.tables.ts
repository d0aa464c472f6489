import { bigint, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from '../../lib/columns.ts';
import { workspaces } from '../workspaces/workspaces.tables.ts';
import type { RuleKind } from './alerts.fns.ts';

/** A workspace's alert rule; the columns that do not apply to its kind are null. */
export const alertRules = pgTable(
  'alert_rules',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<RuleKind>().notNull(),
    name: text('name'),
    metric: text('metric'),
    direction: text('direction'),
    engine: text('engine'),
    competitor: text('competitor'),
    thresholdMicrousd: bigint('threshold_microusd', { mode: 'number' }),
    createdBy: text('created_by'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('alert_rules_workspace_idx').on(t.workspaceId, t.kind)],
);

/** One firing of a rule; (rule, dedupe key) is unique, so one run or event fires a rule at most once. */
export const alertFirings = pgTable(
  'alert_firings',
  {
    id: text('id').primaryKey(),
    ruleId: text('rule_id').notNull().references(() => alertRules.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    dedupeKey: text('dedupe_key').notNull(),
    sourceEventId: text('source_event_id').notNull(),
    sourceEventType: text('source_event_type').notNull(),
    reason: text('reason').notNull(),
    figures: jsonb('figures').$type<Record<string, unknown>>().notNull(),
    /** pending → sent | failed | no_recipients: the mail goes out in its own job. */
    mailStatus: text('mail_status').$type<'pending' | 'sent' | 'failed' | 'no_recipients'>().notNull(),
    mailedAt: ts('mailed_at'),
    /** Addresses the mail has reached: a retried mail job sends only to the others. */
    mailSentTo: jsonb('mail_sent_to').$type<string[]>().notNull().default([]),
    /** A mail job working on it since then; another job for the firing waits for the lease to pass. */
    mailClaimedAt: ts('mail_claimed_at'),
    /** When `alert.fired` was published and the mail queued; null: a retried evaluation does it. */
    announcedAt: ts('announced_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('alert_firings_dedupe_idx').on(t.ruleId, t.dedupeKey), index('alert_firings_rule_idx').on(t.ruleId, t.createdAt)],
);

/** Events waiting for evaluation: the hub's listener stores them here and enqueues `alerts_eval`. */
export const alertEvents = pgTable('alert_events', {
  id: text('id').primaryKey(),
  workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
  type: text('type').notNull(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  occurredAt: ts('occurred_at').notNull(),
});
