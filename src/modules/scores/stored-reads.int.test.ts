import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { manualClock } from '../../lib/clock.ts';
import type { Database } from '../../lib/db.ts';
import { createTestApp, createWorkspace, openTestDatabase, signup, testConfig, withRestarted, type TestContext } from '../../../test/helpers/app.ts';
import { until } from '../../../test/helpers/wait.ts';
import { jobWhenDone } from '../../../test/helpers/fixture-site.ts';
import { answerTraces } from '../sources/sources.tables.ts';
import { insertTraces } from '../sources/traces.repo.ts';
import { engineChanges } from '../canaries/canaries.tables.ts';
import { prompts } from '../prompts/prompts.tables.ts';
import { storedReads } from './scores.tables.ts';
import { createStoredReads } from './stored-reads.ts';

// The slow figures stored in the database (stored-reads.ts): a service that starts serves what
// another computed while nothing they are computed from has changed, and never after a write that
// changes them. Each reading is made by a new service on the same database (a restart), so that
// nothing kept in memory answers in its place. To tell a stored body from a computed one, the
// stored bodies are overwritten with a marker after they are stored: a reading that shows the
// marker was served from the store.

const DAY = 86_400_000;
const clock = manualClock(new Date('2026-10-01T10:00:00Z'));
let database: Database;
const services: TestContext[] = [];
let cookie: string;
/** The service that made the workspace: writes go through it. */
let first: TestContext;
const ws = '/api/v1/workspaces/stored';
const MARKER = '{"marker":true}';
/** The overview's slow reads whose stored body is served as it is. */
const BODIES = ['/timeseries?range=28d', '/timeseries?range=28d&engine=claude', '/timeseries/engines?range=28d', '/timeseries/entities?range=28d', '/scoreboard'];

const restarted = async () => {
  const ctx = await createTestApp({ clock }, database);
  services.push(ctx);
  return ctx;
};
/** A new service for `use`, closed after it. */
const restartedFor = <T>(use: (ctx: TestContext) => Promise<T>) => withRestarted({ clock }, database, use);
const read = async (ctx: TestContext, path: string) => {
  const res = await ctx.app.inject({ url: `${ws}${path}`, headers: { cookie } });
  expect(res.statusCode, `${path}: ${res.body.slice(0, 300)}`).toBe(200);
  return res.body;
};
/** Overwrites the stored bodies (each read stored them as it computed them) with the marker. */
async function mark() {
  const marked = await database.db.update(storedReads).set({ body: MARKER }).where(eq(storedReads.kind, 'text')).returning({ key: storedReads.key });
  expect(marked.length).toBeGreaterThanOrEqual(BODIES.length);
}
/** What a new service answers for each body (storing what it computes): the marker where it served the store. */
const servedFromStore = () => restartedFor((ctx) => Promise.all(BODIES.map(async (path) => (await read(ctx, path)) === MARKER)));
async function runToEnd(app: TestContext['app']) {
  const run = await app.inject({ method: 'POST', url: `${ws}/runs`, headers: { cookie }, payload: { preset: 'smoke' } });
  expect(run.statusCode, run.body).toBe(202);
  expect((await jobWhenDone(app, 'stored', run.json().id, { cookie })).status).toBe('succeeded');
}

beforeAll(async () => {
  database = await openTestDatabase();
  first = await restarted();
  cookie = (await signup(first.app)).cookie;
  await createWorkspace(first.app, cookie, 'stored');
  await runToEnd(first.app);
}, 180_000);
afterAll(async () => {
  for (const s of services) await s.app.close();
  await database.close();
});

