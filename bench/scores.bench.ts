// Scores read path benchmark (issue: scores and metrics).
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/scores.bench.ts
// A year of daily snapshots for 5 engines (plus composite) and 12 competitors; an API-key caller
// asks `score`, `timeseries?range=all` and `scoreboard` over HTTP (autocannon in a separate
// process, 10 connections, keep-alive). Targets: median under 5 ms and at least 1,000 requests/s
// on one process. Baseline in the same run: a bare Fastify route on the same machine.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { ENGINE_IDS } from '../src/modules/engines/catalogue.ts';
import { openPostgres } from '../src/lib/db.ts';
import { scoreSnapshots } from '../src/modules/scores/scores.tables.ts';
import { deriveSnapshot } from '../src/modules/scores/snapshot.fns.ts';
import { runStats } from '../src/modules/scores/stats.fns.ts';
import { COMPONENTS } from '../src/modules/scores/scores.fns.ts';

const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!url) throw new Error('set BENCH_DATABASE_URL to a PostgreSQL server');
const DURATION = process.env.BENCH_SECONDS ?? '5';

const name = `geo_bench_scores_${Date.now()}_${process.pid}`; // unique on a shared server
const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const target = new URL(url);
target.pathname = `/${name}`;
const database = openPostgres(target.toString(), 10);
await database.migrate();

const base = loadConfig({ GEO_ENV: 'test', DATA_DIR: '/tmp/geo-bench', LOG_LEVEL: 'silent', GEO_WORKERS: 'off', AUTH_RATE_LIMIT: '100000' });
const app = await buildApp({ config: base, database, logger: false });
const signup = await app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: { email: 'bench@example.com', password: 'bench password 1' } });
const cookie = `geo.session=${signup.cookies.find((c) => c.name === 'geo.session')!.value}`;
const competitors = Array.from({ length: 12 }, (_, i) => ({ name: `Rival ${String.fromCharCode(65 + i)}`, domains: [`rival${i}.com`], aliases: [`R${i} Corp`], ambiguous: false }));
await app.inject({ method: 'POST', url: '/api/v1/workspaces', headers: { cookie }, payload: {
  brand: 'benchco', displayName: 'Bench Co', domains: ['benchco.com'], languages: ['en'], regions: [], competitors,
  gscProperty: 'sc-domain:benchco.com', ga4Property: '123456', activeSetSize: 150, complianceProfile: 'none',
  quotas: { discovery: 0.2, problem_solution: 0.2, use_case: 0.2, comparison: 0.2, expert: 0.1, brand_research: 0.1 },
} });
const created = (await app.inject({ method: 'POST', url: '/api/v1/workspaces/benchco/api-keys', headers: { cookie }, payload: { name: 'bench', scopes: ['metrics:read'] } })).json();
await app.inject({ method: 'POST', url: `/api/v1/workspaces/benchco/api-keys/${created.keyId}`, headers: { cookie }, payload: { action: 'acknowledge', deliveryId: created.deliveryId } });
const [ws] = (await database.executeSql(`select id from workspaces where slug = 'benchco'`)).rows as Array<{ id: string }>;

// A year of snapshots: 120 synthetic answers per engine per day.
const entities = [{ entityId: 'brand', name: 'Bench Co', kind: 'brand' as const }, ...competitors.map((c, i) => ({ entityId: `competitor:${i}`, name: c.name, kind: 'competitor' as const }))];
let seed = 7;
const rnd = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
const answer = (_: unknown, i: number) => {
  const named = entities.filter(() => rnd() < 0.35);
  // 120 prompts asked of every engine: the score's bootstrap resamples them.
  return { promptId: `prm_${i}`, simulated: true, analysis: {
    mentioned: named.map((e) => e.name),
    entities: named.map((e, i) => ({ entityId: e.entityId, name: e.name, kind: e.kind, mentioned: true as const, rank: i + 1, sentiment: rnd() * 2 - 1 })),
    citations: named.slice(0, 2).map((e) => ({ url: `https://x.com/${e.entityId}`, domain: e.entityId === 'brand' ? 'benchco.com' : 'rival.com', class: (e.entityId === 'brand' ? 'owned' : 'competitor') as 'owned', entityId: e.entityId })),
  } };
};
const today = new Date();
for (let d = 364; d >= 0; d--) {
  const day = new Date(today.getTime() - d * 86_400_000).toISOString().slice(0, 10);
  const perEngine = ENGINE_IDS.map((engine) => ({ engine, results: Array.from({ length: 120 }, answer) }));
  // Rows as a run's success writes them, statistics included (the read routes must never load them).
  const stats = runStats(`run_${day}`, perEngine.flatMap((e) => e.results.map((r) => ({ ...r, engine: e.engine }))), entities.map((e) => e.entityId), 'composite');
  const rows = [...stats].map(([engine, st]) => {
    const data = deriveSnapshot(engine, st, entities);
    return { workspaceId: ws!.id, engine, day, runId: `run_${day}`, score: data.score, data, createdAt: new Date(), answers: data.answers ?? 0, simulatedAnswers: data.simulatedAnswers ?? 0, stats: st,
      point: JSON.stringify({ date: day, runId: `run_${day}`, runs: 1, score: data.score, interval: data.interval, components: Object.fromEntries(COMPONENTS.map((k) => [k, data.components[k].value])), missingComponents: data.missingComponents, n: data.answers, simulatedShare: data.simulatedShare, simulated: data.simulated, change: null }),
      componentValues: Object.fromEntries(COMPONENTS.map((k) => [k, data.components[k].value])), missingComponents: data.missingComponents };
  });
  await database.db.insert(scoreSnapshots).values(rows);
}

