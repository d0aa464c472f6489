// Scheduler benchmark: 500 workspaces whose schedules are due at the same minute.
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/schedules.bench.ts
// The app runs its real timers (pg-boss's cron monitor → the `schedules_tick` job) on the real
// clock; measured: from the due time until all 500 runs are started (rows `running` in `jobs`).
// Target: under 10 s on PostgreSQL. Baseline in the same run: the same 500 runs started directly
// with `POST …/runs` (as many at a time as the tick), which is the floor the tick adds its
// scheduling latency (pg-boss's cron monitor and pollers) and its bookkeeping to.
import os from 'node:os';
import pLimit from 'p-limit';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/lib/db.ts';
import { freshDatabase } from './fresh-database.ts';
import { TICK_CONCURRENCY } from '../src/modules/schedules/schedules.service.ts';

const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const WORKSPACES = Number(process.env.BENCH_WORKSPACES ?? 500);

/** Uses the shared fresh database (bench/fresh-database.ts), warning when it falls back to PGlite. */
async function scratchDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  if (!url) console.warn('BENCH_DATABASE_URL not set: measuring on PGlite (the target is for PostgreSQL)');
  return freshDatabase(url, 20);
}

// Runs started since the due time, whatever their status since.
const startedSince = async (database: Database, since: Date) =>
  Number(((await database.executeSql('select count(*)::int as n from jobs where started_at >= $1', [since])).rows[0] as { n: number }).n);

async function main() {
  const { database, drop } = await scratchDatabase();
  await database.migrate();
  const base = loadConfig({ GEO_ENV: 'test', DATA_DIR: '/tmp/geo-bench', LOG_LEVEL: 'silent', AUTH_RATE_LIMIT: '100000' });
  // Workers off: the runs are started, not worked (the benchmark measures starting them); the cap
  // of concurrent jobs is raised above the 500 so that none is refused.
  const config = { ...base, pipeline: { ...base.pipeline, workers: 'off' as const, maxJobs: WORKSPACES + 10 } };
  const app = await buildApp({ config, database, logger: false, timers: true });
  try {
    const signup = await app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: { email: 'bench@example.com', password: 'bench password 1' } });
    const cookie = `geo.session=${signup.cookies.find((c) => c.name === 'geo.session')!.value}`;
    const call = async (method: 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) => {
      const res = await app.inject({ method, url: `/api/v1/workspaces${path}`, headers: { cookie }, ...(payload ? { payload } : {}) });
      if (res.statusCode >= 300 && res.statusCode !== 204) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
      return res.json?.() as { id: string };
    };
    // Workers are off, so nothing heartbeats the started runs: this stands in for their workers,
    // or the app's dead-worker sweep would fail them 30 s on and compete with what is measured.
    const beat = setInterval(() => void database.executeSql("update jobs set heartbeat_at = now() where status = 'running'").catch(() => {}), 5_000);
    const slugs = Array.from({ length: WORKSPACES }, (_, i) => `bench-${i}`);
    const setup = pLimit(8);
    const t0 = performance.now();
    await Promise.all(slugs.map((slug) => setup(async () => {
      await call('POST', '', {
        brand: slug, displayName: 'Bench Co', domains: [`${slug}.com`], languages: ['en'], regions: ['us'], competitors: [{ name: 'Globex', domains: ['globex.com'], aliases: ['Globex Corp'], ambiguous: false }, { name: 'Initech', domains: ['initech.io'], aliases: ['Initech Inc'], ambiguous: false }],
        gscProperty: `sc-domain:${slug}.com`, ga4Property: '123456',
        activeSetSize: 20, complianceProfile: 'none', quotas: { discovery: 0.5, problem_solution: 0.1, use_case: 0.1, comparison: 0.1, expert: 0.1, brand_research: 0.1 },
      });
      await call('POST', `/${slug}/credits/top-up`, { amountMicrousd: 100_000_000, idempotencyKey: 'bench' });
    })));
    console.log(`setup: ${WORKSPACES} workspaces in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    // Baseline: the same runs started directly, as many at a time as the tick starts them.
    const direct = pLimit(TICK_CONCURRENCY);
    const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
    const b0 = performance.now();
    const bCpu = cpu();
    const started = await Promise.all(slugs.map((slug) => direct(() => call('POST', `/${slug}/runs`, { preset: 'smoke' }))));
    const baselineMs = performance.now() - b0;
    const baselineCpuMs = cpu() - bCpu;
    // Cancelled (or already failed by the dead-worker sweep) so that each workspace may start again.
    await Promise.all(slugs.map((slug, i) => setup(() => call('DELETE', `/${slug}/runs/${started[i]!.id}`).catch((err: Error) => {
      if (!/409/.test(err.message)) throw err;
    }))));

    // Schedules due at the next minute that leaves time to set them all (UTC, once a day).
    const due = new Date(Math.ceil((Date.now() + 20_000) / 60_000) * 60_000);
    const cron = `${due.getUTCMinutes()} ${due.getUTCHours()} * * *`;
    await Promise.all(slugs.map((slug) => setup(() => call('PUT', `/${slug}/schedule`, { cron, timeZone: 'UTC', preset: 'smoke' }))));
    console.log(`schedules set (${cron} UTC); waiting for ${due.toISOString()}`);
    await new Promise((r) => setTimeout(r, Math.max(0, due.getTime() - Date.now())));
    const sCpu = cpu();
    while ((await startedSince(database, due)) < WORKSPACES) {
      if (Date.now() > due.getTime() + 90_000) throw new Error(`only ${await startedSince(database, due)} runs started 90 s after the due time`);
      // Every 100 ms: a count every 20 ms (~2,000 over the phase) took CPU from what it measures on 2 cores.
      await new Promise((r) => setTimeout(r, 100));
    }
    const scheduledMs = Date.now() - due.getTime();
    const scheduledCpuMs = cpu() - sCpu;
    const first = (await database.executeSql('select min(started_at) as t from jobs where started_at >= $1', [due])).rows[0] as { t: Date | string };
    const pickupMs = new Date(first.t).getTime() - due.getTime();
    const skipped = Number(((await database.executeSql("select count(*)::int as n from schedule_runs where status = 'skipped'")).rows[0] as { n: number }).n);

    console.log(`baseline: ${WORKSPACES} runs started directly in ${(baselineMs / 1000).toFixed(2)} s`);
    console.log(`scheduled: due time → all ${WORKSPACES} runs started in ${(scheduledMs / 1000).toFixed(2)} s (first run ${(pickupMs / 1000).toFixed(2)} s after the due time; ${skipped} skipped)`);
    console.log(`this process's CPU time: baseline ${(baselineCpuMs / 1000).toFixed(2)} s, scheduled ${(scheduledCpuMs / 1000).toFixed(2)} s (ratio ${(scheduledCpuMs / baselineCpuMs).toFixed(2)}); load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`);
    console.log(`ratio scheduled / baseline: ${(scheduledMs / baselineMs).toFixed(2)}; target < 10 s: ${scheduledMs < 10_000 ? 'met' : 'NOT met'} (${(scheduledMs / 10_000).toFixed(2)} of it)`);
    clearInterval(beat);
  } finally {
    await app.close();
    await drop();
  }
}

await main();
