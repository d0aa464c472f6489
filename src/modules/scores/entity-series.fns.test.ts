import { describe, expect, it } from 'vitest';
import { entitySeries } from './entity-series.fns.ts';

const entry = (entityId: string, name: string, kind: 'brand' | 'competitor', visibility: number | null, rank = 1) => ({
  entityId, name, kind, rank, score: null, visibility, shareOfVoice: visibility === null ? null : visibility / 2, averagePosition: null, sentiment: null, citations: 0,
  ...(visibility === null ? {} : { visibilityInterval: [visibility - 5, visibility + 5] as [number, number] }),
});

describe('entitySeries', () => {
  it('one series per entity, a point per day it was on the board, the brand first, competitors by latest visibility', () => {
    const out = entitySeries([
      { day: '2026-11-01', answers: 40, board: [entry('b', 'Acme', 'brand', 50), entry('c1', 'Initech', 'competitor', 60), entry('c2', 'Globex', 'competitor', 10)] },
      { day: '2026-11-02', answers: 20, board: [entry('c1', 'Initech Inc', 'competitor', 20), entry('b', 'Acme', 'brand', null), entry('c2', 'Globex', 'competitor', 30)] },
    ]);
    expect(out.map((s) => [s.entityId, s.name, s.points.length])).toEqual([['b', 'Acme', 2], ['c2', 'Globex', 2], ['c1', 'Initech Inc', 2]]);
    expect(out[0]!.points).toEqual([
      { date: '2026-11-01', visibility: 50, interval: [45, 55], shareOfVoice: 25, shareOfVoiceInterval: null, n: 40 },
      { date: '2026-11-02', visibility: null, interval: null, shareOfVoice: null, shareOfVoiceInterval: null, n: 20 },
    ]);
  });

  it.each([
    ['no day', []],
    ['a day without a board', [{ day: '2026-11-01', answers: 0, board: [] }]],
  ])('%s: no series', (_name, days) => expect(entitySeries(days)).toEqual([]));
});
