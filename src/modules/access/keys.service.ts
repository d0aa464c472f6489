import type { Db } from '../../lib/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import { hmacSha256Hex, randomToken, safeEqual, seal, unseal } from '../../lib/crypto.ts';
import { newId } from '../../lib/ids.ts';
import { claimIdempotencyKey, requestFingerprint } from '../../lib/idempotency/idempotency.ts';
import type { Scope } from '../../lib/http/credentials.ts';
import type { KeyPrincipal, WorkspaceContext } from '../../lib/http/types.ts';
import { addressAllowed, parseStrictCidr } from './cidr.fns.ts';
import { ACTION_FROM, authenticates, DELIVERY_WINDOW_MS, effectiveState, GRACE_MS, KEY_PATTERN, newSecret, type KeyAction } from './keys.fns.ts';
import { keysRepo, type KeyRow } from './keys.repo.ts';
import { notKept, type KeptScope } from '../../lib/reads-cache.ts';

export const DEFAULT_SCOPES: Scope[] = ['workspace:read'];
const LAST_USED_RESOLUTION_MS = 60_000;
const DELIVERY_ID_BYTES = 24;

export interface KeyCreateInput {
  name: string;
  scopes?: Scope[];
  allowedCidrs?: string[];
  idempotencyKey?: string;
}

const invalidKey = () => new AppError('invalid_key', 'Invalid API key.');
const invalidState = (message: string) => new AppError('invalid_state', message);

export function normalizeScopes(scopes: Scope[] | undefined): Scope[] {
  return scopes?.length ? [...new Set(scopes)] : [...DEFAULT_SCOPES];
}

export function normalizeCidrs(cidrs: string[] | undefined): string[] {
  return (cidrs ?? []).map((input, i) => {
    const parsed = parseStrictCidr(input);
    if (!parsed.ok) throw invalid(`body.allowedCidrs[${i}] "${input}" is not a strict CIDR range: ${parsed.reason}`);
    return parsed.cidr;
  });
}

/**
 * `kept`: where a key's row is kept by its secret's hash, so a request with a known key reads no
 * statement to authenticate (issue 47); every change of a key's state drops it (below). A new key
 * needs no drop: nothing found is never kept.
 */
