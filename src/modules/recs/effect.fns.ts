import { proportion } from './priority.fns.ts';
import type { Baseline, Measurement, MetricRef } from './recs.types.ts';

// Effect tracking: the metric an item's evidence names, measured when it was accepted (before)
// and by the first measurement after it was done (after). "improved" only when the two 95%
// intervals separate in the better direction; "worse" when they separate the other way; any
// overlap is "no detectable change", however the point values moved.

export type Verdict = 'improved' | 'no_detectable_change' | 'worse';
export interface Effect {
  metric: MetricRef;
  before: Measurement | null;
  after: Measurement | null;
  verdict: Verdict | 'pending';
  /** Why there is no verdict yet, or how it was reached. */
  explanation: string;
}

export function verdictOf(before: Measurement, after: Measurement, better: 'higher' | 'lower'): Verdict {
  const up = after.interval[0] > before.interval[1];
  const down = after.interval[1] < before.interval[0];
  if (!up && !down) return 'no_detectable_change';
  return (up && better === 'higher') || (down && better === 'lower') ? 'improved' : 'worse';
}

export function effectOf(baseline: Baseline | null, state: { status: string; doneAt: Date | null }, after: Measurement | null, metric: MetricRef): Effect {
  if (!baseline) return { metric, before: null, after: null, verdict: 'pending', explanation: 'Measured from acceptance: this item has not been accepted yet.' };
  const before = baseline.measurement;
  if (!before) return { metric: baseline.metric, before: null, after, verdict: 'pending', explanation: baseline.reason ?? 'No measurement was available when the item was accepted.' };
  if (!state.doneAt) return { metric: baseline.metric, before, after: null, verdict: 'pending', explanation: 'The after-value is measured by the first run after the item is done.' };
  if (!after || after.n === 0) return { metric: baseline.metric, before, after, verdict: 'pending', explanation: 'No measurement with data has finished since the item was done.' };
  const verdict = verdictOf(before, after, baseline.metric.better);
  const explanation = verdict === 'no_detectable_change'
    ? 'The 95% intervals before and after overlap: no change can be told apart from noise.'
    : `The 95% intervals do not overlap: the metric moved ${after.value > before.value ? 'up' : 'down'}, which is ${verdict === 'improved' ? 'better' : 'worse'} for it.`;
  return { metric: baseline.metric, before, after, verdict, explanation };
}

/**
 * The acceptance snapshot as stored: the transition's statement keeps k, n and where they come
 * from; value and interval are derived here, so they follow one formula however it was taken.
 */
export function baselineOf(stored: Baseline | null): Baseline | null {
  const m = stored?.measurement;
  if (!stored || !m) return stored;
  return { ...stored, measurement: proportion(m.k, m.n, m.observedAt, { ...(m.runId ? { runId: m.runId } : {}), ...(m.simulated === undefined ? {} : { simulated: m.simulated }) }) };
}
