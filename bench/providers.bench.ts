// Real engines at their limits, against the provider emulator (test/emulator).
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/providers.bench.ts
// Two worker processes (`src/worker.ts`) share one PostgreSQL database; this process is the API
// (workers off) and the emulator. 20 standard runs are queued at once on 20 workspaces of
// BENCH_PROMPTS prompts each, every engine real (a key per provider), against 600 RPM per
// provider key with 5% injected 429s (Retry-After 1 s) and 1% 5xx. Measured: wall time from the
// first start to the last end against the rate-bound ideal (the most-called provider's calls ÷
// its limit), failed calls, and the emulator's own counts (limit violations must be 0).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { freshDatabase } from './fresh-database.ts';
import { startEmulator, EMULATED_PROVIDERS } from '../test/emulator/emulator.ts';

const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!url) throw new Error('providers.bench needs BENCH_DATABASE_URL (two worker processes share PostgreSQL)');
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
// 50 prompts a run: a standard run asks up to 120 per engine (GEO_STANDARD_ENGINE_CAP); with 15 the
// ideal was 30 s, of which the fixed head (20 runs started, taken by workers: ~1 s) and tail
// alone were 4-5 %, beside the 6-10 % of requests that the injected faults take from the key's rate.
const PROMPTS = Number(process.env.BENCH_PROMPTS ?? 50);
const RPM = 600;

const emulator = await startEmulator({
  limits: Object.fromEntries(EMULATED_PROVIDERS.map((p) => [p, { rpm: RPM, burstMs: 1_000 }])),
  latency: { medianMs: 150, sigma: 0.4 },
  faults: { rate429: 0.05, rate5xx: 0.01, retryAfterS: 1 },
  seed: 26,
});
const { database, drop } = await freshDatabase(url, 10);
await database.migrate();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'geo-providers-bench-'));
const env: Record<string, string> = {
  GEO_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'info', AUTH_RATE_LIMIT: '100000', GEO_MAX_PIPELINE_JOBS: '32',
  OPENAI_API_KEY: 'sk-bench', ANTHROPIC_API_KEY: 'sk-ant-bench', GOOGLE_GENERATIVE_AI_API_KEY: 'g-bench', PERPLEXITY_API_KEY: 'pplx-bench', SERPAPI_API_KEY: 'serp-bench',
  GEO_PROVIDER_LIMITS: JSON.stringify(Object.fromEntries(EMULATED_PROVIDERS.map((p) => [p, { rpm: RPM, concurrency: 16 }]))),
  ...emulator.env(),
};
const dbUrl = await databaseUrlOf();
async function databaseUrlOf() {
  // freshDatabase names the database; read it back from the server.
  const [row] = (await database.executeSql('select current_database() as name')).rows as Array<{ name: string }>;
  const u = new URL(url!);
  u.pathname = `/${row!.name}`;
  return u.toString();
}

const config = loadConfig({ ...env, DATABASE_URL: dbUrl, LOG_LEVEL: 'silent' });
const app = await buildApp({ config: { ...config, pipeline: { ...config.pipeline, workers: 'off' } }, database, logger: false });

function startWorker(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], { env: { ...process.env, ...env, DATABASE_URL: dbUrl }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('worker started')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
  });
}
const workers = await Promise.all([startWorker(), startWorker()]);
// A failure below must not leave the worker processes running.
process.once('exit', () => workers.forEach((w) => w.kill('SIGTERM')));

const signup = await app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: { email: 'bench@example.com', password: 'bench password 1' } });
const cookie = `geo.session=${signup.cookies.find((c) => c.name === 'geo.session')!.value}`;
const slugs: string[] = [];
for (let w = 0; w < RUNS; w++) {
  const slug = `bench${w}`;
  const created = await app.inject({ method: 'POST', url: '/api/v1/workspaces', headers: { cookie }, payload: {
    brand: slug, displayName: `Bench ${w}`, domains: [`${slug}.com`], languages: ['en'], regions: ['us'],
    competitors: ['Rival A', 'Rival B'].map((name, i) => ({ name, domains: [`rival${i}.com`], aliases: [`${name} Inc`], ambiguous: false })),
    gscProperty: `sc-domain:${slug}.com`, ga4Property: '123456', activeSetSize: 50, complianceProfile: 'none',
    quotas: { discovery: 0.2, problem_solution: 0.2, use_case: 0.2, comparison: 0.2, expert: 0.1, brand_research: 0.1 },
  } });
  if (created.statusCode !== 201) throw new Error(`workspace: ${created.body}`);
  await app.inject({ method: 'POST', url: `/api/v1/workspaces/${slug}/credits/top-up`, headers: { cookie }, payload: { amountMicrousd: 500_000_000, idempotencyKey: `bench${w}` } });
  const existing = (await app.inject({ url: `/api/v1/workspaces/${slug}/prompts?limit=200`, headers: { cookie } })).json();
  for (const p of existing.prompts ?? []) await app.inject({ method: 'DELETE', url: `/api/v1/workspaces/${slug}/prompts/${p.id}`, headers: { cookie } });
  for (let i = 0; i < PROMPTS; i++) {
    const res = await app.inject({ method: 'POST', url: `/api/v1/workspaces/${slug}/prompts`, headers: { cookie }, payload: { intent: 'discovery', text: `best crm for team ${w}-${i}`, language: 'en' } });
    if (res.statusCode !== 201) throw new Error(`prompt: ${res.body}`);
  }
  slugs.push(slug);
}