// The answers' traces behind those snapshots, one per engine, prompt and day, as runs write them:
// what each response's methodology stamp reads (the score's over its 7-day window, the series'
// over its whole range).
await database.executeSql(`insert into answer_traces (result_id, run_id, workspace_id, engine, surface, simulated, prompt_id, sample, format, model_version, queries, retrieved, cited, usage, missing, warnings, created_at)
  select 'res_' || d || '_' || e || '_' || p, 'run_' || to_char(now() - d * interval '1 day', 'YYYY-MM-DD'), $1, e, case when e = 'google-aio' then 'product' else 'api' end, true,
    'prm_' || p, 1, 'simulated', 'simulated-' || e || '-1', '[]'::jsonb, '[]'::jsonb, '[]'::jsonb, null, '[]'::jsonb, '[]'::jsonb, date_trunc('day', now() - d * interval '1 day') + interval '12 hours'
  from generate_series(0, 364) d, unnest($2::text[]) e, generate_series(0, 119) p`, [ws!.id, ENGINE_IDS]);
await database.executeSql('analyze answer_traces');

await app.listen({ host: '127.0.0.1', port: 0 });
const port = (app.server.address() as { port: number }).port;
const bare = Fastify();
bare.get('/bare', async () => ({ ok: true }));
await bare.listen({ host: '127.0.0.1', port: 0 });
const barePort = (bare.server.address() as { port: number }).port;

// The load comes from another process (the server keeps this one's event loop).
async function load(target: string, headers: string[] = [], connections = 10) {
  const { stdout } = await promisify(execFile)('npx', ['autocannon', '-c', String(connections), '-d', DURATION, '-j', ...headers.flatMap((h) => ['-H', h]), target], { encoding: 'utf8' });
  const r = JSON.parse(stdout);
  if (r.non2xx) throw new Error(`${target}: ${r.non2xx} non-2xx answers`);
  return { rps: r.requests.average as number, p50: r.latency.p50 as number };
}

// Warm up, then measure the bare route and each endpoint.
await load(`http://127.0.0.1:${barePort}/bare`);
const baseline = await load(`http://127.0.0.1:${barePort}/bare`);
const bareSingle = await load(`http://127.0.0.1:${barePort}/bare`, [], 1);
console.log(`baseline bare Fastify route: ${baseline.rps.toFixed(0)} req/s over 10 connections, median ${bareSingle.p50} ms one at a time`);
const auth = [`authorization=Bearer ${created.secret}`];
for (const path of ['/api/v1/workspaces/benchco/score', '/api/v1/workspaces/benchco/timeseries?range=28d', '/api/v1/workspaces/benchco/timeseries?range=all', '/api/v1/workspaces/benchco/scoreboard']) {
  await load(`http://127.0.0.1:${port}${path}`, auth);
  // Latency: one caller at a time; throughput: 10 connections in parallel.
  const single = await load(`http://127.0.0.1:${port}${path}`, auth, 1);
  const r = await load(`http://127.0.0.1:${port}${path}`, auth);
  const ok = single.p50 < 5 && r.rps >= 1000;
  console.log(`${path}: median ${single.p50} ms one at a time (bare ${bareSingle.p50} ms); ${r.rps.toFixed(0)} req/s over 10 connections (ratio to bare ${(r.rps / baseline.rps).toFixed(3)}) — targets <5 ms, ≥1,000 req/s ${ok ? '(met)' : '(NOT met)'}`);
}

await app.close();
await bare.close();
await database.close();
await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await admin.end();
process.exit(0);
