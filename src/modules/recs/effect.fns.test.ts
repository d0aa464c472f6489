import { describe, expect, it } from 'vitest';
import type { Did } from './did.fns.ts';
import { createFormatter, type Language } from '../../lib/format/format.ts';
import { comparisonFor, effectOf, sayEffect, verdictOf, type Comparison, type EffectOf } from './effect.fns.ts';
import { proportion } from './priority.fns.ts';
import type { Baseline, MetricRef, Text } from './recs.types.ts';
import { say } from './texts.fns.ts';

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

const en = createFormatter({ locale: 'en' });
const said = (e: EffectOf, language: Language = 'en') => sayEffect(e, language === 'en' ? en : createFormatter({ locale: language }));

describe('effectOf', () => {
  const done = { status: 'done', doneAt: new Date(at) };
  it('pending before acceptance, without a baseline measurement, before done, and without an after-run', () => {
    expect(effectOf(null, { status: 'proposed', doneAt: null }, null, rate)).toMatchObject({ verdict: 'pending', explanation: { key: 'recs.effect.notAccepted' } });
    expect(effectOf({ metric: rate, measurement: null, reason: { key: 'recs.effect.why.noRun' } }, done, m(5, 10), rate)).toMatchObject({ verdict: 'pending', explanation: { key: 'recs.effect.noBaseline', params: { reason: { key: 'recs.effect.why.noRun' } } } });
    expect(effectOf({ metric: rate, measurement: m(1, 10) }, { status: 'todo', doneAt: null }, null, rate)).toMatchObject({ verdict: 'pending', after: null });
    expect(effectOf({ metric: rate, measurement: m(1, 10) }, done, null, rate).verdict).toBe('pending');
  });
  it('a reason stored as English before reasons were keys is not repeated: the plain fact is said instead', () => {
    const e = said(effectOf({ metric: rate, measurement: null, reason: 'no run yet' }, done, m(5, 10), rate), 'es');
    expect(e.explanation).toBe('No se pudo medir ninguna cifra al aceptar la recomendación.');
  });
  it('before, after and the verdict once a run follows', () => {
    const effect = effectOf({ metric: negative, measurement: m(50, 100) }, done, m(10, 100), rate);
    expect(effect).toMatchObject({ metric: negative, verdict: 'improved', before: { k: 50, n: 100 }, after: { k: 10, n: 100 } });
    expect(effect.before!.interval[0]).toBeGreaterThan(effect.after!.interval[1]);
    expect(said(effect).explanation).toBe('The 95% ranges before and after do not overlap: the share of answers with a negative tone about the brand fell, which is an improvement.');
  });
});

describe('comparison: holdout for mention rates over named prompts, before/after otherwise, saying why', () => {
  it.each([
    ['mention rate over prompts', { name: 'mention_rate', scope: { engine: 'chatgpt', promptIds: ['p1'] }, better: 'higher', source: 'runs' }, 'holdout', null],
    ['mention rate over every prompt', { name: 'mention_rate', scope: { engine: 'gemini' }, better: 'higher', source: 'runs' }, 'before_after', /targets every question on Gemini/],
    ['citation share (not per prompt)', { name: 'citation_share', scope: { domain: 'g2.com' }, better: 'higher', source: 'runs' }, 'before_after', /^the share of answers citing the domain is not counted per question/],
    ['negative rate', { name: 'negative_rate', scope: {}, better: 'lower', source: 'runs' }, 'before_after', /the share of answers with a negative tone about the brand is not counted per question/],
    ['SEO check', { name: 'check_pass_rate', scope: { checkId: 'title' }, better: 'higher', source: 'seo' }, 'before_after', /SEO signals/],
    ['crawl success', { name: 'crawl_success_rate', scope: { bot: 'GPTBot', page: '/' }, better: 'higher', source: 'traffic' }, 'before_after', /access logs/],
  ] as const)('%s → %s', (_name, metric, kind, reason) => {
    const c = comparisonFor(metric as MetricRef);
    expect(c.kind).toBe(kind);
    if (reason) expect(say(en, (c as { reason: Text }).reason)).toMatch(reason);
  });
});

