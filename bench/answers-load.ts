// The answers benchmark's data: a workspace with a year of daily runs (2,000,000 answers by
// default) among another workspace's answers, loaded in bulk by the server itself from a pool of
// generated answers (bench/answers-corpus.ts). The measured indexes are dropped during the load
// and built after it, timed: the way a large import is done, and their build time is a figure.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rawRows, type Database } from '../src/lib/db.ts';
import { profileFromWorkspace } from '../src/modules/analysis/profile.fns.ts';
import { ALL_SEARCH_CONFIGS } from '../src/modules/runs/answer-search.fns.ts';
import { corpus } from './answers-corpus.ts';

export const ENGINES = ['chatgpt', 'perplexity', 'gemini', 'claude', 'google-aio'] as const;
export const DAYS = 365;
export const START = Date.UTC(2025, 11, 1);

export const workspacePayload = (brand: string) => ({
  brand, displayName: brand === 'answersbench' ? 'Bench Co' : 'Other Co', domains: [`${brand}.com`], languages: ['en', 'es', 'ca', 'fr'], regions: ['us'],
  competitors: ['Ledgerly', 'Facturo', 'Numbrix', 'Contaplus', 'Billwise', 'Quaderna', 'Factorial Books', 'Sumo Ledger'].map((name, i) => ({ name, domains: [`rival${i}.com`], aliases: [`${name} Inc`], ambiguous: false })),
  gscProperty: `sc-domain:${brand}.com`, ga4Property: '123456', activeSetSize: 50, complianceProfile: 'none',
  quotas: { discovery: 0.2, problem_solution: 0.2, use_case: 0.2, comparison: 0.2, expert: 0.1, brand_research: 0.1 },
});

const one = async <T>(database: Database, q: ReturnType<typeof sql>) => (await rawRows<T>(database.db, q))[0]!;

