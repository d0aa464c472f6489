import { afterAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { Database } from '../../lib/db.ts';
import { createTestApp, openTestDatabase, type TestContext } from '../../../test/helpers/app.ts';
import { createJobQueue, type JobQueue } from './jobs.queue.ts';
import { createTimers, type Timers } from './jobs.timers.ts';

// pg-boss's scheduler and singleton slots on the embedded database and on PostgreSQL: two
// "processes" (two queues with their timers on one database) run each due time once.

const log = pino({ level: 'silent' });
const until = async (check: () => Promise<boolean>, what: string, tries = 300) => {
  for (let i = 0; i < tries; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
};
const rows = async <T>(database: Database, sql: string) => (await database.executeSql(sql)).rows as T[];

describe('timers', () => {
  const cleanup: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const fn of cleanup.reverse()) await fn();
  });

  it('two processes run a cron timer once per minute and an every-N-seconds timer once per slot', async () => {
    const database = await openTestDatabase();
    cleanup.push(() => database.close());
    const runs = { cron: [] as number[], every: [] as number[] };
    const fleet: Array<{ queue: JobQueue; timers: Timers }> = [];
    for (let i = 0; i < 2; i++) {
      const queue = createJobQueue(database, log, ['t_cron', 't_every'], { cron: true });
      await queue.start();
      const timers = createTimers({ queue, log });
      // A cron of every minute is due at once: pg-boss's monitor sends it on its first pass.
      timers.declare({ name: 't_cron', cron: '* * * * *', run: async () => void runs.cron.push(Date.now()) });
      timers.declare({ name: 't_every', everySeconds: 1, run: async () => void runs.every.push(Date.now()) });
      fleet.push({ queue, timers });
    }
    cleanup.push(async () => {
      for (const { queue, timers } of fleet) {
        timers.stop();
        await queue.stop();
      }
    });
    await Promise.all(fleet.map(({ timers }) => timers.start()));
    await until(async () => runs.cron.length >= 1 && runs.every.length >= 3, 'both timers to run');
    for (const { timers } of fleet) timers.stop();

    // Every run came from one job, and pg-boss kept one job per minute (cron) or per slot (every).
    const perSlot = await rows<{ name: string; slot: string; jobs: number }>(database,
      "select name, singleton_on::text as slot, count(*)::int as jobs from pgboss.job where name in ('t_cron', 't_every') group by 1, 2");
    expect(perSlot.length).toBeGreaterThanOrEqual(4);
    expect(perSlot.filter((r) => r.jobs !== 1)).toEqual([]);
    const minutes = runs.cron.map((t) => Math.floor(t / 60_000));
    expect(new Set(minutes).size).toBe(minutes.length);
    const scheduled = await rows<{ name: string; cron: string; timezone: string }>(database, "select name, cron, timezone from pgboss.schedule where name = 't_cron'");
    expect(scheduled).toEqual([{ name: 't_cron', cron: '* * * * *', timezone: 'UTC' }]);
  });

  it('an on-the-minute timer: its job is created right after the minute, still one per minute with pg-boss’s cron', async () => {
    const database = await openTestDatabase();
    cleanup.push(() => database.close());
    const ran: number[] = [];
    const fleet: Array<{ queue: JobQueue; timers: Timers }> = [];
    for (let i = 0; i < 2; i++) {
      const queue = createJobQueue(database, log, ['t_minute'], { cron: true });
      await queue.start();
      const timers = createTimers({ queue, log });
      timers.declare({ name: 't_minute', cron: '* * * * *', onTheMinute: true, run: async () => void ran.push(Date.now()) });
      fleet.push({ queue, timers });
    }
    cleanup.push(async () => {
      for (const { queue, timers } of fleet) {
        timers.stop();
        await queue.stop();
      }
    });
    await Promise.all(fleet.map(({ timers }) => timers.start()));
    const nextMinute = Math.ceil(Date.now() / 60_000) * 60_000;
    await until(async () => ran.some((t) => t >= nextMinute), 'the next minute’s run', 800);
    for (const { timers } of fleet) timers.stop();
    const jobs = await rows<{ slot: string; jobs: number; first: string }>(database,
      "select singleton_on::text as slot, count(*)::int as jobs, min(created_on)::text as first from pgboss.job where name = 't_minute' group by 1 order by 1");
    expect(jobs.filter((j) => j.jobs !== 1)).toEqual([]);
    const next = jobs.find((j) => Date.parse(j.first) >= nextMinute);
    // Offered ~0.25 s after the minute; pg-boss's cron alone takes 1-4 s (monitor every 2 s, then its send-it worker).
    expect(Date.parse(next!.first) - nextMinute).toBeLessThan(1_000);
    expect(new Set(ran.map((t) => Math.floor(t / 60_000))).size).toBe(ran.length);
  }, 90_000);

  it('refuses a timer it cannot keep', () => {
    const timers = createTimers({ queue: {} as JobQueue, log });
    timers.declare({ name: 'a', cron: '* * * * *', run: async () => {} });
    expect(() => timers.declare({ name: 'a', cron: '0 * * * *', run: async () => {} })).toThrow(/twice/);
    expect(() => timers.declare({ name: 'b', everySeconds: 90, run: async () => {} })).toThrow(/cron expression/);
    expect(() => timers.declare({ name: 'c', cron: '0 * * * *', onTheMinute: true, run: async () => {} })).toThrow(/every-minute/);
  });

  it('an app started with timers (npm start, npm run worker) runs the sweeps and the schedules’ tick', async () => {
    const ctx: TestContext = await createTestApp({ timers: true });
    cleanup.push(() => ctx.close());
    const done = () => rows<{ name: string }>(ctx.database,
      "select distinct name from pgboss.job where name in ('jobs_sweep', 'maintenance_sweep', 'schedules_tick') and state = 'completed' order by name");
    await until(async () => (await done()).length === 3, 'the three timers to complete a job');
    expect((await done()).map((r) => r.name)).toEqual(['jobs_sweep', 'maintenance_sweep', 'schedules_tick']);
    const scheduled = await rows<{ name: string }>(ctx.database, 'select name from pgboss.schedule order by name');
    expect(scheduled.map((r) => r.name)).toEqual(expect.arrayContaining(['maintenance_sweep', 'schedules_tick']));
  });
});
