import { createHash } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../lib/db.ts';
import { JOB_QUEUES, JOB_RETRIES, TIMER_QUEUES, unknownJobKind, type JobAttempt, type RetryPolicy } from './jobs.kinds.ts';

// pg-boss on the service's own database (PGlite or PostgreSQL): the queue survives restarts
// and, on PostgreSQL, any number of worker processes share it with no job worked twice. Job
// state that users see lives in our `jobs` table; the queue only carries "work job X".

export interface JobQueue {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** `sendKey` names a later send of the same job (a parked job resumed): by default the job id, so that a repeated send is one. */
  send(kind: string, jobId: string, sendKey?: string): Promise<void>;
  /** A handler that throws fails its job: retried per JOB_RETRIES, else ended. */
  work(kind: string, concurrency: number, handler: (jobId: string, attempt: JobAttempt) => Promise<void>): Promise<void>;
  /** Timers (jobs.timers.ts): pg-boss's cron schedule of a timer queue, upserted (any process may call it). */
  schedule(name: string, cron: string): Promise<void>;
  /** One job per `seconds`-long slot of the clock, however many processes send it (a singleton slot). */
  sendOncePer(name: string, seconds: number): Promise<void>;
  /** One worker of a timer queue in this process. */
  workTimer(name: string, handler: () => Promise<void>): Promise<void>;
  /** Many jobs of one kind in one statement, each possibly due later (webhook deliveries and their retries). */
  sendMany(kind: string, items: Array<{ jobId: string; startAfter?: Date }>): Promise<void>;
  /** `workers` pollers that each take up to `batchSize` jobs per fetch and complete them together. */
  workBatches(kind: string, workers: number, batchSize: number, handler: (jobIds: string[]) => Promise<void>): Promise<void>;
}

export interface JobQueueOptions {
  /**
   * Runs pg-boss's cron monitor in this process (servers and workers; tests leave it off so that
   * no time-driven job runs behind their injected clock). Its intervals are short so that a
   * scheduled job is created within ~2 s of its minute and taken within ~1 s after that.
   */
  cron?: boolean;
  /** Retry policies by kind (default JOB_RETRIES); tests shorten the delays. */
  retries?: Partial<Record<string, RetryPolicy>>;
}

const TIMER_POLL_SECONDS = 1;

const QUEUE_LOCK = 'geo:pgboss-queues';
const DEADLOCK = '40P01';
const CREATE_ATTEMPTS = 5;

/** Runs `fn` again when PostgreSQL chose it as a deadlock victim (a short, jittered wait between). */
export async function retryOnDeadlock<T>(fn: () => Promise<T>, attempts = CREATE_ATTEMPTS): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if ((err as { code?: string }).code !== DEADLOCK || attempt >= attempts) throw err;
      await new Promise((resolve) => setTimeout(resolve, 25 * attempt + Math.random() * 50));
    }
  }
}