/** Timed steps, printed as they end. */
async function step<T>(label: string, f: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const out = await f();
  console.log(`  load: ${label} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return out;
}

/** The pool of distinct answers the rows are drawn from, in an unlogged table of the bench database. */
async function loadPool(database: Database, brand: string, size: number) {
  const payload = workspacePayload(brand);
  const answers = corpus({ ...profileFromWorkspace(payload), domains: payload.domains }, size);
  await database.db.execute(sql`create unlogged table if not exists bench_pool (brand text, k int, language text, answer text, sources jsonb, analysis jsonb,
    brand_mentioned boolean, brand_rank int, brand_sentiment real, queries jsonb, retrieved jsonb)`);
  for (let i = 0; i < answers.length; i += 500) {
    const rows = answers.slice(i, i + 500).map((a, j) => ({
      brand, k: i + j, language: a.language, answer: a.text, sources: a.sources, analysis: a.analysis,
      brand_mentioned: a.brandMentioned, brand_rank: a.brandRank, brand_sentiment: a.brandSentiment,
      queries: [a.text.slice(a.text.indexOf('\n\n') + 2).split(' ').slice(0, 5).join(' ').toLowerCase(), `${payload.displayName} pricing`],
      retrieved: a.sources.map((s, r) => ({ url: s.url, title: s.title, domain: new URL(s.url).hostname.replace(/^www\./, ''), rank: r + 1, query: null })),
    }));
    await database.db.execute(sql`insert into bench_pool select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(brand text, k int, language text,
      answer text, sources jsonb, analysis jsonb, brand_mentioned boolean, brand_rank int, brand_sentiment real, queries jsonb, retrieved jsonb)`);
  }
}

/** `count` answers of one workspace: a run a day (`runOf(day)`), each prompt once per engine and day. */
async function loadAnswers(database: Database, a: { brand: string; workspaceId: string; count: number; pool: number; runPrefix: string; idPrefix: string }) {
  const perDay = Math.ceil(a.count / DAYS);
  const engines = sql.raw(`array[${ENGINES.map((e) => `'${e}'`).join(',')}]`);
  // Batches of 250,000 two at a time: computing each answer's stored words (to_tsvector) is the
  // load's cost, and two connections use both cores.
  const batches = Array.from({ length: Math.ceil(a.count / 250_000) }, (_, i) => i * 250_000);
  const batch = async (from: number) => {
    const to = Math.min(a.count, from + 250_000) - 1;
    await database.db.execute(sql`insert into run_results (id, run_id, workspace_id, engine, simulated, prompt_id, sample, extra, prompt_text, intent, language, answer,
        sources, analysis, brand_mentioned, brand_rank, brand_sentiment, error, latency_ms, created_at)
      select ${a.idPrefix} || lpad(g::text, 25, '0'), ${a.runPrefix} || lpad((g / ${perDay})::text, 3, '0'), ${a.workspaceId}, (${engines})[g % 5 + 1], true,
        'prm_' || ((g % ${perDay}) / 5), 1, false, 'prompt ' || ((g % ${perDay}) / 5), 'discovery', p.language, p.answer, p.sources, p.analysis,
        p.brand_mentioned, p.brand_rank, p.brand_sentiment, null, 900, ${new Date(START).toISOString()}::timestamptz + (g / ${perDay}) * interval '1 day' + (g % ${perDay}) * interval '15 ms'
      from generate_series(${from}::int, ${to}::int) g join bench_pool p on p.brand = ${a.brand} and p.k = (g::bigint * 7919) % ${a.pool}`);
    await database.db.execute(sql`insert into answer_traces (result_id, run_id, workspace_id, engine, surface, simulated, prompt_id, sample, format, model_version,
        queries, retrieved, cited, usage, missing, warnings, created_at)
      select r.id, r.run_id, r.workspace_id, r.engine, case when r.engine = 'google-aio' then 'product' else 'api' end, true, r.prompt_id, 1, 'bench',
        case when r.engine = 'chatgpt' then 'gpt-4.1-mini-2025-04-14' end, p.queries, p.retrieved, '[]'::jsonb, null, '[]'::jsonb, '[]'::jsonb, r.created_at
      from generate_series(${from}::int, ${to}::int) g join bench_pool p on p.brand = ${a.brand} and p.k = (g::bigint * 7919) % ${a.pool}
      join run_results r on r.id = ${a.idPrefix} || lpad(g::text, 25, '0')`);
  };
  for (let i = 0; i < batches.length; i += 2) await Promise.all(batches.slice(i, i + 2).map(batch));
}

const INDEXES = ['run_results_workspace_time_idx', 'run_results_prompt_time_idx', 'run_results_run_time_idx', ...ALL_SEARCH_CONFIGS.map((c) => `run_results_search_${c}_idx`)];

export interface Loaded { workspaceId: string; runIds: string[]; perDay: number; indexBuild: Array<{ name: string; seconds: number }> }

/** The whole load: both workspaces, one real run cloned into a year of runs, the answers, the indexes, ANALYZE. */
export async function load(app: FastifyInstance, database: Database, cookie: string, n: { answers: number; other: number; pool: number }): Promise<Loaded> {
  for (const brand of ['answersbench', 'otherbench']) {
    const res = await app.inject({ method: 'POST', url: '/api/v1/workspaces', headers: { cookie }, payload: workspacePayload(brand) });
    if (res.statusCode !== 201) throw new Error(res.body);
  }
  const ws = (slug: string) => one<{ id: string }>(database, sql`select id from workspaces where slug = ${slug}`);
  const [main, other] = [(await ws('answersbench')).id, (await ws('otherbench')).id];
  // One real run (simulated engines) gives a run as the product writes it; a year of runs are its copies.
  await app.inject({ method: 'POST', url: '/api/v1/workspaces/answersbench/credits/top-up', headers: { cookie }, payload: { amountMicrousd: 500_000_000, idempotencyKey: 'bench' } });
  const ended = new Promise<string>((resolve) => app.events.subscribe((e) => { if (e.type === 'run.succeeded' || e.type === 'run.failed') resolve(e.type); }));
  const run = (await app.inject({ method: 'POST', url: '/api/v1/workspaces/answersbench/runs', headers: { cookie }, payload: { preset: 'lite' } })).json() as { id: string };
  if ((await ended) !== 'run.succeeded') throw new Error('the seed run failed');
  await database.db.execute(sql`insert into jobs select (jsonb_populate_record(null::jobs, to_jsonb(j) || jsonb_build_object('id', 'run_bench_' || lpad(d::text, 3, '0'),
      'started_at', ${new Date(START).toISOString()}::timestamptz + d * interval '1 day', 'finished_at', ${new Date(START).toISOString()}::timestamptz + d * interval '1 day' + interval '20 minutes'))).*
    from jobs j, generate_series(0, ${DAYS - 1}) d where j.id = ${run.id}`);

  await step(`pool of ${n.pool} distinct answers per workspace generated, analysed and stored`, async () => {
    await loadPool(database, 'answersbench', n.pool);
    await loadPool(database, 'otherbench', Math.min(n.pool, 2000));
  });
  // The indexes as the migrations made them, dropped for the load and built again after it, timed.
  const definitions = await rawRows<{ indexname: string; indexdef: string }>(database.db, sql`select indexname, indexdef from pg_indexes
    where tablename = 'run_results' and indexname in (${sql.join(INDEXES.map((i) => sql`${i}`), sql`, `)})`);
  for (const index of INDEXES) await database.db.execute(sql.raw(`drop index ${index}`));
  await step(`${n.answers.toLocaleString('en')} answers and their traces inserted`, () => loadAnswers(database, { brand: 'answersbench', workspaceId: main, count: n.answers, pool: n.pool, runPrefix: 'run_bench_', idPrefix: 'res_b' }));
  await step(`${n.other.toLocaleString('en')} answers of another workspace inserted`, () => loadAnswers(database, { brand: 'otherbench', workspaceId: other, count: n.other, pool: Math.min(n.pool, 2000), runPrefix: 'run_other_', idPrefix: 'res_o' }));
  const indexBuild: Loaded['indexBuild'] = [];
  for (const { indexname, indexdef } of definitions) {
    const t0 = performance.now();
    // In the statement's own round trip: the setting holds on the pool connection that builds.
    await database.db.execute(sql.raw(`set maintenance_work_mem = '1GB'; ${indexdef}`));
    indexBuild.push({ name: indexname, seconds: (performance.now() - t0) / 1000 });
  }
  await step('ANALYZE', () => database.db.execute(sql`analyze run_results; analyze answer_traces`));
  await database.db.execute(sql`drop table bench_pool`);
  return { workspaceId: main, runIds: Array.from({ length: DAYS }, (_, d) => `run_bench_${String(d).padStart(3, '0')}`), perDay: Math.ceil(n.answers / DAYS), indexBuild };
}

/** What `load` answers, read from a database it loaded before (BENCH_REUSE): no index build timed. */
export async function loadedBefore(database: Database, answers: number): Promise<Loaded> {
  const { id } = await one<{ id: string }>(database, sql`select id from workspaces where slug = 'answersbench'`);
  return { workspaceId: id, runIds: Array.from({ length: DAYS }, (_, d) => `run_bench_${String(d).padStart(3, '0')}`), perDay: Math.ceil(answers / DAYS), indexBuild: [] };
}
