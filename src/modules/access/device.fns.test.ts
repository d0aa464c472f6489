import { describe, expect, it } from 'vitest';
import { deviceStatus, formatUserCode, newUserCode, normalizeUserCode } from './device.fns.ts';

describe('user codes', () => {
  it('are 8 letters of the unambiguous alphabet, shown XXXX-XXXX', () => {
    for (let i = 0; i < 100; i++) {
      const code = newUserCode();
      expect(code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{8}$/);
      expect(formatUserCode(code)).toMatch(/^[A-Z]{4}-[A-Z]{4}$/);
    }
  });

  it.each([
    ['BCDF-GHJK', 'BCDFGHJK'],
    ['bcdfghjk', 'BCDFGHJK'],
    ['bcdf-ghjk', 'BCDFGHJK'],
    [' BCDF GHJK ', 'BCDFGHJK'],
    ['BCDF-GHJ', null],
    ['ABCD-EFGH', null],
    ['BCDF-GHJK-L', null],
    ['', null],
    ['BCDF_GHJK', null],
  ])('normalizes %j to %j', (input, out) => expect(normalizeUserCode(input)).toBe(out));
});

describe('deviceStatus', () => {
  const exp = new Date('2026-01-01T00:10:00Z');
  it.each([
    ['pending', new Date('2026-01-01T00:09:59Z'), 'pending'],
    ['pending', exp, 'expired'],
    ['approved', exp, 'expired'],
    ['denied', exp, 'denied'],
    ['consumed', exp, 'consumed'],
  ])('%s at %s', (status, now, out) => expect(deviceStatus({ status, expiresAt: exp }, now)).toBe(out));
});
