import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from '../../lib/columns.ts';
import { users } from '../accounts/accounts.tables.ts';
import { bytea } from '../reports/reports.tables.ts';

// The agency portfolio's scheduled delivery belongs to a person (the account), not a workspace:
// the portfolio covers every workspace that person reaches when it is made.

/** Per user: when the portfolio is mailed, in which zone and language, and to whom. */
export const portfolioDeliverySettings = pgTable('portfolio_delivery_settings', {
  userId: text('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  /** `weekly` or `monthly`; null: no scheduled delivery. */
  frequency: text('frequency').$type<'weekly' | 'monthly'>(),
  weekday: integer('weekday'),
  dayOfMonth: integer('day_of_month'),
  hour: integer('hour').notNull().default(8),
  timeZone: text('time_zone').notNull().default('UTC'),
  language: text('language').notNull().default('en'),
  recipients: jsonb('recipients').$type<string[]>().notNull(),
  /** Slots at or before this instant are never delivered: a schedule starts with its next slot. */
  updatedAt: ts('updated_at').notNull(),
});

/** One scheduled portfolio: a slot of a user's schedule, the document made for it once, and its recipients. */
export const portfolioDeliveries = pgTable(
  'portfolio_deliveries',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    slot: text('slot').notNull(),
    periodFrom: text('period_from').notNull(),
    periodTo: text('period_to').notNull(),
    language: text('language').notNull(),
    timeZone: text('time_zone').notNull(),
    recipients: jsonb('recipients').$type<string[]>().notNull(),
    /** Made by the first attempt and kept, so a retry mails the same document: the PDF, or the HTML without Chromium. */
    pdf: bytea('pdf'),
    html: text('html'),
    clients: integer('clients'),
    simulated: boolean('simulated'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('portfolio_deliveries_slot_idx').on(t.userId, t.slot)],
);

/** The portfolio delivery log: one row per (delivery, recipient), updated by every attempt. */
export const portfolioDeliveryLog = pgTable(
  'portfolio_delivery_log',
  {
    deliveryId: text('delivery_id').notNull().references(() => portfolioDeliveries.id, { onDelete: 'cascade' }),
    recipient: text('recipient').notNull(),
    userId: text('user_id').notNull(),
    status: text('status').$type<'sent' | 'failed' | 'skipped_unsubscribed'>().notNull(),
    via: text('via'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.deliveryId, t.recipient] }), index('portfolio_delivery_log_user_idx').on(t.userId, t.updatedAt)],
);

/** Addresses that unsubscribed from a user's portfolio mail (through the link in every mail). */
export const portfolioUnsubscribes = pgTable(
  'portfolio_unsubscribes',
  {
    userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.email] })],
);
