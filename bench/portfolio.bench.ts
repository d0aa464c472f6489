// Client report and agency portfolio, end to end over HTTP.
//   npx tsx bench/portfolio.bench.ts                  (embedded database; CHROME_PATH for the PDFs)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/portfolio.bench.ts
// 25 workspaces of one agency, each with 90 days of daily snapshots for 5 engines and the
// composite, 10 competitors, 600 answers a day. Measured: one workspace's 90-day visibility
// summary as a PDF (target ≤ 2 s) and the portfolio of all 25 as a PDF (target ≤ 20 s), each read
// from the snapshots, laid out and printed by Chromium; the process's peak memory. Baseline in the
// same run: what the dashboard reads to show the same figures (the score and the whole series of
// every workspace, over HTTP).
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { ENGINE_IDS } from '../src/modules/engines/catalogue.ts';
import { newId } from '../src/lib/ids.ts';
import { reports } from '../src/modules/reports/reports.tables.ts';
import { COMPONENTS } from '../src/modules/scores/scores.fns.ts';
import { scoreSnapshots } from '../src/modules/scores/scores.tables.ts';
import { deriveSnapshot } from '../src/modules/scores/snapshot.fns.ts';
import { runStats } from '../src/modules/scores/stats.fns.ts';
import { freshDatabase } from './fresh-database.ts';

const WORKSPACES = 25, DAYS = 90, ENGINES = ENGINE_IDS.slice(0, 5), RIVALS = 10;
const { database, drop } = await freshDatabase(process.env.BENCH_DATABASE_URL);
await database.migrate();
const config = loadConfig({ GEO_ENV: 'test', DATA_DIR: '/tmp/geo-bench', LOG_LEVEL: 'silent', GEO_WORKERS: 'off', AUTH_RATE_LIMIT: '100000', CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
const app = await buildApp({ config, database, logger: false });
const signup = await app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: { email: 'agency@example.com', password: 'bench password 1' } });
const cookie = `geo.session=${signup.cookies.find((c) => c.name === 'geo.session')!.value}`;
const get = (url: string) => app.inject({ method: 'GET', url, headers: { cookie } });

const competitors = Array.from({ length: RIVALS }, (_, i) => ({ name: `Rival ${String.fromCharCode(65 + i)}`, domains: [`rival${i}.com`], aliases: [`R${i} Corp`], ambiguous: false }));
const entities = [{ entityId: 'brand', name: 'Client', kind: 'brand' as const }, ...competitors.map((c, i) => ({ entityId: `competitor:${i}`, name: c.name, kind: 'competitor' as const }))];
let seed = 11;
const rnd = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
const answer = (_: unknown, i: number) => {
  const named = entities.filter(() => rnd() < 0.35);
  return { promptId: `prm_${i}`, simulated: true, analysis: {
    mentioned: named.map((e) => e.name),
    entities: named.map((e, k) => ({ entityId: e.entityId, name: e.name, kind: e.kind, mentioned: true as const, rank: k + 1, sentiment: rnd() * 2 - 1 })),
    citations: named.slice(0, 2).map((e) => ({ url: `https://x.com/${e.entityId}`, domain: e.entityId === 'brand' ? 'client.com' : 'rival.com', class: (e.entityId === 'brand' ? 'owned' : 'competitor') as 'owned', entityId: e.entityId })),
  } };
};
// 90 days of snapshot rows, made once and given to every workspace (the reads are what is measured).
const today = new Date();
const dayRows = Array.from({ length: DAYS }, (_, k) => {
  const day = new Date(today.getTime() - (DAYS - 1 - k) * 86_400_000).toISOString().slice(0, 10);
  const results = ENGINES.flatMap((engine) => Array.from({ length: 120 }, answer).map((r) => ({ ...r, engine })));
  return [...runStats(`run_${day}`, results, entities.map((e) => e.entityId), 'composite')].map(([engine, st]) => {
    const data = deriveSnapshot(engine, st, entities);
    const componentValues = Object.fromEntries(COMPONENTS.map((c) => [c, data.components[c].value]));
    return { engine, day, runId: `run_${day}`, score: data.score, data, createdAt: new Date(), answers: data.answers ?? 0, simulatedAnswers: data.simulatedAnswers ?? 0, stats: st, componentValues, missingComponents: data.missingComponents,
      point: JSON.stringify({ date: day, runId: `run_${day}`, runs: 1, score: data.score, interval: data.interval, components: componentValues, missingComponents: data.missingComponents, n: data.answers, simulatedShare: data.simulatedShare, simulated: data.simulated, change: null }) };
  });
});
const slugs: string[] = [];
for (let w = 0; w < WORKSPACES; w++) {
  const slug = `client-${w}`;
  const res = await app.inject({ method: 'POST', url: '/api/v1/workspaces', headers: { cookie }, payload: {
    brand: slug, displayName: `Client ${w + 1}`, domains: [`client${w}.com`], languages: ['en'], regions: [], competitors,
    gscProperty: `sc-domain:client${w}.com`, ga4Property: '123456', activeSetSize: 150, complianceProfile: 'none',
    quotas: { discovery: 0.2, problem_solution: 0.2, use_case: 0.2, comparison: 0.2, expert: 0.1, brand_research: 0.1 },
  } });
  if (res.statusCode !== 201) throw new Error(`workspace ${slug}: ${res.body}`);
  const [ws] = (await database.executeSql(`select id from workspaces where slug = '${slug}'`)).rows as Array<{ id: string }>;
  for (const rows of dayRows) await database.db.insert(scoreSnapshots).values(rows.map((r) => ({ ...r, workspaceId: ws!.id })));
  slugs.push(slug);
}
// One stored run report of the first client over the 90 days: its PDF is made when it is read.
const [first] = (await database.executeSql(`select id from workspaces where slug = 'client-0'`)).rows as Array<{ id: string }>;
const reportId = newId('rpt');
await database.db.insert(reports).values({ id: reportId, workspaceId: first!.id, type: 'visibility_summary', trigger: 'run', runId: null, periodFrom: dayRows[0]![0]!.day, periodTo: dayRows.at(-1)![0]!.day, simulatedEngines: ['chatgpt'], createdAt: new Date() });

