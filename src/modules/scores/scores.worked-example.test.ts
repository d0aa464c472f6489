import { describe, expect, it } from 'vitest';
import { components, composite } from './scores.fns.ts';
import { deriveSnapshot } from './snapshot.fns.ts';
import { BOOTSTRAP_SEED, bootstrapScore, mergeStats, mulberry32, runStats } from './stats.fns.ts';
import { WORKED_ANSWERS, WORKED_ENTITIES, workedAnswered } from './worked-example.ts';

describe('docs/scoring.md worked example', () => {
  const parts = components(WORKED_ANSWERS, 'brand', WORKED_ENTITIES);

  it('components', () => {
    expect(parts.visibility).toEqual({ value: 50, n: 8, interval: [21.5213, 78.4787] });
    expect(parts.relativeSov).toEqual({ value: 80, n: 5, interval: [37.5528, 96.3777] });
    expect(parts.position).toEqual({ value: 70.8333, n: 4, interval: [37.1613, 100] });
    expect(parts.sentiment).toEqual({ value: 57.5, n: 4, interval: [28.2364, 86.7636] });
    expect(parts.volume).toEqual({ value: 40, n: 5, interval: [11.7618, 76.928] });
  });

  it('score', () => {
    expect(composite(parts)).toMatchObject({ score: 62.87, missingComponents: [] });
  });

  it('score with volume missing (no answer cites anything)', () => {
    const uncited = WORKED_ANSWERS.map((a) => ({ ...a, citedEntities: [], cited: false }));
    const c = composite(components(uncited, 'brand', WORKED_ENTITIES));
    expect(c).toMatchObject({ score: 66.91, missingComponents: ['volume'] });
    expect(c.weights).toEqual({ visibility: 0.294118, relativeSov: 0.411765, position: 0.176471, sentiment: 0.117647, volume: 0 });
  });

  it('a competitor’s point of view', () => {
    const globex = components(WORKED_ANSWERS, 'c0', WORKED_ENTITIES);
    expect([globex.visibility.value, globex.relativeSov.value, globex.position.value, globex.volume.value]).toEqual([62.5, 100, 90, 20]);
    expect(globex.sentiment.value).toBeNull();
    expect(composite(globex).score).toBe(74.58);
  });

  const entities = WORKED_ENTITIES.map((id) => ({ entityId: id, name: id, kind: id === 'brand' ? ('brand' as const) : ('competitor' as const) }));
  const run1 = runStats('run_1', workedAnswered(), WORKED_ENTITIES, 'composite').get('composite')!;

  it('bootstrap: the first resample, and the 95% interval of 1,000', () => {
    const random = mulberry32(BOOTSTRAP_SEED);
    const draws = Array.from({ length: 8 }, () => Math.floor(random() * 8) + 1);
    expect(draws).toEqual([6, 1, 2, 5, 2, 8, 1, 1]);
    const first = components(draws.map((d) => WORKED_ANSWERS[d - 1]!), 'brand', WORKED_ENTITIES);
    expect([first.visibility.value, first.relativeSov.value, first.position.value, first.sentiment.value, first.volume.value]).toEqual([75, 85.7143, 72.2222, 65, 57.1429]);
    expect(composite(first).score).toBe(74.65);
    expect(bootstrapScore(run1)).toEqual([33, 84.25]);
    expect(deriveSnapshot('composite', run1, entities)).toMatchObject({ score: 62.87, interval: [33, 84.25], answers: 8, prompts: 8, runs: 1 });
  });

  it('pooling a second run of the same answers: n doubles, Wilson intervals narrow, the bootstrap over prompts does not', () => {
    const run2 = runStats('run_2', workedAnswered('2'), WORKED_ENTITIES, 'composite').get('composite')!;
    const day = deriveSnapshot('composite', mergeStats(run1, run2), entities);
    expect(day).toMatchObject({ score: 62.87, interval: [33, 84.25], answers: 16, prompts: 8, runs: 2 });
    expect(day.components.visibility).toEqual({ value: 50, n: 16, interval: [27.9992, 72.0008] });
  });
});
