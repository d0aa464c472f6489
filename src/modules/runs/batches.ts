import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { EngineId } from '../engines/catalogue.ts';
import type { PipelineConfig } from './runs.config.ts';
import type { Db } from '../../lib/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import type { Engine, EnginesService } from '../engines/engines.service.ts';
import { BATCHABLE, customIdOf, nextPollDelayMs } from '../engines/batch/batch.fns.ts';
import type { JobContext, JobsService } from '../jobs/jobs.service.ts';
import { asksOf } from './live-calls.ts';
import type { AskedPrompt, ResultsWriter } from './results-writer.ts';
import { runBatches } from './runs.tables.ts';

// A non-urgent run's batchable calls (batch/batch.fns.ts BATCHABLE: Claude through Anthropic
// Message Batches) go out as one provider batch at the run's start; the run asks its other engines
// live, then parks (no worker, no heartbeat). The batch's state is a row (`run_batches`), read and
// moved by a timer every process runs (`run_batches_poll`), so a restart loses nothing: the poller
// reads the batch with backoff, and once the provider has ended it, resumes the run, whose worker
// collects the results through the live capture path, leases the answered ones and settles.

type BatchRow = typeof runBatches.$inferSelect;
/** Rows a poll reads at most per pass. */
const POLL_BATCH = 50;

export interface BatchView {
  engine: string;
  provider: string;
  batchId: string;
  status: BatchRow['status'];
  providerStatus: string;
  requestCounts: Record<string, number>;
  submittedAt: string;
  endedAt: string | null;
}

const viewOf = (r: BatchRow): BatchView => ({
  engine: r.engine, provider: r.provider, batchId: r.batchId, status: r.status, providerStatus: r.providerStatus,
  requestCounts: r.requestCounts, submittedAt: r.submittedAt.toISOString(), endedAt: r.endedAt?.toISOString() ?? null,
});