const time = async (fn: () => Promise<unknown>) => {
  const start = performance.now();
  await fn();
  return performance.now() - start;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ok = async (url: string) => {
  const res = await get(url);
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return res;
};
const from = dayRows[0]![0]!.day, to = dayRows.at(-1)![0]!.day;
try {
  await ok(`/api/v1/workspaces/client-0/reports/${reportId}?format=pdf`); // the browser's first launch, apart
  const baseline = median(await Promise.all([0, 1, 2].map(() => time(() => Promise.all(slugs.map((s) => Promise.all([ok(`/api/v1/workspaces/${s}/score`), ok(`/api/v1/workspaces/${s}/timeseries?range=all`)])))))));
  // Peak memory while measuring (sampled), against the process's memory before it.
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 20);
  const single: number[] = [], singleHtml: number[] = [], portfolio: number[] = [], portfolioHtml: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 3; i++) singleHtml.push(await time(() => ok(`/api/v1/workspaces/client-0/reports/${reportId}?format=html`)));
  for (let i = 0; i < 3; i++) single.push(await time(() => ok(`/api/v1/workspaces/client-0/reports/${reportId}?format=pdf`)));
  for (let i = 0; i < 3; i++) portfolioHtml.push(await time(() => ok(`/api/v1/reports/portfolio?from=${from}&to=${to}&format=html`)));
  for (let i = 0; i < 3; i++) portfolio.push(await time(async () => { bytes = (await ok(`/api/v1/reports/portfolio?from=${from}&to=${to}&format=pdf`)).rawPayload.length; }));
  clearInterval(sampler);
  const mb = (bytes: number) => (bytes / 1048576).toFixed(0);
  console.log(`baseline: score and whole series of ${WORKSPACES} workspaces over HTTP ${baseline.toFixed(0)} ms`);
  console.log(`HTML alone (read and laid out, no Chromium): one client ${median(singleHtml).toFixed(0)} ms, portfolio ${median(portfolioHtml).toFixed(0)} ms`);
  console.log(`one client's 90-day report, ${ENGINES.length} engines, ${RIVALS} competitors, PDF: median of 3 ${median(single).toFixed(0)} ms (target 2000 ms, ratio ${(median(single) / 2000).toFixed(3)}; ${(median(single) / baseline).toFixed(2)} × baseline)`);
  console.log(`portfolio of ${WORKSPACES} clients, PDF: median of 3 ${median(portfolio).toFixed(0)} ms (target 20000 ms, ratio ${(median(portfolio) / 20000).toFixed(3)}; ${(median(portfolio) / baseline).toFixed(2)} × baseline); ${(bytes / 1024).toFixed(0)} KB`);
  console.log(`memory of this process while measuring: peak RSS ${mb(peak)} MB, ${mb(peak - before)} MB above its ${mb(before)} MB before (the seeded embedded database included; Chromium's own processes are not counted)`);
} finally {
  await app.close();
  await drop();
}
