import type { Db } from '../../lib/db.ts';
import { newId } from '../../lib/ids.ts';
import type { AnalysisProfile } from '../analysis/analyze.fns.ts';
import type { EngineId } from '../engines/catalogue.ts';
import type { EngineAnswer } from '../engines/simulated.fns.ts';
import type { JobsService } from '../jobs/jobs.service.ts';
import { recordAnswerCounts } from './answer-counts.ts';
import { createResultsWriter, type AskedPrompt } from './results-writer.ts';
import type { OnSucceeded } from './run-end.ts';
import type { RunPlan } from './runs.fns.ts';

// A measurement run recorded as history: answers already in hand (a demo's simulated past,
// docs/demo.md) go through the same writer as a live run's (analysis, results, traces), then the
// same end (answer counts, the day's score snapshots), as of the day the run finished. No credit
// is held, no worker runs it and no event is published: it is the past, not news.

export interface HistoryDay {
  workspaceId: string;
  startedAt: Date;
  finishedAt: Date;
  prompts: AskedPrompt[];
  engines: readonly EngineId[];
  profile: AnalysisProfile;
  /** The answer of one engine to one prompt on that day; every engine named is simulated. */
  answer(engine: EngineId, prompt: AskedPrompt): EngineAnswer;
  createdBy: string | null;
}

export function createRunHistory(deps: { db: Db; jobs: Pick<JobsService, 'recordSucceeded'>; onSucceeded?: OnSucceeded; kind: string; answersWritten?: (workspaceId: string) => void }) {
  const { db } = deps;
  return {
    /** Writes one day's run, finished at `finishedAt`; answers its id. */
    async record(day: HistoryDay): Promise<string> {
      const runId = newId('run');
      const at = { now: () => day.finishedAt };
      const writer = createResultsWriter({ db, clock: at, written: deps.answersWritten, runId, workspaceId: day.workspaceId, profile: day.profile, samples: 1 });
      for (const engine of day.engines) {
        for (const prompt of day.prompts) writer.add({ id: engine, simulated: true }, prompt, 1, { answer: day.answer(engine, prompt), error: null, started: Date.now() });
      }
      await writer.done();
      // Counted before the run is recorded succeeded: readers take the counts of succeeded runs only.
      await recordAnswerCounts(db, runId);
      const write = await deps.onSucceeded?.(day.workspaceId, runId, writer.answered, { finishedAt: day.finishedAt });
      const perEngine = day.prompts.length;
      const plan: RunPlan = {
        promptCount: perEngine, perEnginePrompts: perEngine, samples: 1, calls: Object.fromEntries(day.engines.map((e) => [e, perEngine])),
        totalCalls: perEngine * day.engines.length, estimateMicrousd: 0, simulated: [...day.engines],
      };
      const committed = await db.transaction(async (tx) => {
        await deps.jobs.recordSucceeded(tx, {
          id: runId, workspaceId: day.workspaceId, kind: deps.kind, group: deps.kind, startedAt: day.startedAt, finishedAt: day.finishedAt,
          totalCalls: plan.totalCalls, progressSource: 'calls', createdBy: day.createdBy,
          params: { preset: 'lite', samples: 1, plan, promptIds: day.prompts.map((p) => p.id), enginesOff: [], history: 'demo' },
          lines: [
            `run of ${day.prompts.length} prompts on ${day.engines.map((e) => `${e} (simulated)`).join(', ')}; ${plan.totalCalls} calls (demo history, recorded at once)`,
            `${writer.stats.completed} calls done, ${writer.stats.failures} failed`,
          ],
        });
        return write?.(tx);
      });
      // What runs once the day's snapshots have committed (the scores' kept reads dropped).
      if (committed) await committed();
      return runId;
    },
  };
}
export type RunHistory = ReturnType<typeof createRunHistory>;
