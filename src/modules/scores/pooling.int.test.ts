import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db.ts';
import type { Answered } from '../runs/runs.service.ts';
import { createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';
import { createScoresService } from './scores.service.ts';

// Constructed answers written through the scores service's own commit path (the one a run's
// success uses), read back over HTTP: pooling of concurrent runs, honest labels, and the
// significance flag on data whose answer is known in advance.

const clock = manualClock(new Date('2026-10-01T12:00:00Z'));
let ctx: TestContext;
let cookie: string;
let workspaceId: string;
let scores: ReturnType<typeof createScoresService>;
const get = (url: string) => ctx.app.inject({ url, headers: { cookie } });

/** 40 prompts on chatgpt; the brand is named (first) in `brandIn` of them, Globex in all. */
function day(brandIn: number, opts: { simulated?: (i: number) => boolean; prompts?: number } = {}): Answered[] {
  return Array.from({ length: opts.prompts ?? 40 }, (_, i) => {
    const brand = i < brandIn;
    const entities = [
      ...(brand ? [{ entityId: 'brand', name: 'Acme Analytics', kind: 'brand' as const, mentioned: true as const, rank: 1, sentiment: 0.5 }] : []),
      { entityId: 'competitor:0', name: 'Globex', kind: 'competitor' as const, mentioned: true as const, rank: brand ? 2 : 1, sentiment: 0 },
    ];
    const citations = brand ? [{ url: 'https://acme.com/p', domain: 'acme.com', class: 'owned' as const, entityId: 'brand' }] : [{ url: 'https://g2.com/x', domain: 'g2.com', class: 'third_party' as const, entityId: null }];
    return { engine: 'chatgpt', promptId: `prm_${i}`, simulated: opts.simulated?.(i) ?? false, analysis: { mentioned: entities.map((e) => e.name), entities, citations } };
  });
}
async function commit(runId: string, answered: Answered[]) {
  const write = await scores.prepareRun(workspaceId, runId, answered);
  await ctx.database.db.transaction((tx) => write(tx as unknown as Db));
}

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'pooled');
  workspaceId = ((await ctx.database.executeSql(`select id from workspaces where slug = 'pooled'`)).rows[0] as { id: string }).id;
  scores = createScoresService({
    db: ctx.database.db, clock,
    workspaces: { getRow: async () => ({ displayName: 'Acme Analytics', competitors: [{ name: 'Globex' }, { name: 'Initech' }] }) } as never,
  });
});
afterAll(() => ctx.close());

describe('pooled snapshots, honest labels and significance on constructed data', () => {
  it('day 1: one run, a quarter of it simulated', async () => {
    await commit('run_d1', day(4, { simulated: (i) => i % 4 === 0 }));
    const score = (await get('/api/v1/workspaces/pooled/score')).json();
    expect(score).toMatchObject({ date: '2026-10-01', n: 40, prompts: 40, runs: 1, simulatedShare: 0.25, simulated: true, change: null });
    expect(score.components.visibility.value).toBe(10);
  });

  it('day 2: two runs that end together pool into one snapshot (n adds up); a large rise is significant', async () => {
    clock.set(new Date('2026-10-02T08:00:00Z'));
    // Both prepared before either commits, so both build their rows ahead from the same (empty)
    // day; the second commit must see the first's rows and pool over them, not write its own alone.
    const prepared = [await scores.prepareRun(workspaceId, 'run_d2a', day(36)), await scores.prepareRun(workspaceId, 'run_d2b', day(36))];
    await Promise.all(prepared.map((write) => ctx.database.db.transaction((tx) => write(tx as unknown as Db))));
    expect((await get('/api/v1/workspaces/pooled/score')).json()).toMatchObject({ date: '2026-10-02', n: 80, runs: 2 });
    await commit('run_d2a', day(36)); // a run pooled again changes nothing
    const score = (await get('/api/v1/workspaces/pooled/score')).json();
    expect(score).toMatchObject({ date: '2026-10-02', n: 80, prompts: 40, runs: 2, simulatedShare: 0, simulated: false });
    expect(score.sampleSizes.visibility).toMatchObject({ n: 80 });
    expect(score.components.visibility.value).toBe(90);
    expect(score.change).toMatchObject({ previousDate: '2026-10-01', significant: true });
    expect(score.change.delta).toBeGreaterThan(20);
    const day1 = (await get('/api/v1/workspaces/pooled/score?date=2026-10-01')).json();
    expect(score.interval[0]).toBeGreaterThan(day1.interval[1]);
    const metrics = (await get('/api/v1/workspaces/pooled/metrics')).json();
    expect(metrics.change.score.significant).toBe(true);
    expect(metrics.change.mentionRate).toMatchObject({ current: 90, previous: 10, significant: true });
  });

  it('day 3: a small move is not significant; the series carries each day’s flag and the range’s simulated share', async () => {
    clock.set(new Date('2026-10-03T08:00:00Z'));
    await commit('run_d3', day(34, { prompts: 40 }));
    const score = (await get('/api/v1/workspaces/pooled/score')).json();
    expect(score.change).toMatchObject({ previousDate: '2026-10-02', significant: false });
    const series = (await get('/api/v1/workspaces/pooled/timeseries?range=7d')).json();
    expect(series.points.map((p: { n: number }) => p.n)).toEqual([40, 80, 40]);
    expect(series.points.map((p: { change: { significant: boolean } | null }) => p.change?.significant ?? null)).toEqual([null, true, false]);
    expect(series).toMatchObject({ answers: 160, simulatedShare: 0.0625, simulated: true });
    const engine = (await get('/api/v1/workspaces/pooled/timeseries?range=7d&engine=chatgpt')).json();
    expect(engine.points.map((p: { runs: number }) => p.runs)).toEqual([1, 2, 1]);
    const board = (await get('/api/v1/workspaces/pooled/scoreboard')).json();
    expect(board).toMatchObject({ answers: 40, runs: 1, simulatedShare: 0, simulated: false });
  });
});