const started = performance.now();
const startedAt = Date.now();
const runs = await Promise.all(slugs.map(async (slug) => {
  const res = await app.inject({ method: 'POST', url: `/api/v1/workspaces/${slug}/runs`, headers: { cookie }, payload: { preset: 'standard' } });
  if (res.statusCode !== 201 && res.statusCode !== 202) throw new Error(`run: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string };
}));
while (Number(((await database.executeSql(`select count(*)::int as n from jobs where kind = 'measurement' and status = 'running'`)).rows[0] as { n: number }).n) > 0) {
  await new Promise((r) => setTimeout(r, 50));
}
const wall = performance.now() - started;
const endedAt = Date.now();

const [totals] = (await database.executeSql(`select count(*)::int as calls, (count(*) filter (where error is not null))::int as failed, (count(*) filter (where simulated))::int as simulated,
  coalesce(sum(cost_microusd), 0)::float8 as cost from run_results`)).rows as Array<{ calls: number; failed: number; simulated: number; cost: number }>;
const statuses = (await database.executeSql(`select status, count(*)::int as n from jobs where kind = 'measurement' group by status`)).rows;
const perProvider = EMULATED_PROVIDERS.map((p) => ({ provider: p, ...emulator.counts(p) }));
const callsPerProvider = totals!.calls / EMULATED_PROVIDERS.length;
const ideal = (callsPerProvider / RPM) * 60_000;
const violations = perProvider.reduce((s, c) => s + c.violations, 0);

console.log(`providers bench: ${RUNS} standard runs × ${PROMPTS} prompts × 5 real engines = ${totals!.calls} calls, 2 worker processes, PostgreSQL`);
console.log(`  runs by status: ${JSON.stringify(statuses)}`);
console.log(`  wall ${(wall / 1000).toFixed(1)} s; rate-bound ideal ${(ideal / 1000).toFixed(1)} s (${callsPerProvider} calls per provider ÷ ${RPM} RPM)`);
console.log(`  wall/ideal ratio ${(wall / ideal).toFixed(3)} (target ≤ 1.1) ${wall / ideal <= 1.1 ? '(met)' : '(NOT met)'}`);
console.log(`  failed calls ${totals!.failed} (target 0); simulated ${totals!.simulated}; limit violations (emulator's count) ${violations} (target 0)`);
console.log(`  provider cost recorded $${(totals!.cost / 1e6).toFixed(4)}`);
console.log('  emulator counts per provider (received = calls + retries):');
for (const c of perProvider) {
  console.log(`    ${c.provider.padEnd(10)} received ${c.received}  ok ${c.ok}  violations ${c.violations}  injected 429 ${c.injected429}  5xx ${c.injected5xx}  requests/call ${(c.received / callsPerProvider).toFixed(3)}`);
}

// Where the time goes, from the emulator's own clock of what it received: before the first
// request (runs starting, workers taking them), the paced stretch of the busiest key against its
// requests' own bound (every request, refused ones too, takes a slot of the key's RPM), and after
// the last request (its answer, a retry's wait, the runs' analysis, scores and settlement).
const busiest = perProvider.reduce((a, b) => (b.received > a.received ? b : a));
const times = emulator.requests.filter((r) => r.provider === busiest.provider).map((r) => r.at).sort((a, b) => a - b);
const first = Math.min(...emulator.requests.map((r) => r.at)), last = Math.max(...emulator.requests.map((r) => r.at));
const requestBound = (busiest.received / RPM) * 60_000;
const spacing = 60_000 / RPM;
console.log(`  where the time goes (busiest key: ${busiest.provider}, ${busiest.received} requests):`);
// The head, step by step, from the jobs' rows and their first log line (written as measure begins).
const [head] = (await database.executeSql(`select (extract(epoch from min(started_at)) * 1000)::float8 as created, (extract(epoch from min(enqueued_at)) * 1000)::float8 as enqueued,
  min(last_lines->>0) as first_line from jobs where kind = 'measurement'`)).rows as Array<{ created: number; enqueued: number; first_line: string }>;
const firstLine = Date.parse(head!.first_line.slice(0, 24));
console.log(`    head by step: first run row committed +${Math.round(head!.created - startedAt)} ms, sent to the queue +${Math.round(head!.enqueued - startedAt)} ms, its worker's first log line +${firstLine - startedAt} ms, first request +${first - startedAt} ms`);
console.log(`    head: first request ${first - startedAt} ms after the first start; tail: last run ended ${endedAt - last} ms after the last request`);
console.log(`    its requests span ${((times.at(-1)! - times[0]!) / 1000).toFixed(1)} s against ${((times.length - 1) * spacing / 1000).toFixed(1)} s at one per ${spacing} ms (${(((times.at(-1)! - times[0]!) - (times.length - 1) * spacing) / 1000).toFixed(1)} s of slots unused)`);
console.log(`    wall over the requests' own bound (${busiest.received} ÷ ${RPM} RPM = ${(requestBound / 1000).toFixed(1)} s): ${(wall / requestBound).toFixed(3)}`);

for (const w of workers) w.kill('SIGTERM');
await Promise.all(workers.map((w) => new Promise((r) => (w.exitCode !== null ? r(null) : w.once('exit', r)))));
await app.close();
await drop();
await emulator.close();
process.exit(0);
