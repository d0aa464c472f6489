import { describe, expect, it } from 'vitest';
import type { StampCell } from '../scores/stamp-facts.fns.ts';
import { byDay, cellsOfDay, versionsOfDay } from './answer-days.fns.ts';

const cell = (o: Partial<StampCell>): StampCell => ({ day: '2026-11-01', runId: 'run_a', engine: 'chatgpt', surface: 'api', modelVersion: 'gpt-x', simulated: false, prompts: { p1: 1 }, ...o });
const day = '2026-11-01';

describe('answer days', () => {
  it.each<[string, StampCell[], Record<string, number>]>([
    ['one cell', [cell({})], { [day]: 1 }],
    ['two days, two runs', [cell({}), cell({ day: '2026-11-02' }), cell({ runId: 'run_b' })], { [day]: 2, '2026-11-02': 1 }],
    ['no cells', [], {}],
  ])('group cells by their day, without it: %s', (_name, cells, counts) => {
    const days = byDay(cells);
    expect(Object.fromEntries([...days].map(([d, list]) => [d, list.length]))).toEqual(counts);
    for (const [d, list] of days) expect(cellsOfDay(d, list)).toEqual(cells.filter((c) => c.day === d));
  });

  it('narrow a day to an engine, engines or a surface', () => {
    const cells = byDay([cell({}), cell({ engine: 'claude' }), cell({ engine: 'google-aio', surface: 'product' })]).get(day)!;
    expect(cellsOfDay(day, cells, { engine: 'claude' }).map((r) => r.engine)).toEqual(['claude']);
    expect(cellsOfDay(day, cells, { engines: ['chatgpt', 'google-aio'] }).map((r) => r.engine).sort()).toEqual(['chatgpt', 'google-aio']);
    expect(cellsOfDay(day, cells, { surface: 'product' }).map((r) => ({ day: r.day, engine: r.engine }))).toEqual([{ day, engine: 'google-aio' }]);
  });
});

describe('versionsOfDay', () => {
  it.each<[string, StampCell[], Array<{ engine: string; versions: Array<string | null>; answers: number }>]>([
    ['one engine, one version', [cell({ prompts: { p1: 2, p2: 1 } })], [{ engine: 'chatgpt', versions: ['gpt-x'], answers: 3 }]],
    ['two versions and none reported', [cell({}), cell({ modelVersion: 'gpt-y', runId: 'run_b' }), cell({ modelVersion: null, prompts: { p9: 4 } })], [{ engine: 'chatgpt', versions: ['gpt-x', 'gpt-y', null], answers: 6 }]],
    ['two engines', [cell({}), cell({ engine: 'claude', modelVersion: 'c-1', prompts: { p1: 5 } })], [{ engine: 'chatgpt', versions: ['gpt-x'], answers: 1 }, { engine: 'claude', versions: ['c-1'], answers: 5 }]],
    ['no answers', [], []],
  ])('%s', (_name, cells, expected) => {
    const got = versionsOfDay(day, byDay(cells).get(day) ?? []);
    expect(got.map(({ day: d, ...rest }) => (expect(d).toBe(day), rest))).toEqual(expected);
  });
});
