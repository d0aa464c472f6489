import { describe, expect, it } from 'vitest';
import { confidenceOf, proportion, reach, scoresOf } from './priority.fns.ts';

describe('recommendation priority v1', () => {
  it.each([
    [0.5, 0.8, 1, 40],
    [0.5, 0.8, 2, 20],
    [1, 1, 3, 33.3],
    [0, 1, 1, 0],
    [1.4, 1, 1, 100], // impact is clamped to 1
  ] as const)('impact %s, confidence %s, effort %s → priority %s', (impact, confidence, effort, priority) => {
    expect(scoresOf(impact, confidence, effort).priority).toBe(priority);
  });

  it('confidence grows with the sample for the same rate', () => {
    expect(confidenceOf(3, 4)).toBeLessThan(confidenceOf(30, 40));
    expect(confidenceOf(30, 40)).toBeLessThan(confidenceOf(300, 400));
    expect(confidenceOf(0, 0)).toBe(0);
    expect(confidenceOf(300, 400)).toBeCloseTo(0.915, 2);
  });

  it('reach saturates at its full count', () => {
    expect(reach(5, 10)).toBe(0.5);
    expect(reach(20, 10)).toBe(1);
    expect(reach(3, 0)).toBe(0);
  });

  it('a proportion is in percent with its Wilson interval and n', () => {
    expect(proportion(1, 4, '2026-01-01T00:00:00.000Z')).toEqual({ value: 25, k: 1, n: 4, interval: [4.5586, 69.9364], observedAt: '2026-01-01T00:00:00.000Z' });
  });
});
