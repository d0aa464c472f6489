import type { Formatter } from '../../lib/format/format.ts';
import type { MessageKey } from '../../lib/messages/catalogue.ts';
import { DID_METHOD, type Did, type Side } from './did.fns.ts';
import { proportion } from './priority.fns.ts';
import type { Baseline, Measurement, MetricRef, Text, TextParam } from './recs.types.ts';
import { say } from './texts.fns.ts';

// Effect tracking. The metric an item's evidence names is measured when it was accepted (before)
// and by the first measurement after it was done (after). A mention rate over named prompts is
// then compared with the workspace's other prompts on the same engine and days (holdout,
// difference-in-differences, did.fns.ts): what moved every prompt — an engine update, a news
// cycle — is not the item's doing. Any other metric keeps the before/after rule: "improved" only
// when the two 95% intervals separate in the better direction, "worse" the other way, any
// overlap "no detectable change", and the effect says it had no holdout and why.
//
// The sentences are message keys with parameters (`EffectOf`), said at read time in the reader's
// language by `sayEffect` (recs.service.ts): no English is kept, so an effect reads in Spanish in a
// Spanish workspace, in the API, the dashboard, MCP and the CLI alike.

export type Verdict = 'improved' | 'no_detectable_change' | 'worse';
export const BEFORE_AFTER_METHOD = 'before-after-overlap-v1' as const;
/** How a done item's effect is compared: with holdout prompts, or before/after and why. */
export type Comparison =
  | { kind: 'holdout'; did: Did | null; prompts: { target: number; holdout: number } }
  | { kind: 'before_after'; reason: Text };
/** An effect as computed: its sentences still keys (`sayEffect` says them). */
export interface EffectOf {
  metric: MetricRef;
  before: Measurement | null;
  after: Measurement | null;
  verdict: Verdict | 'pending';
  /** Why there is no verdict yet, or how it was reached. */
  explanation: Text;
  comparison: 'holdout' | 'before_after';
  /** Why there is no holdout (`before_after`); null with one. */
  comparisonReason: Text | null;
  /** Points of the metric: the DiD with its 95% interval, or after − before (no interval: the verdict is the overlap rule). */
  estimate: { points: number; interval: [number, number] | null; method: typeof DID_METHOD | typeof BEFORE_AFTER_METHOD } | null;
  /** Answers and days on each side of a holdout comparison. */
  sides: { target: { before: Side; after: Side }; holdout: { before: Side; after: Side }; prompts: { target: number; holdout: number } } | null;
  /** Calendar days more at today's cadence until an effect of this size is told from noise; null when decided or when waiting cannot settle it. */
  moreDays: number | null;
  /** Days with runs per calendar day since done. */
  cadence: number | null;
}
/** An effect as a person reads it (the API's): its sentences in the reader's language. */
export interface Effect extends Omit<EffectOf, 'explanation' | 'comparisonReason'> {
  explanation: string;
  comparisonReason: string | null;
  /** The one line the card, reports and MCP say, written by the reader's shared formatter. */
  summary: string;
}

const t = (key: MessageKey, params?: Record<string, TextParam>): Text => (params ? { key, params } : { key });
const METRICS = ['mention_rate', 'citation_share', 'thread_mention_rate', 'negative_rate', 'check_pass_rate', 'bot_access_rate', 'ctr', 'crawl_success_rate'];
/** A metric as a sentence names it (never its key): "the share of answers naming the brand". */
export const metricWords = (name: string): Text => t((METRICS.includes(name) ? `recs.effect.metric.${name}` : 'recs.effect.metric.other') as MessageKey);

/** Holdout needs a mention rate over named prompts: other metrics are not counted per prompt. */
export function comparisonFor(metric: MetricRef): Comparison | { kind: 'holdout' } {
  const metricText = metricWords(metric.name);
  if (metric.source !== 'runs') return { kind: 'before_after', reason: t(metric.source === 'seo' ? 'recs.effect.reason.seo' : 'recs.effect.reason.traffic', { metric: metricText }) };
  if (metric.name !== 'mention_rate') return { kind: 'before_after', reason: t('recs.effect.reason.notPerPrompt', { metric: metricText }) };
  if (!metric.scope.promptIds?.length) return { kind: 'before_after', reason: metric.scope.engine ? t('recs.effect.reason.allPromptsOn', { engine: metric.scope.engine }) : t('recs.effect.reason.allPrompts') };
  return { kind: 'holdout' };
}

