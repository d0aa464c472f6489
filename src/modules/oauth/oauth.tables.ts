import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from '../../lib/columns.ts';
import type { Scope } from '../../lib/http/credentials.ts';
import { users } from '../accounts/accounts.tables.ts';
import { workspaces } from '../workspaces/workspaces.tables.ts';

// The authorization server of remote MCP (docs/mcp.md, "OAuth"). Codes and tokens are kept only
// as HMACs, like API keys: a copy of these tables lets nobody call /mcp.

/** A public client registered by RFC 7591; unused for 30 days it is deleted (with its grants). */
export const oauthClients = pgTable('oauth_clients', {
  id: text('id').primaryKey(),
  clientName: text('client_name').notNull(),
  clientUri: text('client_uri'),
  redirectUris: jsonb('redirect_uris').$type<string[]>().notNull(),
  createdAt: ts('created_at').notNull(),
  lastUsedAt: ts('last_used_at').notNull(),
}, (t) => [index('oauth_clients_last_used_idx').on(t.lastUsedAt)]);

/**
 * One person's consent for one client on one workspace: a "connected app". Its refresh tokens
 * form one family; revoking the grant (or reusing a rotated refresh token) ends all of them.
 */
export const oauthGrants = pgTable('oauth_grants', {
  id: text('id').primaryKey(),
  clientId: text('client_id').notNull().references(() => oauthClients.id, { onDelete: 'cascade' }),
  workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
  userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  scopes: jsonb('scopes').$type<Scope[]>().notNull(),
  resource: text('resource').notNull(),
  createdAt: ts('created_at').notNull(),
  lastUsedAt: ts('last_used_at'),
  revokedAt: ts('revoked_at'),
  /** Why it ended: `user` (Connected apps), `client` (revocation endpoint), `refresh_reuse`, `code_reuse`. */
  revokedReason: text('revoked_reason'),
}, (t) => [index('oauth_grants_workspace_idx').on(t.workspaceId), index('oauth_grants_client_idx').on(t.clientId)]);

/** An authorization code: 60 seconds, single use, bound to client, redirect URI, PKCE challenge and resource. */
export const oauthCodes = pgTable('oauth_codes', {
  codeHash: text('code_hash').primaryKey(),
  clientId: text('client_id').notNull().references(() => oauthClients.id, { onDelete: 'cascade' }),
  workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
  userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
  scopes: jsonb('scopes').$type<Scope[]>().notNull(),
  redirectUri: text('redirect_uri').notNull(),
  codeChallenge: text('code_challenge').notNull(),
  resource: text('resource').notNull(),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  /** The grant its exchange created: a second use of the code revokes it (OAuth 2.1 §4.1.3). */
  grantId: text('grant_id'),
}, (t) => [index('oauth_codes_expires_idx').on(t.expiresAt)]);

/** Access (1 hour) and refresh tokens of a grant; a refresh token is used once (`used_at`). */
export const oauthTokens = pgTable('oauth_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  grantId: text('grant_id').notNull().references(() => oauthGrants.id, { onDelete: 'cascade' }),
  kind: text('kind').$type<'access' | 'refresh'>().notNull(),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
}, (t) => [index('oauth_tokens_grant_idx').on(t.grantId), index('oauth_tokens_expires_idx').on(t.expiresAt)]);
