// Scores read path benchmark (issues: scores and metrics; 47, reads at a year's scale).
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/scores.bench.ts
//   (without BENCH_DATABASE_URL: the embedded database only; BENCH_SECONDS per measurement, default 5;
//   BENCH_ANSWER_DAYS of stored answers for the answers list, default 28; BENCH_ONLY=pg|pglite)
// A year of daily snapshots for 5 engines (plus the composites) and 12 competitors, the answers'
// traces behind them (120 prompts × 5 engines a day) and the stored answers of the last weeks; an
// API-key caller asks `score`, `timeseries?range=28d`, `timeseries?range=all`, `scoreboard` and
// the answers list (a page of 20) over HTTP (autocannon in a separate process, keep-alive), one
// caller at a time and 10 connections, on PostgreSQL and on the embedded database (PGlite) in the
// same run. Baseline, measured before each database: a bare Fastify route on the same machine.
// Targets (issue 47): every route ≥ 0.05 of the bare route's req/s over 10 connections, p99 ≤ 20 ms.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/lib/db.ts';
import { ENGINE_IDS } from '../src/modules/engines/catalogue.ts';
import { profileFromWorkspace } from '../src/modules/analysis/profile.fns.ts';
import { scoreSnapshots } from '../src/modules/scores/scores.tables.ts';
import { deriveSnapshot } from '../src/modules/scores/snapshot.fns.ts';
import { runStats } from '../src/modules/scores/stats.fns.ts';
import { COMPONENTS } from '../src/modules/scores/scores.fns.ts';
import { corpus } from './answers-corpus.ts';
import { freshDatabase, reusedDatabase } from './fresh-database.ts';

const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const DURATION = process.env.BENCH_SECONDS ?? '5';
const ANSWER_DAYS = Number(process.env.BENCH_ANSWER_DAYS ?? 28);
const ONLY = process.env.BENCH_ONLY;
/** Days of snapshots (365: a year); fewer for a quick profile. */
const DAYS = Number(process.env.BENCH_DAYS ?? 365);
/** Set: each route is also asked once, then 200 times in this process (app.inject), the mean of the 200 printed: for a profile (node --cpu-prof). */
const PROBE = process.env.BENCH_PROBE === '1';
/** Prompts asked a day per engine (the answers' traces): 120, or the issue's 500 for the overview's measurement. */
const PROMPTS = Number(process.env.BENCH_PROMPTS ?? 120);
/** Set (`1`): the overview is opened in Chromium (CHROME_PATH, else /usr/bin/chromium) before the loads, cold then warm. */
const BROWSER = process.env.BENCH_BROWSER === '1';
/** Loads of the overview, cold and warm each (the median printed, with the range): one load on two shared cores is noise. */
const LOADS = Math.max(1, Math.trunc(Number(process.env.BENCH_OVERVIEW_LOADS ?? 5)) || 5);
/** A PostgreSQL database kept by `BENCH_KEEP=name` the same day, measured again without loading (a change of the read path only). */
const REUSE = process.env.BENCH_REUSE;

const competitors = Array.from({ length: 12 }, (_, i) => ({ name: `Rival ${String.fromCharCode(65 + i)}`, domains: [`rival${i}.com`], aliases: [`R${i} Corp`], ambiguous: false }));
const workspace = {
  brand: 'benchco', displayName: 'Bench Co', domains: ['benchco.com'], languages: ['en'], regions: [], competitors,
  gscProperty: 'sc-domain:benchco.com', ga4Property: '123456', activeSetSize: 150, complianceProfile: 'none',
  quotas: { discovery: 0.2, problem_solution: 0.2, use_case: 0.2, comparison: 0.2, expert: 0.1, brand_research: 0.1 },
};

// A year of snapshots (the bootstrap intervals are the slow part to build), for each database:
// 120 synthetic answers per engine per day, rows as a run's success writes them, statistics included
// (the read routes must never load them).
const entities = [{ entityId: 'brand', name: 'Bench Co', kind: 'brand' as const }, ...competitors.map((c, i) => ({ entityId: `competitor:${i}`, name: c.name, kind: 'competitor' as const }))];
let seed = 7;
const rnd = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
const answer = (_: unknown, i: number) => {
  const named = entities.filter(() => rnd() < 0.35);
  return { promptId: `prm_${i}`, simulated: true, analysis: {
    mentioned: named.map((e) => e.name),
    entities: named.map((e, i) => ({ entityId: e.entityId, name: e.name, kind: e.kind, mentioned: true as const, rank: i + 1, sentiment: rnd() * 2 - 1 })),
    citations: named.slice(0, 2).map((e) => ({ url: `https://x.com/${e.entityId}`, domain: e.entityId === 'brand' ? 'benchco.com' : 'rival.com', class: (e.entityId === 'brand' ? 'owned' : 'competitor') as 'owned', entityId: e.entityId })),
  } };
};
const today = new Date();
/**
 * Made for each database's load and let go after it (the same rows each time: the generator starts
 * again): a year of snapshots with their statistics is a few hundred megabytes of objects, which
 * the server measured in this process would otherwise carry in its heap (a real server does not).
 */