/** A UUID (version 5 layout, SHA-1 of the job id) naming the job's pg-boss job. */
export function queueJobId(jobId: string): string {
  const h = createHash('sha1').update(`geo-job:${jobId}`).digest('hex');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function createJobQueue(database: Database, log: FastifyBaseLogger, queueNames: readonly string[] = [...JOB_QUEUES, ...TIMER_QUEUES], options: JobQueueOptions = {}): JobQueue {
  // pg-boss fires some statements without awaiting them (e.g. completing a job). On stop we let
  // those in flight finish; anything it issues after that never runs (the database may be
  // closing) and never settles, so nothing fails late. Our jobs table is the truth anyway.
  let stopped = false;
  const pending = new Set<Promise<unknown>>();
  const executeSql = (text: string, values: unknown[]) => {
    if (stopped) return new Promise<{ rows: unknown[] }>(() => {});
    const query = database.executeSql(text, values) as Promise<{ rows: unknown[] }>;
    pending.add(query);
    void query.finally(() => pending.delete(query)).catch(() => {});
    return query;
  };
  const boss = new PgBoss({
    db: { executeSql },
    schema: 'pgboss', supervise: true, migrate: true,
    schedule: options.cron ?? false, cronMonitorIntervalSeconds: 2, cronWorkerIntervalSeconds: 1,
  } as PgBoss.ConstructorOptions);
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  const known = new Set(queueNames);
  const retries: Partial<Record<string, RetryPolicy>> = options.retries ?? JOB_RETRIES;
  // Per job, not per queue: queues created by an earlier release keep retryLimit 0, and a job's
  // own options take precedence over its queue's.
  const retryOptions = (kind: string) => {
    const policy = retries[kind];
    return policy ? { retryLimit: policy.retryLimit, retryDelay: policy.retryDelaySeconds, retryBackoff: true } : {};
  };
  const workers = new Map<string, string[]>();

  /**
   * pg-boss's schema and every queue of the registry, created once per database: processes
   * starting together take turns under an advisory lock, and each creates only what is missing.
   * Queue creation is DDL on pg-boss's partitioned job table; unserialised, two processes
   * creating one queue deadlock, so it never happens lazily on send or work.
   */
  async function provision() {
    await database.withLock(QUEUE_LOCK, async () => {
      await boss.start(); // installs or migrates pg-boss's schema on first use
      const existing = new Set((await boss.getQueues()).map((q) => q.name));
      for (const name of queueNames) {
        if (existing.has(name)) continue;
        // Jobs are never retried by the queue: a failed job is failed, and the user may start another.
        await retryOnDeadlock(() => boss.createQueue(name, { name, retryLimit: 0, expireInHours: 23 } as PgBoss.Queue));
      }
    });
  }

  const assertKnown = (kind: string) => {
    if (!known.has(kind)) throw unknownJobKind(kind);
  };

  return {
    start: provision,
    async stop() {
      await new Promise((resolve) => setImmediate(resolve)); // let a just-finished handler report
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 } as PgBoss.StopOptions);
      while (pending.size) await Promise.allSettled([...pending]);
      stopped = true;
    },
    async send(kind, jobId, sendKey) {
      assertKnown(kind);
      // The pg-boss id derives from ours: sending a job again (the sweep's recovery of a lost send)
      // inserts nothing while pg-boss still holds the first.
      await boss.send(kind, { jobId }, { ...retryOptions(kind), id: queueJobId(sendKey ?? jobId) });
      for (const id of workers.get(kind) ?? []) boss.notifyWorker(id); // no polling delay in this process
    },
    async work(kind, concurrency, handler) {
      assertKnown(kind);
      const ids: string[] = [];
      for (let i = 0; i < concurrency; i++) {
        ids.push(await boss.work<{ jobId: string }>(kind, { pollingIntervalSeconds: 0.5, batchSize: 1, includeMetadata: true }, async ([job]) => {
          if (job) await handler(job.data.jobId, { attempt: job.retryCount + 1, final: job.retryCount >= job.retryLimit });
        }));
      }
      workers.set(kind, ids);
    },
    async schedule(name, cron) {
      assertKnown(name);
      // UTC: a timer's cron is the fleet's clock, not a user's (user schedules keep their zone in our table).
      // One job per minute slot, keyed by the timer: the slot `sendOncePer(name, 60)` offers into
      // (on-the-minute timers), so the two ways of creating the minute's job never make two.
      await boss.schedule(name, cron, {}, { tz: 'UTC', singletonKey: name, singletonSeconds: 60 });
    },
    async sendOncePer(name, seconds) {
      assertKnown(name);
      const id = await boss.send(name, {}, { singletonKey: name, singletonSeconds: seconds });
      if (id) for (const worker of workers.get(name) ?? []) boss.notifyWorker(worker);
    },
    async workTimer(name, handler) {
      assertKnown(name);
      workers.set(name, [await boss.work(name, { pollingIntervalSeconds: TIMER_POLL_SECONDS, batchSize: 1 }, async () => handler())]);
    },
    async sendMany(kind, items) {
      assertKnown(kind);
      if (!items.length) return;
      // No wake-up: pollers take what has gathered at their next poll (≤ 0.5 s), so that a flood
      // of events is sent in full batches rather than one poll per event.
      await boss.insert(items.map((item) => ({ name: kind, data: { jobId: item.jobId }, ...(item.startAfter ? { startAfter: item.startAfter } : {}) })));
    },
    async workBatches(kind, count, batchSize, handler) {
      assertKnown(kind);
      const ids: string[] = [];
      for (let i = 0; i < count; i++) {
        let id = '';
        id = await boss.work<{ jobId: string }>(kind, { pollingIntervalSeconds: 0.5, batchSize }, async (batch) => {
          if (batch.length) await handler(batch.map((job) => job.data.jobId));
          // A full batch means more may be waiting: fetch again at once instead of after the polling interval.
          if (batch.length === batchSize && id) boss.notifyWorker(id);
        });
        ids.push(id);
      }
      workers.set(kind, ids);
    },
  };
}
