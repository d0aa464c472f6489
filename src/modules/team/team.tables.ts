import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from '../../lib/columns.ts';
import { users } from '../accounts/accounts.tables.ts';
import { workspaces } from '../workspaces/workspaces.tables.ts';

// An invitation is a mailed, single-use token; only its SHA-256 is kept.
export const workspaceInvitations = pgTable(
  'workspace_invitations',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    acceptedAt: ts('accepted_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    index('workspace_invitations_workspace_idx').on(t.workspaceId),
    // At most one live invitation per address and workspace.
    uniqueIndex('workspace_invitations_open_idx').on(t.workspaceId, t.email).where(sql`accepted_at is null and revoked_at is null`),
  ],
);
