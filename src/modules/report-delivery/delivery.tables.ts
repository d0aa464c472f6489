import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from '../../lib/columns.ts';
import { workspaces } from '../workspaces/workspaces.tables.ts';

/** Per workspace: when its report is mailed (in the report settings' time zone) and to whom. */
export const reportDeliverySettings = pgTable('report_delivery_settings', {
  workspaceId: text('workspace_id').primaryKey().references(() => workspaces.id, { onDelete: 'cascade' }),
  /** `weekly` or `monthly`; null: no scheduled delivery. */
  frequency: text('frequency').$type<'weekly' | 'monthly'>(),
  /** ISO weekday, 1 (Monday) to 7 (Sunday), for weekly deliveries. */
  weekday: integer('weekday'),
  /** 1 to 28 (every month has it), for monthly deliveries. */
  dayOfMonth: integer('day_of_month'),
  hour: integer('hour').notNull().default(8),
  reportType: text('report_type').notNull().default('visibility_summary'),
  recipients: jsonb('recipients').$type<string[]>().notNull(),
  /** Slots at or before this instant are never delivered: a schedule starts with its next slot. */
  updatedAt: ts('updated_at').notNull(),
});

/** One scheduled delivery: a slot of a workspace's schedule, its report and the recipients of that day. */
export const reportDeliveries = pgTable(
  'report_deliveries',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The slot's instant (ISO): one delivery per slot, however many ticks see it due. */
    slot: text('slot').notNull(),
    reportId: text('report_id'),
    recipients: jsonb('recipients').$type<string[]>().notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('report_deliveries_slot_idx').on(t.workspaceId, t.slot)],
);

/** The delivery log: one row per (delivery, recipient), updated by every attempt. */
export const reportDeliveryLog = pgTable(
  'report_delivery_log',
  {
    deliveryId: text('delivery_id').notNull().references(() => reportDeliveries.id, { onDelete: 'cascade' }),
    recipient: text('recipient').notNull(),
    workspaceId: text('workspace_id').notNull(),
    reportId: text('report_id'),
    status: text('status').$type<'sent' | 'failed' | 'skipped_unsubscribed'>().notNull(),
    /** `attachment` (the PDF attached) or `link` (a signed, expiring link: PDF over the limit, or no PDF). */
    via: text('via'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.deliveryId, t.recipient] }), index('report_delivery_log_ws_idx').on(t.workspaceId, t.updatedAt)],
);

/** Addresses that unsubscribed from a workspace's reports (through the link in every mail). */
export const reportUnsubscribes = pgTable(
  'report_unsubscribes',
  {
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.email] })],
);
