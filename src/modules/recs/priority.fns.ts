import { round, wilson } from '../scores/scores.fns.ts';
import type { Measurement, Scores } from './recs.types.ts';

// Recommendation priority v1 (docs/scoring.md, "Recommendation priority"): impact times
// confidence over effort. Confidence comes from the sample behind the figure: a gap seen in 3 of
// 4 answers is as large as one seen in 300 of 400, but far less certain.

/** A direct observation (a file is missing, a bot is refused) is not a sample: fixed confidence. */
export const OBSERVED_CONFIDENCE = 0.9;

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));

/** 1 − the width of the 95% Wilson interval of k/n (0 for no data). */
export function confidenceOf(k: number, n: number): number {
  if (n <= 0) return 0;
  const [lo, hi] = wilson(k, n);
  return round(clamp01(1 - (hi - lo) / 100), 3);
}

/** min(1, count / full): the reach at which an item has full impact. */
export const reach = (count: number, full: number) => clamp01(full > 0 ? count / full : 0);

export function scoresOf(impact: number, confidence: number, effort: 1 | 2 | 3): Scores {
  const i = round(clamp01(impact), 3);
  const c = round(clamp01(confidence), 3);
  return { impact: i, confidence: c, effort, priority: round((100 * i * c) / effort, 1), formula: 'recs-priority-v1' };
}

/** k of n as a measurement in percent with its interval. */
export function proportion(k: number, n: number, observedAt: string, extra: Partial<Measurement> = {}): Measurement {
  return { value: n ? round((100 * k) / n, 2) : 0, k, n, interval: wilson(k, n), observedAt, ...extra };
}
