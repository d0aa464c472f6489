// Outbound webhook delivery benchmark.
//   npx tsx bench/webhooks.bench.ts                      (PGlite)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/webhooks.bench.ts
// 1,000 events are published on the hub to one endpoint whose local receiver answers after 50 ms
// (and verifies every signature), by a process that works no jobs (GEO_WORKERS=off), so that they
// wait in the queue. Measured: the drain, from the start of a worker process (the app built with
// workers on the same database, its boot included) until the receiver has all 1,000. Target:
// under 5 s with bounded concurrency (2 pollers × 25). Publishing (enqueueing) is timed apart.
// Baseline in the same run: the same 1,000 signed POSTs sent straight through the same safe
// fetcher with the same concurrency (50), no database and no queue: the floor the queue adds to.
import { Webhook } from 'standardwebhooks';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { freshDatabase } from './fresh-database.ts';
import { createSafeFetcher } from '../src/lib/safe-fetch/safe-fetch.ts';
import { WEBHOOK_BATCH_SIZE } from '../src/modules/webhooks/webhooks.delivery.ts';
import { workersFor } from '../src/modules/jobs/jobs.kinds.ts';
import { startReceiver } from '../test/helpers/webhook-receiver.ts';

const url = process.env.BENCH_DATABASE_URL;
const N = Number(process.env.BENCH_DELIVERIES ?? 1000);
const LATENCY_MS = 50;
const CONCURRENCY = workersFor('webhook_delivery', 1) * WEBHOOK_BATCH_SIZE;

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 120_000) {
  for (const end = Date.now() + ms; Date.now() < end;) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const rx = await startReceiver();
const { database, drop } = await freshDatabase(url);
await database.migrate();
const base = loadConfig({ GEO_ENV: 'test', DATA_DIR: '/tmp/geo-bench-hooks', LOG_LEVEL: 'silent', AUTH_RATE_LIMIT: '100000' });
const config = { ...base, fetch: { allowPrivate: false, allowOrigins: [rx.origin] } };
const app = await buildApp({ config: { ...config, pipeline: { ...config.pipeline, workers: 'off' } }, database, logger: false });
let worker: Awaited<ReturnType<typeof buildApp>> | undefined;
try {
  const signup = await app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: { email: 'bench@example.com', password: 'bench password 1' } });
  const cookie = `geo.session=${signup.cookies.find((c) => c.name === 'geo.session')!.value}`;
  const ws = await app.inject({
    method: 'POST', url: '/api/v1/workspaces', headers: { cookie },
    payload: {
      brand: 'hookbench', displayName: 'Hook Bench', domains: ['hookbench.com'], languages: ['en'], regions: ['us'],
      competitors: [{ name: 'Alpha', domains: ['a.com'], aliases: ['Alpha Co'], ambiguous: false }, { name: 'Beta', domains: ['b.com'], aliases: ['Beta Co'], ambiguous: false }],
      gscProperty: 'sc-domain:hookbench.com', ga4Property: '123456', activeSetSize: 20, complianceProfile: 'none',
      quotas: { discovery: 0.2, problem_solution: 0.2, use_case: 0.2, comparison: 0.2, expert: 0.1, brand_research: 0.1 },
    },
  });
  if (ws.statusCode !== 201) throw new Error(ws.body);
  const workspaceId = ((await database.executeSql(`select id from workspaces where slug = 'hookbench'`)).rows[0] as { id: string }).id;
  rx.route('/bench', { kind: 'ok', delayMs: LATENCY_MS });
  rx.route('/direct', { kind: 'ok', delayMs: LATENCY_MS });
  const created = await app.inject({ method: 'POST', url: '/api/v1/workspaces/hookbench/webhooks', headers: { cookie }, payload: { url: `${rx.origin}/bench`, events: ['score.changed'] } });
  if (created.statusCode !== 201) throw new Error(created.body);
  const { secret } = created.json() as { secret: string };
  rx.setSecret('/bench', secret);
  rx.setSecret('/direct', secret);

  // Baseline: signed POSTs through a safe fetcher, CONCURRENCY at a time.
  const fetcher = createSafeFetcher({ allowOrigins: [rx.origin] });
  const signer = new Webhook(secret);
  const t0 = performance.now();
  let next = 0;
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < N) {
      const i = next++;
      const body = JSON.stringify({ type: 'score.changed', timestamp: new Date().toISOString(), data: { i } });
      const now = new Date();
      const res = await fetcher.fetch(`${rx.origin}/direct`, {
        method: 'POST', body, followRedirects: false,
        headers: { 'content-type': 'application/json', 'webhook-id': `evt_${i}`, 'webhook-timestamp': String(Math.floor(now.getTime() / 1000)), 'webhook-signature': signer.sign(`evt_${i}`, now, body) },
      });
      if (res.status !== 204) throw new Error(`direct POST answered ${res.status}`);
    }
  }));
  const baselineMs = performance.now() - t0;
  await fetcher.close();

  // Through the hub, the deliveries table and the queue: enqueued by the API, drained by a worker.
  const t1 = performance.now();
  for (let i = 0; i < N; i++) await app.events.publish({ type: 'score.changed', workspaceId, data: { i } });
  const publishMs = performance.now() - t1;
  await app.close();
  const received = () => rx.received.filter((r) => r.path === '/bench').length;
  const t2 = performance.now();
  worker = await buildApp({ config, database, logger: false });
  await until(() => received() >= N, 'all deliveries');
  const drainedMs = performance.now() - t2;
  await until(async () => ((await database.executeSql(`select count(*)::int as n from webhook_deliveries where status = 'pending'`)).rows[0] as { n: number }).n === 0, 'no delivery pending');
  const { rows } = await database.executeSql(`select status, count(*)::int as n from webhook_deliveries group by status`);
  const unverified = rx.received.filter((r) => (r.path === '/bench' || r.path === '/direct') && !r.verified).length;

  const ideal = (N * LATENCY_MS) / CONCURRENCY;
  console.log(`database: ${url ? 'PostgreSQL' : 'PGlite'}; ${N} deliveries, receiver latency ${LATENCY_MS} ms, concurrency ${CONCURRENCY} (ideal ${ideal.toFixed(0)} ms)`);
  console.log(`baseline (direct signed POSTs):     ${baselineMs.toFixed(0)} ms`);
  console.log(`webhooks drain (worker start → all delivered): ${drainedMs.toFixed(0)} ms  target < 5000 ms`);
  console.log(`publishing ${N} events (insert + enqueue, no worker): ${publishMs.toFixed(0)} ms (${(publishMs / N).toFixed(1)} ms per event)`);
  console.log(`ratio webhooks / baseline: ${(drainedMs / baselineMs).toFixed(2)}`);
  console.log(`delivery rows: ${JSON.stringify(rows)}; signatures not verifying: ${unverified}`);
} finally {
  await app.close();
  await worker?.close();
  await drop();
  await rx.close();
}
