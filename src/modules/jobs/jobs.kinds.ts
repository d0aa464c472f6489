// The registry of job kinds. Each kind is one pg-boss queue, and every queue named here is
// created once when a process starts, under a PostgreSQL advisory lock (jobs.queue.ts), before
// the process sends or works any job: processes booting together never race to create one.
//
// To add a job kind:
//   1. append its name below (lowercase words joined by `_`; it is also the jobs.kind column);
//   2. register its handler with `jobs.register('<kind>', handler)` in its module;
//   3. start jobs with `jobs.start({kind: '<kind>', …})`.
// Registering or sending a kind missing here fails at once with a message pointing here; a
// deploy that adds a kind creates its queue when its first process starts.
export const JOB_QUEUES = [
  'measurement',
  'prompt_generation',
  'page_evaluation',
  'seo_refresh',
  'recs_generation',
  'research',
  'alerts_eval',
  'alerts_mail',
  'webhook_delivery',
  'report',
  'report_delivery',
  'portfolio_delivery',
  'traffic_ingest',
  'score_rederive',
  'sentiment_judge',
] as const;

/**
 * Timer queues: time-driven work that a whole fleet runs once per due time (jobs.timers.ts), not
 * jobs of the `jobs` table. Created at start like the kinds above; declared by the modules' parts (startup/services.ts).
 */
export const TIMER_QUEUES = ['jobs_sweep', 'maintenance_sweep', 'schedules_tick', 'run_batches_poll'] as const;

export type JobKind = (typeof JOB_QUEUES)[number];

/**
 * Kinds the queue retries when their handler throws: `retryLimit` more attempts, the n-th after
 * `retryDelaySeconds` × 2ⁿ⁻¹ to twice that (pg-boss's backoff with jitter). Only kinds whose
 * handlers are idempotent on retry are listed; every other kind is never retried (a failed run is
 * failed, and the user may start another). Alert evaluation dedupes firings per rule and
 * event, and alert mail records each recipient it reached (alerts.service.ts).
 * 5 retries from 30 s span about 15-30 minutes: an outage of the mail server or the database.
 */
export interface RetryPolicy { retryLimit: number; retryDelaySeconds: number }
export const JOB_RETRIES: Partial<Record<JobKind, RetryPolicy>> = {
  alerts_eval: { retryLimit: 5, retryDelaySeconds: 30 },
  alerts_mail: { retryLimit: 5, retryDelaySeconds: 30 },
  // Scheduled report mail records each recipient's outcome and skips those already sent (reports/delivery.service.ts).
  report_delivery: { retryLimit: 5, retryDelaySeconds: 30 },
  // The agency portfolio's mail: the same per-recipient record (reports/portfolio-delivery.service.ts).
  portfolio_delivery: { retryLimit: 5, retryDelaySeconds: 30 },
};

/** A handler's view of its job: which attempt this is, and whether it is the last the queue allows. */
export interface JobAttempt { attempt: number; final: boolean }

/**
 * Queue workers per kind in one process. Every worker polls the database, and the pool behind the
 * API is small (10 connections): measurement runs get the pipeline's full concurrency, every other
 * kind one worker per process (one Chrome at a time for page evaluations; generation, research and
 * SEO refreshes are rare and long). More processes (`npm run worker`) scale them out.
 */
export function workersFor(kind: string, pipelineConcurrency: number): number {
  // Webhook deliveries: two pollers, each taking a batch of deliveries sent concurrently
  // (WEBHOOK_BATCH_SIZE): 2 connections at most for up to 2×batch requests in flight.
  if (kind === 'webhook_delivery') return 2;
  return kind === 'measurement' ? pipelineConcurrency : 1;
}

export function isJobKind(kind: string): kind is JobKind {
  return (JOB_QUEUES as readonly string[]).includes(kind);
}

export function unknownJobKind(kind: string): Error {
  return new Error(`Job kind "${kind}" is not in JOB_QUEUES (src/modules/jobs/jobs.kinds.ts); add it there so its queue is created at start.`);
}
