import { eq } from 'drizzle-orm';
import type { Db } from '../../lib/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, invalid, notFound, workspaceNotFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { hmacSha256Hex, randomToken } from '../../lib/crypto.ts';
import type { Scope } from '../../lib/http/credentials.ts';
import type { SessionPrincipal } from '../../lib/http/types.ts';
import type { RateLimiter } from '../../lib/rate-limit/rate-limit.ts';
import type { WorkspacesService } from '../workspaces/workspaces.service.ts';
import { deviceAuthorizations } from './access.tables.ts';
import {
  DEVICE_EXPIRES_IN_S, DEVICE_INTERVAL_S, deviceStatus, formatUserCode, newUserCode, normalizeUserCode, SLOW_DOWN_STEP_S,
} from './device.fns.ts';
import { normalizeScopes, type KeysService } from './keys.service.ts';
import { addressBucket } from '../../lib/rate-limit/address.fns.ts';

// Failed user-code entries per signed-in user, and starts per client address.
export const USER_CODE_ATTEMPTS = { limit: 10, windowMs: 10 * 60 * 1000 };
export const DEVICE_STARTS = { limit: 30, windowMs: 10 * 60 * 1000 };

type Row = typeof deviceAuthorizations.$inferSelect;

export function createDeviceService(deps: {
  db: Db; clock: Clock; keys: KeysService; workspaces: WorkspacesService; limiter: RateLimiter; publicBaseUrl: string; keyHashSecret: string;
}) {
  const { db, clock, limiter } = deps;
  const hash = (kind: string, code: string) => hmacSha256Hex(deps.keyHashSecret, `${kind}:${code}`);

  /**
   * Finds an authorization by what the person typed. Every attempt is counted before the lookup
   * (so parallel guesses cannot slip past the limit) and a right code is refunded afterwards.
   */
  async function byUserCode(tx: Db, userId: string, code: string) {
    const bucket = `device-user-code:${userId}`;
    await limiter.hit(bucket, USER_CODE_ATTEMPTS, 'Too many wrong codes; wait before trying again.');
    const normalized = normalizeUserCode(code);
    const [row] = normalized ? await tx.select().from(deviceAuthorizations).where(eq(deviceAuthorizations.userCodeHash, hash('user', normalized))) : [];
    if (!row) throw notFound('Device authorization');
    await limiter.refund(bucket, USER_CODE_ATTEMPTS);
    return row;
  }

  const view = (row: Row, now: Date) => ({
    status: deviceStatus(row, now), clientName: row.clientName, scopes: row.scopes ?? row.requestedScopes,
    requestedScopes: row.requestedScopes, workspace: row.requestedWorkspace, expiresAt: row.expiresAt.toISOString(),
  });

  async function decide(principal: SessionPrincipal, code: string, decision: { approve: true; workspaceId: string; scopes: Scope[] } | { approve: false }) {
    // The row is found first (counting a wrong code outside any transaction), then locked.
    const found = await byUserCode(db, principal.userId, code);
    return db.transaction(async (tx) => {
      const [row] = await tx.select().from(deviceAuthorizations).where(eq(deviceAuthorizations.id, found.id)).for('update');
      const now = clock.now();
      const status = deviceStatus(row!, now);
      if (status !== 'pending') throw new AppError('invalid_state', `This authorization is already ${status}.`);
      const patch = decision.approve
        ? { status: 'approved', workspaceId: decision.workspaceId, scopes: decision.scopes, decidedBy: principal.userId }
        : { status: 'denied', decidedBy: principal.userId };
      const [updated] = await tx.update(deviceAuthorizations).set(patch).where(eq(deviceAuthorizations.id, row!.id)).returning();
      return view(updated!, now);
    });
  }

  type Outcome = { ok: true; body: { apiKey: string; keyId: string; workspaceId: string; scopes: Scope[] } } | { ok: false; error: AppError };
  const fail = (code: 'authorization_pending' | 'slow_down' | 'expired_token' | 'access_denied', message: string, details?: Record<string, unknown>): Outcome =>
    ({ ok: false, error: new AppError(code, message, details) });

  return {
    async start(input: { clientName: string; workspace?: string; scopes?: Scope[] }, ip: string) {
      await limiter.hit(`device-start:${addressBucket(ip)}`, DEVICE_STARTS, 'Too many device authorizations from this address; retry later.');
      const now = clock.now();
      const deviceCode = randomToken(32);
      for (let attempt = 0; ; attempt++) {
        const userCode = newUserCode();
        const inserted = await db.insert(deviceAuthorizations).values({
          id: newId('dev'), deviceCodeHash: hash('device', deviceCode), userCodeHash: hash('user', userCode), clientName: input.clientName,
          requestedWorkspace: input.workspace ?? null, requestedScopes: normalizeScopes(input.scopes), status: 'pending',
          intervalSeconds: DEVICE_INTERVAL_S, createdAt: now, expiresAt: new Date(now.getTime() + DEVICE_EXPIRES_IN_S * 1000),
        }).onConflictDoNothing().returning({ id: deviceAuthorizations.id });
        if (inserted.length) {
          const verificationUri = `${deps.publicBaseUrl}/device`;
          return {
            deviceCode, userCode: formatUserCode(userCode), verificationUri,
            verificationUriComplete: `${verificationUri}?code=${formatUserCode(userCode)}`, expiresIn: DEVICE_EXPIRES_IN_S, interval: DEVICE_INTERVAL_S,
          };
        }
        if (attempt >= 5) throw new Error('could not allocate a unique user code');
      }
    },

    async lookup(principal: SessionPrincipal, code: string) {
      return view(await byUserCode(db, principal.userId, code), clock.now());
    },

    async approve(principal: SessionPrincipal, code: string, input: { workspace: string; scopes?: Scope[] }) {
      const ws = await deps.workspaces.findForPrincipal(input.workspace, principal);
      if (!ws) throw workspaceNotFound();
      const found = await byUserCode(db, principal.userId, code);
      const scopes = input.scopes?.length ? [...new Set(input.scopes)] : found.requestedScopes;
      const extra = scopes.filter((s) => !found.requestedScopes.includes(s));
      if (extra.length) throw invalid(`body.scopes may only narrow the requested scopes; not requested: ${extra.join(', ')}`);
      return decide(principal, code, { approve: true, workspaceId: ws.id, scopes });
    },

    deny: (principal: SessionPrincipal, code: string) => decide(principal, code, { approve: false }),

    /** The client's poll. Exactly one poll after approval receives the key. */
    async exchange(deviceCode: string) {
      const outcome: Outcome = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(deviceAuthorizations).where(eq(deviceAuthorizations.deviceCodeHash, hash('device', deviceCode))).for('update');
        if (!row) return fail('expired_token', 'Unknown or expired device code; start a new authorization.');
        const now = clock.now();
        const status = deviceStatus(row, now);
        if (status === 'expired' || status === 'consumed') return fail('expired_token', 'The device code has expired or was already exchanged; start a new authorization.');
        if (row.lastPolledAt && now.getTime() - row.lastPolledAt.getTime() < row.intervalSeconds * 1000) {
          const interval = row.intervalSeconds + SLOW_DOWN_STEP_S;
          await tx.update(deviceAuthorizations).set({ intervalSeconds: interval, lastPolledAt: now }).where(eq(deviceAuthorizations.id, row.id));
          return fail('slow_down', `Polling too fast: wait ${interval} seconds between polls.`, { interval });
        }
        await tx.update(deviceAuthorizations).set({ lastPolledAt: now }).where(eq(deviceAuthorizations.id, row.id));
        if (status === 'pending') return fail('authorization_pending', 'The user has not approved this device yet.', { interval: row.intervalSeconds });
        if (status === 'denied') return fail('access_denied', 'The user denied this device.');
        const key = await deps.keys.issueActive(tx, { workspaceId: row.workspaceId!, name: row.clientName, scopes: row.scopes!, createdBy: row.decidedBy, origin: 'device' });
        await tx.update(deviceAuthorizations).set({ status: 'consumed', keyId: key.keyId }).where(eq(deviceAuthorizations.id, row.id));
        return { ok: true, body: { apiKey: key.apiKey, keyId: key.keyId, workspaceId: row.workspaceId!, scopes: key.scopes } };
      });
      if (!outcome.ok) throw outcome.error;
      const { workspaceId, ...body } = outcome.body;
      return { ...body, workspace: (await deps.workspaces.contextById(workspaceId)).slug };
    },
  };
}
export type DeviceService = ReturnType<typeof createDeviceService>;
