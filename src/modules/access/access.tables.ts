import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from '../../lib/columns.ts';
import { users } from '../accounts/accounts.tables.ts';
import { workspaces } from '../workspaces/workspaces.tables.ts';
import type { Scope } from '../../lib/http/credentials.ts';

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

// A setup token: short-lived, single use, exchanged by an agent for a workspace-bound key.
export const setupTokens = pgTable('setup_tokens', {
  id: text('id').primaryKey(),
  workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  name: text('name').notNull(),
  scopes: jsonb('scopes').$type<Scope[]>().notNull(),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  keyId: text('key_id'),
});

// Device authorization (RFC 8628 in shape). Both codes are kept only as hashes.
export const deviceAuthorizations = pgTable('device_authorizations', {
  id: text('id').primaryKey(),
  deviceCodeHash: text('device_code_hash').notNull().unique(),
  userCodeHash: text('user_code_hash').notNull().unique(),
  clientName: text('client_name').notNull(),
  requestedWorkspace: text('requested_workspace'),
  requestedScopes: jsonb('requested_scopes').$type<Scope[]>().notNull(),
  /** pending | approved | denied | consumed; time turns pending and approved into expired. */
  status: text('status').notNull(),
  workspaceId: text('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
  scopes: jsonb('scopes').$type<Scope[]>(),
  decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
  intervalSeconds: integer('interval_seconds').notNull(),
  lastPolledAt: ts('last_polled_at'),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  keyId: text('key_id'),
});
