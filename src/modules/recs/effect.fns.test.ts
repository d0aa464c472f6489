import { describe, expect, it } from 'vitest';
import type { Did } from './did.fns.ts';
import { comparisonFor, effectOf, verdictOf } from './effect.fns.ts';
import { proportion } from './priority.fns.ts';
import type { MetricRef } from './recs.types.ts';

const at = '2026-01-01T00:00:00.000Z';
const m = (k: number, n: number) => proportion(k, n, at);
const rate: MetricRef = { name: 'mention_rate', scope: {}, better: 'higher', source: 'runs' };
const negative: MetricRef = { name: 'negative_rate', scope: {}, better: 'lower', source: 'runs' };

describe('verdict: improved only when the 95% intervals separate', () => {
  it.each([
    ['clear rise', m(20, 100), m(60, 100), 'higher', 'improved'],
    ['clear fall', m(60, 100), m(20, 100), 'higher', 'worse'],
    ['rise within noise (small n)', m(2, 10), m(5, 10), 'higher', 'no_detectable_change'],
    ['no change', m(40, 100), m(41, 100), 'higher', 'no_detectable_change'],
    ['fall of a lower-is-better rate', m(60, 100), m(20, 100), 'lower', 'improved'],
    ['rise of a lower-is-better rate', m(20, 100), m(60, 100), 'lower', 'worse'],
    ['same point values, larger n', m(30, 100), m(300, 1000), 'higher', 'no_detectable_change'],
  ] as const)('%s', (_name, before, after, better, verdict) => {
    expect(verdictOf(before, after, better)).toBe(verdict);
  });

  it('a point rise whose intervals still touch is not improved', () => {
    // 30/100 → [21.9, 39.6]; 45/100 → [35.6, 54.8]: overlap.
    expect(verdictOf(m(30, 100), m(45, 100), 'higher')).toBe('no_detectable_change');
  });
});

describe('effectOf', () => {
  const done = { status: 'done', doneAt: new Date(at) };
  it('pending before acceptance, without a baseline measurement, before done, and without an after-run', () => {
    expect(effectOf(null, { status: 'proposed', doneAt: null }, null, rate).verdict).toBe('pending');
    expect(effectOf({ metric: rate, measurement: null, reason: 'no run yet' }, done, m(5, 10), rate)).toMatchObject({ verdict: 'pending', explanation: 'no run yet' });
    expect(effectOf({ metric: rate, measurement: m(1, 10) }, { status: 'todo', doneAt: null }, null, rate)).toMatchObject({ verdict: 'pending', after: null });
    expect(effectOf({ metric: rate, measurement: m(1, 10) }, done, null, rate).verdict).toBe('pending');
  });
  it('before, after and the verdict once a run follows', () => {
    const effect = effectOf({ metric: negative, measurement: m(50, 100) }, done, m(10, 100), rate);
    expect(effect).toMatchObject({ metric: negative, verdict: 'improved', before: { k: 50, n: 100 }, after: { k: 10, n: 100 } });
    expect(effect.before!.interval[0]).toBeGreaterThan(effect.after!.interval[1]);
  });
});

describe('comparison: holdout for mention rates over named prompts, before/after otherwise, saying why', () => {
  it.each([
    ['mention rate over prompts', { name: 'mention_rate', scope: { engine: 'chatgpt', promptIds: ['p1'] }, better: 'higher', source: 'runs' }, 'holdout', null],
    ['mention rate over every prompt', { name: 'mention_rate', scope: { engine: 'gemini' }, better: 'higher', source: 'runs' }, 'before_after', /targets every prompt on Gemini/],
    ['citation share (not per prompt)', { name: 'citation_share', scope: { domain: 'g2.com' }, better: 'higher', source: 'runs' }, 'before_after', /^the share of answers citing the domain is not counted per prompt/],
    ['negative rate', { name: 'negative_rate', scope: {}, better: 'lower', source: 'runs' }, 'before_after', /the share of answers with a negative tone about the brand is not counted per prompt/],
    ['SEO check', { name: 'check_pass_rate', scope: { checkId: 'title' }, better: 'higher', source: 'seo' }, 'before_after', /SEO signals/],
    ['crawl success', { name: 'crawl_success_rate', scope: { bot: 'GPTBot', page: '/' }, better: 'higher', source: 'traffic' }, 'before_after', /access logs/],
  ] as const)('%s → %s', (_name, metric, kind, reason) => {
    const c = comparisonFor(metric as MetricRef);
    expect(c.kind).toBe(kind);
    if (reason) expect((c as { reason: string }).reason).toMatch(reason);
  });
});