const targeted: MetricRef = { name: 'mention_rate', scope: { engine: 'chatgpt', promptIds: ['p1', 'p2'] }, better: 'higher', source: 'runs' };
const side = (k: number, n: number, days: number) => ({ k, n, days });
const did = (over: Partial<Did>): Did => ({
  points: 6.2, interval: [2.1, 10.3], se: 2.1, verdict: 'improved', moreDays: null, cadence: 1,
  target: { before: side(40, 200, 2), after: side(55, 200, 2) }, holdout: { before: side(60, 200, 2), after: side(62, 200, 2) }, ...over,
});
const prompts = { target: 2, holdout: 8 };
const noHoldout: Comparison = { kind: 'before_after', reason: { key: 'recs.effect.reason.noHoldout', params: { where: { key: 'recs.effect.scope.both', params: { engine: 'chatgpt', language: 'es' } }, others: 'yes' } } };

describe('effectOf with a holdout comparison', () => {
  const baseline = { metric: targeted, measurement: m(20, 100) };
  const done = { status: 'done', doneAt: new Date(at) };
  it.each([
    ['decided', did({}), 'improved', 'effect: +6.2 points (2.1–10.3), vs. holdout', /excludes zero; the targeted questions rose/],
    ['interval holds 0', did({ points: 1.5, interval: [-2.2, 5.2], verdict: 'no_detectable_change', moreDays: 9 }), 'no_detectable_change', 'effect: +1.5 points (-2.2–5.2), vs. holdout; not distinguishable from noise yet: about 9 more days at today’s cadence', /includes zero/],
    ['too few days', did({ verdict: 'pending', moreDays: 1 }), 'pending', 'effect: +6.2 points (2.1–10.3), vs. holdout; not distinguishable from noise yet: about 1 more day at today’s cadence', /too few days/],
    ['waiting cannot settle it', did({ points: 0.4, interval: [-6, 6.8], verdict: 'no_detectable_change', moreDays: null }), 'no_detectable_change', 'effect: +0.4 points (-6.0–6.8), vs. holdout; not distinguishable from noise: the days before acceptance are too noisy for more days to settle it', /includes zero/],
    ['no day after with both sides', null, 'pending', 'Not enough data: No day since the item was done has answers to both the targeted questions and the questions left as they were.', /No day since/],
  ] as const)('%s', (_name, d, verdict, summary, explanation) => {
    const effect = said(effectOf(baseline, done, m(30, 100), targeted, { kind: 'holdout', did: d as Did | null, prompts }));
    expect(effect).toMatchObject({ comparison: 'holdout', comparisonReason: null, verdict, summary });
    expect(effect.explanation).toMatch(explanation);
    if (d) expect(effect).toMatchObject({ estimate: { points: d.points, interval: d.interval, method: 'did-daily-v1' }, sides: { target: d.target, holdout: d.holdout, prompts }, moreDays: d.moreDays });
  });

  it('without holdout prompts: before/after with the reason, the current overlap verdict and after − before', () => {
    const effect = said(effectOf(baseline, done, m(60, 100), targeted, noHoldout));
    expect(effect).toMatchObject({ comparison: 'before_after', verdict: 'improved', estimate: { points: 40, interval: null, method: 'before-after-overlap-v1' }, sides: null, moreDays: null });
    expect(effect.comparisonReason).toBe('no other question of the workspace was answered on ChatGPT in Spanish before acceptance (questions other recommendations target are left out), so there is nothing to compare with');
    expect(effect.summary).toBe(`effect: +40.0 points, before/after (no holdout: ${effect.comparisonReason})`);
  });

  it('a metric that is not prompt-level keeps its method and says so', () => {
    const effect = said(effectOf({ metric: negative, measurement: m(50, 100) }, done, m(10, 100), negative));
    expect(effect).toMatchObject({ comparison: 'before_after', verdict: 'improved', comparisonReason: expect.stringMatching(/the share of answers with a negative tone about the brand is not counted per question/), estimate: { points: -40 } });
  });
});

