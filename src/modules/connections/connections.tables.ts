import { pgTable, text, unique } from 'drizzle-orm/pg-core';
import { ts } from '../../lib/columns.ts';
import { users } from '../accounts/accounts.tables.ts';
import { workspaces } from '../workspaces/workspaces.tables.ts';

// Connector credentials, sealed with AES-256-GCM under CREDENTIALS_KEY; the associated data
// binds each ciphertext to its workspace, connector and key.
export const storedCredentials = pgTable(
  'stored_credentials',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    connector: text('connector').notNull(),
    key: text('key').notNull(),
    ciphertext: text('ciphertext').notNull(),
    maskedValue: text('masked_value').notNull(),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [unique('stored_credentials_slot').on(t.workspaceId, t.connector, t.key)],
);
