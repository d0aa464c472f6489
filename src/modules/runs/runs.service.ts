import { setMaxListeners } from 'node:events';
import { asc, eq, sql } from 'drizzle-orm';
import { ENGINE_IDS, type PipelineConfig } from '../../config.ts';
import type { Db } from '../../lib/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, invalid } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { requestFingerprint } from '../../lib/idempotency/idempotency.ts';
import type { WorkspaceContext } from '../../lib/http/types.ts';
import { analyzeAnswer, type AnalysisProfile } from '../analysis/analyze.fns.ts';
import { profileFromWorkspace } from '../analysis/profile.fns.ts';
import type { EnginesService } from '../engines/engines.service.ts';
import { jobView, type JobContext, type JobsService } from '../jobs/jobs.service.ts';
import type { PromptsService } from '../prompts/prompts.service.ts';
import type { WorkspacesService } from '../workspaces/workspaces.service.ts';
import { storedAnalysis, summarizeRun, type StoredAnalysis } from './detail.fns.ts';
import { planRun, type Preset, type RunPlan } from './runs.fns.ts';
import { runResults } from './runs.tables.ts';

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
    id: r.id, run_id: r.runId, workspace_id: r.workspaceId, engine: r.engine, simulated: r.simulated, prompt_id: r.promptId,
    prompt_text: r.promptText, intent: r.intent, language: r.language, answer: r.answer, sources: r.sources, analysis: r.analysis ?? null,
    brand_mentioned: r.brandMentioned, brand_rank: r.brandRank ?? null, brand_sentiment: r.brandSentiment ?? null, error: r.error ?? null,
    latency_ms: r.latencyMs, created_at: r.createdAt.toISOString(),
  })));
  return db.execute(sql`insert into run_results select * from jsonb_populate_recordset(null::run_results, ${json}::jsonb)`);
}
const FLUSH_EVERY = 50;

