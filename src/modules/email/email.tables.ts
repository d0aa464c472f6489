import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { workspaces } from '../workspaces/workspaces.tables.ts';

// The outcome of provisioning a workspace's inbox, as the 2.4 response reports it.
export const workspaceInboxes = pgTable('workspace_inboxes', {
  workspaceId: text('workspace_id').primaryKey().references(() => workspaces.id, { onDelete: 'cascade' }),
  status: text('status').notNull(),
  email: text('email'),
  inboxId: text('inbox_id'),
  attempts: integer('attempts').notNull().default(0),
  message: text('message').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