describe('stored figures', () => {
  it('are served by a service that starts while nothing they are made of has changed', { timeout: 60_000 }, async () => {
    const computed = await restartedFor((ctx) => Promise.all(BODIES.map((path) => read(ctx, path))));
    // The same bytes as the service that computed them.
    expect(await restartedFor((ctx) => Promise.all(BODIES.map((path) => read(ctx, path))))).toEqual(computed);
    await mark();
    expect(await servedFromStore()).toEqual(BODIES.map(() => true));
  });

  // Each write that changes what the figures are computed from: none is followed by a stored figure.
  const writes: Array<[string, () => Promise<unknown>]> = [
    ['a competitor renamed', async () => {
      const res = await first.app.inject({ method: 'PUT', url: `${ws}/competitors`, headers: { cookie }, payload: { index: 0, name: 'Globex Renamed', domains: ['globex.com'], aliases: ['Globex Corp'] } });
      expect(res.statusCode, res.body).toBe(200);
    }],
    ['a prompt\'s intent edited', () => database.db.execute(sql`update ${prompts} set intent = case when intent = 'expert' then 'discovery' else 'expert' end where ${prompts.id} = (select id from prompts order by id limit 1)`)],
    ['answers written (a batch of traces)', async () => {
      const [one] = await database.db.select().from(answerTraces).limit(1);
      await insertTraces(database.db, [{ ...one!, resultId: 'res_new_batch', createdAt: clock.now() }]);
    }],
    ['an answer written into a finished day', async () => {
      const [one] = await database.db.select().from(answerTraces).limit(1);
      await insertTraces(database.db, [{ ...one!, resultId: 'res_late', createdAt: new Date(clock.now().getTime() - 3 * DAY) }]);
    }],
    ['an engine change flagged by the canaries', () => database.db.insert(engineChanges).values({ engine: 'claude', day: '2026-09-30', reasons: [], simulated: true, createdAt: clock.now() })],
    ['a run committed', () => runToEnd(first.app)],
  ];
  for (const [what, write] of writes) {
    it(`are computed again after ${what}`, { timeout: 180_000 }, async () => {
      await mark();
      await write();
      expect(await servedFromStore()).toEqual(BODIES.map(() => false));
    });
  }

  it('are made from the data their mark describes, never from a memory bounded only by time', { timeout: 60_000 }, async () => {
    await restartedFor(async (service) => {
      // The score's stamp, kept in this service's memory, which no edit of a prompt drops (it lives 60 s).
      await read(service, '/methodology');
      await database.db.execute(sql`update ${prompts} set intent = case when intent = 'expert' then 'discovery' else 'expert' end`);
      // The scoreboard carries the same stamp; not in memory, it is made and stored now.
      await read(service, '/scoreboard');
    });
    const stored = JSON.parse(await restartedFor((ctx) => read(ctx, '/scoreboard'))).stamp;
    await database.db.delete(storedReads);
    const made = JSON.parse(await restartedFor((ctx) => read(ctx, '/scoreboard'))).stamp;
    expect(stored).toEqual(made);
  });

  it('computed while a write commits are stored under the older mark, and never served', { timeout: 60_000 }, async () => {
    const { id } = (await database.executeSql(`select id from workspaces where slug = 'stored'`)).rows[0] as { id: string };
    const stored = createStoredReads({ db: database.db, clock, marks: [] });
    const key = `race|${Date.now()}`;
    // The figure is computed from the snapshots as they were; a commit lands before it is stored.
    const old = await stored.through(id, key, async () => {
      await database.db.execute(sql`update score_snapshots set answers = answers where workspace_id = ${id}`);
      return 'computed before the commit';
    });
    expect(old).toBe('computed before the commit');
    expect(await stored.through(id, key, async () => 'computed after it')).toBe('computed after it');
    // And kept from then on, while nothing changes.
    expect(await stored.through(id, key, async () => 'not asked')).toBe('computed after it');
  });

  it('of the overview are made and stored as a run commits (GEO_FIGURES_AFTER_RUN), and served without computing', { timeout: 180_000 }, async () => {
    const overview = ['/timeseries/engines?range=28d', '/timeseries/entities?range=28d', '/scoreboard'];
    const keys = ['|body|series-engines|28d|', '|body|entities|composite|28d|', '|body|scoreboard|', 'stamp|day|'];
    // The only service working jobs: the run's end, and what follows it, happen in it.
    await first.close();
    services.splice(services.indexOf(first), 1);
    await withRestarted({ clock, config: testConfig({ figuresAfterRun: true }) }, database, async (service) => {
      await database.db.delete(storedReads);
      await runToEnd(service.app);
      // Made in the background once the run has ended: waited for, then told from a read's by the marker.
      await until(async () => (await database.db.select({ key: storedReads.key }).from(storedReads)).map((r) => r.key),
        (stored) => keys.every((k) => stored.some((key) => key.includes(k))), 'the overview\'s figures and the score\'s stamp stored');
    });
    await mark();
    expect(await restartedFor((ctx) => Promise.all(overview.map(async (path) => (await read(ctx, path)) === MARKER)))).toEqual(overview.map(() => true));
  });

  it('not made again for two days are dropped when the workspace stores another', { timeout: 60_000 }, async () => {
    const { id } = (await database.executeSql(`select id from workspaces where slug = 'stored'`)).rows[0] as { id: string };
    const later = manualClock(new Date(clock.now().getTime() + 10 * DAY));
    const stored = createStoredReads({ db: database.db, clock: later, marks: [] });
    const keys = async () => (await database.db.select({ key: storedReads.key }).from(storedReads).where(eq(storedReads.workspaceId, id))).map((r) => r.key);
    await stored.through(id, 'old', async () => 'three days old');
    later.advance(2 * DAY);
    await stored.through(id, 'recent', async () => 'a day old');
    later.advance(DAY);
    await stored.through(id, 'new', async () => 'made today');
    expect((await keys()).filter((k) => ['old', 'recent', 'new'].includes(k)).sort()).toEqual(['new', 'recent']);
  });
});