export function createKeysService(deps: { db: Db; clock: Clock; keyHashSecret: string; credentialsKey: Buffer; kept?: KeptScope }) {
  const { db, clock } = deps;
  const kept = deps.kept ?? notKept;
  const lastWritten = new Map<string, number>();
  const hash = (secret: string) => hmacSha256Hex(deps.keyHashSecret, secret);
  const deliveryAad = (keyId: string, deliveryId: string) => `api-key-delivery:${keyId}:${deliveryId}`;

  function view(row: KeyRow, now: Date) {
    const state = effectiveState(row, now);
    const expiresAt = state === 'pending' ? row.deliveryExpiresAt : state === 'grace' ? row.graceUntil : null;
    return {
      keyId: row.id, name: row.name, prefix: row.prefix, last4: row.last4, scopes: row.scopes, state,
      allowedCidrs: row.allowedCidrs, origin: row.origin, replacesKeyId: row.replacesKeyId,
      createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null, expiresAt: expiresAt?.toISOString() ?? null,
    };
  }

  /** The creation response; readable again only while delivery is pending. */
  function delivery(row: KeyRow | null) {
    if (!row?.deliveryCiphertext || !row.deliveryId || effectiveState(row, clock.now()) !== 'pending') throw invalidState('The secret of this key was already delivered and cannot be shown again.');
    let secret: string;
    try {
      secret = unseal(deps.credentialsKey, row.deliveryCiphertext, deliveryAad(row.id, row.deliveryId));
    } catch {
      throw invalidState('The pending secret no longer decrypts (CREDENTIALS_KEY changed); revoke this key and create another.');
    }
    return { keyId: row.id, secret, prefix: row.prefix, last4: row.last4, deliveryId: row.deliveryId };
  }

  async function issuePending(tx: Db, ws: WorkspaceContext, fields: { id?: string; name: string; scopes: Scope[]; allowedCidrs: string[]; createdBy: string; replacesKeyId?: string }) {
    const now = clock.now();
    const id = fields.id ?? newId('key');
    // A random 192-bit token, not a sortable id: minted beside keyId, an id would be guessable from it.
    const deliveryId = `dlv_${randomToken(DELIVERY_ID_BYTES)}`;
    const { secret, prefix, last4 } = newSecret();
    const row = await keysRepo.insert(tx, {
      id, workspaceId: ws.id, name: fields.name, prefix, last4, secretHash: hash(secret), scopes: fields.scopes,
      allowedCidrs: fields.allowedCidrs, state: 'pending', deliveryId, deliveryCiphertext: seal(deps.credentialsKey, secret, deliveryAad(id, deliveryId)),
      deliveryExpiresAt: new Date(now.getTime() + DELIVERY_WINDOW_MS), replacesKeyId: fields.replacesKeyId ?? null,
      origin: 'session', createdBy: fields.createdBy, createdAt: now,
    });
    return row;
  }

  /** Runs an action's body on the key under its row lock, after checking the state it starts from. */
  async function withKey<T>(ws: WorkspaceContext, keyId: string, action: KeyAction, fn: (tx: Db, row: KeyRow, now: Date) => Promise<T>) {
    // Every action may change whether a key authenticates (revoked, in grace, active): the kept
    // keys are not served while it runs and are dropped once it has ended, committed or not.
    const done = kept.writing();
    try {
      return await db.transaction(async (tx) => {
        const row = await keysRepo.byId(tx, ws.id, keyId, true);
        if (!row) throw notFound('API key');
        const now = clock.now();
        const state = effectiveState(row, now);
        if (!ACTION_FROM[action].includes(state)) throw invalidState(`Cannot ${action} a key that is ${state}.`);
        return fn(tx, row, now);
      });
    } finally {
      done();
    }
  }

  function checkDelivery(row: KeyRow, deliveryId: string | undefined) {
    if (!deliveryId) throw invalid('body.deliveryId is required with this action');
    if (!row.deliveryId || !safeEqual(deliveryId, row.deliveryId)) throw invalid('body.deliveryId does not match this key’s delivery');
  }

  const actions = {
    acknowledge: (ws: WorkspaceContext, keyId: string, body: { deliveryId?: string }) =>
      withKey(ws, keyId, 'acknowledge', async (tx, row, now) => {
        checkDelivery(row, body.deliveryId);
        await keysRepo.update(tx, row.id, { state: 'active', activatedAt: now, deliveryCiphertext: null });
        if (row.replacesKeyId) {
          const old = await keysRepo.byId(tx, ws.id, row.replacesKeyId, true);
          if (old && effectiveState(old, now) === 'active') {
            await keysRepo.update(tx, old.id, { state: 'grace', graceUntil: new Date(now.getTime() + GRACE_MS) });
          }
        }
        return { keyId: row.id, state: 'active' as const };
      }),

    'resume-delivery': (ws: WorkspaceContext, keyId: string, body: { deliveryId?: string }) =>
      withKey(ws, keyId, 'resume-delivery', async (_tx, row) => {
        checkDelivery(row, body.deliveryId);
        return { ...delivery(row), state: 'pending' as const, expiresAt: row.deliveryExpiresAt!.toISOString() };
      }),

    rotate: (ws: WorkspaceContext, keyId: string, body: { idempotencyKey?: string }, userId: string) =>
      withKey(ws, keyId, 'rotate', async (tx, row, now) => {
        const replacementId = newId('key');
        if (body.idempotencyKey) {
          const claim = await claimIdempotencyKey(tx, {
            // Scoped to the acting user: another member replaying the same key never reads this secret.
            workspaceId: ws.id, scope: `api_keys.rotate:${row.id}:${userId}`, key: body.idempotencyKey,
            requestHash: requestFingerprint({ action: 'rotate', keyId }), resourceId: replacementId, now,
          });
          if (!claim.fresh) return { ...delivery(await keysRepo.byId(tx, ws.id, claim.resourceId)), replacesKeyId: row.id };
        }
        const live = (await keysRepo.replacementsOf(tx, row.id)).find((r) => effectiveState(r, now) === 'pending');
        if (live) throw invalidState(`Key ${row.id} already has a pending replacement (${live.id}); acknowledge or revoke it first.`);
        const replacement = await issuePending(tx, ws, { id: replacementId, name: row.name, scopes: row.scopes, allowedCidrs: row.allowedCidrs, createdBy: userId, replacesKeyId: row.id });
        return { ...delivery(replacement), replacesKeyId: row.id };
      }),

    'confirm-rotation': (ws: WorkspaceContext, keyId: string) =>
      withKey(ws, keyId, 'confirm-rotation', async (tx, row, now) => {
        if (!row.replacesKeyId) throw invalidState('This key is not a rotation replacement.');
        const old = await keysRepo.byId(tx, ws.id, row.replacesKeyId, true);
        const oldState = old ? effectiveState(old, now) : 'revoked';
        if (!old || oldState === 'revoked') throw invalidState(`The replaced key ${row.replacesKeyId} is already revoked.`);
        await keysRepo.update(tx, old.id, { state: 'revoked', revokedAt: now, deliveryCiphertext: null });
        return { keyId: row.id, state: 'active' as const, revokedKeyId: old.id };
      }),

    revoke: (ws: WorkspaceContext, keyId: string) =>
      withKey(ws, keyId, 'revoke', async (tx, row, now) => {
        await keysRepo.update(tx, row.id, { state: 'revoked', revokedAt: now, deliveryCiphertext: null });
        return { keyId: row.id, state: 'revoked' as const };
      }),
  };

  return {
    async create(ws: WorkspaceContext, userId: string, input: KeyCreateInput) {
      const scopes = normalizeScopes(input.scopes);
      const allowedCidrs = normalizeCidrs(input.allowedCidrs);
      return db.transaction(async (tx) => {
        const id = newId('key');
        if (input.idempotencyKey) {
          const { idempotencyKey, ...request } = input;
          const claim = await claimIdempotencyKey(tx, {
            // Scoped to the acting user: another member replaying the same key never reads this secret.
            workspaceId: ws.id, scope: `api_keys.create:${userId}`, key: idempotencyKey, requestHash: requestFingerprint(request), resourceId: id, now: clock.now(),
          });
          // A replay answers the first response again, for as long as its secret is still deliverable.
          if (!claim.fresh) return delivery(await keysRepo.byId(tx, ws.id, claim.resourceId));
        }
        return delivery(await issuePending(tx, ws, { id, name: input.name, scopes, allowedCidrs, createdBy: userId }));
      });
    },

    async list(ws: WorkspaceContext) {
      const now = clock.now();
      return (await keysRepo.list(db, ws.id)).map((row) => view(row, now));
    },

    async act(ws: WorkspaceContext, keyId: string, userId: string, body: { action: KeyAction; deliveryId?: string; idempotencyKey?: string }) {
      return body.action === 'rotate' ? actions.rotate(ws, keyId, body, userId) : actions[body.action](ws, keyId, body);
    },

    /** Issues an active key at once (device authorization, setup tokens), inside the caller's transaction. */
    async issueActive(tx: Db, fields: { workspaceId: string; name: string; scopes: Scope[]; createdBy: string | null; origin: 'device' | 'setup_token' }) {
      const now = clock.now();
      const { secret, prefix, last4 } = newSecret();
      const row = await keysRepo.insert(tx, {
        id: newId('key'), workspaceId: fields.workspaceId, name: fields.name, prefix, last4, secretHash: hash(secret),
        scopes: fields.scopes, allowedCidrs: [], state: 'active', origin: fields.origin, createdBy: fields.createdBy, createdAt: now, activatedAt: now,
      });
      return { apiKey: secret, keyId: row.id, scopes: row.scopes };
    },

    /** Bearer secret -> principal: format, hash lookup, state, then the caller's address. */
    async verify(secret: string, ip: string): Promise<KeyPrincipal> {
      if (!KEY_PATTERN.test(secret)) throw invalidKey();
      const secretHash = hash(secret);
      // The state is judged on each request from the kept row and the clock: an expiry or a
      // grace's end holds without a write.
      const row = await kept.found(`key|${secretHash}`, () => keysRepo.bySecretHash(db, secretHash));
      const now = clock.now();
      if (!row || !authenticates(effectiveState(row, now))) throw invalidKey();
      if (row.allowedCidrs.length && !addressAllowed(ip, row.allowedCidrs)) {
        throw new AppError('ip_forbidden', 'This API key may not be used from this address.');
      }
      // lastUsedAt to the minute: one write per key per minute, not one per request.
      const last = lastWritten.get(row.id) ?? row.lastUsedAt?.getTime() ?? 0;
      if (now.getTime() - last >= LAST_USED_RESOLUTION_MS) {
        if (lastWritten.size > 10_000) lastWritten.clear(); // a cache: forgetting only costs one write
        lastWritten.set(row.id, now.getTime());
        await keysRepo.touch(db, row.id, now);
      }
      return { kind: 'key', keyId: row.id, workspaceId: row.workspaceId, scopes: row.scopes };
    },

    // The sweep writes down ends the clock already decides (effectiveState): no kept key changes.
    sweep: () => keysRepo.sweep(db, clock.now()),
  };
}
export type KeysService = ReturnType<typeof createKeysService>;