const yearOfDays = () => (seed = 7, Array.from({ length: DAYS }, (_, k) => {
  const day = new Date(today.getTime() - (DAYS - 1 - k) * 86_400_000).toISOString().slice(0, 10);
  const perEngine = ENGINE_IDS.map((engine) => ({ engine, results: Array.from({ length: 120 }, answer) }));
  const stats = runStats(`run_${day}`, perEngine.flatMap((e) => e.results.map((r) => ({ ...r, engine: e.engine }))), entities.map((e) => e.entityId), 'composite');
  return [...stats].map(([engine, st]) => {
    const data = deriveSnapshot(engine, st, entities);
    return { engine, day, runId: `run_${day}`, score: data.score, data, createdAt: new Date(), answers: data.answers ?? 0, simulatedAnswers: data.simulatedAnswers ?? 0, stats: st,
      point: JSON.stringify({ date: day, runId: `run_${day}`, runs: 1, score: data.score, interval: data.interval, components: Object.fromEntries(COMPONENTS.map((k) => [k, data.components[k].value])), missingComponents: data.missingComponents, n: data.answers, simulatedShare: data.simulatedShare, simulated: data.simulated, change: null }),
      componentValues: Object.fromEntries(COMPONENTS.map((k) => [k, data.components[k].value])), missingComponents: data.missingComponents };
  });
}));
const pool = corpus({ ...profileFromWorkspace(workspace), domains: workspace.domains }, 300);

/** An active API key that reads metrics and runs; answers its secret. */
async function readingKey(app: Awaited<ReturnType<typeof buildApp>>, cookie: string, name: string): Promise<string> {
  const created = (await app.inject({ method: 'POST', url: '/api/v1/workspaces/benchco/api-keys', headers: { cookie }, payload: { name, scopes: ['metrics:read', 'runs:read'] } })).json();
  await app.inject({ method: 'POST', url: `/api/v1/workspaces/benchco/api-keys/${created.keyId}`, headers: { cookie }, payload: { action: 'acknowledge', deliveryId: created.deliveryId } });
  return created.secret as string;
}

/** A new API key and session for the workspace a kept database holds. */
async function credentialsAgain(app: Awaited<ReturnType<typeof buildApp>>) {
  const login = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'bench@example.com', password: 'bench password 1' } });
  const cookie = `geo.session=${login.cookies.find((c) => c.name === 'geo.session')!.value}`;
  return { secret: await readingKey(app, cookie, `bench ${Date.now()}`), cookie };
}

