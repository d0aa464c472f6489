import { setMaxListeners } from 'node:events';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { ALL_ENGINE_IDS, type EngineId, type PipelineConfig } from '../../config.ts';
import type { Db } from '../../lib/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, invalid } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { requestFingerprint } from '../../lib/idempotency/idempotency.ts';
import type { WorkspaceContext } from '../../lib/http/types.ts';
import { analyzeAnswer, type AnalysisProfile } from '../analysis/analyze.fns.ts';
import { profileFromWorkspace } from '../analysis/profile.fns.ts';
import type { EnginesService } from '../engines/engines.service.ts';
import type { EngineAnswer } from '../engines/simulated.fns.ts';
import { CONNECTOR_OF } from '../engines/providers.ts';
import type { ProviderStatus } from '../engines/limits/pacer.ts';
import type { PacedProvider } from '../engines/limits/limits.config.ts';
import { formatUsd } from '../engines/limits/usage.fns.ts';
import { jobView, type AfterCommit, type JobContext, type JobRow, type JobsService, type JobStatus } from '../jobs/jobs.service.ts';
import type { EventHub } from '../events/events.hub.ts';
import { runFailure } from './events.fns.ts';
import type { PromptsService } from '../prompts/prompts.service.ts';
import type { WorkspacesService } from '../workspaces/workspaces.service.ts';
import { storedAnalysis, summarizeRun, type StoredAnalysis } from './detail.fns.ts';
import { planRun, presetEngines, runSimulation, type Preset, type RunPlan } from './runs.fns.ts';
import { recordAnswerCounts } from './answer-counts.ts';
import { runResults } from './runs.tables.ts';
import type { SamplingInput } from './sampling.fns.ts';
import { cellKey, extraRounds, samplingCells, samplingSummary, samplingTotals, STOPPED, type DecisionSources } from './adaptive.ts';
import { insertTraces, traceRow, type TraceRow } from '../sources/sources.service.ts';

const KIND = 'measurement';

type ResultRow = typeof runResults.$inferInsert;

/** PostgreSQL text and jsonb refuse U+0000: a provider's stray NUL must not lose the result. */
function clean(answer: { text: string; sources: Array<{ url: string; title?: string }> }) {
  const strip = (s: string) => s.replaceAll('\u0000', '');
  return { text: strip(answer.text), sources: answer.sources.map((s) => ({ url: strip(s.url), ...(s.title ? { title: strip(s.title) } : {}) })) };
}
/**
 * Batched result insert as one JSON parameter expanded by PostgreSQL (jsonb_populate_recordset):
 * JSON.stringify is native and fast, where binding 18 parameters per row costs the event loop
 * more than the engine calls themselves at 2,000 calls per second.
 */
function insertResults(db: Db, rows: ResultRow[]) {
  const json = JSON.stringify(rows.map((r) => ({
    id: r.id, run_id: r.runId, workspace_id: r.workspaceId, engine: r.engine, simulated: r.simulated, prompt_id: r.promptId, sample: r.sample ?? 1,
    prompt_text: r.promptText, intent: r.intent, language: r.language, answer: r.answer, sources: r.sources, analysis: r.analysis ?? null,
    brand_mentioned: r.brandMentioned, brand_rank: r.brandRank ?? null, brand_sentiment: r.brandSentiment ?? null, error: r.error ?? null,
    latency_ms: r.latencyMs, created_at: r.createdAt.toISOString(),
    input_tokens: r.inputTokens ?? null, output_tokens: r.outputTokens ?? null, search_calls: r.searchCalls ?? null, cost_microusd: r.costMicrousd ?? null,
  })));
  return db.execute(sql`insert into run_results select * from jsonb_populate_recordset(null::run_results, ${json}::jsonb)`);
}
const FLUSH_EVERY = 50;
/** A real call's usage and provider cost, as stored beside its result. */
const usageColumns = (answer: EngineAnswer | null) => (answer?.usage
  ? { inputTokens: answer.usage.inputTokens, outputTokens: answer.usage.outputTokens, searchCalls: answer.usage.searchCalls, costMicrousd: answer.costMicrousd ?? 0 }
  : {});
/** What the scores need of one answered call: its engine, its prompt (the bootstrap's unit), whether it was simulated. */
export interface Answered {
  engine: string;
  promptId: string;
  simulated: boolean;
  analysis: StoredAnalysis;
}

