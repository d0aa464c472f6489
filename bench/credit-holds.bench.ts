// The `geo_credit_holds` scrape on a million reservations: a Prometheus scrape must stay cheap
// however many reservations the ledger holds.
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/credit-holds.bench.ts
// A scratch database with one workspace and BENCH_RESERVATIONS (1,000,000) reservations, of
// which BENCH_HELD (200) are open, the rest settled, released or expired over a year. Measured
// per scrape, median of BENCH_SCRAPES: the statement the gauges ran before (every reservation
// grouped by status: the baseline) against what `/metrics` runs now (open holds only, through
// the partial index `credit_reservations_held_idx`), then the whole `/metrics` render.
import { createMetrics } from '../src/modules/metrics/metrics.service.ts';
import { freshDatabase } from './fresh-database.ts';

const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const RESERVATIONS = Number(process.env.BENCH_RESERVATIONS ?? 1_000_000);
const HELD = Number(process.env.BENCH_HELD ?? 200);
const SCRAPES = Number(process.env.BENCH_SCRAPES ?? 15);

const BEFORE = `select status, count(*) as n, coalesce(sum(amount), 0)::text as held from credit_reservations group by status`;
const NOW = `select count(*) as n, coalesce(sum(amount), 0)::text as held from credit_reservations where status = 'held'`;

async function median(fn: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < SCRAPES; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

async function main() {
  if (!url) console.warn('BENCH_DATABASE_URL not set: measuring on PGlite (the figure that matters is PostgreSQL)');
  const { database, drop } = await freshDatabase(url, 4);
  try {
    await database.migrate();
    const t0 = performance.now();
    await database.executeSql(`insert into users (id, email, password_hash) values ('usr_bench', 'bench@example.com', 'x')`);
    await database.executeSql(`insert into workspaces (id, slug, display_name, domains, languages, regions, competitors, gsc_property, ga4_property,
        active_set_size, compliance_profile, quotas, created_by)
      values ('ws_bench', 'bench', 'Bench', '["bench.com"]', '["en"]', '["us"]', '[]', 'sc-domain:bench.com', '1', 10, 'none', '{}', 'usr_bench')`);
    await database.executeSql(`insert into credit_reservations (id, workspace_id, operation, amount, leased, settled, status, created_at, expires_at, closed_at)
      select 'rsv_' || lpad(i::text, 9, '0'), 'ws_bench', 'run', 1000 + i % 5000, 0,
             case when i <= $1 then null else 500 end,
             case when i <= $1 then 'held' when i % 10 = 0 then 'released' when i % 37 = 0 then 'expired' else 'settled' end,
             now() - (i % 365) * interval '1 day', now() + interval '1 hour',
             case when i <= $1 then null else now() - (i % 365) * interval '1 day' end
      from generate_series(1, $2::int) as i`, [HELD, RESERVATIONS]);
    await database.executeSql('vacuum analyze credit_reservations');
    console.log(`setup: ${RESERVATIONS.toLocaleString('en')} reservations (${HELD} held) in ${((performance.now() - t0) / 1000).toFixed(1)} s on ${database.driver}`);

    const before = await median(() => database.executeSql(BEFORE));
    const now = await median(() => database.executeSql(NOW));
    const metrics = createMetrics({ db: database.db });
    const scrape = await median(() => metrics.render());
    const text = (await metrics.render()).body;
    const held = /^geo_credit_holds\{status="held",service="geo"\} (\d+)$/m.exec(text)?.[1] ?? /^geo_credit_holds\{[^}]*\} (\d+)$/m.exec(text)?.[1];
    console.log(`gauge reads held = ${held} (expected ${HELD})`);
    console.log(`before (group every reservation by status): ${before.toFixed(2)} ms per scrape (median of ${SCRAPES})`);
    console.log(`now (open holds through the partial index): ${now.toFixed(2)} ms per scrape`);
    console.log(`whole /metrics render now: ${scrape.toFixed(2)} ms`);
    console.log(`ratio before/now: ${(before / now).toFixed(1)}x`);
  } finally {
    await drop();
  }
}

await main();
