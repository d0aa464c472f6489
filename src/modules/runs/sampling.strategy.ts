import type { EngineId } from '../engines/catalogue.ts';
import type { PipelineConfig } from './runs.config.ts';
import type { Db } from '../../lib/db.ts';
import type { Engine } from '../engines/engines.service.ts';
import { formatUsd } from '../engines/limits/usage.fns.ts';
import type { JobContext } from '../jobs/jobs.service.ts';
import { cellKey, decisionThresholds, saveRecords, type DecisionSources } from './adaptive.ts';
import type { Ask, LiveCalls, RunInput } from './live-calls.ts';
import { adaptiveRounds, type Cell } from './sampling.fns.ts';

// How a run samples, as the loop is handed it: every answer is shown to the strategy as it is
// recorded, and once the first pass is asked the strategy may ask more through the same live
// calls. Fixed sampling asks nothing more; adaptive sampling asks rounds of extra samples on the
// cells whose interval leaves a decision open (sampling.fns.ts has the rules, adaptive.ts the
// thresholds and records).

/** One run's sampling, made when its first pass starts. */
export interface RunSampling {
  /** An answered live call: whether it named the brand. */
  answered(engine: EngineId, promptId: string, mentioned: boolean): void;
  /**
   * After the first pass, unless the run stopped: more calls through `calls`. A failure of its
   * own (reading thresholds, recording cells) is logged and keeps what was asked: the first pass
   * stands, and the results already leased are still written.
   */
  afterFirstPass(ctx: JobContext, engines: Engine[], calls: LiveCalls, firstPassCalls: number): Promise<void>;
}
export interface SamplingStrategy { forRun(run: RunInput): RunSampling }

/** Every cell asked the plan's samples, no more. */
export const fixedSampling: SamplingStrategy = {
  forRun: () => ({ answered: () => undefined, afterFirstPass: async () => undefined }),
};

/** Ends the extra rounds of a run that was cancelled or cut short (its outcome says why). */
const STOPPED = Symbol('stopped');

/** Adaptive sampling: rounds of extra samples within the plan's credit ceiling. */
export function createAdaptiveSampling(deps: { db: Db; decisions?: DecisionSources; pricing: PipelineConfig['pricing'] }): SamplingStrategy {
  return {
    forRun(run) {
      // Each prompt × engine cell's answers so far: what the rounds judge.
      const tally = new Map<string, { k: number; n: number }>();
      return {
        answered(engine, promptId, mentioned) {
          const t = tally.get(cellKey(engine, promptId)) ?? { k: 0, n: 0 };
          tally.set(cellKey(engine, promptId), { k: t.k + Number(mentioned), n: t.n + 1 });
        },
        async afterFirstPass(ctx, engines, calls, firstPassCalls) {
          const sampling = run.plan.sampling!;
          await ctx.log(`adaptive sampling: first pass done (${firstPassCalls} calls); judging ${tally.size} cells${sampling.targetWidth === null ? '' : ` against a ${sampling.targetWidth}-point target width`}, ceiling ${formatUsd(sampling.maxExtraMicrousd)} of credits`);
          await extraRounds(deps, ctx, run, engines, tally, calls).catch(async (err) => {
            if (err !== STOPPED) await ctx.log(`adaptive sampling stopped early: ${(err as Error).message}`).catch(() => undefined);
          });
        },
      };
    },
  };
}

/**
 * The rounds after the first pass (sampling.fns.ts adaptiveRounds). Their calls take the first
 * pass's path (leased in the engine's slot, analysed, stored, released when they fail); sample
 * numbers go on from the cell's last, so the simulated engines answer afresh.
 */
async function extraRounds(
  deps: { db: Db; decisions?: DecisionSources; pricing: PipelineConfig['pricing'] }, ctx: JobContext, run: RunInput, engines: Engine[],
  tally: Map<string, { k: number; n: number }>, calls: LiveCalls,
) {
  const { plan, prompts } = run;
  const sampling = plan.sampling!;
  const cells: Cell[] = engines.flatMap((e) => prompts.slice(0, plan.perEnginePrompts).map((p) => {
    const t = tally.get(cellKey(e.id, p.id)) ?? { k: 0, n: 0 };
    return { engine: e.id, promptId: p.id, k: t.k, n: t.n, asked: plan.samples };
  }));
  const asked = new Map(cells.map((c) => [cellKey(c.engine, c.promptId), c.asked]));
  const thresholds = await decisionThresholds(deps.db, deps.decisions, ctx.job.workspaceId, cells);
  const bySource = (source: string) => new Set(thresholds.filter((t) => t.source === source).map((t) => t.ref)).size;
  await ctx.log(`adaptive sampling: thresholds from ${bySource('alert_rule')} alert rules and ${bySource('recommendation')} recommendations`);
  const engineOf = new Map(engines.map((e) => [e.id as string, e]));
  const promptOf = new Map(prompts.map((p) => [p.id, p]));
  let total = plan.totalCalls;
  const out = await adaptiveRounds({
    cells, thresholds, sampling, price: (engine) => deps.pricing[engine as EngineId],
    onRound: (records) => saveRecords(deps.db, ctx.job.id, ctx.job.workspaceId, records),
    ask: async (allocations) => {
      const list: Ask[] = allocations.flatMap((a) => {
        const from = asked.get(cellKey(a.engine, a.promptId))!;
        asked.set(cellKey(a.engine, a.promptId), from + a.extra);
        return Array.from({ length: a.extra }, (_, i) => ({ engine: engineOf.get(a.engine)!, prompt: promptOf.get(a.promptId)!, sample: from + i + 1 }));
      });
      total += list.length;
      await ctx.setTotal(total);
      await ctx.log(`adaptive round: ${list.length} extra calls on ${allocations.length} cells`);
      await calls.ask(list);
      if (calls.stopped()) throw STOPPED;
      return allocations.map((a) => {
        const t = tally.get(cellKey(a.engine, a.promptId)) ?? { k: 0, n: 0 };
        return { engine: a.engine, promptId: a.promptId, k: t.k, n: t.n, asked: asked.get(cellKey(a.engine, a.promptId))! };
      });
    },
  });
  const extra = out.records.reduce((sum, r) => sum + r.extra, 0);
  await ctx.log(`adaptive sampling: ${extra} extra samples on ${out.records.length} of ${cells.length} cells in ${out.rounds} rounds, ${formatUsd(out.spentMicrousd)} of the ${formatUsd(sampling.maxExtraMicrousd)} ceiling`);
}