/** What starting (or quoting) a run takes. */
export interface RunOptions {
  preset: Preset;
  samples?: number;
  sampling?: SamplingInput;
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
}) {
  const { db, clock, jobs } = deps;

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
    const promptRows = (await deps.prompts.byIds(ws.id, promptIds)).sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    const profile = await profileOf(ws);
    // jsonb does not keep key order: take the engines in their canonical order.
    const engines = await deps.engines.forWorkspace(ws.id, profile, ALL_ENGINE_IDS.filter((e) => e in plan.calls));
    const off = (job.params.enginesOff as string[] | undefined) ?? [];
    if (off.length) await ctx.log(`engines off (no provider key, simulation disabled): ${off.join(', ')}`);
    await ctx.log(`run of ${promptRows.length} prompts${samples > 1 ? ` × ${samples} samples` : ''} on ${engines.map((e) => `${e.id}${e.simulated ? ' (simulated)' : ''}`).join(', ')}; ${plan.totalCalls} calls`);

    let completed = 0;
    let failures = 0;
    const answered: Answered[] = [];
    let buffer: Array<typeof runResults.$inferInsert> = [];
    let traceBuffer: TraceRow[] = [];
    let traceWarnings = 0;
    const writes: Array<Promise<unknown>> = [];
    let writeError: unknown = null;
    // Results are written in batches, off the calls' path: a slot never waits for an insert.
    const flush = () => {
      if (!buffer.length) return;
      const rows = buffer;
      const traces = traceBuffer;
      buffer = [];
      traceBuffer = [];
      // Handled at once (an unhandled rejection would end the process); the first error is rethrown below.
      writes.push(insertResults(db, rows).then(() => insertTraces(db, traces)).catch((err) => void (writeError ??= err)));
    };

    // Each call leases its price inside its engine's concurrency slot, so what is leased is what
    // was really asked when a run is cancelled or its worker dies; a call that fails returns its
    // lease, so the settlement charges the answered calls only.
    const local = new AbortController();
    setMaxListeners(0, local.signal); // one listener per call in flight
    ctx.signal.addEventListener('abort', () => local.abort(ctx.signal.reason), { once: true });
    // Sample by sample: a run cut short has asked every prompt once before asking any twice.
    type Engine = (typeof engines)[number];
    type Ask = { engine: Engine; prompt: (typeof promptRows)[number]; sample: number };
    const asks = (engine: Engine): Ask[] => {
      const prompts = promptRows.slice(0, plan.perEnginePrompts ?? plan.calls[engine.id] ?? 0);
      return Array.from({ length: samples }, (_, s) => prompts.map((prompt) => ({ engine, prompt, sample: s + 1 }))).flat();
    };
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
      const { error, started } = called;
      const answer = called.answer && clean(called.answer);
      if (error) failures++;
      const analysis = answer ? analyzeAnswer(profile, answer.text, answer.sources, { prompt: prompt.text, language: prompt.language }) : null;
      const stored = analysis && storedAnalysis(analysis);
      // Adaptive sampling's extra samples (past the plan's `samples`) answer their cell's question
      // only: pooled into the day's figures they would weight the cells that got them (a score off
      // by up to 3 points in bench/sampling.bench.ts). They are stored as results for the run
      // detail's cells, and kept out of the score, the answer counts, the traces and the stamp.
      const firstPass = sample <= samples;
      if (stored && firstPass) answered.push({ engine: engine.id, promptId: prompt.id, simulated: engine.simulated, analysis: stored });
      const resultId = newId('res');
      const createdAt = clock.now();
      if (called.answer?.trace && firstPass) {
        traceBuffer.push(traceRow({ id: resultId, runId: job.id, workspaceId: ws.id, engine: engine.id, promptId: prompt.id, sample, createdAt }, called.answer.trace));
        if (called.answer.trace.warnings.length) traceWarnings++;
      }
      buffer.push({
        id: resultId, runId: job.id, workspaceId: ws.id, engine: engine.id, simulated: engine.simulated, promptId: prompt.id, sample,
        promptText: prompt.text, intent: prompt.intent, language: prompt.language, answer: answer?.text ?? '', sources: answer?.sources ?? [],
        analysis: stored, brandMentioned: analysis?.brand.mentioned ?? false, brandRank: analysis?.brand.rank ?? null,
        brandSentiment: analysis?.brand.sentiment ?? null, error, latencyMs: Date.now() - started, createdAt,
        ...usageColumns(called.answer),
      });
      if (answer) {
        const t = tally.get(cellKey(engine.id, prompt.id)) ?? { k: 0, n: 0 };
        tally.set(cellKey(engine.id, prompt.id), { k: t.k + Number(analysis!.brand.mentioned), n: t.n + 1 });
      }
      completed++;
      ctx.progress(completed);
      if (buffer.length >= FLUSH_EVERY) flush();
    };
    const outcomes: PromiseSettledResult<void>[] = [];
    const stopped = () => local.signal.aborted || outcomes.some((o) => o.status === 'rejected');
    const askAll = async (list: Ask[]) => void outcomes.push(...(await Promise.allSettled(list.map(askOne))));
    await askAll(engines.flatMap(asks));
    if (plan.sampling && !stopped()) {
      await ctx.log(`adaptive sampling: first pass done (${completed} calls); judging ${tally.size} cells${plan.sampling.targetWidth === null ? '' : ` against a ${plan.sampling.targetWidth}-point target width`}, ceiling ${formatUsd(plan.sampling.maxExtraMicrousd)} of credits`);
      // A failure of the rounds themselves (reading thresholds, recording cells) keeps what was
      // asked: the first pass stands, and the results already leased are still written below.
      await extraRounds({ db, decisions: deps.decisions, pricing: deps.pipeline.pricing }, ctx, plan, engines, promptRows, tally, askAll, stopped).catch(async (err) => {
        if (err !== STOPPED) await ctx.log(`adaptive sampling stopped early: ${(err as Error).message}`).catch(() => undefined);
      });
    }
    flush();
    await Promise.all(writes);
    if (writeError) throw writeError;
    if (ctx.signal.aborted) return;
    const broken = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    if (broken) throw broken.reason;
    await ctx.log(`${completed} calls done, ${failures} failed`);
    if (traceWarnings) await ctx.log(`${traceWarnings} answers came with partial or malformed search metadata: stored with what parsed (see their trace warnings)`);
    if (completed > 0 && failures === completed) throw new Error(`all ${failures} engine calls failed`);
    // The answer counts (what metrics over runs read) and the score snapshots commit together
    // with the run's `succeeded`: a succeeded run is always counted.
    const write = await deps.onSucceeded?.(ws.id, job.id, answered);
    return async (tx: Db) => {
      await recordAnswerCounts(tx, job.id, samples);
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
  const runView = (row: JobRow, slug: string, counts?: { calls: number; simulated: number; costMicrousd?: number }, states: ProviderStatus[] = [], extras?: { cells: number; extraSamples: number }) => {
    const plan = row.params.plan as RunPlan | undefined;
    const mine = realProviders(row);
    return {
      ...jobView(row, slug), samples: plan?.samples ?? 1, sampling: samplingSummary(plan?.sampling, extras), ...runSimulation(plan, counts), providerCostMicrousd: counts?.costMicrousd ?? 0,
      providers: states.filter((s) => mine.includes(s.provider)).map((s) => ({ provider: s.provider, circuit: s.circuit, paused: s.paused })),
    };
  };
  const viewOne = async (row: JobRow, slug: string) => {
    const [counts, states, extras] = await Promise.all([resultCounts([row.id]), providerStates([row]), samplingTotals(db, [row.id])]);
    return runView(row, slug, counts.get(row.id), states, extras.get(row.id));
  };

  /** The preset's engines plus the optional engines configured for the workspace (issue 27). */
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
    /** What a run would ask and hold, without starting it (the MCP tools' quotes). */
    async plan(ws: Pick<WorkspaceContext, 'id'>, body: RunOptions) {
      return (await planFor(ws, body)).plan;
    },
    async start(ws: WorkspaceContext, userId: string | null, body: RunOptions & { idempotencyKey?: string }) {
      const samples = body.samples ?? 1;
      const { plan, active, availability } = await planFor(ws, body);
      const view = await jobs.start({
        ws, kind: KIND, group: KIND, totalCalls: plan.totalCalls, progressSource: 'calls', createdBy: userId,
        params: { preset: body.preset, samples, plan, promptIds: active.slice(0, plan.promptCount).map((p) => p.id), enginesOff: availability.filter((a) => !a.enabled).map((a) => a.id) },
        estimateMicrousd: plan.estimateMicrousd,
        // One sample hashes as before samples existed, so earlier keys keep their meaning; so does a run without sampling.
        idempotency: body.idempotencyKey ? {
          key: body.idempotencyKey,
          requestHash: requestFingerprint({ preset: body.preset, ...(samples === 1 ? {} : { samples }), ...(body.sampling ? { sampling: body.sampling } : {}) }),
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
      // What the providers would bill us: real calls only, each at its engine's typical usage × price.
      const engines = availability.map((a) => {
        const calls = plan.calls[a.id] ?? 0;
        return { id: a.id, enabled: a.enabled, simulated: a.simulated, calls, providerCostMicrousd: a.enabled && !a.simulated ? calls * deps.engines.typicalCallCostMicrousd(a.id) : 0 };
      });
      const providerCostMicrousd = engines.reduce((sum, e) => sum + e.providerCostMicrousd, 0);
      return {
        preset: body.preset, samples, promptCount: plan.promptCount, totalCalls: plan.totalCalls, estimateMicrousd: plan.estimateMicrousd,
        providerCostMicrousd, providerCostUsd: formatUsd(providerCostMicrousd), engines,
        // An adaptive run's worst case: the first pass and every credit of the ceiling.
        sampling: plan.sampling ? { ...plan.sampling, firstPassMicrousd: plan.firstPassMicrousd!, extraCeilingMicrousd: plan.sampling.maxExtraMicrousd } : null,
      };
    },
    async list(ws: WorkspaceContext, limit: number) {
      const rows = await jobs.list(ws, KIND, limit);
      const [counts, states, extras] = await Promise.all([resultCounts(rows.map((r) => r.id)), providerStates(rows), samplingTotals(db, rows.map((r) => r.id))]);
      return rows.map((row) => runView(row, ws.slug, counts.get(row.id), states, extras.get(row.id)));
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
      const [states, extras, cells] = await Promise.all([providerStates([row]), samplingTotals(db, [row.id]), samplingCells(db, row.id)]);
      const run = runView(row, ws.slug, counts, states, extras.get(row.id));
      return { run, ...summarizeRun(results), sampling: run.sampling && { ...run.sampling, cells } };
    },
  };
}
export type RunsService = ReturnType<typeof createRunsService>;