/** The workspace, its API key and a year of data in `database`; answers the key's secret. */
async function seedWorkspace(database: Database, app: Awaited<ReturnType<typeof buildApp>>) {
  const signup = await app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: { email: 'bench@example.com', password: 'bench password 1' } });
  const cookie = `geo.session=${signup.cookies.find((c) => c.name === 'geo.session')!.value}`;
  await app.inject({ method: 'POST', url: '/api/v1/workspaces', headers: { cookie }, payload: workspace });
  const secret = await readingKey(app, cookie, 'bench');
  const [ws] = (await database.executeSql(`select id from workspaces where slug = 'benchco'`)).rows as Array<{ id: string }>;
  const id = ws!.id;
  for (const rows of yearOfDays()) await database.db.insert(scoreSnapshots).values(rows.map((r) => ({ ...r, workspaceId: id })));
  // The answers' traces behind those snapshots, one per engine, prompt and day, as runs write them:
  // what each response's methodology stamp reads (the score's over its 7-day window, the series'
  // over its whole range); each day's run, ended.
  await database.executeSql(`insert into answer_traces (result_id, run_id, workspace_id, engine, surface, simulated, prompt_id, sample, format, model_version, queries, retrieved, cited, usage, missing, warnings, created_at)
    select 'res_' || d || '_' || e || '_' || p, 'run_' || to_char(now() - d * interval '1 day', 'YYYY-MM-DD'), $1, e, case when e = 'google-aio' then 'product' else 'api' end, true,
      'prm_' || p, 1, 'simulated', 'simulated-' || e || '-1', '[]'::jsonb, '[]'::jsonb, '[]'::jsonb, null, '[]'::jsonb, '[]'::jsonb, date_trunc('day', now() - d * interval '1 day') + interval '12 hours'
    from generate_series(0, 364) d, unnest($2::text[]) e, generate_series(0, ${PROMPTS - 1}) p`, [id, ENGINE_IDS]);
  await database.executeSql(`insert into jobs (id, workspace_id, kind, concurrency_group, status, pid, log_path, started_at, finished_at, total_calls, completed_calls, progress_source, last_lines, params)
    select 'run_' || to_char(now() - d * interval '1 day', 'YYYY-MM-DD'), $1, 'measurement', 'measurement', 'succeeded', 0, '', date_trunc('day', now() - d * interval '1 day') + interval '11 hours',
      date_trunc('day', now() - d * interval '1 day') + interval '13 hours', 600, 600, 'calls', '[]'::jsonb, '{}'::jsonb from generate_series(0, 364) d`, [id]);
  // The stored answers of the last weeks (1-5 KB, analysed, with their spans), one per trace.
  await database.executeSql(`create table bench_pool (k int, language text, answer text, sources jsonb, analysis jsonb, brand_mentioned boolean, brand_rank int, brand_sentiment real)`);
  await database.db.execute(sql`insert into bench_pool select * from jsonb_to_recordset(${JSON.stringify(pool.map((a, k) => ({
    k, language: a.language, answer: a.text, sources: a.sources, analysis: a.analysis, brand_mentioned: a.brandMentioned, brand_rank: a.brandRank, brand_sentiment: a.brandSentiment,
  })))}::jsonb) as x(k int, language text, answer text, sources jsonb, analysis jsonb, brand_mentioned boolean, brand_rank int, brand_sentiment real)`);
  await database.executeSql(`insert into run_results (id, run_id, workspace_id, engine, simulated, prompt_id, sample, extra, prompt_text, intent, language, answer, sources, analysis,
      brand_mentioned, brand_rank, brand_sentiment, error, latency_ms, created_at)
    select t.result_id, t.run_id, t.workspace_id, t.engine, true, t.prompt_id, 1, false, 'prompt ' || t.prompt_id, 'discovery', b.language, b.answer, b.sources, b.analysis,
      b.brand_mentioned, b.brand_rank, b.brand_sentiment, null, 900, t.created_at + (hashtext(t.result_id) & 1023) * interval '1 ms'
    from answer_traces t join bench_pool b on b.k = (hashtext(t.result_id) & 2147483647) % ${pool.length}
    where t.workspace_id = $1 and t.created_at >= now() - ${ANSWER_DAYS} * interval '1 day'`, [id]);
  await database.executeSql('drop table bench_pool');
  await database.executeSql('analyze');
  return { secret, cookie };
}

/**
 * The overview as a person opens it: Chromium with the session's cookie, the page loaded until the
 * network is idle and the score and chart are drawn; the span from the first API request's start
 * to the last API response's end (Resource Timing), each request's server time (sent to first
 * byte) and the waterfall.
 */
async function browserWith(cookie: string) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  const context = await browser.newContext();
  const name = cookie.slice(0, cookie.indexOf('='));
  await context.addCookies([{ name, value: cookie.slice(name.length + 1), domain: '127.0.0.1', path: '/' }]);
  const page = await context.newPage();
  return {
    async overview(port: number) {
      await page.goto(`http://127.0.0.1:${port}/w/benchco`, { waitUntil: 'networkidle' });
      await page.locator('#geo-score').waitFor();
      await page.locator('.uplot canvas').first().waitFor();
      return page.evaluate(() => {
        const api = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) => new URL(e.name).pathname.startsWith('/api/'));
        // No named function in here: tsx would wrap it in a helper the page does not have.
        const paths = new Map(api.map((e) => [e, new URL(e.name).pathname.replace('/api/v1/workspaces/benchco', '…')]));
        // Each request's whole time, and in brackets its wait for the answer (request sent to first
        // byte: the server's time), the rest being the wait for one of the browser's connections.
        const slowest = [...api].sort((a, b) => b.duration - a.duration).slice(0, 6).map((e) => `${paths.get(e)}${new URL(e.name).search} ${e.duration.toFixed(0)} ms (server ${(e.responseStart - e.requestStart).toFixed(0)})`);
        const t0 = Math.min(...api.map((e) => e.startTime));
        // Each request's start, sent, first byte and end (ms from the first request's start).
        const waterfall = api.map((e) => `${paths.get(e)} ${[e.startTime, e.requestStart, e.responseStart, e.responseEnd].map((t) => (t - t0).toFixed(0)).join('/')}`);
        return { ms: Math.max(...api.map((e) => e.responseEnd)) - t0, requests: api.length, slowest, waterfall };
      });
    },
    close: () => browser.close(),
  };
}