// Every path of the verdict, said in each language: a sentence a person reads, never a code
// identifier, and not the English sentence in a Spanish, Catalan or French workspace.
describe('an effect is said in the reader’s language on every path', () => {
  const done = { status: 'done', doneAt: new Date(at) };
  const todo = { status: 'todo', doneAt: null };
  const base = (metric: MetricRef, k = 20): Baseline => ({ metric, measurement: m(k, 100) });
  const citation: MetricRef = { name: 'citation_share', scope: { domain: 'g2.com' }, better: 'higher', source: 'runs' };
  const seo: MetricRef = { name: 'check_pass_rate', scope: { checkId: 'title' }, better: 'higher', source: 'seo' };
  const crawl: MetricRef = { name: 'crawl_success_rate', scope: { bot: 'GPTBot', page: '/precios' }, better: 'higher', source: 'traffic' };
  const everyPrompt: MetricRef = { name: 'mention_rate', scope: { engine: 'gemini' }, better: 'higher', source: 'runs' };
  const paths: Array<[string, () => EffectOf]> = [
    ['not accepted yet', () => effectOf(null, { status: 'proposed', doneAt: null }, null, rate)],
    ...(['noRun', 'checkPasses', 'noInsight', 'noLogs', 'noSeo', 'seoFailed', 'other'] as const).map((why): [string, () => EffectOf] => [`no figure at acceptance (${why})`, () => effectOf({ metric: rate, measurement: null, reason: { key: `recs.effect.why.${why}` } }, done, null, rate)]),
    ['no figure at acceptance (a bot)', () => effectOf({ metric: crawl, measurement: null, reason: { key: 'recs.effect.why.noFetch', params: { bot: 'GPTBot', page: '/precios' } } }, done, null, crawl)],
    ['no figure at acceptance (a page)', () => effectOf({ metric: seo, measurement: null, reason: { key: 'recs.effect.why.noBotPage', params: { bot: 'GPTBot' } } }, done, null, seo)],
    ['not done yet', () => effectOf(base(rate), todo, null, rate)],
    ['no run since done', () => effectOf(base(rate), done, null, rate)],
    ['improved, before/after', () => effectOf(base(citation), done, m(60, 100), citation)],
    ['worse, before/after', () => effectOf(base(citation, 60), done, m(20, 100), citation)],
    ['no change, before/after', () => effectOf(base(seo, 40), done, m(41, 100), seo)],
    ['access logs, before/after', () => effectOf(base(crawl, 40), done, m(90, 100), crawl)],
    ['every prompt on an engine', () => effectOf(base(everyPrompt), done, m(60, 100), everyPrompt)],
    ['no holdout answered', () => effectOf(base(targeted), done, m(60, 100), targeted, noHoldout)],
    ['holdout: no day with both sides', () => effectOf(base(targeted), done, m(30, 100), targeted, { kind: 'holdout', did: null, prompts })],
    ['holdout: improved', () => effectOf(base(targeted), done, m(30, 100), targeted, { kind: 'holdout', did: did({}), prompts })],
    ['holdout: worse', () => effectOf(base(targeted), done, m(30, 100), targeted, { kind: 'holdout', did: did({ points: -6.2, interval: [-10.3, -2.1], verdict: 'worse' }), prompts })],
    ['holdout: no change, more days', () => effectOf(base(targeted), done, m(30, 100), targeted, { kind: 'holdout', did: did({ points: 1.5, interval: [-2.2, 5.2], verdict: 'no_detectable_change', moreDays: 9 }), prompts })],
    ['holdout: more than a year', () => effectOf(base(targeted), done, m(30, 100), targeted, { kind: 'holdout', did: did({ points: 0.2, interval: [-2.2, 2.6], verdict: 'no_detectable_change', moreDays: 500 }), prompts })],
    ['holdout: too few days', () => effectOf(base(targeted), done, m(30, 100), targeted, { kind: 'holdout', did: did({ verdict: 'pending', moreDays: 1, target: { before: side(40, 200, 1), after: side(55, 200, 1) } }), prompts: { target: 1, holdout: 1 } })],
  ];
  const snake = /\b[a-z]+_[a-z_]+\b/;
  const languages: Language[] = ['en', 'es', 'ca', 'fr'];
  it.each(paths.flatMap(([name, make]) => languages.map((language) => [name, language, make] as const)))('%s (%s)', (_name, language, make) => {
    const effect = make();
    const english = said(effect, 'en');
    const own = said(effect, language);
    for (const field of ['explanation', 'comparisonReason', 'summary'] as const) {
      const text = own[field];
      if (text === null) continue;
      expect(text).not.toMatch(snake);
      expect(text).not.toMatch(/[{}]|undefined|NaN|\bnull\b/);
      if (language !== 'en') expect(text).not.toBe(english[field]);
    }
    expect(own.explanation).toMatch(/[.!?…]$/);
  });
});
