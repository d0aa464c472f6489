import { english } from '../../lib/format/english.ts';
import { DID_METHOD, type Did, type Side } from './did.fns.ts';
import { proportion } from './priority.fns.ts';
import type { Baseline, Measurement, MetricRef } from './recs.types.ts';

// Effect tracking. The metric an item's evidence names is measured when it was accepted (before)
// and by the first measurement after it was done (after). A mention rate over named prompts is
// then compared with the workspace's other prompts on the same engine and days (holdout,
// difference-in-differences, did.fns.ts): what moved every prompt — an engine update, a news
// cycle — is not the item's doing. Any other metric keeps the before/after rule: "improved" only
// when the two 95% intervals separate in the better direction, "worse" the other way, any
// overlap "no detectable change", and the effect says it had no holdout and why.

export type Verdict = 'improved' | 'no_detectable_change' | 'worse';
export const BEFORE_AFTER_METHOD = 'before-after-overlap-v1' as const;
/** How a done item's effect is compared: with holdout prompts, or before/after and why. */
export type Comparison =
  | { kind: 'holdout'; did: Did | null; prompts: { target: number; holdout: number } }
  | { kind: 'before_after'; reason: string };
export interface Effect {
  metric: MetricRef;
  before: Measurement | null;
  after: Measurement | null;
  verdict: Verdict | 'pending';
  /** Why there is no verdict yet, or how it was reached. */
  explanation: string;
  comparison: 'holdout' | 'before_after';
  /** Why there is no holdout (`before_after`); null with one. */
  comparisonReason: string | null;
  /** Points of the metric: the DiD with its 95% interval, or after − before (no interval: the verdict is the overlap rule). */
  estimate: { points: number; interval: [number, number] | null; method: typeof DID_METHOD | typeof BEFORE_AFTER_METHOD } | null;
  /** Answers and days on each side of a holdout comparison. */
  sides: { target: { before: Side; after: Side }; holdout: { before: Side; after: Side }; prompts: { target: number; holdout: number } } | null;
  /** Calendar days more at today's cadence until an effect of this size is told from noise; null when decided or when waiting cannot settle it. */
  moreDays: number | null;
  /** Days with runs per calendar day since done. */
  cadence: number | null;
  /** The one line the card, reports and MCP say, written by the shared formatter (English). */
  summary: string;
}

/** A metric as the sentences a person reads name it (never its key). */
export const METRIC_WORDS: Record<string, string> = {
  mention_rate: 'the share of answers naming the brand', citation_share: 'the share of answers citing the domain',
  thread_mention_rate: 'the share of answers citing the thread that name the brand', negative_rate: 'the share of answers with a negative tone about the brand',
  check_pass_rate: 'the share of pages passing the check', bot_access_rate: 'the share of pages the crawler may read', ctr: 'the click-through rate',
  crawl_success_rate: 'the share of verified crawler visits that succeed',
};

/** Holdout needs a mention rate over named prompts: other metrics are not counted per prompt. */
export function comparisonFor(metric: MetricRef): Comparison | { kind: 'holdout' } {
  if (metric.source !== 'runs') return { kind: 'before_after', reason: `${METRIC_WORDS[metric.name] ?? 'this measure'} is not measured per prompt (${metric.source === 'seo' ? 'SEO signals' : 'access logs'}): it keeps the before/after comparison` };
  if (metric.name !== 'mention_rate') return { kind: 'before_after', reason: `${METRIC_WORDS[metric.name] ?? 'this measure'} is not counted per prompt: it keeps the before/after comparison` };
  if (!metric.scope.promptIds?.length) return { kind: 'before_after', reason: `the item targets every prompt${metric.scope.engine ? ` on ${english.engine(metric.scope.engine)}` : ''}: no prompt is left out to compare with` };
  return { kind: 'holdout' };
}

export function verdictOf(before: Measurement, after: Measurement, better: 'higher' | 'lower'): Verdict {
  const up = after.interval[0] > before.interval[1];
  const down = after.interval[1] < before.interval[0];
  if (!up && !down) return 'no_detectable_change';
  return (up && better === 'higher') || (down && better === 'lower') ? 'improved' : 'worse';
}

type Core = Pick<Effect, 'metric' | 'before' | 'after' | 'verdict' | 'explanation'>;
const noEstimate = { estimate: null, sides: null, moreDays: null, cadence: null } as const;

