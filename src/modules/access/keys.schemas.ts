import { Type } from 'typebox';
import { Closed, Nullable, StringEnum, Timestamp } from '../../lib/http/schema-helpers.ts';
import { SCOPES } from '../../lib/http/credentials.ts';
import { KEY_STATES } from './keys.fns.ts';

export const ScopeList = Type.Array(StringEnum(SCOPES), { maxItems: SCOPES.length, uniqueItems: true });
const IdempotencyKey = Type.String({ minLength: 1, maxLength: 200 });

export const KeyCreateBody = Closed({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  scopes: Type.Optional({ ...ScopeList, description: 'Defaults to exactly ["workspace:read"]; an empty list means the same.' }),
  allowedCidrs: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), {
    maxItems: 32, description: 'Strict IPv4/IPv6 CIDR ranges (no host bits set). Empty or absent: any address.',
  })),
  idempotencyKey: Type.Optional(IdempotencyKey),
});

export const KeyDelivery = Type.Object({
  keyId: Type.String(),
  secret: Type.String({ description: '`gp_live_` + 43 base64url characters. Readable again only while delivery is pending (10 minutes).' }),
  prefix: Type.String(),
  last4: Type.String(),
  deliveryId: Type.String(),
  state: Type.Literal('pending', { description: 'A new key is pending: it answers 401 `invalid_key` like any unknown key until acknowledged.' }),
  activate: Type.Object({
    method: Type.Literal('POST'),
    path: Type.String(),
    body: Type.Object({ action: Type.Literal('acknowledge'), deliveryId: Type.String() }),
  }, { description: 'The call (browser session) that activates the key once its secret is stored safely, within 10 minutes.' }),
  message: Type.String(),
});

/** The activation instructions sent with every newly delivered secret: a pending key refuses every call until acknowledged. */
export function withActivation<T extends { keyId: string; deliveryId: string }>(delivery: T, slug: string) {
  return {
    ...delivery,
    state: 'pending' as const,
    activate: { method: 'POST' as const, path: `/api/v1/workspaces/${slug}/api-keys/${delivery.keyId}`, body: { action: 'acknowledge' as const, deliveryId: delivery.deliveryId } },
    message: 'Store the secret now: it is shown only while delivery is open. The key works only after acknowledge (see activate); until then it answers 401 invalid_key, exactly like an unknown key, and unacknowledged it is revoked after 10 minutes.',
  };
}

export const KEY_ACTIONS = ['acknowledge', 'resume-delivery', 'rotate', 'confirm-rotation', 'revoke'] as const;
export const KeyActionBody = Closed({
  action: StringEnum(KEY_ACTIONS),
  deliveryId: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Required with `acknowledge` and `resume-delivery`.' })),
  idempotencyKey: Type.Optional({ ...IdempotencyKey, description: 'With `rotate`: a replay returns the same replacement.' }),
});

export const KeyActionResult = Type.Object({
  keyId: Type.String(),
  state: Type.Optional(StringEnum(KEY_STATES)),
  secret: Type.Optional(Type.String()),
  prefix: Type.Optional(Type.String()),
  last4: Type.Optional(Type.String()),
  deliveryId: Type.Optional(Type.String()),
  expiresAt: Type.Optional(Timestamp),
  replacesKeyId: Type.Optional(Type.String()),
  revokedKeyId: Type.Optional(Type.String()),
}, { description: '`{keyId, state}`; `resume-delivery` adds the secret; `rotate` answers the new pending key as at creation plus `replacesKeyId`; `confirm-rotation` adds `revokedKeyId`.' });

export const KeyListItem = Type.Object({
  keyId: Type.String(), name: Type.String(), prefix: Type.String(), last4: Type.String(), scopes: Type.Array(Type.String()),
  state: StringEnum(KEY_STATES), allowedCidrs: Type.Array(Type.String()),
  origin: StringEnum(['session', 'device', 'setup_token'] as const), replacesKeyId: Nullable(Type.String()),
  createdAt: Timestamp, lastUsedAt: Nullable(Timestamp), expiresAt: Nullable({ ...Timestamp, description: 'End of the delivery window (pending) or of the grace period (grace).' }),
});
