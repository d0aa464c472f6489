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
  const boss = new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => database.executeSql(text, values) as Promise<{ rows: unknown[] }> },
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
    stop: () => boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 } as PgBoss.StopOptions),
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
