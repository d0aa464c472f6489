import { setMaxListeners } from 'node:events';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { ALL_ENGINE_IDS, type EngineId } from '../engines/catalogue.ts';
import type { PipelineConfig } from './runs.config.ts';
import type { Db } from '../../lib/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, invalid } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { requestFingerprint } from '../../lib/idempotency/idempotency.ts';
import type { WorkspaceContext } from '../../lib/http/types.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { AnalysisProfile } from '../analysis/analyze.fns.ts';
import { profileFromWorkspace } from '../analysis/profile.fns.ts';
import type { EnginesService } from '../engines/engines.service.ts';
import { CONNECTOR_OF } from '../engines/providers.ts';
import type { ProviderStatus } from '../engines/limits/pacer.ts';
import type { PacedProvider } from '../engines/limits/limits.config.ts';
import { formatUsd } from '../engines/limits/usage.fns.ts';
import { BATCH_DISCOUNT_NOTE, BATCH_TOKEN_DISCOUNT_PERCENT, BATCHABLE, NOT_BATCHED_WHY } from '../engines/batch/batch.fns.ts';
import { jobView, type AfterCommit, type JobContext, type JobRow, type JobsService, type JobStatus } from '../jobs/jobs.service.ts';
import type { EventHub } from '../events/events.hub.ts';
import { runFailure } from './events.fns.ts';
import type { PromptsService } from '../prompts/prompts.service.ts';
import type { WorkspacesService } from '../workspaces/workspaces.service.ts';
import { summarizeRun, type StoredAnalysis } from './detail.fns.ts';
import { planRun, presetEngines, runSimulation, type Preset, type RunPlan } from './runs.fns.ts';
import { recordAnswerCounts } from './answer-counts.ts';
import { runResults } from './runs.tables.ts';
import type { SamplingInput } from './sampling.fns.ts';
import { cellKey, extraRounds, samplingCells, samplingSummary, samplingTotals, STOPPED, type DecisionSources } from './adaptive.ts';
import { createResultsWriter, type Answered, type AskedPrompt } from './results-writer.ts';
import { asksOf, createRunBatches, type BatchView, type RunBatches } from './batches.ts';

const KIND = 'measurement';
/** A batched run's credit hold: the provider's 24 hours, the live part before and the poller's last backoff after. */
const BATCH_HOLD_MS = 26 * 3600_000;

export type { Answered } from './results-writer.ts';

/** What starting (or quoting) a run takes. */
export interface RunOptions {
  preset: Preset;
  samples?: number;
  sampling?: SamplingInput;
  /** Not urgent: submit what an engine allows through its provider's batch interface (docs/engines.md). */
  batch?: boolean;
}