export function verdictOf(before: Measurement, after: Measurement, better: 'higher' | 'lower'): Verdict {
  const up = after.interval[0] > before.interval[1];
  const down = after.interval[1] < before.interval[0];
  if (!up && !down) return 'no_detectable_change';
  return (up && better === 'higher') || (down && better === 'lower') ? 'improved' : 'worse';
}

/** Why the acceptance snapshot has no figure: a stored reason's key, or (an item snapshotted before reasons were keys) the plain fact. */
const noBaseline = (reason: Baseline['reason']): Text => (reason && typeof reason === 'object' ? t('recs.effect.noBaseline', { reason }) : t('recs.effect.noBaselineAny'));

type Core = Pick<EffectOf, 'metric' | 'before' | 'after' | 'verdict' | 'explanation'>;
const noEstimate = { estimate: null, sides: null, moreDays: null, cadence: null } as const;

/** The effect: the before/after core, then the holdout comparison when there is one (`comparison`, from holdout.ts). */
export function effectOf(baseline: Baseline | null, state: { status: string; doneAt: Date | null }, after: Measurement | null, metric: MetricRef, comparison: Comparison | null = null): EffectOf {
  const eligible = comparison ?? comparisonFor(baseline?.metric ?? metric);
  const how = eligible.kind === 'holdout' ? { comparison: 'holdout' as const, comparisonReason: null } : { comparison: 'before_after' as const, comparisonReason: eligible.reason };
  const done = (core: Core, rest: Pick<EffectOf, 'estimate' | 'sides' | 'moreDays' | 'cadence'> = noEstimate): EffectOf => ({ ...core, ...how, ...rest });
  if (!baseline) return done({ metric, before: null, after: null, verdict: 'pending', explanation: t('recs.effect.notAccepted') });
  const before = baseline.measurement;
  if (!before) return done({ metric: baseline.metric, before: null, after, verdict: 'pending', explanation: noBaseline(baseline.reason) });
  if (!state.doneAt) return done({ metric: baseline.metric, before, after: null, verdict: 'pending', explanation: t('recs.effect.notDone') });
  if (!after || after.n === 0) return done({ metric: baseline.metric, before, after, verdict: 'pending', explanation: t('recs.effect.noAfter') });
  if (comparison?.kind === 'holdout') return holdoutEffect(baseline.metric, before, after, comparison);
  const verdict = verdictOf(before, after, baseline.metric.better);
  const direction = after.value > before.value ? 'up' : 'down';
  const explanation = verdict === 'no_detectable_change' ? t('recs.effect.overlap')
    : t(verdict === 'improved' ? 'recs.effect.improved' : 'recs.effect.worse', { metric: metricWords(baseline.metric.name), direction });
  return done({ metric: baseline.metric, before, after, verdict, explanation }, { ...noEstimate, estimate: { points: round2(after.value - before.value), interval: null, method: BEFORE_AFTER_METHOD } });

  function holdoutEffect(m: MetricRef, b: Measurement, a: Measurement, c: Extract<Comparison, { kind: 'holdout' }>): EffectOf {
    const did = c.did;
    if (!did) return done({ metric: m, before: b, after: a, verdict: 'pending', explanation: t('recs.effect.holdoutNoDay') });
    const vs = t('recs.effect.vs', { target: c.prompts.target, holdout: c.prompts.holdout, before: did.target.before.days, after: did.target.after.days });
    const explanation = did.verdict === 'pending' ? t('recs.effect.holdoutPending', { vs })
      : did.verdict === 'no_detectable_change' ? t('recs.effect.holdoutNoChange', { vs })
      : t(did.verdict === 'improved' ? 'recs.effect.holdoutImproved' : 'recs.effect.holdoutWorse', { vs, direction: did.points > 0 ? 'up' : 'down' });
    return done({ metric: m, before: b, after: a, verdict: did.verdict, explanation }, {
      estimate: { points: did.points, interval: did.interval, method: DID_METHOD },
      sides: { target: did.target, holdout: did.holdout, prompts: c.prompts }, moreDays: did.moreDays, cadence: did.cadence,
    });
  }
}

/** An effect as the reader reads it: its sentences and the summary line by the reader's formatter. */
export function sayEffect(e: EffectOf, f: Formatter): Effect {
  const said = { ...e, explanation: say(f, e.explanation), comparisonReason: e.comparisonReason ? say(f, e.comparisonReason) : null };
  return { ...said, summary: f.effect(said) };
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
