import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../lib/db.ts';
import type { EventHub } from '../events/events.hub.ts';
import type { AfterCommit, JobContext, JobRow, JobStatus } from '../jobs/jobs.service.ts';
import { recordAnswerCounts } from './answer-counts.ts';
import { runFailure } from './events.fns.ts';
import type { Answered } from './results-writer.ts';
import type { RunPlan } from './runs.fns.ts';
import { runResults } from './runs.tables.ts';

// The conclude step of a run's loop, once every call has its result: the closing lines, the
// all-failed rule, the answer counts and the score snapshots written with its `succeeded`; and
// the run's event, written in the transaction that records its final status.

export interface RunStats { completed: number; failures: number; traceWarnings: number }
/**
 * Prepares, from the run's answered results, what it writes with its `succeeded` (the score
 * snapshots); the write may return what to do once that has committed (publish events).
 */
export type OnSucceeded = (workspaceId: string, runId: string, answered: Answered[], history?: HistoryRun) => Promise<(tx: Db) => Promise<void | AfterCommit>>;
/**
 * A run recorded as history (a demo's simulated past, history.ts): its day's snapshots are written
 * as of `finishedAt`; it makes no automatic report and publishes no event (it is not news).
 */
export interface HistoryRun { finishedAt: Date }
type Prepared = ReturnType<OnSucceeded>;

/** The rule that fails a run: calls were made and every one failed. */
export const allFailed = (stats: RunStats) => stats.completed > 0 && stats.failures === stats.completed;

export function createRunEnd(deps: {
  db: Db; onSucceeded?: OnSucceeded;
  /** `run.succeeded` and `run.failed` are published here once the final status has committed. */
  events?: EventHub;
  log: Pick<FastifyBaseLogger, 'warn'>;
}) {
  const { db } = deps;
  return {
    /**
     * A run about to end prepares its snapshots from the answers in memory while its last results
     * are written (they read no result row); the caller decides whether it is about to end.
     */
    prepare(workspaceId: string, runId: string, answered: Answered[]): Prepared | undefined {
      const prepared = deps.onSucceeded?.(workspaceId, runId, answered);
      // Unused if the run does not end here; a failure of it is the run's, once the results are written.
      prepared?.catch(() => undefined);
      return prepared;
    },

    /** A resumed run's figures and answers, as the database holds them (its live part ran in another turn). */
    async stored(runId: string, traceWarnings: number): Promise<{ stats: RunStats; answered: Answered[] }> {
      const [totals] = await db.select({
        completed: sql<number>`count(*)::int`, failures: sql<number>`(count(*) filter (where ${runResults.error} is not null))::int`,
      }).from(runResults).where(eq(runResults.runId, runId));
      const answered = await db.select({ engine: runResults.engine, promptId: runResults.promptId, simulated: runResults.simulated, analysis: runResults.analysis })
        .from(runResults).where(and(eq(runResults.runId, runId), isNull(runResults.error), isNotNull(runResults.analysis), eq(runResults.extra, false)));
      return { stats: { completed: Number(totals?.completed ?? 0), failures: Number(totals?.failures ?? 0), traceWarnings }, answered: answered as Answered[] };
    },

    /**
     * The end of a run once every call has its result: the closing log lines, the all-failed rule,
     * then the answer counts (what metrics over runs read) and the score snapshots. A succeeded run
     * is always counted: its counts are written before its `succeeded` commits, or with it.
     */
    async conclude(ctx: JobContext, workspaceId: string, stats: RunStats, answered: Answered[], prepared?: Prepared) {
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
    },

    /**
     * The run's event, written in the transaction that ends the run (the outbox) and delivered once
     * it committed: its figures are calls planned and made, answered, failed and simulated.
     */
    async ended(tx: Db, row: JobRow, status: JobStatus, line: string): Promise<AfterCommit | void> {
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
    },
  };
}
export type RunEnd = ReturnType<typeof createRunEnd>;
