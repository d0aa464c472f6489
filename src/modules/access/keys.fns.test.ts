import { describe, expect, it } from 'vitest';
import { effectiveState, KEY_PATTERN, newSecret } from './keys.fns.ts';

const t0 = new Date('2026-01-01T00:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const MIN = 60_000;

describe('effectiveState', () => {
  it.each([
    ['pending inside the window', { state: 'pending', deliveryExpiresAt: at(10 * MIN), graceUntil: null }, at(10 * MIN - 1), 'pending'],
    ['pending at the window end', { state: 'pending', deliveryExpiresAt: at(10 * MIN), graceUntil: null }, at(10 * MIN), 'revoked'],
    ['active stays active', { state: 'active', deliveryExpiresAt: at(0), graceUntil: null }, at(10_000 * MIN), 'active'],
    ['grace inside 15 minutes', { state: 'grace', deliveryExpiresAt: null, graceUntil: at(15 * MIN) }, at(15 * MIN - 1), 'grace'],
    ['grace at 15 minutes', { state: 'grace', deliveryExpiresAt: null, graceUntil: at(15 * MIN) }, at(15 * MIN), 'revoked'],
    ['revoked stays revoked', { state: 'revoked', deliveryExpiresAt: null, graceUntil: null }, at(0), 'revoked'],
  ])('%s', (_name, key, now, state) => {
    expect(effectiveState(key, now)).toBe(state);
  });
});

describe('newSecret', () => {
  it('is gp_live_ + 43 base64url characters with prefix and last4 taken from it', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const { secret, prefix, last4 } = newSecret();
      expect(secret).toMatch(KEY_PATTERN);
      expect(secret.startsWith(prefix)).toBe(true);
      expect(prefix).toHaveLength(12);
      expect(secret.endsWith(last4)).toBe(true);
      seen.add(secret);
    }
    expect(seen.size).toBe(200);
  });
});