export function createRunsService(deps: {
  db: Db; clock: Clock; jobs: JobsService; prompts: PromptsService; engines: EnginesService; workspaces: WorkspacesService; pipeline: PipelineConfig;
  /**
   * Prepares, from the run's answered results, what it writes with its `succeeded` (the score
   * snapshots); the write may return what to do once that has committed (publish events).
   */
  onSucceeded?: (workspaceId: string, runId: string, answered: Answered[]) => Promise<(tx: Db) => Promise<void | AfterCommit>>;
  /** `run.succeeded` and `run.failed` are published here once the final status has committed. */
  events?: EventHub;
  /** The alert rules and recommendations an adaptive run's cells are judged against. */
  decisions?: DecisionSources;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
}) {
  const { db, clock, jobs } = deps;
  const batches: RunBatches = createRunBatches({ db, clock, jobs, engines: deps.engines, pipeline: deps.pipeline, log: deps.log });

  async function profileOf(ws: WorkspaceContext): Promise<AnalysisProfile> {
    return profileFromWorkspace(await deps.workspaces.getSettings(ws));
  }

  /** The measurement job: every (engine, prompt) call, leased, asked, analysed and stored in batches. */
  async function measure(ctx: JobContext) {
    const { job } = ctx;
    const ws = await deps.workspaces.contextById(job.workspaceId);
    const { promptIds, plan } = job.params as { promptIds: string[]; plan: RunPlan };
    // Runs started before samples existed carry neither field: one sample of every planned prompt.
    const samples = plan.samples ?? 1;
    const order = new Map(promptIds.map((id, i) => [id, i]));
    const [rows, profile] = await Promise.all([deps.prompts.byIds(ws.id, promptIds), profileOf(ws)]);
    const promptRows = rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    // A run resumed by the batch poller collects its batches and ends.
    const submitted = job.params.batch === true ? await batches.ofRun(job.id) : [];
    if (submitted.length) return collectBatches(ctx, ws.id, promptRows, profile, submitted, samples);
    // jsonb does not keep key order: take the engines in their canonical order.
    const engines = await deps.engines.forWorkspace(ws.id, profile, ALL_ENGINE_IDS.filter((e) => e in plan.calls));
    const off = (job.params.enginesOff as string[] | undefined) ?? [];
    if (off.length) await ctx.log(`engines off (no provider key, simulation disabled): ${off.join(', ')}`);
    await ctx.log(`run of ${promptRows.length} prompts${samples > 1 ? ` × ${samples} samples` : ''} on ${engines.map((e) => `${e.id}${e.simulated ? ' (simulated)' : ''}`).join(', ')}; ${plan.totalCalls} calls`);

    const writer = createResultsWriter({ db, clock, runId: job.id, workspaceId: ws.id, profile, samples });
    // A run that is not urgent submits what its engines allow as a provider batch (runs/batches.ts), first, so that the batch's clock starts early.
    const count = (id: EngineId) => plan.perEnginePrompts ?? plan.calls[id] ?? 0;
    const batched = job.params.batch === true ? await batches.submitFor(ctx, engines, promptRows, samples, count) : [];
    const live = engines.filter((e) => !batched.includes(e.id));

    // Each call leases its price inside its engine's concurrency slot, so what is leased is what
    // was really asked when a run is cancelled or its worker dies; a call that fails returns its
    // lease, so the settlement charges the answered calls only.
    const local = new AbortController();
    setMaxListeners(0, local.signal); // one listener per call in flight
    ctx.signal.addEventListener('abort', () => local.abort(ctx.signal.reason), { once: true });
    // Sample by sample: a run cut short has asked every prompt once before asking any twice.
    type Engine = (typeof engines)[number];
    type Ask = { engine: Engine; prompt: (typeof promptRows)[number]; sample: number };
    const asks = (engine: Engine): Ask[] => asksOf(promptRows, samples, count(engine.id)).map(({ prompt, sample }) => ({ engine, prompt, sample }));
    // Each prompt × engine cell's answers so far: what adaptive sampling judges after the first pass.
    const tally = new Map<string, { k: number; n: number }>();
    const askOne = async ({ engine, prompt, sample }: Ask) => {
      // The slot covers the lease and the call only: analysis runs after it is freed, so the next
      // call of the engine never waits for this one's CPU work.
      const called = await engine.schedule(async () => {
        if (local.signal.aborted) return null;
        if (!engine.off && !(await ctx.lease(deps.pipeline.pricing[engine.id]))) {
          local.abort(new Error('the credit hold is exhausted'));
          throw local.signal.reason;
        }
        const started = Date.now();
        try {
          return { answer: await engine.call({ text: prompt.text, language: prompt.language, sample }, local.signal), error: null, started };
        } catch (err) {
          if (local.signal.aborted) return null;
          // A call that failed (retries exhausted, refused, off) answered nothing: its lease goes back.
          if (!engine.off) ctx.release(deps.pipeline.pricing[engine.id]);
          return { answer: null, error: (err as Error).message, started };
        }
      });
      if (!called) return;
      // Analysis waits for the check phase: every call finishing in this turn of the event loop
      // first hands its slot to the next call, so the next calls' timers do not drift behind CPU work.
      await new Promise((resolve) => setImmediate(resolve));
      const recorded = writer.add(engine, prompt, sample, called);
      if (recorded.mentioned !== null) {
        const t = tally.get(cellKey(engine.id, prompt.id)) ?? { k: 0, n: 0 };
        tally.set(cellKey(engine.id, prompt.id), { k: t.k + Number(recorded.mentioned), n: t.n + 1 });
      }
      ctx.progress(recorded.completed);
    };
    const outcomes: PromiseSettledResult<void>[] = [];
    const stopped = () => local.signal.aborted || outcomes.some((o) => o.status === 'rejected');
    const askAll = async (list: Ask[]) => void outcomes.push(...(await Promise.allSettled(list.map(askOne))));
    await askAll(live.flatMap(asks));
    // Extra samples are asked live: an engine whose calls went into a provider batch gets none.
    if (plan.sampling && !stopped()) {
      await ctx.log(`adaptive sampling: first pass done (${writer.stats.completed} calls); judging ${tally.size} cells${plan.sampling.targetWidth === null ? '' : ` against a ${plan.sampling.targetWidth}-point target width`}, ceiling ${formatUsd(plan.sampling.maxExtraMicrousd)} of credits`);
      // A failure of the rounds themselves (reading thresholds, recording cells) keeps what was
      // asked: the first pass stands, and the results already leased are still written below.
      await extraRounds({ db, decisions: deps.decisions, pricing: deps.pipeline.pricing }, ctx, plan, live, promptRows, tally, askAll, stopped).catch(async (err) => {
        if (err !== STOPPED) await ctx.log(`adaptive sampling stopped early: ${(err as Error).message}`).catch(() => undefined);
      });
    }
    // A run about to end prepares its snapshots from the answers in memory while its last results
    // are written (they read no result row). Unused if the run does not end here; a failure of it
    // is the run's, once the results are written.
    const { stats, answered } = writer;
    const ending = !stopped() && !batched.length && !allFailed(stats) ? deps.onSucceeded?.(ws.id, job.id, answered) : undefined;
    ending?.catch(() => undefined);
    await writer.done();
    if (ctx.signal.aborted) return;
    const broken = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    if (broken) throw broken.reason;
    // The batch's calls are still out: the run waits, with no worker, until the poller resumes it.
    if (batched.length) return ctx.park(`${stats.completed} live calls done, ${stats.failures} failed; waiting for the provider batch of ${batched.join(', ')}`);
    return conclude(ctx, ws.id, stats, answered, ending);
  }

  type RunStats = { completed: number; failures: number; traceWarnings: number };
  /** The rule that fails a run: calls were made and every one failed. */
  const allFailed = (stats: RunStats) => stats.completed > 0 && stats.failures === stats.completed;

  /**
   * A resumed run: every batch it submitted has ended at the provider; their results are stored
   * beside the live ones, and the run ends on all its results, as the database holds them.
   */
  async function collectBatches(ctx: JobContext, workspaceId: string, prompts: AskedPrompt[], profile: AnalysisProfile, rows: Awaited<ReturnType<RunBatches['ofRun']>>, samples: number) {
    const waiting = rows.filter((r) => r.status === 'in_progress');
    if (waiting.length) return ctx.park(`still waiting for ${waiting.map((r) => `batch ${r.batchId}`).join(', ')}`);
    const writer = createResultsWriter({ db, clock, runId: ctx.job.id, workspaceId, profile, samples, completedBefore: ctx.job.completedCalls });
    const byId = new Map(prompts.map((p) => [p.id, p]));
    for (const row of rows.filter((r) => r.status === 'ended')) await batches.collect(ctx, row, byId, writer);
    await writer.done();
    if (ctx.signal.aborted) return;
    const [totals] = await db.select({
      completed: sql<number>`count(*)::int`, failures: sql<number>`(count(*) filter (where ${runResults.error} is not null))::int`,
    }).from(runResults).where(eq(runResults.runId, ctx.job.id));
    const answered = await db.select({ engine: runResults.engine, promptId: runResults.promptId, simulated: runResults.simulated, analysis: runResults.analysis })
      .from(runResults).where(and(eq(runResults.runId, ctx.job.id), isNull(runResults.error), isNotNull(runResults.analysis), eq(runResults.extra, false)));
    const stats = { completed: Number(totals?.completed ?? 0), failures: Number(totals?.failures ?? 0), traceWarnings: writer.stats.traceWarnings };
    return conclude(ctx, workspaceId, stats, answered as Answered[]);
  }

  /**
   * The end of a run once every call has its result: the closing log lines, the all-failed rule,
   * then the answer counts (what metrics over runs read) and the score snapshots. A succeeded run
   * is always counted: its counts are written before its `succeeded` commits, or with it.
   */
  async function conclude(ctx: JobContext, workspaceId: string, stats: RunStats, answered: Answered[], prepared?: ReturnType<NonNullable<typeof deps.onSucceeded>>) {
    const { job } = ctx;
    const logged = (async () => {
      await ctx.log(`${stats.completed} calls done, ${stats.failures} failed`);
      if (stats.traceWarnings) await ctx.log(`${stats.traceWarnings} answers came with partial or malformed search metadata: stored with what parsed (see their trace warnings)`);
    })();
    if (allFailed(stats)) {
      await logged;
      throw new Error(`all ${stats.failures} engine calls failed`);
    }
    // The counts read every answer of the run (~50 ms of PostgreSQL for 600): written now, while
    // the snapshots are prepared and the closing lines written, not inside the transaction that
    // ends the run, where they were a third of its time. Every reader takes the counts of
    // succeeded runs only (runs.reads.ts), so those of a run that then fails are never read; if
    // this write fails, the closing transaction counts the run itself.
    const counting = recordAnswerCounts(db, job.id).then(() => true, (err) => {
      deps.log.warn({ err, runId: job.id }, 'answer counts not written ahead; the closing transaction writes them');
      return false;
    });
    const [, write, counted] = await Promise.all([logged, prepared ?? deps.onSucceeded?.(workspaceId, job.id, answered), counting]);
    return async (tx: Db) => {
      if (!counted) await recordAnswerCounts(tx, job.id);
      return write?.(tx);
    };
  }

  /**
   * The run's event, written in the transaction that ends the run (the outbox) and delivered once
   * it committed: its figures are calls planned and made, answered, failed and simulated.
   */
  async function ended(tx: Db, row: JobRow, status: JobStatus, line: string): Promise<AfterCommit | void> {
    const events = deps.events;
    if (!events || status === 'cancelled') return;
    const [counts] = await tx.select({
      answers: sql<number>`(count(*) filter (where ${runResults.error} is null))::int`,
      failedCalls: sql<number>`(count(*) filter (where ${runResults.error} is not null))::int`,
      simulatedCalls: sql<number>`(count(*) filter (where ${runResults.simulated}))::int`,
    }).from(runResults).where(eq(runResults.runId, row.id));
    const plan = row.params.plan as RunPlan | undefined;
    const event = await events.record(tx, {
      type: status === 'succeeded' ? 'run.succeeded' : 'run.failed',
      workspaceId: row.workspaceId,
      data: {
        runId: row.id, preset: row.params.preset ?? null, samples: plan?.samples ?? 1, status,
        ...(status === 'failed' ? { error: runFailure(line) } : {}),
        totals: { totalCalls: row.totalCalls, completedCalls: row.completedCalls, answers: Number(counts?.answers ?? 0), failedCalls: Number(counts?.failedCalls ?? 0), simulatedCalls: Number(counts?.simulatedCalls ?? 0) },
        startedAt: row.startedAt.toISOString(), finishedAt: row.finishedAt?.toISOString() ?? null,
      },
    });
    return () => events.deliver(event);
  }

  jobs.register(KIND, measure, { onEnded: ended });

  /** Stored calls and simulated calls per run, for the honest labels of run lists. */
  async function resultCounts(runIds: string[]) {
    if (!runIds.length) return new Map<string, { calls: number; simulated: number; costMicrousd: number }>();
    const rows = await db.select({
      runId: runResults.runId, calls: sql<number>`count(*)::int`, simulated: sql<number>`(count(*) filter (where ${runResults.simulated}))::int`,
      costMicrousd: sql<number>`coalesce(sum(${runResults.costMicrousd}), 0)::float8`,
    }).from(runResults).where(inArray(runResults.runId, runIds)).groupBy(runResults.runId);
    return new Map(rows.map((r) => [r.runId, { calls: Number(r.calls), simulated: Number(r.simulated), costMicrousd: Number(r.costMicrousd) }]));
  }
  /** The providers a running run calls for real: their circuits and pauses are its status too. */
  const realProviders = (row: JobRow): PacedProvider[] => {
    const plan = row.params.plan as RunPlan | undefined;
    if (row.status !== 'running' || !plan) return [];
    return [...new Set(Object.keys(plan.calls).filter((e) => !(plan.simulated ?? []).includes(e as never)).map((e) => CONNECTOR_OF[e as keyof typeof CONNECTOR_OF] as PacedProvider))];
  };
  async function providerStates(rows: JobRow[]) {
    const wanted = [...new Set(rows.flatMap(realProviders))];
    return wanted.length ? await deps.engines.providerStatus(wanted) : [];
  }
  const runView = (row: JobRow, slug: string, counts?: { calls: number; simulated: number; costMicrousd?: number }, states: ProviderStatus[] = [], extras?: { cells: number; extraSamples: number }, submitted: BatchView[] = []) => {
    const plan = row.params.plan as RunPlan | undefined;
    const mine = realProviders(row);
    return {
      ...jobView(row, slug), samples: plan?.samples ?? 1, sampling: samplingSummary(plan?.sampling, extras), ...runSimulation(plan, counts), providerCostMicrousd: counts?.costMicrousd ?? 0,
      providers: states.filter((s) => mine.includes(s.provider)).map((s) => ({ provider: s.provider, circuit: s.circuit, paused: s.paused })),
      batch: row.params.batch === true, batches: submitted,
    };
  };
  const viewOne = async (row: JobRow, slug: string) => {
    const [counts, states, extras, submitted] = await Promise.all([resultCounts([row.id]), providerStates([row]), samplingTotals(db, [row.id]), batches.views([row.id])]);
    return runView(row, slug, counts.get(row.id), states, extras.get(row.id), submitted.get(row.id));
  };

  /** The preset's engines plus the optional engines configured for the workspace. */
  async function runEngines(workspaceId: string, preset: Preset): Promise<EngineId[]> {
    const base = presetEngines(preset, deps.pipeline);
    return preset === 'searchx' ? base : [...base, ...(await deps.engines.configuredOptional(workspaceId))];
  }

  /** The prompts, engines and plan a run would have now; refuses as the start would (no prompts, no engine). */
  async function planFor(ws: Pick<WorkspaceContext, 'id'>, body: RunOptions) {
    const samples = body.samples ?? 1;
    const active = await deps.prompts.active(ws.id, 150);
    if (active.length === 0) throw invalid('The workspace has no active prompts; add or generate some first.');
    // Production gating: an engine without a provider is off unless simulation is enabled.
    const availability = await deps.engines.availability(ws.id, await runEngines(ws.id, body.preset));
    const enabled = availability.filter((a) => a.enabled);
    if (!enabled.length) {
      throw invalid(`No engine can run the ${body.preset} preset: engines without a provider key are off while simulation is disabled (GEO_SIMULATION). Store a provider credential for the workspace, or enable simulation explicitly.`,
        { reason: 'no_engine_available', engines: Object.fromEntries(availability.map((a) => [a.id, a.reason])) });
    }
    const plan: RunPlan = { ...planRun(body.preset, active.length, deps.pipeline, { samples, engines: enabled.map((a) => a.id), sampling: body.sampling }), simulated: enabled.filter((a) => a.simulated).map((a) => a.id) };
    return { plan, active, availability };
  }

  return {
    /** One pass of the batch poller (the `run_batches_poll` timer; tests call it with a `now` past every backoff). */
    pollBatches: (now?: Date) => batches.poll(now),
    /** What a run would ask and hold, without starting it (the MCP tools' quotes). */
    async plan(ws: Pick<WorkspaceContext, 'id'>, body: RunOptions) {
      return (await planFor(ws, body)).plan;
    },
    async start(ws: WorkspaceContext, userId: string | null, body: RunOptions & { idempotencyKey?: string }) {
      const samples = body.samples ?? 1;
      const batch = body.batch === true;
      const { plan, active, availability } = await planFor(ws, body);
      const view = await jobs.start({
        ws, kind: KIND, group: KIND, totalCalls: plan.totalCalls, progressSource: 'calls', createdBy: userId,
        params: {
          preset: body.preset, samples, plan, promptIds: active.slice(0, plan.promptCount).map((p) => p.id), enginesOff: availability.filter((a) => !a.enabled).map((a) => a.id),
          ...(batch ? { batch } : {}),
        },
        estimateMicrousd: plan.estimateMicrousd,
        // A batch may take the provider's full 24 hours after the run's start: its hold outlasts that.
        ...(batch ? { holdTtlMs: BATCH_HOLD_MS } : {}),
        // One sample hashes as before samples existed, so earlier keys keep their meaning; so does a run without sampling or batch.
        idempotency: body.idempotencyKey ? {
          key: body.idempotencyKey,
          requestHash: requestFingerprint({ preset: body.preset, ...(samples === 1 ? {} : { samples }), ...(body.sampling ? { sampling: body.sampling } : {}), ...(batch ? { batch } : {}) }),
        } : undefined,
      });
      return viewOne(await jobs.get(ws, view.id, KIND), ws.slug);
    },
    /** What a run would cost before it starts (the dashboard quotes it): the same plan `start` holds credits for. */
    async quote(ws: WorkspaceContext, body: RunOptions) {
      const samples = body.samples ?? 1;
      const active = await deps.prompts.active(ws.id, 150);
      const availability = await deps.engines.availability(ws.id, await runEngines(ws.id, body.preset));
      const enabled = availability.filter((a) => a.enabled);
      const plan = planRun(body.preset, active.length, deps.pipeline, { samples, engines: enabled.map((a) => a.id), sampling: body.sampling });
      // What the providers would bill us: real calls only, each at its engine's typical usage × price;
      // a batched engine's at the batch price (only a real engine with a batch path is batched).
      const engines = availability.map((a) => {
        const calls = plan.calls[a.id] ?? 0;
        const real = a.enabled && !a.simulated;
        const batched = body.batch === true && real && calls > 0 && Boolean(BATCHABLE[a.id]);
        const live = real ? calls * deps.engines.typicalCallCostMicrousd(a.id) : 0;
        const cost = batched ? calls * deps.engines.typicalCallCostMicrousd(a.id, { batch: true }) : live;
        return { id: a.id, enabled: a.enabled, simulated: a.simulated, calls, batched, providerCostMicrousd: cost, saved: live - cost };
      });
      const providerCostMicrousd = engines.reduce((sum, e) => sum + e.providerCostMicrousd, 0);
      const batched = engines.filter((e) => e.batched);
      const savedMicrousd = batched.reduce((sum, e) => sum + e.saved, 0);
      return {
        preset: body.preset, samples, promptCount: plan.promptCount, totalCalls: plan.totalCalls, estimateMicrousd: plan.estimateMicrousd,
        providerCostMicrousd, providerCostUsd: formatUsd(providerCostMicrousd), engines: engines.map(({ saved: _saved, ...e }) => e),
        // An adaptive run's worst case: the first pass and every credit of the ceiling.
        sampling: plan.sampling ? { ...plan.sampling, firstPassMicrousd: plan.firstPassMicrousd!, extraCeilingMicrousd: plan.sampling.maxExtraMicrousd } : null,
        batchDiscount: body.batch === true
          ? { engines: batched.map((e) => e.id), tokenDiscountPercent: BATCH_TOKEN_DISCOUNT_PERCENT, savedMicrousd, savedUsd: formatUsd(savedMicrousd), note: batched.length ? BATCH_DISCOUNT_NOTE : `no engine of this run can be batched: ${NOT_BATCHED_WHY}` }
          : null,
      };
    },

    async list(ws: WorkspaceContext, limit: number) {
      const rows = await jobs.list(ws, KIND, limit);
      const [counts, states, extras, submitted] = await Promise.all([resultCounts(rows.map((r) => r.id)), providerStates(rows), samplingTotals(db, rows.map((r) => r.id)), batches.views(rows.map((r) => r.id))]);
      return rows.map((row) => runView(row, ws.slug, counts.get(row.id), states, extras.get(row.id), submitted.get(row.id)));
    },
    get: async (ws: WorkspaceContext, id: string) => viewOne(await jobs.get(ws, id, KIND), ws.slug),
    async cancel(ws: WorkspaceContext, id: string) {
      const row = await jobs.get(ws, id, KIND);
      if (row.status !== 'running') throw new AppError('invalid_state', `The run is already ${row.status}.`, { currentStatus: row.status });
      return viewOne(await jobs.cancel(row), ws.slug);
    },
    async detail(ws: WorkspaceContext, id: string) {
      const row = await jobs.get(ws, id, KIND);
      const results = await db.select().from(runResults).where(eq(runResults.runId, row.id)).orderBy(asc(runResults.engine), asc(runResults.sample), asc(runResults.id));
      const counts = { calls: results.length, simulated: results.filter((r) => r.simulated).length, costMicrousd: results.reduce((sum, r) => sum + (r.costMicrousd ?? 0), 0) };
      const [states, extras, cells, submitted] = await Promise.all([providerStates([row]), samplingTotals(db, [row.id]), samplingCells(db, row.id), batches.views([row.id])]);
      const run = runView(row, ws.slug, counts, states, extras.get(row.id), submitted.get(row.id));
      return { run, ...summarizeRun(results), sampling: run.sampling && { ...run.sampling, cells } };
    },
  };
}
export type RunsService = ReturnType<typeof createRunsService>;
