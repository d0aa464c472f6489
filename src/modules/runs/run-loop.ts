import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db.ts';
import { ALL_ENGINE_IDS, type EngineId } from '../engines/catalogue.ts';
import type { PipelineConfig } from './runs.config.ts';
import { profileFromWorkspace } from '../analysis/profile.fns.ts';
import type { EnginesService } from '../engines/engines.service.ts';
import type { JobContext, JobsService } from '../jobs/jobs.service.ts';
import type { PromptsService } from '../prompts/prompts.service.ts';
import type { WorkspacesService } from '../workspaces/workspaces.service.ts';
import type { BatchingStrategy } from './batching.strategy.ts';
import { asksOf, createLiveCalls, type RunInput } from './live-calls.ts';
import { createResultsWriter } from './results-writer.ts';
import { allFailed, type RunEnd } from './run-end.ts';
import type { RunPlan } from './runs.fns.ts';
import type { SamplingStrategy } from './sampling.strategy.ts';

// A measurement run's loop, one shape for every run: plan (read what the run asks) → call (ask
// the engines) → write (every result stored) → conclude (the closing lines, the all-failed rule,
// what commits with `succeeded`). How it samples (fixed or adaptive rounds) and how its calls go
// out (live, or provider batches it parks for) are strategies it is handed; a run resumed by the
// batch poller takes the same steps with the batches' results as its calls.

export function createRunLoop(deps: {
  db: Db; clock: Clock; prompts: Pick<PromptsService, 'byIds'>; engines: Pick<EnginesService, 'forWorkspace'>;
  workspaces: Pick<WorkspacesService, 'contextById' | 'getSettings'>; pipeline: Pick<PipelineConfig, 'pricing'>;
  sampling: { fixed: SamplingStrategy; adaptive: SamplingStrategy };
  batching: { live: BatchingStrategy; provider: BatchingStrategy };
  end: RunEnd;
  /** Told after each batch of a run's answers is written. */
  answersWritten?: (workspaceId: string) => void;
}) {
  const { db, clock, end } = deps;

  /** Plan: the run's prompts in their planned order, its samples and the analysis profile. */
  async function planOf(ctx: JobContext): Promise<RunInput> {
    const { job } = ctx;
    const ws = await deps.workspaces.contextById(job.workspaceId);
    const { promptIds, plan } = job.params as { promptIds: string[]; plan: RunPlan };
    // Runs started before samples existed carry neither field: one sample of every planned prompt.
    const samples = plan.samples ?? 1;
    const order = new Map(promptIds.map((id, i) => [id, i]));
    const [rows, settings] = await Promise.all([deps.prompts.byIds(ws.id, promptIds), deps.workspaces.getSettings(ws)]);
    return {
      workspaceId: ws.id, plan, samples, profile: profileFromWorkspace(settings),
      prompts: rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!),
      count: (id: EngineId) => plan.perEnginePrompts ?? plan.calls[id] ?? 0,
    };
  }

  /** The measurement job: every (engine, prompt) call, leased, asked, analysed and stored in batches. */
  async function measure(ctx: JobContext) {
    const { job } = ctx;
    const run = await planOf(ctx);
    const batching = job.params.batch === true ? deps.batching.provider : deps.batching.live;
    const resumed = await batching.resumed(ctx, run);
    if (resumed) return resume(ctx, run, resumed);

    // Call: the engines in their canonical order (jsonb does not keep key order).
    const { plan, samples, prompts } = run;
    const engines = await deps.engines.forWorkspace(run.workspaceId, run.profile, ALL_ENGINE_IDS.filter((e) => e in plan.calls));
    const off = (job.params.enginesOff as string[] | undefined) ?? [];
    if (off.length) await ctx.log(`engines off (no provider key, simulation disabled): ${off.join(', ')}`);
    await ctx.log(`run of ${prompts.length} prompts${samples > 1 ? ` × ${samples} samples` : ''} on ${engines.map((e) => `${e.id}${e.simulated ? ' (simulated)' : ''}`).join(', ')}; ${plan.totalCalls} calls`);
    const writer = createResultsWriter({ db, clock, written: deps.answersWritten, runId: job.id, workspaceId: run.workspaceId, profile: run.profile, samples });
    const batched = await batching.submit(ctx, run, engines);
    const live = engines.filter((e) => !batched.includes(e.id));
    const sampling = (plan.sampling ? deps.sampling.adaptive : deps.sampling.fixed).forRun(run);
    const calls = createLiveCalls({ ctx, pricing: deps.pipeline.pricing, writer, onAnswer: sampling.answered });
    await calls.ask(live.flatMap((engine) => asksOf(prompts, samples, run.count(engine.id)).map(({ prompt, sample }) => ({ engine, prompt, sample }))));
    // Extra samples are asked live: an engine whose calls went into a provider batch gets none.
    if (!calls.stopped()) await sampling.afterFirstPass(ctx, live, calls, writer.stats.completed);

    // Write: the snapshots of a run about to end are prepared while its last results are written.
    const { stats, answered } = writer;
    const ending = !calls.stopped() && !batched.length && !allFailed(stats) ? end.prepare(run.workspaceId, job.id, answered) : undefined;
    await writer.done();
    if (ctx.signal.aborted) return;
    const broken = calls.broken();
    if (broken) throw broken.reason;
    // The batch's calls are still out: the run waits, with no worker, until the poller resumes it.
    if (batched.length) return ctx.park(`${stats.completed} live calls done, ${stats.failures} failed; waiting for the provider batch of ${batched.join(', ')}`);

    return end.conclude(ctx, run.workspaceId, stats, answered, ending);
  }

  /**
   * A resumed run: every batch it submitted has ended at the provider; their results are stored
   * beside the live ones, and the run ends on all its results, as the database holds them.
   */
  async function resume(ctx: JobContext, run: RunInput, resumed: NonNullable<Awaited<ReturnType<BatchingStrategy['resumed']>>>) {
    if ('waiting' in resumed) return ctx.park(resumed.waiting);
    const writer = createResultsWriter({ db, clock, written: deps.answersWritten, runId: ctx.job.id, workspaceId: run.workspaceId, profile: run.profile, samples: run.samples, completedBefore: ctx.job.completedCalls });
    await resumed.collect(writer);
    await writer.done();
    if (ctx.signal.aborted) return;
    const { stats, answered } = await end.stored(ctx.job.id, writer.stats.traceWarnings);
    return end.conclude(ctx, run.workspaceId, stats, answered);
  }

  return {
    /** Hands the loop its job kind: the worker runs `measure`, and the run's end writes its event. */
    register(jobs: Pick<JobsService, 'register'>, kind: string) {
      jobs.register(kind, measure, { onEnded: end.ended });
    },
  };
}