describe('effectOf with a holdout comparison', () => {
  const targeted: MetricRef = { name: 'mention_rate', scope: { engine: 'chatgpt', promptIds: ['p1', 'p2'] }, better: 'higher', source: 'runs' };
  const baseline = { metric: targeted, measurement: m(20, 100) };
  const done = { status: 'done', doneAt: new Date(at) };
  const side = (k: number, n: number, days: number) => ({ k, n, days });
  const did = (over: Partial<Did>): Did => ({
    points: 6.2, interval: [2.1, 10.3], se: 2.1, verdict: 'improved', moreDays: null, cadence: 1,
    target: { before: side(40, 200, 2), after: side(55, 200, 2) }, holdout: { before: side(60, 200, 2), after: side(62, 200, 2) }, ...over,
  });
  const prompts = { target: 2, holdout: 8 };
  it.each([
    ['decided', did({}), 'improved', 'effect: +6.2 points (2.1–10.3), vs. holdout', /excludes 0/],
    ['interval holds 0', did({ points: 1.5, interval: [-2.2, 5.2], verdict: 'no_detectable_change', moreDays: 9 }), 'no_detectable_change', 'effect: +1.5 points (-2.2–5.2), vs. holdout; not distinguishable from noise yet: about 9 more days at today’s cadence', /holds 0/],
    ['too few days', did({ verdict: 'pending', moreDays: 1 }), 'pending', 'effect: +6.2 points (2.1–10.3), vs. holdout; not distinguishable from noise yet: about 1 more day at today’s cadence', /too few days/],
    ['waiting cannot settle it', did({ points: 0.4, interval: [-6, 6.8], verdict: 'no_detectable_change', moreDays: null }), 'no_detectable_change', 'effect: +0.4 points (-6.0–6.8), vs. holdout; not distinguishable from noise: the days before acceptance are too noisy for more days to settle it', /holds 0/],
    ['no day after with both sides', null, 'pending', 'Not enough data: No day since done has answers to both the target and the holdout prompts yet.', /No day since done/],
  ] as const)('%s', (_name, d, verdict, summary, explanation) => {
    const effect = effectOf(baseline, done, m(30, 100), targeted, { kind: 'holdout', did: d as Did | null, prompts });
    expect(effect).toMatchObject({ comparison: 'holdout', comparisonReason: null, verdict, summary });
    expect(effect.explanation).toMatch(explanation);
    if (d) expect(effect).toMatchObject({ estimate: { points: d.points, interval: d.interval, method: 'did-daily-v1' }, sides: { target: d.target, holdout: d.holdout, prompts }, moreDays: d.moreDays });
  });

  it('without holdout prompts: before/after with the reason, the current overlap verdict and after − before', () => {
    const effect = effectOf(baseline, done, m(60, 100), targeted, { kind: 'before_after', reason: 'no other prompt of the workspace was answered on chatgpt before acceptance: there is no holdout to compare with' });
    expect(effect).toMatchObject({ comparison: 'before_after', verdict: 'improved', estimate: { points: 40, interval: null, method: 'before-after-overlap-v1' }, sides: null, moreDays: null });
    expect(effect.summary).toBe('effect: +40.0 points, before/after (no holdout: no other prompt of the workspace was answered on chatgpt before acceptance: there is no holdout to compare with)');
  });

  it('a metric that is not prompt-level keeps its method and says so', () => {
    const effect = effectOf({ metric: negative, measurement: m(50, 100) }, done, m(10, 100), negative);
    expect(effect).toMatchObject({ comparison: 'before_after', verdict: 'improved', comparisonReason: expect.stringMatching(/the share of answers with a negative tone about the brand is not counted per prompt/), estimate: { points: -40 } });
  });
});
