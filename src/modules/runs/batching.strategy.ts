import type { EngineId } from '../engines/catalogue.ts';
import type { Engine } from '../engines/engines.service.ts';
import type { JobContext } from '../jobs/jobs.service.ts';
import type { RunBatches } from './batches.ts';
import type { RunInput } from './live-calls.ts';
import type { ResultsWriter } from './results-writer.ts';

// How a run's calls reach the engines, as the loop is handed it: all live, or (a run that is not
// urgent) each batchable engine's calls as one provider batch submitted before the live calls,
// the run parked until the batch poller resumes it, and the batches' results collected then
// (batches.ts has the batches' rows, submission, collection and poller).

/** A resumed run's state: still waiting for a batch, or ready to collect them all. */
export type Resumed = { waiting: string } | { collect(writer: ResultsWriter): Promise<void> };

export interface BatchingStrategy {
  /**
   * A run the poller sent back to a worker: its batches, null when it has submitted none (a run
   * starting). Collection stores each result as a live answer would be stored.
   */
  resumed(ctx: JobContext, run: RunInput): Promise<Resumed | null>;
  /** Before any live call: the engines whose calls went into a provider batch (not asked live). */
  submit(ctx: JobContext, run: RunInput, engines: Engine[]): Promise<EngineId[]>;
}

/** Every call asked live. */
export const liveBatching: BatchingStrategy = {
  resumed: async () => null,
  submit: async () => [],
};

/**
 * Provider batches for what the engines allow (batch.fns.ts BATCHABLE), submitted first so that
 * the batch's clock starts early; a batch the provider refuses leaves its engine live.
 */
export function createProviderBatching(deps: { batches: Pick<RunBatches, 'ofRun' | 'submitFor' | 'collect'> }): BatchingStrategy {
  const { batches } = deps;
  return {
    async resumed(ctx, run) {
      const rows = await batches.ofRun(ctx.job.id);
      if (!rows.length) return null;
      const waiting = rows.filter((r) => r.status === 'in_progress');
      if (waiting.length) return { waiting: `still waiting for ${waiting.map((r) => `batch ${r.batchId}`).join(', ')}` };
      return {
        async collect(writer) {
          const byId = new Map(run.prompts.map((p) => [p.id, p]));
          for (const row of rows.filter((r) => r.status === 'ended')) await batches.collect(ctx, row, byId, writer);
        },
      };
    },
    submit: (ctx, run, engines) => batches.submitFor(ctx, engines, run.prompts, run.samples, run.count),
  };
}
