// Measurement pipeline benchmark (issue: measurement runs).
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/runs.bench.ts
// Besides the wall time it prints this process's CPU per run (steadier on a shared machine).
// 1. Throughput: `standard` runs (600 calls each) with zero-latency simulated engines, end to end
//    (queue, leases, analysis, batched inserts, settlement). Target: 2,000 calls/s on PostgreSQL.
//    Baseline in the same run: the analysis alone over the same answers (the pure CPU floor).
// 2. Latency: the same run with GEO_SIMULATED_LATENCY_MS=200. Ideal = ceil(calls per engine /
//    engine concurrency) × 200 ms. Target: wall time within 1.1× of the ideal.
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/lib/db.ts';
import { freshDatabase } from './fresh-database.ts';
import { analyzeAnswer } from '../src/modules/analysis/analyze.fns.ts';
import { simulatedAnswer } from '../src/modules/engines/simulated.fns.ts';
import { SIMULATED_CONCURRENCY } from '../src/modules/engines/engines.service.ts';
import { profileFromWorkspace } from '../src/modules/analysis/profile.fns.ts';

const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
// Runs made first and not counted: the first compiles the code paths (JIT), so CPU per run is the steady state's.
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);

/** Uses the shared fresh database (bench/fresh-database.ts), warning when it falls back to PGlite. */
async function benchDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  if (!url) console.warn('BENCH_DATABASE_URL not set: measuring on PGlite (the targets are for PostgreSQL)');
  return freshDatabase(url, 20);
}

const workspace = {
  brand: 'benchco', displayName: 'Bench Co', domains: ['benchco.com'], languages: ['en', 'es'], regions: ['us'],
  competitors: Array.from({ length: 12 }, (_, i) => ({ name: `Rival ${String.fromCharCode(65 + i)}`, domains: [`rival${i}.com`], aliases: [`R${i} Corp`], ambiguous: false })),
  gscProperty: 'sc-domain:benchco.com', ga4Property: '123456', activeSetSize: 300, complianceProfile: 'none',
  quotas: { discovery: 0.2, problem_solution: 0.2, use_case: 0.2, comparison: 0.2, expert: 0.1, brand_research: 0.1 },
};

async function timeRun(latencyMs: number, runs: number, warmup = 0) {
  const { database, drop } = await benchDatabase();
  await database.migrate();
  const base = loadConfig({ GEO_ENV: 'test', DATA_DIR: '/tmp/geo-bench', LOG_LEVEL: 'silent', AUTH_RATE_LIMIT: '100000' });
  const config = { ...base, pipeline: { ...base.pipeline, simulatedLatencyMs: latencyMs } };
  const app = await buildApp({ config, database, logger: false });
  try {
    const signup = await app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: { email: 'bench@example.com', password: 'bench password 1' } });
    const cookie = `geo.session=${signup.cookies.find((c) => c.name === 'geo.session')!.value}`;
    await app.inject({ method: 'POST', url: '/api/v1/workspaces', headers: { cookie }, payload: workspace });
    await app.inject({ method: 'POST', url: '/api/v1/workspaces/benchco/credits/top-up', headers: { cookie }, payload: { amountMicrousd: 500_000_000, idempotencyKey: 'bench' } });
    // The end of a run, as the service announces it in-process (the run's event, delivered once its
    // transaction committed): polling the jobs table every few ms would put the watcher's queries on
    // the very event loop being measured.
    const endedRuns = new Set<string>();
    const waiting = new Map<string, () => void>();
    app.events.subscribe((event) => {
      if (event.type !== 'run.succeeded' && event.type !== 'run.failed') return;
      const id = (event.data as { runId: string }).runId;
      endedRuns.add(id);
      waiting.get(id)?.();
    });
    const times: number[] = [];
    let calls = 0;
    let cpu = process.cpuUsage();
    for (let i = -warmup; i < runs; i++) {
      if (i === 0) cpu = process.cpuUsage();
      const started = performance.now();
      const run = (await app.inject({ method: 'POST', url: '/api/v1/workspaces/benchco/runs', headers: { cookie }, payload: { preset: 'standard' } })).json();
      if (!endedRuns.has(run.id)) await new Promise<void>((resolve) => waiting.set(run.id, resolve));
      const ended = performance.now();
      const status = (await app.inject({ url: `/api/v1/workspaces/benchco/runs/${run.id}`, headers: { cookie } })).json();
      if (status.status !== 'succeeded') throw new Error(`run ${status.status}: ${status.lastLines.join(' | ')}`);
      if (i >= 0) times.push(ended - started);
      calls = status.progress.totalCalls;
    }
    const used = process.cpuUsage(cpu);
    return { times, calls, perEngine: calls / 5, cpuMsPerRun: (used.user + used.system) / 1000 / runs };
  } finally {
    await app.close();
    await drop();
  }
}

function analysisBaseline(calls: number) {
  const profile = profileFromWorkspace(workspace);
  const answers = Array.from({ length: calls }, (_, i) => simulatedAnswer('chatgpt', { text: `prompt ${i}`, language: 'en' }, '2026-01-01', profile));
  const started = performance.now();
  for (const a of answers) analyzeAnswer(profile, a.text, a.sources);
  return (calls / (performance.now() - started)) * 1000;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const fast = await timeRun(0, RUNS, WARMUP);
const throughput = (fast.calls / median(fast.times)) * 1000;
const floor = analysisBaseline(fast.calls);
console.log(`throughput: ${throughput.toFixed(0)} calls/s end to end (median of ${RUNS} standard runs of ${fast.calls} calls after ${WARMUP} not counted); this process's CPU ${fast.cpuMsPerRun.toFixed(0)} ms per run (mean)`);
console.log(`  baseline (analysis alone, same answers): ${floor.toFixed(0)} calls/s; pipeline/analysis ratio ${(throughput / floor).toFixed(3)}`);
console.log(`  target 2,000 calls/s: ratio ${(throughput / 2000).toFixed(2)} ${throughput >= 2000 ? '(met)' : '(NOT met)'}`);

const slow = await timeRun(200, 2);
const ideal = Math.ceil(slow.perEngine / SIMULATED_CONCURRENCY) * 200;
const wall = median(slow.times);
console.log(`latency: ${wall.toFixed(0)} ms wall for ${slow.calls} calls at 200 ms each; ideal ${ideal} ms (ceil(${slow.perEngine}/${SIMULATED_CONCURRENCY}) × 200)`);
console.log(`  wall/ideal ratio ${(wall / ideal).toFixed(3)} (target ≤ 1.1) ${wall / ideal <= 1.1 ? '(met)' : '(NOT met)'}`);
process.exit(0);
