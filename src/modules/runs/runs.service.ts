import type { EngineId } from '../engines/catalogue.ts';
import type { PipelineConfig } from './runs.config.ts';
import type { Db } from '../../lib/db.ts';
import type { DetailPage } from './runs.views.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, invalid } from '../../lib/errors.ts';
import { requestFingerprint } from '../../lib/idempotency/idempotency.ts';
import type { WorkspaceContext } from '../../lib/http/types.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { EnginesService } from '../engines/engines.service.ts';
import { formatUsd } from '../engines/limits/usage.fns.ts';
import { BATCH_DISCOUNT_NOTE, BATCH_TOKEN_DISCOUNT_PERCENT, BATCHABLE, NOT_BATCHED_WHY } from '../engines/batch/batch.fns.ts';
import type { JobRow, JobsService } from '../jobs/jobs.service.ts';
import type { EventHub } from '../events/events.hub.ts';
import type { PromptsService } from '../prompts/prompts.service.ts';
import type { WorkspacesService } from '../workspaces/workspaces.service.ts';
import { planRun, presetEngines, type Preset, type RunPlan } from './runs.fns.ts';
import type { SamplingInput } from './sampling.fns.ts';
import type { DecisionSources } from './adaptive.ts';
import { createRunBatches } from './batches.ts';
import { createProviderBatching, liveBatching } from './batching.strategy.ts';
import { createRunEnd, type OnSucceeded } from './run-end.ts';
import { createRunHistory, type HistoryDay } from './history.ts';
import { createRunLoop } from './run-loop.ts';
import { createRunViews } from './runs.views.ts';
import type { KeepRead } from '../../lib/reads-cache.ts';
import { createAdaptiveSampling, fixedSampling } from './sampling.strategy.ts';

// Runs as the routes, the MCP tools and the schedules see them: plan, quote, start, read and
// cancel. What a run does once started is its loop's (run-loop.ts), handed the job kind here.

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
  onSucceeded?: OnSucceeded;
  /** `run.succeeded` and `run.failed` are published here once the final status has committed. */
  events?: EventHub;
  /** The alert rules and recommendations an adaptive run's cells are judged against. */
  decisions?: DecisionSources;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  /** Told after each batch of a run's answers is written (kept reads of the answers list are dropped). */
  answersWritten?: (workspaceId: string) => void;
  /** Where an ended run's detail rows are kept between pages (dropped with the workspace's answers). */
  keepAnswersRead?: KeepRead;
  /** Where ended runs' counts are kept, across processes and restarts too (runs.views.ts). */
  keepCountsRead?: KeepRead;
}) {
  const { db, clock, jobs } = deps;
  const batches = createRunBatches({ db, clock, jobs, engines: deps.engines, pipeline: deps.pipeline, log: deps.log });
  const views = createRunViews({ db, engines: deps.engines, batches, keep: deps.keepAnswersRead, keepCounts: deps.keepCountsRead });
  createRunLoop({
    db, clock, prompts: deps.prompts, engines: deps.engines, workspaces: deps.workspaces, pipeline: deps.pipeline,
    sampling: { fixed: fixedSampling, adaptive: createAdaptiveSampling({ db, decisions: deps.decisions, pricing: deps.pipeline.pricing }) },
    batching: { live: liveBatching, provider: createProviderBatching({ batches }) },
    end: createRunEnd({ db, onSucceeded: deps.onSucceeded, events: deps.events, log: deps.log }), answersWritten: deps.answersWritten,
  }).register(jobs, KIND);

  const history = createRunHistory({ db, jobs, onSucceeded: deps.onSucceeded, kind: KIND, answersWritten: deps.answersWritten });

  /** The preset's engines plus the optional engines configured for the workspace (`searchx` asks its one engine only). */
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
    /**
     * Records a simulated run that finished on a past day, its answers given (a demo's history,
     * docs/demo.md): stored, counted and scored as a live run's, free and without a worker.
     */
    recordHistory: (day: HistoryDay) => history.record(day),
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
      return views.one(await jobs.get(ws, view.id, KIND), ws.slug);
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

    async list(ws: WorkspaceContext, limit: number, status?: JobRow['status']) {
      return views.many(await jobs.list(ws, KIND, limit, status), ws.slug);
    },
    get: async (ws: WorkspaceContext, id: string) => views.one(await jobs.get(ws, id, KIND), ws.slug),
    async cancel(ws: WorkspaceContext, id: string) {
      const row = await jobs.get(ws, id, KIND);
      if (row.status !== 'running') throw new AppError('invalid_state', `The run is already ${row.status}.`, { currentStatus: row.status });
      return views.one(await jobs.cancel(row), ws.slug);
    },
    detail: async (ws: WorkspaceContext, id: string) => views.detail(await jobs.get(ws, id, KIND), ws.slug),
    detailPage: async (ws: WorkspaceContext, id: string, page: DetailPage) => views.detailPage(await jobs.get(ws, id, KIND), ws.slug, page),
  };
}
export type RunsService = ReturnType<typeof createRunsService>;
