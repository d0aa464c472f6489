import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from '../../lib/columns.ts';
import { users } from '../accounts/accounts.tables.ts';
import { workspaces } from '../workspaces/workspaces.tables.ts';

/** One receipt per checkout session; its amount, never the event's, is what gets credited. */
export const billingReceipts = pgTable(
  'billing_receipts',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    checkoutSessionId: text('checkout_session_id').notNull().unique(),
    provider: text('provider').$type<'stripe' | 'mock'>().notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status').$type<'pending' | 'succeeded' | 'failed'>().notNull(),
    grantId: text('grant_id'),
    eventId: text('event_id'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
    completedAt: ts('completed_at'),
  },
  (t) => [index('billing_receipts_workspace_idx').on(t.workspaceId, t.createdAt)],
);
