import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../lib/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { hmacSha256Hex, randomToken } from '../../lib/crypto.ts';
import type { Scope } from '../../lib/http/credentials.ts';
import type { WorkspaceContext } from '../../lib/http/types.ts';
import type { WorkspacesService } from '../workspaces/workspaces.service.ts';
import { setupTokens } from './access.tables.ts';
import { normalizeScopes, type KeysService } from './keys.service.ts';

export const SETUP_TOKEN_PREFIX = 'gp_setup_';
export const SETUP_TOKEN_TTL_MINUTES = 15;

export function createSetupTokensService(deps: { db: Db; clock: Clock; keys: KeysService; workspaces: WorkspacesService; keyHashSecret: string }) {
  const { db, clock } = deps;
  const hash = (token: string) => hmacSha256Hex(deps.keyHashSecret, `setup:${token}`);

  return {
    async create(ws: WorkspaceContext, userId: string, input: { name?: string; scopes?: Scope[]; ttlMinutes?: number }) {
      const now = clock.now();
      const token = `${SETUP_TOKEN_PREFIX}${randomToken(32)}`;
      const scopes = normalizeScopes(input.scopes);
      const expiresAt = new Date(now.getTime() + (input.ttlMinutes ?? SETUP_TOKEN_TTL_MINUTES) * 60_000);
      const id = newId('stk');
      await db.insert(setupTokens).values({
        id, workspaceId: ws.id, tokenHash: hash(token), name: input.name ?? 'Agent setup', scopes, createdBy: userId, createdAt: now, expiresAt,
      });
      return { setupTokenId: id, token, workspace: ws.slug, scopes, expiresAt: expiresAt.toISOString() };
    },

    /** Spends the token and issues an active key in one transaction: a token yields one key, ever. */
    async exchange(input: { token: string; clientName?: string }) {
      const issued = await db.transaction(async (tx) => {
        const now = clock.now();
        const [token] = await tx.update(setupTokens).set({ usedAt: now })
          .where(and(eq(setupTokens.tokenHash, hash(input.token)), isNull(setupTokens.usedAt), gt(setupTokens.expiresAt, now)))
          .returning();
        if (!token) return null;
        const key = await deps.keys.issueActive(tx, {
          workspaceId: token.workspaceId, name: input.clientName ?? token.name, scopes: token.scopes, createdBy: token.createdBy, origin: 'setup_token',
        });
        await tx.update(setupTokens).set({ keyId: key.keyId }).where(eq(setupTokens.id, token.id));
        return { ...key, workspaceId: token.workspaceId };
      });
      if (!issued) throw new AppError('invalid_token', 'The setup token is unknown, used or expired; ask for a new one.');
      const { workspaceId, ...key } = issued;
      return { ...key, workspace: (await deps.workspaces.contextById(workspaceId)).slug };
    },
  };
}
export type SetupTokensService = ReturnType<typeof createSetupTokensService>;