export function createRunBatches(deps: {
  db: Db; clock: Clock; jobs: Pick<JobsService, 'row' | 'resume'>; engines: Pick<EnginesService, 'batchFor' | 'recordSpend'>;
  pipeline: Pick<PipelineConfig, 'pricing'>; log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
}) {
  const { db, clock } = deps;

  return {
    /**
     * Submits each batchable real engine's calls of this run as one batch; returns the engines
     * submitted (their calls are not asked live). A batch the provider refuses is logged and its
     * engine asked live, at the live price: the run still measures it.
     */
    async submitFor(ctx: JobContext, engines: Engine[], prompts: AskedPrompt[], samples: number, count: (id: EngineId) => number): Promise<EngineId[]> {
      const submitted: EngineId[] = [];
      for (const engine of engines) {
        if (engine.simulated || engine.off || !BATCHABLE[engine.id]) continue;
        const client = await deps.engines.batchFor(ctx.job.workspaceId, engine.id);
        if (!client) continue;
        const asks = asksOf(prompts, samples, count(engine.id));
        if (!asks.length) continue;
        try {
          const view = await client.create(asks.map((a, i) => ({ custom_id: customIdOf(i), params: client.params(a.prompt) })));
          const now = clock.now();
          await db.insert(runBatches).values({
            id: newId('rbt'), runId: ctx.job.id, workspaceId: ctx.job.workspaceId, engine: engine.id, provider: client.provider, batchId: view.id,
            status: 'in_progress', providerStatus: view.processing_status, requestCounts: view.request_counts ?? {}, resultsUrl: view.results_url ?? null,
            entries: asks.map((a, i) => ({ customId: customIdOf(i), promptId: (a.prompt as AskedPrompt).id, sample: a.sample })),
            nextPollAt: new Date(now.getTime() + nextPollDelayMs(0)), submittedAt: now,
          });
          await ctx.log(`${engine.id}: ${asks.length} calls submitted as ${BATCHABLE[engine.id]!.interface} ${view.id}, at the batch price`);
          submitted.push(engine.id);
        } catch (err) {
          await ctx.log(`${engine.id}: the batch was not accepted (${(err as Error).message}); asked live at the live price`);
        }
      }
      return submitted;
    },

    /** A run's batches, oldest first. */
    ofRun: (runId: string) => db.select().from(runBatches).where(eq(runBatches.runId, runId)).orderBy(asc(runBatches.submittedAt)),

    /** Run views' batch state: what each run waits for, or waited for. */
    async views(runIds: string[]): Promise<Map<string, BatchView[]>> {
      const out = new Map<string, BatchView[]>();
      if (!runIds.length) return out;
      const rows = await db.select().from(runBatches).where(inArray(runBatches.runId, runIds)).orderBy(asc(runBatches.submittedAt));
      for (const r of rows) out.set(r.runId, [...(out.get(r.runId) ?? []), viewOf(r)]);
      return out;
    },

    /**
     * Collects an ended batch into the run's results, in the resumed run's worker: each answered
     * request is leased at its engine's price and stored as a live answer would be; a request that
     * errored, expired, was canceled or is missing from the results fails alone with its reason
     * and is not charged. The batch's provider cost is added to the provider's day.
     */
    async collect(ctx: JobContext, row: BatchRow, prompts: Map<string, AskedPrompt>, writer: ResultsWriter) {
      const engineId = row.engine as EngineId;
      const client = await deps.engines.batchFor(row.workspaceId, engineId);
      if (!client) throw new Error(`${row.engine}: its provider key is gone; the results of batch ${row.batchId} cannot be read`);
      const outcomes = await client.results(row.batchId, row.resultsUrl);
      const engine = { id: engineId, simulated: false };
      let cost = 0;
      let answered = 0;
      // A request's latency is its batch's: from submission to the end the poller saw (on one clock).
      const started = Date.now() - Math.max(0, (row.endedAt ?? clock.now()).getTime() - row.submittedAt.getTime());
      for (const entry of row.entries) {
        const prompt = prompts.get(entry.promptId);
        if (!prompt) continue; // the prompt was deleted meanwhile: nothing to store it against
        const outcome = outcomes.get(entry.customId);
        let called: { answer: ReturnType<typeof client.answer> | null; error: string | null; started: number };
        if (!outcome) called = { answer: null, error: `${row.provider} batch ${row.batchId} has no result for this request`, started };
        else if (outcome.error !== undefined) called = { answer: null, error: outcome.error, started };
        else if (!(await ctx.lease(deps.pipeline.pricing[engineId]))) called = { answer: null, error: 'the credit hold is exhausted', started };
        else {
          called = { answer: client.answer(outcome.message), error: null, started };
          cost += called.answer!.costMicrousd;
          answered++;
        }
        ctx.progress(writer.add(engine, prompt, entry.sample, called).completed);
      }
      await deps.engines.recordSpend(client.provider, cost, answered);
      await db.update(runBatches).set({ status: 'collected' }).where(eq(runBatches.id, row.id));
      await ctx.log(`${row.engine}: batch ${row.batchId} collected, ${answered} of ${row.entries.length} answered`);
    },

    /**
     * One pass of the poller (every process, every few seconds): each due batch is claimed by a
     * compare-and-swap on its next poll time, so one process reads it; its next read backs off.
     * A batch whose run has ended (cancelled) is cancelled at the provider; an ended batch resumes
     * its run (again on the next pass if that send was lost, or if the run had not parked yet).
     * `dueBy` (default now) lets a test read every batch at once, whatever its backoff.
     */
    async poll(dueBy: Date = clock.now()): Promise<number> {
      const now = clock.now();
      const due = await db.select().from(runBatches).where(or(
        and(eq(runBatches.status, 'in_progress'), lte(runBatches.nextPollAt, dueBy)),
        and(eq(runBatches.status, 'ended'), isNull(runBatches.resumedAt)),
      )).orderBy(asc(runBatches.nextPollAt)).limit(POLL_BATCH);
      let moved = 0;
      for (const row of due) {
        const [claimed] = await db.update(runBatches)
          .set({ nextPollAt: new Date(now.getTime() + nextPollDelayMs(row.polls + 1)), polls: sql`${runBatches.polls} + 1` })
          .where(and(eq(runBatches.id, row.id), eq(runBatches.nextPollAt, row.nextPollAt))).returning();
        if (!claimed) continue; // another process took it
        try {
          if (await pollOne(claimed)) moved++;
        } catch (err) {
          deps.log.error({ err, runId: row.runId, batchId: row.batchId }, 'batch poll failed; read again at its next poll');
        }
      }
      return moved;
    },
  };

  /** Reads one claimed batch and moves it on; true when its state changed. */
  async function pollOne(row: BatchRow): Promise<boolean> {
    const job = await deps.jobs.row(row.runId);
    const client = await deps.engines.batchFor(row.workspaceId, row.engine as EngineId);
    if (!job || job.status !== 'running') {
      // The run ended without it (cancelled, failed): stop paying for what nobody will read.
      if (client && row.status === 'in_progress') await client.cancel(row.batchId).catch((err) => deps.log.warn({ err, batchId: row.batchId }, 'batch cancel refused'));
      await db.update(runBatches).set({ status: 'abandoned' }).where(eq(runBatches.id, row.id));
      return true;
    }
    if (!client) throw new Error(`${row.engine} has no provider key any more`);
    if (row.status === 'in_progress') {
      const view = await client.retrieve(row.batchId);
      const ended = view.processing_status === 'ended';
      await db.update(runBatches).set({
        providerStatus: view.processing_status, requestCounts: view.request_counts ?? {}, resultsUrl: view.results_url ?? null,
        ...(ended ? { status: 'ended' as const, endedAt: clock.now() } : {}),
      }).where(eq(runBatches.id, row.id));
      if (!ended) return false;
    }
    // Every batch of the run has ended: its worker collects them all at once.
    const others = await db.select({ status: runBatches.status }).from(runBatches).where(eq(runBatches.runId, row.runId));
    if (others.some((o) => o.status === 'in_progress')) return true;
    // Not parked yet (its live calls still going): the next pass resumes it.
    if (!(await deps.jobs.resume(row.runId))) return false;
    await db.update(runBatches).set({ resumedAt: clock.now() }).where(and(eq(runBatches.runId, row.runId), eq(runBatches.status, 'ended')));
    return true;
  }
}
export type RunBatches = ReturnType<typeof createRunBatches>;
