import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { manualClock } from '../../lib/clock.ts';
import type { Database } from '../../lib/db.ts';
import { createTestApp, createWorkspace, openTestDatabase, signup, withRestarted, type TestContext } from '../../../test/helpers/app.ts';
import { jobWhenDone } from '../../../test/helpers/fixture-site.ts';
import { answerDays, answerTraces } from './sources.tables.ts';
import { insertTraces } from './traces.repo.ts';

// The finished days' summaries behind the stamps (answer-days.repo.ts): a stamp read from them is
// the stamp read from the traces, to the field; a trace written into a finished day afterwards
// counts. Each reading is made by a new service on the same database (a restart), so that no
// stamp kept in memory answers in its place.

const DAY = 86_400_000;
const clock = manualClock(new Date('2026-10-01T10:00:00Z'));
let database: Database;
const services: TestContext[] = [];
let cookie: string;

/** A new service on the database, as after a restart. */
const restarted = async () => {
  const ctx = await createTestApp({ clock }, database);
  services.push(ctx);
  return ctx;
};
/** A new service for `use`, closed after it. */
const restartedFor = <T>(use: (ctx: TestContext) => Promise<T>) => withRestarted({ clock }, database, use);
const stampOf = async (ctx: TestContext, path: string) => {
  const res = await ctx.app.inject({ url: `/api/v1/workspaces/days/${path}`, headers: { cookie } });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const body = res.json();
  return body.stamp ?? body;
};
const days = async () => (await database.db.select({ day: answerDays.day, cells: answerDays.cells }).from(answerDays)).sort((a, b) => a.day.localeCompare(b.day));

beforeAll(async () => {
  database = await openTestDatabase();
  const first = await restarted();
  cookie = (await signup(first.app)).cookie;
  await createWorkspace(first.app, cookie, 'days');
  for (let i = 0; i < 2; i++) {
    if (i) clock.advance(DAY);
    const run = await first.app.inject({ method: 'POST', url: '/api/v1/workspaces/days/runs', headers: { cookie }, payload: { preset: 'smoke' } });
    expect((await jobWhenDone(first.app, 'days', run.json().id, { cookie })).status).toBe('succeeded');
  }
}, 120_000);
afterAll(async () => {
  for (const s of services) await s.app.close();
  await database.close();
});

describe('stamps over finished days', () => {
  const paths = ['methodology?date=2026-10-02', 'methodology?date=2026-10-02&engine=claude', 'timeseries?range=28d', 'timeseries?range=28d&engine=google-aio'];

  it('are the stamps the traces gave, read from the summaries once the days have finished', { timeout: 120_000 }, async () => {
    const live = await restarted();
    const fromTraces = await Promise.all(paths.map((p) => stampOf(live, p)));
    const versions = async (ctx: TestContext) => (await stampOf(ctx, 'model-versions?range=28d')).engines;
    const versionsFromTraces = await versions(live);
    expect(versionsFromTraces).toHaveLength(5);
    expect(fromTraces[0]).toMatchObject({ runDays: 2, answers: expect.any(Number) });
    // On the 2nd, 1 and 2 October are not finished: read from the traces, not summarized.
    expect(await days()).toEqual([]);

    clock.advance(5 * DAY);
    // The ranges now end on 7 October: the day stamps are compared as they were, the series' by their answers.
    const summarizing = await Promise.all(paths.map((p) => restartedFor((ctx) => stampOf(ctx, p))));
    const written = await days();
    expect(written.find((d) => d.day === '2026-10-01')!.cells.length).toBeGreaterThan(0);
    expect(written.find((d) => d.day === '2026-10-04')!.cells).toEqual([]); // a finished day without answers is summarized too
    expect(written[0]!.day).toBe('2026-10-01'); // none before the first answer
    expect(written.some((d) => d.day >= '2026-10-06')).toBe(false); // yesterday and today are read from the traces
    const fromSummaries = await Promise.all(paths.map((p) => restartedFor((ctx) => stampOf(ctx, p))));
    expect(await restartedFor(versions)).toEqual(versionsFromTraces);
    for (const i of [0, 1]) {
      expect(summarizing[i]).toEqual(fromTraces[i]);
      expect(fromSummaries[i]).toEqual(fromTraces[i]);
    }
    for (const i of [2, 3]) {
      expect(fromSummaries[i]).toEqual(summarizing[i]);
      expect(fromSummaries[i]).toMatchObject({ answers: fromTraces[i].answers, engines: fromTraces[i].engines, samplesPerPrompt: fromTraces[i].samplesPerPrompt, intentCoverage: fromTraces[i].intentCoverage });
    }
  });

  it('count a trace written into a finished day afterwards', { timeout: 60_000 }, async () => {
    const before = await restartedFor((ctx) => stampOf(ctx, paths[0]!));
    const [late] = await database.db.select().from(answerTraces).where(eq(answerTraces.engine, 'claude')).limit(1);
    await insertTraces(database.db, [{ ...late!, resultId: 'res_late', createdAt: new Date('2026-10-02T23:00:00Z') }]);
    expect((await days()).map((d) => d.day)).not.toContain('2026-10-02');
    const after = await restartedFor((ctx) => stampOf(ctx, paths[0]!));
    expect(after.answers).toBe(before.answers + 1);
    expect((await days()).map((d) => d.day)).toContain('2026-10-02');
  });
});
