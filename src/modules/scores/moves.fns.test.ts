import { describe, expect, it } from 'vitest';
import { overtakes, scoreMove } from './moves.fns.ts';
import { COMPONENTS } from './scores.fns.ts';
import type { Snapshot } from './snapshot.fns.ts';

type Row = Snapshot['scoreboard'][number];
const row = (name: string, kind: Row['kind'], rank: number, visibility: number, interval: [number, number]): Row => ({
  entityId: kind === 'brand' ? 'brand' : `competitor:${name}`, name, kind, rank, score: null, visibility, shareOfVoice: null, averagePosition: null, sentiment: null, citations: 0, visibilityInterval: interval,
});
function snap(score: number, interval: [number, number], board: Row[] = [row('Acme', 'brand', 1, 50, [40, 60])]): Snapshot {
  const component = { value: 50, n: 100, interval: [40, 60] as [number, number] };
  return {
    engine: 'composite', score, interval, answers: 100, weights: {} as never, missingComponents: [],
    components: Object.fromEntries(COMPONENTS.map((k) => [k, component])) as never, scoreboard: board, metrics: { answers: 100 } as never,
  };
}

describe('scoreMove', () => {
  it('is null without a before, or when nothing separates', () => {
    expect(scoreMove('run', null, { day: 'd', data: snap(50, [45, 55]) })).toBeNull();
    expect(scoreMove('run', { day: 'd0', data: snap(52, [47, 57]) }, { day: 'd', data: snap(50, [45, 55]) })).toBeNull();
  });
  it('reports a separated score with before/after intervals, n and delta', () => {
    const m = scoreMove('run', { day: 'd0', data: snap(70, [65, 75]) }, { day: 'd1', data: snap(50, [45, 55]) })!;
    expect(m).toMatchObject({ runId: 'run', engine: 'composite', day: 'd1', previousDay: 'd0', delta: -20, significant: true, before: { value: 70, interval: [65, 75], n: 100 }, after: { value: 50, n: 100 } });
    expect(m.components.visibility.significant).toBe(false);
  });
});

describe('overtakes', () => {
  const brand = (rank: number, interval: [number, number]) => row('Acme', 'brand', rank, 50, interval);
  it.each([
    // competitor before, brand before, competitor after, brand after, overtakes
    [[2, [20, 30]], [1, [60, 70]], [1, [70, 80]], [2, [30, 40]], true],
    [[2, [20, 30]], [1, [60, 70]], [1, [45, 55]], [2, [40, 50]], false], // ahead, intervals overlap: noise
    [[1, [70, 80]], [2, [30, 40]], [1, [70, 80]], [2, [30, 40]], false], // already clearly ahead
    [[1, [50, 60]], [2, [45, 55]], [1, [70, 80]], [2, [30, 40]], true], // was ahead within noise: now clear
  ] as Array<[[number, [number, number]], [number, [number, number]], [number, [number, number]], [number, [number, number]], boolean]>)('%j %j → %j %j: %s', (cb, bb, ca, ba, expected) => {
    const before = snap(50, [40, 60], [brand(bb[0], bb[1]), row('Globex', 'competitor', cb[0], 0, cb[1])]);
    const after = snap(50, [40, 60], [brand(ba[0], ba[1]), row('Globex', 'competitor', ca[0], 0, ca[1])]);
    expect(overtakes(before, after).length > 0).toBe(expected);
  });
});
