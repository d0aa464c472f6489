import type { FastifyInstance } from 'fastify';
import type { ModuleParts } from '../../lib/module.ts';
import type { Database } from '../../lib/db.ts';
import { createJobQueue } from './jobs.queue.ts';
import { createJobsService } from './jobs.service.ts';
import { jobsRoutes } from './jobs.routes.ts';
import { createTimers } from './jobs.timers.ts';
import type { RetryPolicy } from './jobs.kinds.ts';

type ServiceNeeds = Omit<Parameters<typeof createJobsService>[0], 'queue' | 'db'>;

/**
 * The job queue (pg-boss), the jobs ledger and the fleet's timers. Started here, before any other
 * module, since every module may queue work; closed last (modules close in reverse order), so
 * that work cut short by a closing module is queued again while the queue still takes it.
 */
export async function jobsModule(needs: ServiceNeeds & {
  database: Database;
  /** Whether this process runs pg-boss's cron scheduler (processes that run timers). */
  cron: boolean;
  /** Replaces the retry policies of job kinds (JOB_RETRIES; tests shorten the delays). */
  retries?: Partial<Record<string, RetryPolicy>>;
}) {
  const queue = createJobQueue(needs.database, needs.log, undefined, { cron: needs.cron, retries: needs.retries });
  await queue.start();
  const runner = createTimers({ queue, log: needs.log });
  const jobs = createJobsService({ ...needs, db: needs.database.db, queue });
  return {
    name: 'jobs', jobs, queue, runner,
    http(app: FastifyInstance) {
      jobsRoutes(app, { jobs });
    },
    startWorkers: () => jobs.startWorkers(needs.maxJobs),
    sweeps: [() => jobs.sweep()],
    // Dead workers are failed within DEAD_AFTER_MS + ~10 s.
    timers: [{ name: 'jobs_sweep', everySeconds: 10, run: () => jobs.sweep() }],
    async close() {
      runner.stop();
      await jobs.stop();
      await queue.stop();
    },
  } satisfies ModuleParts & Record<string, unknown>;
}
