import { describe, expect, it } from 'vitest';
import { allocate, consume } from './credits.fns.ts';

const d = (day: number) => new Date(Date.UTC(2026, 0, day));
const grants = [
  { id: 'g_late', unpinned: 500, expiresAt: d(30) },
  { id: 'g_early', unpinned: 300, expiresAt: d(10) },
  { id: 'g_mid', unpinned: 0, expiresAt: d(20) },
];

describe('allocate', () => {
  it.each([
    [100, [{ grantId: 'g_early', amount: 100 }]],
    [300, [{ grantId: 'g_early', amount: 300 }]],
    [301, [{ grantId: 'g_early', amount: 300 }, { grantId: 'g_late', amount: 1 }]],
    [800, [{ grantId: 'g_early', amount: 300 }, { grantId: 'g_late', amount: 500 }]],
    [0, []],
  ])('pins %i earliest-expiring first', (amount, pins) => {
    expect(allocate(grants, amount)?.map(({ grantId, amount: a }) => ({ grantId, amount: a }))).toEqual(pins);
  });

  it('refuses what the grants do not cover', () => {
    expect(allocate(grants, 801)).toBeNull();
    expect(allocate([], 1)).toBeNull();
  });
});

describe('consume', () => {
  const pins = [{ grantId: 'b', amount: 50, expiresAt: d(5) }, { grantId: 'a', amount: 70, expiresAt: d(2) }];
  it.each([
    [0, []],
    [70, [{ grantId: 'a', amount: 70 }]],
    [100, [{ grantId: 'a', amount: 70 }, { grantId: 'b', amount: 30 }]],
    [120, [{ grantId: 'a', amount: 70 }, { grantId: 'b', amount: 50 }]],
  ])('debits %i', (actual, debits) => expect(consume(pins, actual)).toEqual(debits));

  it('never debits more than is pinned', () => {
    expect(() => consume(pins, 121)).toThrow();
  });
});
