import { describe, expect, it } from 'vitest';
import { components, composite } from './scores.fns.ts';
import { WORKED_ANSWERS, WORKED_ENTITIES } from './worked-example.ts';

describe('docs/scoring.md worked example', () => {
  const parts = components(WORKED_ANSWERS, 'brand', WORKED_ENTITIES);

  it('components', () => {
    expect(parts.visibility).toEqual({ value: 50, n: 8, interval: [21.5213, 78.4787] });
    expect(parts.relativeSov).toEqual({ value: 80, n: 5, interval: [37.5528, 96.3777] });
    expect(parts.position).toEqual({ value: 70.8333, n: 4 });
    expect(parts.sentiment).toEqual({ value: 57.5, n: 4 });
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
});
