import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.tables.ts';
import { workspaces } from '../workspaces/workspaces.tables.ts';
import type { Scope } from '../../lib/http/credentials.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

// API keys. Only an HMAC of the secret is kept; while delivery is pending the secret also sits
// here sealed (AES-256-GCM) so the creator can read it again, and is erased when delivery ends.
export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    last4: text('last4').notNull(),
    secretHash: text('secret_hash').notNull().unique(),
    scopes: jsonb('scopes').$type<Scope[]>().notNull(),
    allowedCidrs: jsonb('allowed_cidrs').$type<string[]>().notNull(),
    /** Stored state; time turns pending and grace into revoked (see keys.fns.ts). */
    state: text('state').notNull(),
    deliveryId: text('delivery_id'),
    deliveryCiphertext: text('delivery_ciphertext'),
    deliveryExpiresAt: ts('delivery_expires_at'),
    graceUntil: ts('grace_until'),
    replacesKeyId: text('replaces_key_id'),
    /** How the key was issued: `session`, `device` or `setup_token`. */
    origin: text('origin').$type<'session' | 'device' | 'setup_token'>().notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
    activatedAt: ts('activated_at'),
    revokedAt: ts('revoked_at'),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [index('api_keys_workspace_idx').on(t.workspaceId), index('api_keys_replaces_idx').on(t.replacesKeyId)],
);
