import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';
import { manualClock } from '../../lib/clock.ts';

// The competitor lines and model-version marks of the time series, read as a client would: the
// brand and its competitors day by day with the very figures of each day's scoreboard, and the
// model versions the (simulated) providers named with their answers.

const clock = manualClock(new Date('2026-11-20T09:00:00Z'));
let ctx: TestContext;
let cookie: string;
const get = (path: string) => ctx.app.inject({ method: 'GET', url: `/api/v1/workspaces/series${path}`, headers: { cookie } });

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'series');
}, 60_000);
afterAll(() => ctx.close());

async function measure(day: string) {
  clock.set(new Date(`${day}T09:00:00Z`));
  const run = await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/series/runs', headers: { cookie }, payload: { preset: 'smoke', idempotencyKey: day } });
  expect(run.statusCode, run.body).toBe(202);
  for (let status = 'running'; status === 'running';) {
    await new Promise((r) => setTimeout(r, 25)); // a poll of the run's status, as a client does
    status = (await get(`/runs/${run.json().id}`)).json().status;
  }
}

describe('entity time series and model versions', { timeout: 120_000 }, () => {
  it('before any measurement: 404 for the series, no versions; a bad range is 400', async () => {
    expect((await get('/timeseries/entities')).json().error.code).toBe('score_not_available');
    expect((await get('/model-versions')).json()).toMatchObject({ engines: [], changes: [] });
    expect((await get('/timeseries/entities?range=90d')).statusCode).toBe(400);
    expect((await get('/model-versions?range=1y')).statusCode).toBe(400);
  });

  it('the brand and each competitor day by day, as each day\'s scoreboard has them', async () => {
    await measure('2026-11-20');
    await measure('2026-11-21');
    const res = await get('/timeseries/entities?range=7d');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ engine: 'composite', range: '7d', from: '2026-11-15', to: '2026-11-21', simulated: true });
    expect(body.entities[0].kind).toBe('brand');
    const board = (await get('/scoreboard')).json();
    expect(body.entities).toHaveLength(board.entities.length);
    for (const e of board.entities) {
      const series = body.entities.find((s: { entityId: string }) => s.entityId === e.entityId);
      expect(series.points.map((p: { date: string }) => p.date)).toEqual(['2026-11-20', '2026-11-21']);
      expect(series.points.at(-1)).toMatchObject({ visibility: e.visibility, shareOfVoice: e.shareOfVoice, n: board.answers });
    }
  });

  it('names each engine\'s model versions per day, with no change while they stay the same', async () => {
    const res = await get('/model-versions?range=7d');
    expect(res.statusCode, res.body).toBe(200);
    const chatgpt = res.json().engines.find((e: { engine: string }) => e.engine === 'chatgpt');
    expect(chatgpt.days.map((d: { date: string; versions: string[] }) => [d.date, d.versions])).toEqual([['2026-11-20', ['simulated-chatgpt-1']], ['2026-11-21', ['simulated-chatgpt-1']]]);
    expect(res.json().changes).toEqual([]);
  });
});