/** The effect: the before/after core, then the holdout comparison when there is one (`comparison`, from holdout.ts). */
export function effectOf(baseline: Baseline | null, state: { status: string; doneAt: Date | null }, after: Measurement | null, metric: MetricRef, comparison: Comparison | null = null): Effect {
  const eligible = comparison ?? comparisonFor(baseline?.metric ?? metric);
  const how = eligible.kind === 'holdout' ? { comparison: 'holdout' as const, comparisonReason: null } : { comparison: 'before_after' as const, comparisonReason: eligible.reason };
  const done = (core: Core, rest: Pick<Effect, 'estimate' | 'sides' | 'moreDays' | 'cadence'> = noEstimate): Effect => {
    const effect = { ...core, ...how, ...rest, summary: '' };
    return { ...effect, summary: english.effect(effect) };
  };
  if (!baseline) return done({ metric, before: null, after: null, verdict: 'pending', explanation: 'Measured from acceptance: this item has not been accepted yet.' });
  const before = baseline.measurement;
  if (!before) return done({ metric: baseline.metric, before: null, after, verdict: 'pending', explanation: baseline.reason ?? 'No measurement was available when the item was accepted.' });
  if (!state.doneAt) return done({ metric: baseline.metric, before, after: null, verdict: 'pending', explanation: 'The after-value is measured by the first run after the item is done.' });
  if (!after || after.n === 0) return done({ metric: baseline.metric, before, after, verdict: 'pending', explanation: 'No measurement with data has finished since the item was done.' });
  if (comparison?.kind === 'holdout') return holdoutEffect(baseline.metric, before, after, comparison);
  const verdict = verdictOf(before, after, baseline.metric.better);
  const explanation = verdict === 'no_detectable_change'
    ? 'The 95% intervals before and after overlap: no change can be told apart from noise.'
    : `The 95% intervals do not overlap: the metric moved ${after.value > before.value ? 'up' : 'down'}, which is ${verdict === 'improved' ? 'better' : 'worse'} for it.`;
  return done({ metric: baseline.metric, before, after, verdict, explanation }, { ...noEstimate, estimate: { points: round2(after.value - before.value), interval: null, method: BEFORE_AFTER_METHOD } });

  function holdoutEffect(m: MetricRef, b: Measurement, a: Measurement, c: Extract<Comparison, { kind: 'holdout' }>): Effect {
    const did = c.did;
    if (!did) return done({ metric: m, before: b, after: a, verdict: 'pending', explanation: 'No day since done has answers to both the target and the holdout prompts yet.' });
    const vs = `${c.prompts.target} target prompt${c.prompts.target === 1 ? '' : 's'} against ${c.prompts.holdout} holdout prompt${c.prompts.holdout === 1 ? '' : 's'} (difference-in-differences of daily mention rates, ${did.target.before.days} day${did.target.before.days === 1 ? '' : 's'} before acceptance, ${did.target.after.days} after done)`;
    const explanation = did.verdict === 'pending' ? `${vs}: too few days for a verdict (at least 2 on each side).`
      : did.verdict === 'no_detectable_change' ? `${vs}: the 95% interval holds 0, so the change cannot be told apart from noise.`
      : `${vs}: the 95% interval excludes 0; the target prompts moved ${did.points > 0 ? 'up' : 'down'} relative to the holdout, which is ${did.verdict === 'improved' ? 'better' : 'worse'}.`;
    return done({ metric: m, before: b, after: a, verdict: did.verdict, explanation }, {
      estimate: { points: did.points, interval: did.interval, method: DID_METHOD },
      sides: { target: did.target, holdout: did.holdout, prompts: c.prompts }, moreDays: did.moreDays, cadence: did.cadence,
    });
  }
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/**
 * The acceptance snapshot as stored: the transition's statement keeps k, n and where they come
 * from; value and interval are derived here, so they follow one formula however it was taken.
 */
export function baselineOf(stored: Baseline | null): Baseline | null {
  const m = stored?.measurement;
  if (!stored || !m) return stored;
  return { ...stored, measurement: proportion(m.k, m.n, m.observedAt, { ...(m.runId ? { runId: m.runId } : {}), ...(m.simulated === undefined ? {} : { simulated: m.simulated }) }) };
}
