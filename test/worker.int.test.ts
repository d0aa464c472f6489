import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/config.ts';
import { manualClock } from '../src/lib/clock.ts';
import { createTestApp, createWorkspace, driver, signup, testConfig, type TestContext } from './helpers/app.ts';
import { postgresFromTemplate } from './helpers/databases.ts';
import { eq } from 'drizzle-orm';
import { jobs } from '../src/modules/jobs/jobs.tables.ts';

// A separate worker process (`npm run worker`) takes the run, and is killed with SIGKILL mid-run:
// the API's sweeper fails the run within the dead-worker window and settles what was used.

let ctx: TestContext | undefined;
let child: ChildProcess | undefined;
afterAll(async () => {
  child?.kill('SIGKILL');
  await ctx?.close();
});

describe.runIf(driver() === 'postgres')('a killed worker process', () => {
  it('leaves its run failed, with a line saying why, and its hold settled for the calls made', async () => {
    const database = await postgresFromTemplate();
    const clock = manualClock(new Date());
    const base = testConfig();
    ctx = await createTestApp({ clock, config: { ...base, pipeline: { ...base.pipeline, workers: 'off' } } as Config }, database);
    const { cookie } = await signup(ctx.app);
    await createWorkspace(ctx.app, cookie, 'killed', { activeSetSize: 300 });
    await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/killed/credits/top-up', headers: { cookie }, payload: { amountMicrousd: 50_000_000, idempotencyKey: 'k' } });
    const run = (await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/killed/runs', headers: { cookie }, payload: { preset: 'standard' } })).json();

    child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
      env: {
        ...process.env, GEO_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: database.url, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'geo-worker-')),
        GEO_SIMULATED_LATENCY_MS: '1500', SESSION_SECRET: 's'.repeat(40), KEY_HASH_SECRET: 'k'.repeat(40), CREDENTIALS_KEY: '07'.repeat(32),
      },
      stdio: 'ignore',
    });
    const get = async () => (await ctx!.app.inject({ url: `/api/v1/workspaces/killed/runs/${run.id}`, headers: { cookie } })).json();
    // The worker's pid is internal (not in the public view): read from the row.
    const pidOf = async () => (await database.db.select({ pid: jobs.pid }).from(jobs).where(eq(jobs.id, run.id)))[0]?.pid;
    let seen = await get();
    for (let i = 0; i < 300 && !((await pidOf()) === child.pid && seen.progress.completedCalls > 0); i++) {
      await new Promise((r) => setTimeout(r, 100));
      seen = await get();
    }
    expect(await pidOf()).toBe(child.pid);
    expect(seen.status).toBe('running');
    child.kill('SIGKILL');
    await new Promise((r) => child!.once('exit', r));

    // The child heartbeat in real time; the API's clock moves past the dead-worker window.
    clock.set(new Date(Date.now() + 31_000));
    expect(await ctx.app.maintenance.sweepJobs()).toBe(1);
    const failed = await get();
    expect(failed.status).toBe('failed');
    expect(failed.lastLines.at(-1)).toMatch(/its worker stopped heartbeating/);
    const balance = (await ctx.app.inject({ url: '/api/v1/workspaces/killed/credits/balance', headers: { cookie } })).json();
    expect(balance.heldMicrousd).toBe(0);
    const usage = (await ctx.app.inject({ url: '/api/v1/workspaces/killed/credits/usage', headers: { cookie } })).json();
    const op = usage.operations.find((o: { metadata: { jobId?: string } }) => o.metadata?.jobId === run.id);
    expect(op.status).toBe('settled');
    expect(op.settledMicrousd).toBe(op.leasedMicrousd);
    expect(op.leasedMicrousd).toBeGreaterThan(0);
    expect(op.leasedMicrousd).toBeLessThan(op.reservedMicrousd);
  }, 60_000);
});
