import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { manualClock } from '../../lib/clock.ts';
import type { Database } from '../../lib/db.ts';
import { activeKey, createTestApp, createWorkspace, driver, openTestDatabase, signup, testConfig, type TestContext } from '../../../test/helpers/app.ts';
import { ended, until } from '../../../test/helpers/wait.ts';

// Kept reads across processes (src/lib/reads-shared.ts): two services on one PostgreSQL
// database, as an API process and a worker are. The worker commits a run; the API, whose kept
// reads live ten minutes here (so that only the worker's message can drop them), shows it. On the
// embedded database there is one process and nothing to tell: the file runs on PostgreSQL only.

const onPostgres = driver() === 'postgres';
const clock = manualClock(new Date('2026-09-01T10:00:00Z'));
let database: Database;
let worker: TestContext;
let api: TestContext;
let cookie: string;
const ws = '/api/v1/workspaces/processes';
/** The API service's log lines. */
const apiLog: Array<{ level: number; msg: string }> = [];
const listenLines = () => apiLog.filter((l) => l.msg.startsWith('kept reads:')).map((l) => [l.level, l.msg]);

const get = async (path: string) => {
  const res = await api.app.inject({ url: `${ws}${path}`, headers: { cookie } });
  expect(res.statusCode, `${path}: ${res.body.slice(0, 200)}`).toBe(200);
  return res.json();
};
/** Sessions whose last statement was a LISTEN on the reads' channel: the processes listening. */
const listening = async () => Number((await database.executeSql(
  `select count(*)::int as n from pg_stat_activity where datname = current_database() and query = 'LISTEN "geo_reads"'`)).rows.map((r) => (r as { n: number }).n)[0]);

beforeAll(async () => {
  if (!onPostgres) return;
  database = await openTestDatabase();
  worker = await createTestApp({ clock }, database);
  // The API works no jobs: every run is committed by the other service.
  api = await createTestApp({ clock, readsTtlMs: 600_000, logger: pino({ level: 'info' }, { write: (line: string) => void apiLog.push(JSON.parse(line)) }), config: testConfig({ pipeline: { ...testConfig().pipeline, workers: 'off' } }) }, database);
  cookie = (await signup(api.app)).cookie;
  await createWorkspace(api.app, cookie, 'processes');
  await api.app.inject({ method: 'POST', url: `${ws}/credits/top-up`, headers: { cookie }, payload: { amountMicrousd: 100_000_000, idempotencyKey: 'processes' } });
  await until(listening, (n) => n === 2, 'both services listening');
}, 90_000);
afterAll(async () => {
  if (!onPostgres) return;
  await api.close();
  await worker.close();
  await database.close();
});

async function runToEnd() {
  const res = await api.app.inject({ method: 'POST', url: `${ws}/runs`, headers: { cookie }, payload: { preset: 'smoke' } });
  expect(res.statusCode, res.body).toBe(202);
  expect((await ended(() => get(`/runs/${res.json().id}`), 'the run')).status).toBe('succeeded');
}

describe.runIf(onPostgres)('kept reads of one process, a run committed by another', () => {
  it("shows the other process's commit in every kept read, though they would be kept ten minutes", { timeout: 180_000 }, async () => {
    await runToEnd();
    const paths = ['/score', '/scoreboard', '/timeseries?range=28d'];
    for (const path of paths) expect((await get(path)).runs ?? (await get(path)).points.at(-1).runs).toBe(1);
    const versions = async () => (await get('/model-versions?range=28d')).engines.reduce((n: number, e: { days: Array<{ answers: number }> }) => n + e.days.reduce((m, d) => m + d.answers, 0), 0);
    const before = await versions();
    await runToEnd();
    // The worker's message arrives within milliseconds of its commit; the read is asked again until then.
    for (const path of paths) await expect.poll(async () => { const b = await get(path); return b.runs ?? b.points.at(-1).runs; }, { timeout: 20_000 }).toBe(2);
    await expect.poll(versions, { timeout: 20_000 }).toBeGreaterThan(before);
  });

  it('a lost listening session drops what was kept and listens again; the next commit still shows', { timeout: 180_000 }, async () => {
    expect((await get('/score')).runs).toBe(2);
    // The server ends both services' listening sessions, as a restart or a network cut would.
    await database.executeSql(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'LISTEN "geo_reads"'`);
    await runToEnd();
    await expect.poll(async () => (await get('/score')).runs, { timeout: 20_000 }).toBe(3);
    await until(listening, (n) => n === 2, 'both services listening again');
    // The API said so: listening at start, the session lost (a warning), listening again.
    await expect.poll(listenLines, { timeout: 20_000 }).toEqual([
      [30, "kept reads: listening for the other processes' writes"],
      [40, 'kept reads: the listening session was lost; nothing kept is served until it listens again'],
      [30, "kept reads: listening for the other processes' writes"],
    ]);
  });

  it("refuses a key the other process revoked, though the API kept it", { timeout: 60_000 }, async () => {
    const key = await activeKey(api.app, cookie, 'processes', { scopes: ['metrics:read'] });
    const asKey = () => api.app.inject({ url: `${ws}/score`, headers: { authorization: `Bearer ${key.secret}` } });
    expect((await asKey()).statusCode).toBe(200);
    const revoked = await worker.app.inject({ method: 'POST', url: `${ws}/api-keys/${key.keyId}`, headers: { cookie }, payload: { action: 'revoke' } });
    expect(revoked.statusCode).toBe(200);
    await expect.poll(async () => (await asKey()).statusCode, { timeout: 20_000 }).toBe(401);
  });
});
