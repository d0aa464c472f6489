import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ModuleParts } from '../../lib/module.ts';
import type { Db } from '../../lib/db.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobsService } from '../jobs/jobs.service.ts';
import type { RunReads } from '../runs/runs.reads.ts';
import { createScoresService } from './scores.service.ts';
import { scoresRoutes } from './scores.routes.ts';
import { createScoreBodies } from './bodies.ts';
import { createFiguresAfterRun } from './figures-after-run.ts';
import { createStamps, type StampsDeps } from './stamps.ts';
import { methodologyRoutes } from './methodology.routes.ts';
import { definitionsRoutes } from './definitions.routes.ts';
import { createMetricsExport, metricsExportRoutes } from './export.routes.ts';
import { createRederivation } from './rederive.ts';

/**
 * Scores and their snapshots, the methodology stamp of every figure (docs/methodology.md), and
 * the metric definitions with re-derivation of snapshots from the stored answers.
 */
export function scoresModule(needs: Parameters<typeof createScoresService>[0] & Omit<StampsDeps, 'scores' | 'clock'> & {
  db: Db; clock: Clock; jobs: JobsService; runReads: Pick<RunReads, 'storedAnswers'>;
  /** GEO_FIGURES_AFTER_RUN: the overview's figures made as a run commits (figures-after-run.ts). */
  figuresAfterRun: boolean; log: Pick<FastifyBaseLogger, 'warn'>;
}) {
  const scores = createScoresService(needs);
  const stamps = createStamps({ ...needs, scores });
  const bodies = createScoreBodies({ scores, stamps });
  const afterRun = createFiguresAfterRun({
    contextById: (id) => needs.workspaces.contextById(id), make: (ws) => bodies.overview(ws),
    onError: (err, workspaceId) => needs.log.warn({ err, workspaceId }, 'the overview\'s figures were not made after the run'),
  });
  return {
    name: 'scores', scores, stamps, bodies,
    /** Told once a live run's snapshots have committed: its overview's figures made, when configured so. */
    runCommitted: (workspaceId: string) => (needs.figuresAfterRun ? afterRun.committed(workspaceId) : undefined),
    close: () => afterRun.close(),
    http(app: FastifyInstance) {
      scoresRoutes(app, { scores, stamps, bodies });
      methodologyRoutes(app, { stamps });
      metricsExportRoutes(app, { exporter: createMetricsExport({ db: needs.db, clock: needs.clock, stamps }) });
      definitionsRoutes(app, { rederivation: createRederivation({ db: needs.db, clock: needs.clock, jobs: needs.jobs, workspaces: needs.workspaces, reads: needs.runReads, cache: needs.reads }) });
    },
  } satisfies ModuleParts & Record<string, unknown>;
}
