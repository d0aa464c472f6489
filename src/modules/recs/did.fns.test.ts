import { describe, expect, it } from 'vitest';
import { diffInDiff, moreDaysFor, type DayCounts } from './did.fns.ts';

// Expected values computed by hand (a few lines of Python, same formulas as the docs state):
// daily contrast d = 100·(kT/nT − kH/nH); estimate = mean(d after) − mean(d before);
// s² = max(sample variance of d, mean binomial variance of a day with p = (k+1)/(n+2));
// SE = √(s²_before/D_before + s²_after/D_after); interval = estimate ± 1.959964·SE.

const day = (d: string, t: [number, number], h: [number, number]): DayCounts => ({ day: d, target: { k: t[0], n: t[1] }, holdout: { k: h[0], n: h[1] } });
const before400 = [day('2026-01-01', [80, 400], [120, 400]), day('2026-01-02', [84, 400], [118, 400]), day('2026-01-03', [82, 400], [122, 400])];

describe('diffInDiff: known inputs → known estimate and interval', () => {
  it.each([
    {
      name: 'a clear lift over the holdout: improved',
      before: [day('2026-01-01', [20, 100], [30, 100]), day('2026-01-02', [22, 100], [30, 100])],
      after: [day('2026-01-10', [40, 100], [31, 100]), day('2026-01-11', [44, 100], [29, 100])],
      elapsedDays: 2, points: 21, interval: [8.33, 33.67], verdict: 'improved', moreDays: null,
    },
    {
      name: 'enough days, interval straddles 0: about 3 more days (needs 5 run-days, has 2, one a day)',
      before: before400,
      after: [day('2026-01-10', [100, 400], [120, 400]), day('2026-01-11', [100, 400], [119, 400])],
      elapsedDays: 2, points: 4.63, interval: [-0.95, 10.2], verdict: 'no_detectable_change', moreDays: 3,
    },
    {
      name: 'too few days after (one): pending, about 4 more days at one run every two days',
      before: before400,
      after: [day('2026-01-10', [104, 400], [120, 400])],
      elapsedDays: 2, points: 5.5, interval: [-1.62, 12.62], verdict: 'pending', moreDays: 4,
    },
    {
      name: 'an effect the before-period\'s noise alone hides: no number of days settles it',
      before: before400,
      after: [day('2026-01-10', [96, 400], [120, 400]), day('2026-01-11', [92, 400], [121, 400])],
      elapsedDays: 4, points: 2.88, interval: [-2.67, 8.42], verdict: 'no_detectable_change', moreDays: null,
    },
    {
      name: 'the target fell while the holdout held: worse',
      before: [day('2026-01-01', [40, 100], [31, 100]), day('2026-01-02', [44, 100], [29, 100])],
      after: [day('2026-01-10', [20, 100], [30, 100]), day('2026-01-11', [22, 100], [30, 100])],
      elapsedDays: 2, points: -21, interval: [-33.67, -8.33], verdict: 'worse', moreDays: null,
    },
  ] as const)('$name', ({ before, after, elapsedDays, points, interval, verdict, moreDays }) => {
    const did = diffInDiff({ before: [...before], after: [...after], better: 'higher', elapsedDays })!;
    expect(did.points).toBeCloseTo(points, 2);
    expect(did.interval[0]).toBeCloseTo(interval[0], 2);
    expect(did.interval[1]).toBeCloseTo(interval[1], 2);
    expect(did.verdict).toBe(verdict);
    expect(did.moreDays).toBe(moreDays);
  });

  it('a common shift of every prompt (an engine change) is no effect', () => {
    // Both sides rise 20 points after: before/after would call it a win, DiD sees none.
    const did = diffInDiff({
      before: [day('a', [20, 100], [30, 100]), day('b', [21, 100], [31, 100])],
      after: [day('c', [40, 100], [50, 100]), day('d', [41, 100], [51, 100])],
      better: 'higher', elapsedDays: 2,
    })!;
    expect(did.points).toBe(0);
    expect(did.verdict).toBe('no_detectable_change');
    expect(did.moreDays).toBeNull(); // an estimate of 0 is never distinguishable
  });

  it('counts each side\'s answers and days, only on days both sides were answered', () => {
    const did = diffInDiff({
      before: [day('a', [20, 100], [30, 100]), day('b', [5, 10], [0, 0]), day('c', [22, 100], [30, 100])],
      after: [day('d', [40, 100], [31, 100])], better: 'higher', elapsedDays: 3,
    })!;
    expect(did.target).toEqual({ before: { k: 42, n: 200, days: 2 }, after: { k: 40, n: 100, days: 1 } });
    expect(did.holdout).toEqual({ before: { k: 60, n: 200, days: 2 }, after: { k: 31, n: 100, days: 1 } });
    expect(did.cadence).toBeCloseTo(1 / 3, 3);
  });

  it('no day after (or before) with both sides answered: no estimate', () => {
    expect(diffInDiff({ before: before400, after: [], better: 'higher', elapsedDays: 1 })).toBeNull();
    expect(diffInDiff({ before: [day('a', [1, 10], [0, 0])], after: before400, better: 'higher', elapsedDays: 1 })).toBeNull();
  });

  it('lower-is-better metrics read the sign the other way', () => {
    const after = [day('2026-01-10', [40, 100], [31, 100]), day('2026-01-11', [44, 100], [29, 100])];
    const before = [day('2026-01-01', [20, 100], [30, 100]), day('2026-01-02', [22, 100], [30, 100])];
    expect(diffInDiff({ before, after, better: 'lower', elapsedDays: 2 })!.verdict).toBe('worse');
  });
});

describe('moreDaysFor', () => {
  it.each([
    // points, a (before's variance share), b (after's daily variance), days after, cadence → days
    // (10/1.959964)² = 26.03 → ⌈100/26.03⌉ = 4 run-days needed, 1 there: 3 missing.
    [10, 0, 100, 1, 1, 3],
    [10, 0, 100, 1, 0.5, 6], // half the cadence, twice the days
    [10, 0, 10, 1, 1, 1], // needs only MIN_DAYS = 2
    [10, 30, 100, 1, 1, null], // (10/1.96)² = 26.03 ≤ 30: the before-period hides it
    [0, 0, 100, 1, 1, null], // an estimate of 0 is never distinguishable
  ] as const)('%d points, a=%d, b=%d, %d day(s) after, cadence %d → %s', (points, a, b, daysAfter, cadence, days) => {
    expect(moreDaysFor(points, a, b, daysAfter, cadence)).toBe(days);
  });
});
