import { and, asc, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../lib/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { hmacSha256Hex, randomToken } from '../../lib/crypto.ts';
import { newId } from '../../lib/ids.ts';
import type { Scope } from '../../lib/http/credentials.ts';
import { ACCESS_TOKEN_PREFIX, CODE_PATTERN, parseScope, pkceMatches, REFRESH_TOKEN_PREFIX, TOKEN_PATTERN } from './oauth.fns.ts';
import { oauthClients, oauthCodes, oauthGrants, oauthTokens } from './oauth.tables.ts';
import type { OAuthUrls } from './oauth.service.ts';

// The token endpoint (authorization_code, refresh_token), revocation (RFC 7009), access-token
// checks for /mcp and the grants behind Settings → Connected apps. Every refusal of a code or a
// refresh token is the same `invalid_grant`: which binding failed is not told to the caller.

export const ACCESS_TTL_MS = 3600 * 1000;
export const REFRESH_TTL_MS = 30 * 24 * 3600 * 1000;
const LAST_USED_RESOLUTION_MS = 60_000;

export type TokenForm = Record<string, string | undefined>;
export interface GrantPrincipal { grantId: string; workspaceId: string; scopes: Scope[] }

const invalidGrant = () => new AppError('invalid_grant', 'The code or refresh token is invalid, expired, revoked, or was issued to another client.');
const required = (form: TokenForm, name: string) => {
  const value = form[name];
  if (!value) throw new AppError('invalid_request', `${name} is required.`);
  return value;
};

export interface TokenDeps {
  db: Db;
  clock: Clock;
  hashSecret: string;
  urls: OAuthUrls;
  /** A grant speaks for the person who consented: once they leave the workspace, it stops. */
  isMember(userId: string, workspaceId: string): Promise<boolean>;
}

export function createTokenService(deps: TokenDeps) {
  const { db, clock, urls } = deps;
  const hash = (secret: string) => hmacSha256Hex(deps.hashSecret, secret);
  const lastWritten = new Map<string, number>();

  async function clientOf(form: TokenForm) {
    const clientId = required(form, 'client_id');
    const [client] = clientId.length <= 100 ? await db.select().from(oauthClients).where(eq(oauthClients.id, clientId)) : [];
    if (!client) throw new AppError('invalid_client', 'Unknown client: register again.');
    return client;
  }

  async function issue(tx: Db, grant: { id: string; scopes: Scope[] }, now: Date) {
    const access = `${ACCESS_TOKEN_PREFIX}${randomToken(32)}`;
    const refresh = `${REFRESH_TOKEN_PREFIX}${randomToken(32)}`;
    await tx.insert(oauthTokens).values([
      { tokenHash: hash(access), grantId: grant.id, kind: 'access', createdAt: now, expiresAt: new Date(now.getTime() + ACCESS_TTL_MS) },
      { tokenHash: hash(refresh), grantId: grant.id, kind: 'refresh', createdAt: now, expiresAt: new Date(now.getTime() + REFRESH_TTL_MS) },
    ]);
    return { access_token: access, token_type: 'Bearer', expires_in: ACCESS_TTL_MS / 1000, refresh_token: refresh, scope: grant.scopes.join(' ') };
  }

  const revokeGrantIn = (tx: Db, grantId: string, reason: string, now: Date) =>
    tx.update(oauthGrants).set({ revokedAt: now, revokedReason: reason }).where(and(eq(oauthGrants.id, grantId), isNull(oauthGrants.revokedAt)));

  /** Runs `fn`; a refusal it returns (rather than throws) is raised after the commit, so a revocation it wrote stays. */
  async function settle<T>(fn: (tx: Db, now: Date) => Promise<T | AppError>): Promise<T> {
    const result = await db.transaction((tx) => fn(tx, clock.now()));
    if (result instanceof AppError) throw result;
    return result;
  }

  return {
    async exchangeCode(form: TokenForm) {
      const client = await clientOf(form);
      const code = required(form, 'code');
      const verifier = required(form, 'code_verifier');
      const redirectUri = required(form, 'redirect_uri');
      if (!CODE_PATTERN.test(code)) throw invalidGrant();
      return settle(async (tx, now) => {
        const [row] = await tx.select().from(oauthCodes).where(eq(oauthCodes.codeHash, hash(code))).for('update');
        if (!row || row.clientId !== client.id) return invalidGrant();
        // A second use means the code leaked: what the first use obtained is revoked (OAuth 2.1 §4.1.3).
        if (row.usedAt) {
          if (row.grantId) await revokeGrantIn(tx, row.grantId, 'code_reuse', now);
          return invalidGrant();
        }
        if (row.expiresAt <= now || row.redirectUri !== redirectUri || !pkceMatches(verifier, row.codeChallenge)) return invalidGrant();
        if (form.resource !== undefined && form.resource !== row.resource) return new AppError('invalid_target', `resource must be ${row.resource}.`);
        const grant = { id: newId('oag'), clientId: client.id, workspaceId: row.workspaceId, userId: row.userId, scopes: row.scopes, resource: row.resource, createdAt: now, lastUsedAt: now };
        await tx.insert(oauthGrants).values(grant);
        await tx.update(oauthCodes).set({ usedAt: now, grantId: grant.id }).where(eq(oauthCodes.codeHash, row.codeHash));
        await tx.update(oauthClients).set({ lastUsedAt: now }).where(eq(oauthClients.id, client.id));
        return issue(tx, grant, now);
      });
    },

    /** Rotation: the presented refresh token is spent and a new pair issued; presenting a spent one ends the family. */
    async refresh(form: TokenForm) {
      const client = await clientOf(form);
      const token = required(form, 'refresh_token');
      if (!TOKEN_PATTERN.test(token) || !token.startsWith(REFRESH_TOKEN_PREFIX)) throw invalidGrant();
      const scope = parseScope(form.scope);
      if (!scope.ok) throw new AppError('invalid_scope', `${scope.reason}.`);
      // Membership is read before the transaction (never through the module's db inside it); a
      // grant's person and workspace never change, so nothing can slip in between.
      const [owner] = await db.select({ userId: oauthGrants.userId, workspaceId: oauthGrants.workspaceId }).from(oauthTokens)
        .innerJoin(oauthGrants, eq(oauthGrants.id, oauthTokens.grantId)).where(eq(oauthTokens.tokenHash, hash(token)));
      if (!owner?.userId || !(await deps.isMember(owner.userId, owner.workspaceId))) throw invalidGrant();
      return settle(async (tx, now) => {
        const [found] = await tx.select().from(oauthTokens).innerJoin(oauthGrants, eq(oauthGrants.id, oauthTokens.grantId))
          .where(and(eq(oauthTokens.tokenHash, hash(token)), eq(oauthTokens.kind, 'refresh'))).for('update');
        if (!found || found.oauth_grants.clientId !== client.id || found.oauth_grants.revokedAt) return invalidGrant();
        const { oauth_tokens: row, oauth_grants: grant } = found;
        if (row.usedAt) {
          await revokeGrantIn(tx, grant.id, 'refresh_reuse', now);
          return invalidGrant();
        }
        if (row.expiresAt <= now) return invalidGrant();
        if (form.resource !== undefined && form.resource !== grant.resource) return new AppError('invalid_target', `resource must be ${grant.resource}.`);
        // Narrowing is not offered: a scope parameter must stay within the grant, which is issued whole.
        if (scope.value?.some((s) => !grant.scopes.includes(s))) return new AppError('invalid_scope', 'The scope asked for exceeds what was granted.');
        await tx.update(oauthTokens).set({ usedAt: now }).where(eq(oauthTokens.tokenHash, row.tokenHash));
        await tx.update(oauthGrants).set({ lastUsedAt: now }).where(eq(oauthGrants.id, grant.id));
        await tx.update(oauthClients).set({ lastUsedAt: now }).where(eq(oauthClients.id, client.id));
        return issue(tx, grant, now);
      });
    },

    /** RFC 7009: any token of the client's grant ends the whole grant; unknown tokens answer the same 200. */
    async revoke(form: TokenForm) {
      const client = await clientOf(form);
      const token = required(form, 'token');
      if (!TOKEN_PATTERN.test(token)) return;
      const [found] = await db.select({ grantId: oauthTokens.grantId, clientId: oauthGrants.clientId }).from(oauthTokens)
        .innerJoin(oauthGrants, eq(oauthGrants.id, oauthTokens.grantId)).where(eq(oauthTokens.tokenHash, hash(token)));
      if (found?.clientId === client.id) await revokeGrantIn(db, found.grantId, 'client', clock.now());
    },

    /** A live access token for this resource, as the grant it speaks for; null for anything else. */
    async verifyAccess(token: string): Promise<GrantPrincipal | null> {
      if (!TOKEN_PATTERN.test(token) || !token.startsWith(ACCESS_TOKEN_PREFIX)) return null;
      const now = clock.now();
      const [found] = await db.select().from(oauthTokens).innerJoin(oauthGrants, eq(oauthGrants.id, oauthTokens.grantId))
        .where(and(eq(oauthTokens.tokenHash, hash(token)), eq(oauthTokens.kind, 'access')));
      if (!found) return null;
      const { oauth_tokens: row, oauth_grants: grant } = found;
      if (row.expiresAt <= now || grant.revokedAt || grant.resource !== urls.resource) return null;
      if (!grant.userId || !(await deps.isMember(grant.userId, grant.workspaceId))) return null;
      // Last use to the minute, as for API keys: one write per grant per minute, not one per request.
      const last = lastWritten.get(grant.id) ?? grant.lastUsedAt?.getTime() ?? 0;
      if (now.getTime() - last >= LAST_USED_RESOLUTION_MS) {
        if (lastWritten.size > 10_000) lastWritten.clear();
        lastWritten.set(grant.id, now.getTime());
        await db.update(oauthGrants).set({ lastUsedAt: now }).where(eq(oauthGrants.id, grant.id));
        await db.update(oauthClients).set({ lastUsedAt: now }).where(eq(oauthClients.id, grant.clientId));
      }
      return { grantId: grant.id, workspaceId: grant.workspaceId, scopes: grant.scopes };
    },

    /** Settings → Connected apps: the live grants of a workspace. */
    async list(workspaceId: string) {
      const rows = await db.select().from(oauthGrants).innerJoin(oauthClients, eq(oauthClients.id, oauthGrants.clientId))
        .where(and(eq(oauthGrants.workspaceId, workspaceId), isNull(oauthGrants.revokedAt))).orderBy(asc(oauthGrants.createdAt), asc(oauthGrants.id));
      return rows.map(({ oauth_grants: g, oauth_clients: c }) => ({
        grantId: g.id, clientName: c.clientName, redirectHosts: [...new Set(c.redirectUris.map((u) => new URL(u).host))],
        scopes: g.scopes, createdAt: g.createdAt.toISOString(), lastUsedAt: g.lastUsedAt?.toISOString() ?? null,
      }));
    },

    async revokeGrant(workspaceId: string, grantId: string) {
      const now = clock.now();
      const [row] = await db.update(oauthGrants).set({ revokedAt: now, revokedReason: 'user' })
        .where(and(eq(oauthGrants.id, grantId), eq(oauthGrants.workspaceId, workspaceId), isNull(oauthGrants.revokedAt))).returning();
      if (!row) throw notFound('Connected app');
      return { grantId: row.id, revokedAt: now.toISOString() };
    },

    /** Tokens a day past expiry; grants 30 days after they were revoked. */
    async sweep() {
      const now = clock.now().getTime();
      await db.delete(oauthTokens).where(lt(oauthTokens.expiresAt, new Date(now - 24 * 3600 * 1000)));
      await db.delete(oauthGrants).where(and(isNotNull(oauthGrants.revokedAt), lt(oauthGrants.revokedAt, new Date(now - REFRESH_TTL_MS))));
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