type Loaded = Awaited<ReturnType<Awaited<ReturnType<typeof browserWith>>['overview']>>;
/** The load of median time (its requests and waterfall printed), and the spread of all of them. */
const medianLoad = (loads: Loaded[]) => [...loads].sort((a, b) => a.ms - b.ms)[Math.floor((loads.length - 1) / 2)]!;
const spread = (loads: Loaded[]) => `median of ${loads.length}, ${Math.min(...loads.map((l) => l.ms)).toFixed(0)}-${Math.max(...loads.map((l) => l.ms)).toFixed(0)}`;

// The load comes from another process (the server keeps this one's event loop).
async function load(target: string, headers: string[] = [], connections = 10) {
  const { stdout } = await promisify(execFile)('npx', ['autocannon', '-c', String(connections), '-d', DURATION, '-j', ...headers.flatMap((h) => ['-H', h]), target], { encoding: 'utf8', maxBuffer: 16 << 20 });
  const r = JSON.parse(stdout);
  if (r.non2xx) throw new Error(`${target}: ${r.non2xx} non-2xx answers`);
  return { rps: r.requests.average as number, p50: r.latency.p50 as number, p99: r.latency.p99 as number };
}

const ROUTES = [
  ['…/score', '/api/v1/workspaces/benchco/score'],
  ['…/timeseries?range=28d', '/api/v1/workspaces/benchco/timeseries?range=28d'],
  ['…/timeseries?range=all', '/api/v1/workspaces/benchco/timeseries?range=all'],
  ['…/scoreboard', '/api/v1/workspaces/benchco/scoreboard'],
  ['…/answers (20 a page)', '/api/v1/workspaces/benchco/answers?limit=20'],
] as const;
/** The figures of issue 47 (PostgreSQL, load 0.6, before its changes): median one at a time, req/s over 10 connections, ratio to bare. */
const OLD: Record<string, string> = {
  '…/score': '2 ms, 663 req/s (0.010)', '…/timeseries?range=28d': '3 ms, 486 req/s (0.007)', '…/timeseries?range=all': '0 ms, 51 req/s (0.001)', '…/scoreboard': '2 ms, 670 req/s (0.010)',
};

const bare = Fastify();
bare.get('/bare', async () => ({ ok: true }));
await bare.listen({ host: '127.0.0.1', port: 0 });
const barePort = (bare.server.address() as { port: number }).port;

