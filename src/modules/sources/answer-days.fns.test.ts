import { describe, expect, it } from 'vitest';
import type { StampAnswer } from '../scores/stamp-facts.fns.ts';
import { foldDays, unfoldDay, versionsOfDay } from './answer-days.fns.ts';

const row = (o: Partial<StampAnswer>): StampAnswer => ({ day: '2026-11-01', runId: 'run_a', engine: 'chatgpt', surface: 'api', modelVersion: 'gpt-x', promptId: 'p1', simulated: false, n: 1, ...o });
const sorted = (rows: StampAnswer[]) => [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

describe('answer days fold and unfold without loss', () => {
  it.each<[string, StampAnswer[]]>([
    ['one row', [row({})]],
    ['two days, two runs, two engines', [row({}), row({ day: '2026-11-02' }), row({ runId: 'run_b', n: 3 }), row({ engine: 'claude', surface: 'api', modelVersion: null })]],
    ['a version and no version are two cells', [row({ modelVersion: null, promptId: 'p1' }), row({ modelVersion: '', promptId: 'p2' }), row({ promptId: 'p3' })]],
    ['simulated and real answers of one prompt', [row({ simulated: true, n: 2 }), row({ simulated: false, n: 5 })]],
    ['a product surface', [row({ engine: 'google-aio', surface: 'product', modelVersion: null, n: 4 })]],
    ['no rows', []],
  ])('%s', (_name, rows) => {
    const days = foldDays(rows);
    expect(sorted([...days].flatMap(([day, cells]) => unfoldDay(day, cells)))).toEqual(sorted(rows));
  });

  it('counts rows without n as one answer each, and adds repeated rows', () => {
    const [cells] = [...foldDays([row({ n: undefined }), row({ n: undefined })]).values()];
    expect(cells).toEqual([{ runId: 'run_a', engine: 'chatgpt', surface: 'api', modelVersion: 'gpt-x', simulated: false, prompts: { p1: 2 } }]);
  });

  it('narrows to an engine, engines or a surface', () => {
    const rows = [row({}), row({ engine: 'claude' }), row({ engine: 'google-aio', surface: 'product' })];
    const day = '2026-11-01';
    const cells = foldDays(rows).get(day)!;
    expect(unfoldDay(day, cells, { engine: 'claude' }).map((r) => r.engine)).toEqual(['claude']);
    expect(unfoldDay(day, cells, { engines: ['chatgpt', 'google-aio'] }).map((r) => r.engine).sort()).toEqual(['chatgpt', 'google-aio']);
    expect(unfoldDay(day, cells, { surface: 'product' }).map((r) => r.engine)).toEqual(['google-aio']);
  });
});

describe('versionsOfDay', () => {
  it.each<[string, StampAnswer[], Array<{ engine: string; versions: Array<string | null>; answers: number }>]>([
    ['one engine, one version', [row({ n: 2 }), row({ promptId: 'p2' })], [{ engine: 'chatgpt', versions: ['gpt-x'], answers: 3 }]],
    ['two versions and none reported', [row({}), row({ modelVersion: 'gpt-y', runId: 'run_b' }), row({ modelVersion: null, promptId: 'p9', n: 4 })], [{ engine: 'chatgpt', versions: ['gpt-x', 'gpt-y', null], answers: 6 }]],
    ['two engines', [row({}), row({ engine: 'claude', modelVersion: 'c-1', n: 5 })], [{ engine: 'chatgpt', versions: ['gpt-x'], answers: 1 }, { engine: 'claude', versions: ['c-1'], answers: 5 }]],
    ['no answers', [], []],
  ])('%s', (_name, rows, expected) => {
    const got = versionsOfDay('2026-11-01', foldDays(rows).get('2026-11-01') ?? []);
    expect(got.map(({ day, ...rest }) => (expect(day).toBe('2026-11-01'), rest))).toEqual(expected);
  });
});
