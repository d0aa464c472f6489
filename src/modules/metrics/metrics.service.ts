import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { JOB_QUEUES } from '../jobs/jobs.kinds.ts';
import { runningJobsByKind } from '../jobs/jobs.reads.ts';
import { openHolds } from '../credits/credits.reads.ts';
import type { Db } from '../../lib/db.ts';
import type { MetricsRecorder } from '../../lib/metrics-recorder.ts';

// Prometheus metrics for one app instance. Each app gets its own registry (tests build many
// apps in one process; prom-client's global registry would refuse the second registration).
//
// Two sources, chosen so the numbers stay true in a fleet:
// - what happens in this process (HTTP requests it answered, provider calls its workers made)
//   is counted in memory: Prometheus scrapes every process and sums;
// - what is shared state (jobs by kind and status, credit holds) is read from the database at
//   scrape time, so every process reports the same fleet-wide figure (aggregate with `max`).
//   No hot path writes a metric for it, and a job finished by another process is not missed.

export function createMetrics(deps: { db: Db }) {
  const registry = new Registry();
  registry.setDefaultLabels({ service: 'geo' });
  collectDefaultMetrics({ register: registry, prefix: 'geo_' });

  const httpDuration = new Histogram({
    name: 'geo_http_request_duration_seconds',
    help: 'HTTP request latency by route pattern, method and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const providerCalls = new Counter({
    name: 'geo_provider_calls_total',
    help: 'Engine calls made by this process, by engine and outcome (error includes timeouts)',
    labelNames: ['engine', 'simulated', 'outcome'] as const,
    registers: [registry],
  });
  const providerDuration = new Histogram({
    name: 'geo_provider_call_duration_seconds',
    help: 'Engine call latency by engine',
    labelNames: ['engine', 'simulated'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [registry],
  });

  // Ended jobs are counted by the process that ended them (each ending is one process's update);
  // counting them from the table grew with its history at every scrape.
  const jobsEnded = new Counter({
    name: 'geo_jobs_ended_total',
    help: 'Jobs this process ended, by kind and final status (succeeded, failed, cancelled; aggregate with sum)',
    labelNames: ['kind', 'status'] as const,
    registers: [registry],
  });
  // Fleet-wide, read at scrape time: only running jobs, through the partial index on running rows.
  new Gauge({
    name: 'geo_jobs',
    help: 'Running jobs in the database by kind (fleet-wide; aggregate with max)',
    labelNames: ['kind', 'status'] as const,
    registers: [registry],
    async collect() {
      const rows = await runningJobsByKind(deps.db);
      this.reset();
      for (const kind of JOB_QUEUES) this.set({ kind, status: 'running' }, 0);
      for (const row of rows) this.set({ kind: row.kind, status: 'running' }, Number(row.n));
    },
  });
  // Closed holds, like ended jobs, are counted by the process whose commit closed them.
  const holdsClosed = new Counter({
    name: 'geo_credit_holds_closed_total',
    help: 'Credit reservations (holds) this process closed, by final status (settled, released, expired; aggregate with sum)',
    labelNames: ['status'] as const,
    registers: [registry],
  });
  // Both hold gauges come from one query per scrape (prom-client collects metrics concurrently),
  // over open holds only, through the partial index on held rows (credit_reservations_held_idx):
  // grouping every reservation by status read the table's whole history at every scrape.
  let pendingHolds: Promise<Array<{ n: number; held: string }>> | null = null;
  const readHolds = () => (pendingHolds ??= openHolds(deps.db)
    .finally(() => setImmediate(() => (pendingHolds = null))));
  new Gauge({
    name: 'geo_credit_holds',
    help: 'Open credit reservations (holds, status held) in the database (fleet-wide; aggregate with max). Closed holds: geo_credit_holds_closed_total',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const [row] = await readHolds();
      this.reset();
      this.set({ status: 'held' }, Number(row?.n ?? 0));
    },
  });
  new Gauge({
    name: 'geo_credit_held_microusd',
    help: 'Micro-USD reserved by open holds, not yet settled or released (fleet-wide)',
    registers: [registry],
    async collect() {
      const [row] = await readHolds();
      this.set(Number(row?.held ?? 0));
    },
  });

  const recorder: MetricsRecorder = {
    providerCall(engine, simulated, outcome, seconds) {
      const labels = { engine, simulated: String(simulated) };
      providerCalls.inc({ ...labels, outcome });
      providerDuration.observe(labels, seconds);
    },
    jobEnded(kind, status) {
      jobsEnded.inc({ kind, status });
    },
    holdClosed(status) {
      holdsClosed.inc({ status });
    },
  };

  return {
    registry,
    recorder,
    observeHttp(method: string, route: string, statusCode: number, seconds: number) {
      httpDuration.observe({ method, route, status_code: String(statusCode) }, seconds);
    },
    /** Prometheus text exposition. */
    async render(): Promise<{ contentType: string; body: string }> {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
