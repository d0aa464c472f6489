import { randomBytes } from 'node:crypto';

// The API key lifecycle of spec 3.1 as pure functions over a row and the time.

export const KEY_PREFIX = 'gp_live_';
export const KEY_PATTERN = /^gp_live_[A-Za-z0-9_-]{43}$/;
export const DELIVERY_WINDOW_MS = 10 * 60 * 1000;
export const GRACE_MS = 15 * 60 * 1000;

export const KEY_STATES = ['pending', 'active', 'grace', 'revoked'] as const;
export type KeyState = (typeof KEY_STATES)[number];
export type KeyAction = 'acknowledge' | 'resume-delivery' | 'rotate' | 'confirm-rotation' | 'revoke';

export interface KeyTimes {
  state: string;
  deliveryExpiresAt: Date | null;
  graceUntil: Date | null;
}

/** The state a key is in now: an unacknowledged delivery and a finished grace both end in `revoked`. */
export function effectiveState(key: KeyTimes, now: Date): KeyState {
  if (key.state === 'pending' && key.deliveryExpiresAt && now >= key.deliveryExpiresAt) return 'revoked';
  if (key.state === 'grace' && key.graceUntil && now >= key.graceUntil) return 'revoked';
  return key.state as KeyState;
}

export const authenticates = (state: KeyState) => state === 'active' || state === 'grace';

/** The states each action starts from; anything else is `409 invalid_state`. */
export const ACTION_FROM: Record<KeyAction, KeyState[]> = {
  acknowledge: ['pending'],
  'resume-delivery': ['pending'],
  rotate: ['active'],
  'confirm-rotation': ['active'],
  revoke: ['pending', 'active', 'grace'],
};

/** 32 random bytes: `gp_live_` + 43 base64url characters. */
export function newSecret() {
  const random = randomBytes(32).toString('base64url');
  const secret = `${KEY_PREFIX}${random}`;
  return { secret, prefix: `${KEY_PREFIX}${random.slice(0, 4)}`, last4: random.slice(-4) };
}