export function createRunsService(deps: {
  db: Db; clock: Clock; jobs: JobsService; prompts: PromptsService; engines: EnginesService; workspaces: WorkspacesService; pipeline: PipelineConfig;
  /** Prepares, from the run's answered results, what it writes with its `succeeded` (the score snapshots). */
  onSucceeded?: (workspaceId: string, runId: string, answered: Array<{ engine: string; simulated?: boolean; analysis: StoredAnalysis }>) => Promise<(tx: Db) => Promise<void>>;
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
    const order = new Map(promptIds.map((id, i) => [id, i]));
    const promptRows = (await deps.prompts.byIds(ws.id, promptIds)).sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    const profile = await profileOf(ws);
    // jsonb does not keep key order: take the engines in their canonical order.
    const engines = await deps.engines.forWorkspace(ws.id, profile, ENGINE_IDS.filter((e) => e in plan.calls));
    await ctx.log(`run of ${promptRows.length} prompts on ${engines.map((e) => `${e.id}${e.simulated ? ' (simulated)' : ''}`).join(', ')}; ${plan.totalCalls} calls`);

    let completed = 0;
    let failures = 0;
    const answered: Array<{ engine: string; simulated?: boolean; analysis: StoredAnalysis }> = [];
    let buffer: Array<typeof runResults.$inferInsert> = [];
    const writes: Array<Promise<unknown>> = [];
    let writeError: unknown = null;
    // Results are written in batches, off the calls' path: a slot never waits for an insert.
    const flush = () => {
      if (!buffer.length) return;
      const rows = buffer;
      buffer = [];
      // Handled at once (an unhandled rejection would end the process); the first error is rethrown below.
      writes.push(insertResults(db, rows).catch((err) => void (writeError ??= err)));
    };

    // Each call leases its price inside its engine's concurrency slot, so what is leased is what
    // was really asked when a run is cancelled or its worker dies.
    const local = new AbortController();
    setMaxListeners(0, local.signal); // one listener per call in flight
    ctx.signal.addEventListener('abort', () => local.abort(ctx.signal.reason), { once: true });
    const outcomes = await Promise.allSettled(engines.flatMap((engine) => promptRows.slice(0, plan.calls[engine.id] ?? 0).map(async (prompt) => {
      // The slot covers the lease and the call only: analysis runs after it is freed, so the next
      // call of the engine never waits for this one's CPU work.
      const called = await engine.schedule(async () => {
        if (local.signal.aborted) return null;
        if (!(await ctx.lease(deps.pipeline.pricing[engine.id]))) {
          local.abort(new Error('the credit hold is exhausted'));
          throw local.signal.reason;
        }
        const started = Date.now();
        try {
          return { answer: await engine.call({ text: prompt.text, language: prompt.language }, local.signal), error: null, started };
        } catch (err) {
          return local.signal.aborted ? null : { answer: null, error: (err as Error).message, started };
        }
      });
      if (!called) return;
      // Analysis waits for the check phase: every call finishing in this turn of the event loop
      // first hands its slot to the next call, so the next calls' timers do not drift behind CPU work.
      await new Promise((resolve) => setImmediate(resolve));
      const { error, started } = called;
      const answer = called.answer && clean(called.answer);
      if (error) failures++;
      const analysis = answer ? analyzeAnswer(profile, answer.text, answer.sources) : null;
      const stored = analysis && storedAnalysis(analysis);
      if (stored) answered.push({ engine: engine.id, simulated: engine.simulated, analysis: stored });
      buffer.push({
        id: newId('res'), runId: job.id, workspaceId: ws.id, engine: engine.id, simulated: engine.simulated, promptId: prompt.id,
        promptText: prompt.text, intent: prompt.intent, language: prompt.language, answer: answer?.text ?? '', sources: answer?.sources ?? [],
        analysis: stored, brandMentioned: analysis?.brand.mentioned ?? false, brandRank: analysis?.brand.rank ?? null,
        brandSentiment: analysis?.brand.sentiment ?? null, error, latencyMs: Date.now() - started, createdAt: clock.now(),
      });
      completed++;
      ctx.progress(completed);
      if (buffer.length >= FLUSH_EVERY) flush();
    })));
    flush();
    await Promise.all(writes);
    if (writeError) throw writeError;
    if (ctx.signal.aborted) return;
    const broken = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
    if (broken) throw broken.reason;
    await ctx.log(`${completed} calls done, ${failures} failed`);
    if (completed > 0 && failures === completed) throw new Error(`all ${failures} engine calls failed`);
    // The score snapshots commit together with the run's `succeeded`.
    return deps.onSucceeded?.(ws.id, job.id, answered);
  }

  jobs.register(KIND, measure);

  return {
    async start(ws: WorkspaceContext, userId: string | null, body: { preset: Preset; idempotencyKey?: string }) {
      const active = await deps.prompts.active(ws.id, 150);
      const plan = planRun(body.preset, active.length, deps.pipeline);
      if (plan.totalCalls === 0) throw invalid('The workspace has no active prompts; add or generate some first.');
      return jobs.start({
        ws, kind: KIND, group: KIND, totalCalls: plan.totalCalls, progressSource: 'calls', createdBy: userId,
        params: { preset: body.preset, plan, promptIds: active.slice(0, plan.promptCount).map((p) => p.id) },
        estimateMicrousd: plan.estimateMicrousd,
        idempotency: body.idempotencyKey ? { key: body.idempotencyKey, requestHash: requestFingerprint({ preset: body.preset }) } : undefined,
      });
    },

    async list(ws: WorkspaceContext, limit: number) {
      return (await jobs.list(ws, KIND, limit)).map((row) => jobView(row, ws.slug));
    },

    get: async (ws: WorkspaceContext, id: string) => jobView(await jobs.get(ws, id, KIND), ws.slug),

    async cancel(ws: WorkspaceContext, id: string) {
      const row = await jobs.get(ws, id, KIND);
      if (row.status !== 'running') throw new AppError('invalid_state', `The run is already ${row.status}.`, { currentStatus: row.status });
      return jobView(await jobs.cancel(row), ws.slug);
    },

    async detail(ws: WorkspaceContext, id: string) {
      const row = await jobs.get(ws, id, KIND);
      const results = await db.select().from(runResults).where(eq(runResults.runId, row.id)).orderBy(asc(runResults.engine), asc(runResults.id));
      return { run: jobView(row, ws.slug), ...summarizeRun(results) };
    },
  };
}
export type RunsService = ReturnType<typeof createRunsService>;
