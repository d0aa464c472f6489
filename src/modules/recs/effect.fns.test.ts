import { describe, expect, it } from 'vitest';
import { effectOf, verdictOf } from './effect.fns.ts';
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
