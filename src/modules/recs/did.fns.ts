import { round } from '../scores/scores.fns.ts';

// Difference-in-differences of a recommendation's target prompts against the workspace's holdout
// prompts (docs/methodology.md "Causal effect of a recommendation", method `did-daily-v1`).
//
// Unit: the UTC day. On each day with answers on both sides, the daily contrast is
//   d = 100 · (k_target / n_target − k_holdout / n_holdout)   (points of per-answer mention rate).
// Estimate = mean(d over days after done) − mean(d over days before acceptance).
// Interval: normal approximation, SE² = s²_before / D_before + s²_after / D_after, where s² is the
// sample variance of the daily contrasts (days are the replicates: what moves every prompt on a
// day — an engine update, a news cycle — cancels inside d, what remains varies from day to day),
// floored by the binomial variance of one day's contrast so that a few identical days cannot
// claim certainty. Why not a bootstrap: with the 2-7 days a side usually has, resampling days
// gives intervals that jump with the seed; the normal form is stable, closed and explainable.

export const DID_METHOD = 'did-daily-v1' as const;
export const Z95 = 1.959964;
/** Days a side needs before a verdict: one day has no day-to-day variance to measure. */
export const MIN_DAYS = 2;

export interface Counts { k: number; n: number }
export interface DayCounts { day: string; target: Counts; holdout: Counts }
/** A side's answers over a period: k of n and the days they fall on. */
export interface Side { k: number; n: number; days: number }
export interface DidInput {
  before: DayCounts[];
  after: DayCounts[];
  better: 'higher' | 'lower';
  /** Whole calendar days from done to now (at least 1): the cadence's denominator. */
  elapsedDays: number;
}
export interface Did {
  points: number;
  interval: [number, number];
  se: number;
  target: { before: Side; after: Side };
  holdout: { before: Side; after: Side };
  verdict: 'improved' | 'worse' | 'no_detectable_change' | 'pending';
  /** Calendar days of runs more, at today's cadence, until an effect of this size would be told from noise; null when waiting cannot settle it. */
  moreDays: number | null;
  /** Days with runs per calendar day (≤ 1). */
  cadence: number;
}

/** Days with answers on both sides: only those compare the same engines on the same day. */
const paired = (days: DayCounts[]) => days.filter((d) => d.target.n > 0 && d.holdout.n > 0);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const sampleVar = (xs: number[]) => (xs.length < 2 ? 0 : xs.reduce((a, x) => a + (x - mean(xs)) ** 2, 0) / (xs.length - 1));
const contrast = (d: DayCounts) => 100 * (d.target.k / d.target.n - d.holdout.k / d.holdout.n);
/** Binomial variance of a day's contrast; (k+1)/(n+2) keeps a 0% or 100% day from having none. */
const binomial = (d: DayCounts) => {
  const v = (c: Counts) => { const p = (c.k + 1) / (c.n + 2); return (p * (1 - p)) / c.n; };
  return 100 * 100 * (v(d.target) + v(d.holdout));
};
const side = (days: DayCounts[], key: 'target' | 'holdout'): Side =>
  ({ k: days.reduce((a, d) => a + d[key].k, 0), n: days.reduce((a, d) => a + d[key].n, 0), days: days.length });
/** The variance of one side's daily contrast: measured across days, never below one day's sampling noise. */
const spread = (days: DayCounts[]) => Math.max(sampleVar(days.map(contrast)), mean(days.map(binomial)));

/** Null when a side has no day with answers on both sides (no estimate at all). */
export function diffInDiff(input: DidInput): Did | null {
  const before = paired(input.before);
  const after = paired(input.after);
  if (!before.length || !after.length) return null;
  const points = mean(after.map(contrast)) - mean(before.map(contrast));
  const a = spread(before) / before.length; // the before-period's share of the variance: waiting does not shrink it
  const b = spread(after);
  const se = Math.sqrt(a + b / after.length);
  const interval: [number, number] = [round(points - Z95 * se, 2), round(points + Z95 * se, 2)];
  const cadence = Math.min(1, after.length / Math.max(1, input.elapsedDays));
  const enough = before.length >= MIN_DAYS && after.length >= MIN_DAYS;
  const up = interval[0] > 0;
  const down = interval[1] < 0;
  const verdict = !enough ? 'pending' : !up && !down ? 'no_detectable_change' : (up === (input.better === 'higher')) ? 'improved' : 'worse';
  const decided = verdict === 'improved' || verdict === 'worse';
  return {
    points: round(points, 2), interval, se: round(se, 3),
    target: { before: side(before, 'target'), after: side(after, 'target') },
    holdout: { before: side(before, 'holdout'), after: side(after, 'holdout') },
    verdict, moreDays: decided ? null : moreDaysFor(points, a, b, after.length, cadence), cadence: round(cadence, 3),
  };
}

/**
 * Days until an effect of today's size would be distinguishable, assuming the estimate and the
 * daily spread stay as they are: the after-period needs D' days with Z·√(a + b/D') ≤ |estimate|,
 * so D' = ⌈b / ((|estimate|/Z)² − a)⌉; the days still missing (at least up to MIN_DAYS) divided by
 * the cadence. Null when (|estimate|/Z)² ≤ a: the before-period's noise alone hides the
 * estimate, and no number of days after can settle it.
 */
export function moreDaysFor(points: number, a: number, b: number, daysAfter: number, cadence: number): number | null {
  const room = (Math.abs(points) / Z95) ** 2 - a;
  if (!(room > 0) || cadence <= 0) return null;
  const needed = Math.max(MIN_DAYS, Math.ceil(b / room));
  const missing = Math.max(1, needed - daysAfter);
  return Math.ceil(missing / cadence);
}
