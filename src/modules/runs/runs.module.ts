import type { FastifyInstance } from 'fastify';
import type { ModuleParts } from '../../lib/module.ts';
import type { Db } from '../../lib/db.ts';
import { createRunsService } from './runs.service.ts';
import { runsRoutes } from './runs.routes.ts';
import { createRunReads } from './runs.reads.ts';

/** Measurement runs: plan, call the engines, write the answers, conclude; and their reads. */
export function runsModule(needs: Parameters<typeof createRunsService>[0] & { db: Db }) {
  const runs = createRunsService(needs);
  const runReads = createRunReads(needs.db);
  return {
    name: 'runs', runs, runReads,
    http(app: FastifyInstance) {
      runsRoutes(app, { runs });
    },
    // Provider batches of non-urgent runs: each batch is read at its own backoff; a pass only reads what is due.
    timers: [{ name: 'run_batches_poll', everySeconds: 15, run: () => runs.pollBatches() }],
  } satisfies ModuleParts & Record<string, unknown>;
}
