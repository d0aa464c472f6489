import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { DEFAULT_DELIVERY_POLICY, delivered, deliveryBody, newWebhookSecret, retryDelayMs, shouldDisable } from './webhooks.fns.ts';

describe('retry schedule', () => {
  it.each([
    [1, 30_000], [2, 90_000], [3, 270_000], [4, 810_000], [5, 2_430_000], [6, null], [7, null],
  ])('after attempt %i waits %s ms (default policy, no jitter)', (attempt, wait) => {
    expect(retryDelayMs(attempt, DEFAULT_DELIVERY_POLICY)).toBe(wait);
  });

  it('six attempts span about an hour', () => {
    const total = [1, 2, 3, 4, 5].reduce((sum, a) => sum + retryDelayMs(a, DEFAULT_DELIVERY_POLICY)!, 0);
    expect(total / 60_000).toBeCloseTo(60.5, 1);
  });

  it('jitter adds at most 10%', () => {
    expect(retryDelayMs(1, { maxAttempts: 6, retryBaseMs: 1_000 }, 0.999)).toBe(1_100);
    expect(retryDelayMs(2, { maxAttempts: 6, retryBaseMs: 1_000 }, 0.5)).toBe(3_150);
  });
});

describe('delivered', () => {
  it.each([[200, true], [204, true], [299, true], [301, false], [400, false], [410, false], [500, false], [null, false]])('%s → %s', (status, ok) => {
    expect(delivered(status)).toBe(ok);
  });
});

describe('body and secret', () => {
  it('the body is {type, timestamp, data}', () => {
    const body = deliveryBody({ type: 'run.succeeded', occurredAt: new Date('2026-01-02T03:04:05Z'), data: { runId: 'run_1' } });
    expect(JSON.parse(body)).toEqual({ type: 'run.succeeded', timestamp: '2026-01-02T03:04:05.000Z', data: { runId: 'run_1' } });
  });

  it('a new secret is whsec_ + 32 bytes, and the standardwebhooks library signs and verifies with it', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(newWebhookSecret()).not.toBe(secret);
    const wh = new Webhook(secret);
    const now = new Date();
    const signature = wh.sign('evt_1', now, '{"a":1}');
    const headers = { 'webhook-id': 'evt_1', 'webhook-timestamp': String(Math.floor(now.getTime() / 1000)), 'webhook-signature': signature };
    expect(wh.verify('{"a":1}', headers)).toEqual({ a: 1 });
    expect(() => wh.verify('{"a":2}', headers)).toThrow();
  });

  it('an endpoint is disabled at the limit of consecutive failed deliveries', () => {
    expect(shouldDisable(19, DEFAULT_DELIVERY_POLICY)).toBe(false);
    expect(shouldDisable(20, DEFAULT_DELIVERY_POLICY)).toBe(true);
  });
});
