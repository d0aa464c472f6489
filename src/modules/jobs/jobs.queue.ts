import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../lib/db.ts';

// pg-boss on the service's own database (PGlite or PostgreSQL): the queue survives restarts
// and, on PostgreSQL, any number of worker processes share it with no job worked twice. Job
// state that users see lives in our `jobs` table; the queue only carries "work job X".

export interface JobQueue {
  start(): Promise<void>;
  stop(): Promise<void>;
  send(kind: string, jobId: string): Promise<void>;
  work(kind: string, concurrency: number, handler: (jobId: string) => Promise<void>): Promise<void>;
}

export function createJobQueue(database: Database, log: FastifyBaseLogger): JobQueue {
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
    schema: 'pgboss', schedule: false, supervise: true, migrate: true,
  } as PgBoss.ConstructorOptions);
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  const created = new Set<string>();
  const workers = new Map<string, string[]>();

  async function ensureQueue(kind: string) {
    if (created.has(kind)) return;
    // Jobs are never retried by the queue: a failed job is failed, and the user may start another.
    await boss.createQueue(kind, { name: kind, retryLimit: 0, expireInHours: 23 } as PgBoss.Queue);
    created.add(kind);
  }

  return {
    start: async () => void (await boss.start()),
    async stop() {
      await new Promise((resolve) => setImmediate(resolve)); // let a just-finished handler report
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 } as PgBoss.StopOptions);
      while (pending.size) await Promise.allSettled([...pending]);
      stopped = true;
    },
    async send(kind, jobId) {
      await ensureQueue(kind);
      await boss.send(kind, { jobId });
      for (const id of workers.get(kind) ?? []) boss.notifyWorker(id); // no polling delay in this process
    },
    async work(kind, concurrency, handler) {
      await ensureQueue(kind);
      const ids: string[] = [];
      for (let i = 0; i < concurrency; i++) {
        ids.push(await boss.work<{ jobId: string }>(kind, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async ([job]) => {
          if (job) await handler(job.data.jobId);
        }));
      }
      workers.set(kind, ids);
    },
  };
}
