// Answers benchmark (issue 42): a large agency's year on PostgreSQL.
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/answers.bench.ts
//   (BENCH_ANSWERS=2000000 BENCH_OTHER_ANSWERS=200000 BENCH_POOL=8000 BENCH_REQUESTS=200 are the defaults)
// One workspace holds BENCH_ANSWERS answers (a run a day for a year, four languages, 1-5 KB each,
// bench/answers-corpus.ts) beside another workspace's. Through the API, in this process
// (app.inject: routing, validation, the service, the stamps and the JSON), it times BENCH_REQUESTS
// each of: a filtered page of 20 (a random filter of the list's, half of them past a cursor), a
// full-text search in a random answer's language for one or two of its words, and one answer with
// its previous; then the NDJSON, CSV and Parquet exports of the whole year over loopback HTTP, counting
// rows/s and this process's RSS growth. Baseline in the same run: the bare indexed SELECT of a
// page of ids, timed the same way. Targets: list p95 ≤ 50 ms, search p95 ≤ 200 ms, one answer
// ≤ 20 ms, export ≥ 50,000 answers/s with RSS growing ≤ 200 MB.
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { rawRows } from '../src/lib/db.ts';
import { encodeCursor } from '../src/modules/answers/answers.fns.ts';
import { rng } from './answers-corpus.ts';
import { DAYS, ENGINES, START, load, loadedBefore } from './answers-load.ts';
import { freshDatabase, reusedDatabase } from './fresh-database.ts';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL: the answers benchmark measures PostgreSQL');
const N = Number(process.env.BENCH_ANSWERS ?? 2_000_000);
const OTHER = Number(process.env.BENCH_OTHER_ANSWERS ?? Math.round(N / 10));
const POOL = Number(process.env.BENCH_POOL ?? 8000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const random = rng(42);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
const dayOf = (d: number) => new Date(START + d * 86_400_000).toISOString().slice(0, 10);

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const line = (label: string, xs: number[], target: number | null, base: number) =>
  console.log(`${label}: p50 ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms; p95/baseline ${(pct(xs, 95) / base).toFixed(1)}`
    + (target === null ? '' : `; target ≤ ${target} ms ${pct(xs, 95) <= target ? '(met)' : '(NOT met)'}`));

// BENCH_KEEP=name: the loaded database is kept under that name; BENCH_REUSE=name: measured again
// without loading (its migrations brought up to date), for a change of the read path only.
const REUSE = process.env.BENCH_REUSE;
const { database, drop } = REUSE ? reusedDatabase(url, REUSE, 8) : await freshDatabase(url, 8, process.env.BENCH_KEEP);
await database.migrate();
const config = loadConfig({ GEO_ENV: 'test', DATA_DIR: '/tmp/geo-bench-answers', LOG_LEVEL: 'silent', AUTH_RATE_LIMIT: '100000' });
const app = await buildApp({ config, database, logger: false });
try {
  const signup = await app.inject({ method: 'POST', url: `/api/v1/auth/${REUSE ? 'login' : 'signup'}`, payload: { email: 'bench@example.com', password: 'bench password 1' } });
  const cookie = `geo.session=${signup.cookies.find((c) => c.name === 'geo.session')!.value}`;
  console.log(`answers benchmark: ${N.toLocaleString('en')} answers in one workspace, ${OTHER.toLocaleString('en')} in another, PostgreSQL${REUSE ? ` (${REUSE}, loaded before)` : ''}`);
  const loaded = REUSE ? await loadedBefore(database, N) : await load(app, database, cookie, { answers: N, other: OTHER, pool: POOL });
  for (const b of loaded.indexBuild) console.log(`  index ${b.name} built in ${b.seconds.toFixed(1)} s`);

  const sizes = (await rawRows<Record<string, string>>(database.db, sql`select pg_relation_size('run_results') as heap, pg_total_relation_size('run_results') as total,
    pg_total_relation_size('answer_traces') as traces, (select count(*) from run_results) as rows,
    pg_relation_size('run_results_workspace_time_idx') as time_idx, pg_relation_size('run_results_prompt_time_idx') as prompt_idx, pg_relation_size('run_results_run_time_idx') as run_idx,
    (select sum(pg_relation_size(indexrelid)) from pg_index where indexrelid::regclass::text like 'run_results_search_%') as search_idx, pg_relation_size('run_results_pkey') as pkey`))[0]!;
  const raw = (await rawRows<Record<string, string>>(database.db, sql`select avg(octet_length(answer)) as text, avg(octet_length(analysis::text) + octet_length(sources::text)) as json
    from run_results tablesample system (1)`))[0]!;
  const perRow = (bytes: string) => (Number(bytes) / Number(sizes.rows)).toFixed(0);
  console.log(`bytes per answer on disk: run_results ${perRow(sizes.total!)} (heap with TOAST ${perRow(sizes.heap!)}; indexes: time ${perRow(sizes.time_idx!)}, prompt × time ${perRow(sizes.prompt_idx!)}, run × time ${perRow(sizes.run_idx!)}, search ${perRow(sizes.search_idx!)}, primary key ${perRow(sizes.pkey!)}), answer_traces ${perRow(sizes.traces!)}`);
  console.log(`  raw: text ${Number(raw.text).toFixed(0)} B and analysis + sources JSON ${Number(raw.json).toFixed(0)} B per answer (a 1 % sample)`);

  const ws = '/api/v1/workspaces/answersbench';
  const time = async (path: string) => {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url: `${ws}${path}`, headers: { cookie } });
    const ms = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return { ms, body: res.json() as { answers?: Array<{ text: string; language: string }> } };
  };
  const perDay = loaded.perDay;
  const cursorAt = (g: number) => encodeCursor({ createdAt: new Date(START + Math.floor(g / perDay) * 86_400_000 + (g % perDay) * 15), id: `res_b${String(g).padStart(25, '0')}` });
  const filters = [
    () => '', () => `engine=${pick(ENGINES)}`, () => 'mentions=brand', () => `mentions=competitor:${Math.floor(random() * 8)}`, () => 'mentions=none',
    () => `cited=${pick(['g2.com', 'reddit.com', 'capterra.com'])}`, () => `sentiment=${pick(['negative', 'positive', 'mixed'])}`,
    () => `promptId=prm_${Math.floor(random() * (perDay / 5))}`, () => `runId=${pick(loaded.runIds)}`,
    () => { const d = dayOf(Math.floor(random() * DAYS)); return `from=${d}&to=${d}`; },
    () => { const d = Math.floor(random() * (DAYS - 30)); return `engine=${pick(ENGINES)}&mentions=brand&from=${dayOf(d)}&to=${dayOf(d + 30)}`; },
  ];

  // Baseline: the bare indexed page of ids, through the same pool.
  const { workspaceId } = loaded;
  const base: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    await rawRows(database.db, sql`select id from run_results where workspace_id = ${workspaceId} order by created_at desc, id desc limit 20`);
    base.push(performance.now() - t0);
  }
  const baseP95 = pct(base, 95);
  console.log(`baseline (bare indexed SELECT of a page of 20 ids): p50 ${pct(base, 50).toFixed(2)} ms, p95 ${baseP95.toFixed(2)} ms`);

  const list: number[] = [];
  const byFilter = new Map<string, number[]>();
  for (let i = 0; i < REQUESTS; i++) {
    const cursor = i % 2 ? `&cursor=${encodeURIComponent(cursorAt(Math.floor(random() * N)))}` : '';
    const filter = pick(filters)();
    const { ms } = await time(`/answers?limit=20&${filter}${cursor}`);
    list.push(ms);
    const name = filter.replace(/=.*/, '') || 'none';
    byFilter.set(name, [...(byFilter.get(name) ?? []), ms]);
  }
  line('filtered list (20 a page)', list, 50, baseP95);
  for (const [name, xs] of byFilter) console.log(`  ${name}: n ${xs.length}, p50 ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms`);

  // Search words: one or two words of a random answer, in its language (common words come up as often as they are common).
  const sample = (await time('/answers?limit=100')).body.answers!;
  const search: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const a = pick(sample);
    const words = a.text.split(/[^\p{L}]+/u).filter((w) => w.length > 3);
    const q = random() < 0.7 ? pick(words) : `${pick(words)} ${pick(words)}`;
    const { ms } = await time(`/answers?limit=20&q=${encodeURIComponent(q)}`);
    search.push(ms);
    if (ms > 200) console.log(`  slow search: ${JSON.stringify(q)} (${a.language}) ${ms.toFixed(0)} ms`);
  }
  line('full-text search (20 a page)', search, 200, baseP95);

  const single: number[] = [];
  for (let i = 0; i < REQUESTS; i++) single.push((await time(`/answers/res_b${String(Math.floor(random() * N)).padStart(25, '0')}`)).ms);
  line('one answer with its previous', single, 20, baseP95);

  const { exportBench } = await import('./answers-export.ts');
  // BENCH_EXPORT_DAYS: the newest days only (a rate measured on part of the year; the whole year by default).
  const exportDays = Number(process.env.BENCH_EXPORT_DAYS ?? DAYS);
  await exportBench(app, cookie, { from: dayOf(DAYS - exportDays), to: dayOf(DAYS - 1), expected: Math.min(N, exportDays * loaded.perDay) });
} finally {
  await app.close();
  await drop();
}
process.exit(0);
