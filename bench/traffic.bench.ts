// AI traffic ingestion benchmark.
//   npx tsx bench/traffic.bench.ts                       (PGlite, the embedded default)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/traffic.bench.ts
// A generated 1,000,000-line combined log (test/helpers/traffic-log.ts: 13 % AI agent hits,
// 2 % AI referrals, 1 % unparsable, 84 % ordinary requests), gzip-compressed, is uploaded through
// `POST …/traffic/logs` and timed until its job has succeeded (spooling, gunzip, parsing,
// classification, hashing and the set-based batch writes). The reading and parsing run in an
// ingestion process of its own (src/modules/traffic-ingest/ingest.process.ts), which reports its peak RSS
// (getrusage maxrss) in the job's log; the API process (this one, which also generated the log)
// is sampled every 20 ms over the run and reported apart. Baseline in the same run: reading and
// gunzipping the same file and splitting it into lines, nothing else. Targets: ≥ 200,000 lines/s
// and peak RSS of the ingestion ≤ 300 MB.
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createGunzip } from 'node:zlib';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { freshDatabase } from './fresh-database.ts';
import { writeLog } from '../test/helpers/traffic-log.ts';

const url = process.env.BENCH_DATABASE_URL;
const N = Number(process.env.BENCH_LINES ?? 1_000_000);
const dir = await mkdtemp(path.join(tmpdir(), 'geo-bench-traffic-'));
const file = path.join(dir, 'access.log.gz');
const start = Date.now() - 20 * 86_400_000; // within the default 90-day retention
const composition = await writeLog(file, N, start);
const size = (await stat(file)).size;

async function baseline() {
  const t0 = performance.now();
  let lines = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 }).pipe(createGunzip())) {
    const text = (chunk as Buffer).toString('utf8');
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
  }
  return { lines, seconds: (performance.now() - t0) / 1000 };
}

const { database, drop } = await freshDatabase(url);
await database.migrate();
const config = loadConfig({ GEO_ENV: 'test', DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'silent', AUTH_RATE_LIMIT: '100000' });
const app = await buildApp({ config, database, logger: false });
let peak = 0;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
try {
  const signup = await app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: { email: 'bench@example.com', password: 'bench password 1' } });
  const cookie = `geo.session=${signup.cookies.find((c) => c.name === 'geo.session')!.value}`;
  const ws = await app.inject({
    method: 'POST', url: '/api/v1/workspaces', headers: { cookie },
    payload: {
      brand: 'trafficbench', displayName: 'Traffic Bench', domains: ['trafficbench.com'], languages: ['en'], regions: ['us'],
      competitors: [{ name: 'Alpha', domains: ['a.com'], aliases: ['Alpha Co'], ambiguous: false }, { name: 'Beta', domains: ['b.com'], aliases: ['Beta Co'], ambiguous: false }],
      gscProperty: 'sc-domain:trafficbench.com', ga4Property: '123456', activeSetSize: 20, complianceProfile: 'none',
      quotas: { discovery: 0.2, problem_solution: 0.2, use_case: 0.2, comparison: 0.2, expert: 0.1, brand_research: 0.1 },
    },
  });
  if (ws.statusCode !== 201) throw new Error(ws.body);

  const base = await baseline();
  const before = process.memoryUsage().rss;
  peak = before;
  const t0 = performance.now();
  const res = await app.inject({ method: 'POST', url: '/api/v1/workspaces/trafficbench/traffic/logs', headers: { cookie, 'content-type': 'application/gzip' }, payload: createReadStream(file) });
  if (res.statusCode !== 202) throw new Error(res.body);
  const id = res.json().id as string;
  let job: { status: string; lastLines: string[] };
  for (;;) {
    job = (await app.inject({ method: 'GET', url: `/api/v1/workspaces/trafficbench/jobs/${id}`, headers: { cookie } })).json();
    if (job.status !== 'running') break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const seconds = (performance.now() - t0) / 1000;
  if (job.status !== 'succeeded') throw new Error(job.lastLines.join('\n'));
  const counts = (await app.inject({ method: 'GET', url: `/api/v1/workspaces/trafficbench/traffic/uploads/${id}`, headers: { cookie } })).json().counts;
  const exact = counts.lines === composition.lines && counts.verified === composition.verified && counts.claimed === composition.claimed
    && counts.referrals === composition.referrals && counts.unparsed === composition.unparsed && counts.other === composition.other;
  const ingestionPeakMb = Number(/peak memory (\d+) MB/.exec(job.lastLines.join('\n'))?.[1] ?? Number.NaN);
  const rate = N / seconds;
  const baseRate = base.lines / base.seconds;
  console.log(JSON.stringify({
    database: url ? 'postgres' : 'pglite', lines: N, gzipBytes: size,
    baseline: { linesPerSecond: Math.round(baseRate), seconds: +base.seconds.toFixed(2) },
    ingestion: { linesPerSecond: Math.round(rate), seconds: +seconds.toFixed(2), stored: counts.inserted },
    ratioToBaseline: +(rate / baseRate).toFixed(3), ratioToTarget: +(rate / 200_000).toFixed(2),
    ingestionPeakRssMb: ingestionPeakMb, rssTargetMb: 300,
    apiProcess: { rssBeforeMb: Math.round(before / 2 ** 20), peakRssMb: Math.round(peak / 2 ** 20) }, countsExact: exact,
  }, null, 2));
  if (!exact) throw new Error(`counts differ: ${JSON.stringify({ counts, composition })}`);
} finally {
  clearInterval(sampler);
  await app.close();
  await drop();
  await rm(dir, { recursive: true, force: true });
}