const table: string[] = [];
for (const kind of [...(url && ONLY !== 'pglite' ? ['PostgreSQL'] : []), ...(ONLY === 'pg' ? [] : ['PGlite'])] as const) {
  const t0 = performance.now();
  const reused = kind === 'PostgreSQL' && REUSE ? REUSE : undefined;
  const opened = reused ? reusedDatabase(url!, reused, 10) : await freshDatabase(kind === 'PostgreSQL' ? url : undefined, 10, process.env.BENCH_KEEP);
  let { database } = opened;
  await database.migrate();
  const config = loadConfig({ GEO_ENV: 'test', DATA_DIR: '/tmp/geo-bench', LOG_LEVEL: 'silent', GEO_WORKERS: 'off', AUTH_RATE_LIMIT: '100000' });
  let app = await buildApp({ config, database, logger: false });
  const { secret, cookie } = reused ? await credentialsAgain(app) : await seedWorkspace(database, app);
  console.log(reused ? `${kind}: ${reused}, loaded before (its first read is not the first)` : `${kind}: a year of data loaded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port;
  /**
   * The service stopped and a new one started on the same database and address, as `npm start`
   * does it (src/server.ts): a new pool, its connections opened before it listens; nothing in its
   * memory, the summaries and stored figures in the database.
   */
  const restart = async () => {
    await app.close();
    database = await opened.reopen();
    await database.warm();
    app = await buildApp({ config, database, logger: false });
    await app.listen({ host: '127.0.0.1', port });
  };

  if (BROWSER) {
    // A first visit: a browser just started (its own start and the page's scripts compiled beside
    // the server's work) reads the loaded year for the first time (the finished days are summarized:
    // src/modules/sources/answer-days.repo.ts; the slow figures stored: scores/stored-reads.ts).
    const visitor = await browserWith(cookie);
    const first = await visitor.overview(port);
    // Cold: the service restarted, the overview opened again by the person who had it open.
    const colds: Loaded[] = [];
    for (let i = 0; i < LOADS; i++) {
      await restart();
      colds.push(await visitor.overview(port));
    }
    await visitor.overview(port);
    const warms: Loaded[] = [];
    for (let i = 0; i < LOADS; i++) warms.push(await visitor.overview(port));
    const [cold, warm] = [medianLoad(colds), medianLoad(warms)];
    await visitor.close();
    // A first visit after a restart: both cold.
    await restart();
    const stranger = await browserWith(cookie);
    const bothCold = await stranger.overview(port);
    await stranger.close();
    const row = `| ${kind}: the overview in Chromium, first API request to last response (${PROMPTS} prompts × 5 engines a day, a year) | — | cold ${cold.ms.toFixed(0)} ms after a restart (${spread(colds)}; in a browser just started: ${bothCold.ms.toFixed(0)} ms; the first read of the loaded year: ${first.ms.toFixed(0)} ms) (${cold.requests} requests) | warm ${warm.ms.toFixed(0)} ms (${spread(warms)}) (${warm.requests} requests) | ${cold.ms <= 100 && warm.ms <= 100 ? '(met)' : '(NOT met)'} target ≤ 100 ms |`;
    console.log(row);
    console.log(`  slowest first read: ${first.slowest.join('; ')}\n  slowest cold: ${cold.slowest.join('; ')}\n  slowest cold, browser just started: ${bothCold.slowest.join('; ')}\n  slowest warm: ${warm.slowest.join('; ')}`);
    if (process.env.BENCH_WATERFALL) console.log(`  cold, each request's start/sent/first byte/end: ${cold.waterfall.join('; ')}\n  browser just started: ${bothCold.waterfall.join('; ')}\n  warm: ${warm.waterfall.join('; ')}`);
    table.push(row);
  }
  await load(`http://127.0.0.1:${barePort}/bare`);
  const baseline = await load(`http://127.0.0.1:${barePort}/bare`);
  console.log(`${kind}: bare Fastify route ${baseline.rps.toFixed(0)} req/s over 10 connections (p99 ${baseline.p99} ms)`);
  table.push(`| ${kind}: bare Fastify route | — | — | ${baseline.rps.toFixed(0)} req/s, p99 ${baseline.p99} ms | 1 |`);
  const auth = [`authorization=Bearer ${secret}`];
  if (PROBE) {
    for (const [label, path] of ROUTES) {
      await app.inject({ url: path, headers: { authorization: `Bearer ${secret}` } });
      const t = performance.now();
      for (let i = 0; i < 200; i++) await app.inject({ url: path, headers: { authorization: `Bearer ${secret}` } });
      console.log(`${kind}: ${label} in this process: ${((performance.now() - t) / 200).toFixed(2)} ms a request`);
    }
  }
  for (const [label, path] of ROUTES) {
    // Latency: one caller at a time; throughput and p99: 10 connections in parallel.
    await load(`http://127.0.0.1:${port}${path}`, auth, 2);
    const single = await load(`http://127.0.0.1:${port}${path}`, auth, 1);
    const r = await load(`http://127.0.0.1:${port}${path}`, auth);
    const ratio = r.rps / baseline.rps;
    const met = ratio >= 0.05 && r.p99 <= 20;
    const row = `| ${kind}: \`${label}\` | ${kind === 'PostgreSQL' ? OLD[label] ?? '—' : '—'} | ${single.p50} ms | ${r.rps.toFixed(0)} req/s, p99 ${r.p99} ms | **${ratio.toFixed(3)}** ${met ? '(met)' : '(NOT met)'} |`;
    console.log(row);
    table.push(row);
  }
  await app.close();
  await opened.drop();
}
await bare.close();
console.log('\n| route | old (issue 47): median, 10 connections (ratio) | median one at a time | 10 connections | ratio to bare (target ≥ 0.05, p99 ≤ 20 ms) |\n|---|---|---|---|---|');
console.log(table.join('\n'));
process.exit(0);
