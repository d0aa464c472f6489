import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq, gt, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../lib/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { claimIdempotencyKey } from '../../lib/idempotency/idempotency.ts';
import type { WorkspaceContext } from '../../lib/http/types.ts';
import type { CreditsService } from '../credits/credits.service.ts';
import type { JobQueue } from './jobs.queue.ts';
import { isJobKind, unknownJobKind, workersFor } from './jobs.kinds.ts';
import { jobs } from './jobs.tables.ts';
import type { ProgressSource } from './jobs.schemas.ts';
import type { MetricsRecorder } from '../../lib/metrics-recorder.ts';
import { settledWithin } from '../../lib/settle.ts';

// The life of every background job: created `running` (with its credit hold, under the global
// cap and the one-per-workspace rule), worked by a queue worker that heartbeats, finished as
// succeeded / failed / cancelled with the hold settled for what was used.

export type JobRow = typeof jobs.$inferSelect;
export const HEARTBEAT_MS = 2_000;
export const DEAD_AFTER_MS = 30_000;
/** How long a shutdown waits for aborted jobs to end before leaving them to the sweeper. */
export const STOP_GRACE_MS = 20_000;
/** A running job not yet enqueued this long after its start lost its send (start() sends right after the commit). */
export const ENQUEUE_GRACE_MS = 5_000;
const LAST_LINES = 20;
const PIPELINE_LOCK = 727_001; // advisory lock key for the global cap

export interface JobContext {
  job: JobRow;
  signal: AbortSignal;
  log(line: string): Promise<void>;
  /** Records progress (throttled to the database). */
  progress(completedCalls: number): void;
  /** Leases credits against the job's hold; false when refused. */
  lease(amount: number): Promise<boolean>;
  /** Returns a lease whose call failed: the settlement charges only what was answered. */
  release(amount: number): void;
  /** Sets the progress total when the work grows as it goes (an adaptive run's extra samples). */
  setTotal(totalCalls: number): Promise<void>;
  /**
   * Ends this turn without ending the job: it waits, with no worker and no heartbeat, for work done
   * elsewhere (a provider batch) until `resume` sends it to a worker again. The line goes to its log.
   */
  park(line: string): void;
}
/** Work to do once a transaction has committed (publishing domain events): never able to fail it. */
export type AfterCommit = () => Promise<void>;
/**
 * A handler may return a write to commit together with the job's `succeeded` (e.g. score
 * snapshots); the write may return what to do after that commit.
 */
export type JobHandler = (ctx: JobContext) => Promise<void | ((tx: Db) => Promise<void | AfterCommit>)>;
export type JobStatus = 'succeeded' | 'failed' | 'cancelled';
/**
 * Told in the transaction that writes a job's final status (in the process that ended it), with
 * the closing line: what it writes (its events, into the outbox) commits with the status, and
 * what it returns runs after that commit.
 */
export type JobEnded = (tx: Db, row: JobRow, status: JobStatus, line: string) => Promise<void | AfterCommit>;

export interface StartJob {
  ws: WorkspaceContext;
  kind: string;
  group: string;
  totalCalls: number;
  progressSource: ProgressSource;
  params: Record<string, unknown>;
  createdBy: string | null;
  /** Credits to hold for the job (0: free). */
  estimateMicrousd: number;
  /** How long the hold lasts (default 24 h): a job that waits for a provider batch needs longer. */
  holdTtlMs?: number;
  idempotency?: { key: string; requestHash: string };
}

/** The API address of a job's whole log (`GET …/jobs/{id}/log`): a public view names no server file. */
export const jobLogPath = (slug: string, id: string) => `/api/v1/workspaces/${slug}/jobs/${id}/log`;

export function jobView(row: JobRow, slug: string) {
  const percent = row.totalCalls > 0 ? Math.min(100, Math.round((100 * row.completedCalls) / row.totalCalls)) : row.status === 'succeeded' ? 100 : 0;
  return {
    // pid: spec 2.10 requires it.
    id: row.id, brand: slug, kind: row.kind, pid: row.pid, logPath: jobLogPath(slug, row.id), startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null, status: row.status,
    progress: { completedCalls: row.completedCalls, totalCalls: row.totalCalls, percent, source: row.progressSource as ProgressSource },
    lastLines: row.lastLines,
  };
}

export function createJobsService(deps: {
  db: Db; clock: Clock; credits: CreditsService; queue: JobQueue; maxJobs: number; dataDir: string; log: FastifyBaseLogger;
  /** Counts the jobs this process ends (`geo_jobs_ended_total`). */
  metrics?: Pick<MetricsRecorder, 'jobEnded'>;
}) {
  const { db, clock, credits, queue } = deps;
  const handlers = new Map<string, JobHandler>();
  const endedListeners = new Map<string, JobEnded>();
  const running = new Map<string, AbortController>();
  const inFlight = new Set<Promise<void>>();
  let stopping = false;

  const byId = async (id: string) => (await db.select().from(jobs).where(eq(jobs.id, id)))[0] ?? null;

  const logDirs = new Set<string>();
  /** Appends to the log file and returns the stamped line. */
  async function writeLogFile(row: Pick<JobRow, 'logPath'>, line: string) {
    const stamped = `${clock.now().toISOString()} ${line}`;
    const dir = path.dirname(row.logPath);
    if (!logDirs.has(dir)) {
      await mkdir(dir, { recursive: true });
      logDirs.add(dir);
    }
    await appendFile(row.logPath, `${stamped}\n`);
    return stamped;
  }

  /** `last_lines` with one more line, keeping the newest LAST_LINES, oldest first, like a tail. */
  const withLine = (stamped: string) => {
    const appended = sql`${jobs.lastLines} || ${JSON.stringify([stamped])}::jsonb`;
    return sql`(select coalesce(jsonb_agg(l.value order by l.n), '[]'::jsonb) from jsonb_array_elements(${appended}) with ordinality as l(value, n) where l.n > jsonb_array_length(${appended}) - ${LAST_LINES})`;
  };

  async function appendLog(row: Pick<JobRow, 'id' | 'logPath'>, line: string) {
    const stamped = await writeLogFile(row, line);
    await db.update(jobs).set({ lastLines: withLine(stamped) }).where(eq(jobs.id, row.id));
  }

  /** Ends a job once: the status only moves from running; the hold is settled for what was leased. */
  async function finish(row: JobRow, status: JobStatus, line: string, completedCalls?: number, leaser?: { flush(): Promise<void> } | null, alsoOnSuccess?: (tx: Db) => Promise<void | AfterCommit>) {
    // The closing line goes with the final status in one statement, so whoever sees the status
    // also sees why; a log file that cannot be written (full disk) must not keep the job from ending.
    // The file is written while the credits settle: neither waits for the other.
    const logged = writeLogFile(row, line).catch((err) => {
      deps.log.error({ err, jobId: row.id }, 'job log write failed');
      return `${clock.now().toISOString()} ${line}`;
    });
    // Leases not written by now (the database refused a batch) go uncharged, never the reverse.
    await leaser?.flush().catch((err) => deps.log.error({ err, jobId: row.id }, 'lease batch not written'));
    // Settled before the final status is written, so whoever sees the job ended also sees its
    // credits settled (settling is idempotent; a failure here is left to the sweep of ended jobs).
    if (row.reservationId) {
      await credits.settleLeased(row.reservationId).catch((err) => deps.log.error({ err, jobId: row.id }, 'job hold not settled; the sweep will'));
    }
    const stamped = await logged;
    const after: { run?: AfterCommit; ended?: AfterCommit } = {};
    const ended = await db.transaction(async (tx) => {
      const [updated] = await tx.update(jobs)
        .set({ status, finishedAt: clock.now(), lastLines: withLine(stamped), ...(completedCalls === undefined ? {} : { completedCalls }) })
        .where(and(eq(jobs.id, row.id), eq(jobs.status, 'running'))).returning();
      if (updated && status === 'succeeded') after.run = (await alsoOnSuccess?.(tx)) || undefined;
      // Only the update that ended the job tells its listener: each ending is told once, and
      // what the listener writes (the run's event) commits with the status or not at all.
      if (updated) after.ended = (await endedListeners.get(row.kind)?.(tx, updated, status, line)) || undefined;
      return updated;
    });
    if (ended) {
      deps.metrics?.jobEnded(row.kind, status);
      if (after.ended) await after.ended().catch((err) => deps.log.error({ err, jobId: row.id }, 'job ended listener failed'));
      if (after.run) await after.run().catch((err) => deps.log.error({ err, jobId: row.id }, 'after-commit work failed'));
    }
    return ended ?? (await byId(row.id))!;
  }

  /** A handler parked its job: leases written, the job marked parked (still running), the line logged. */
  async function park(row: JobRow, line: string, leaser: { flush(): Promise<void> } | null) {
    await leaser?.flush();
    await db.update(jobs).set({ parkedAt: clock.now() }).where(and(eq(jobs.id, row.id), eq(jobs.status, 'running')));
    await appendLog(row, line);
  }

  /**
   * Sends the job to the queue, then marks it sent. The row is committed first, so a send that
   * fails (or a process that dies before it) leaves `enqueued_at` null for the jobs sweep; a send
   * repeated by the sweep is the same pg-boss job (its id derives from ours) and is not worked twice.
   */
  async function enqueue(row: Pick<JobRow, 'id' | 'kind'>) {
    await queue.send(row.kind, row.id);
    await db.update(jobs).set({ enqueuedAt: clock.now() }).where(eq(jobs.id, row.id));
  }

  return {
    /**
     * A handler may return a write (e.g. a run's score snapshots) committed in the transaction that
     * records the job `succeeded`: both or neither, and never for a job cancelled at the last moment.
     */
    register(kind: string, handler: JobHandler, options: { onEnded?: JobEnded } = {}) {
      if (!isJobKind(kind)) throw unknownJobKind(kind);
      handlers.set(kind, handler);
      if (options.onEnded) endedListeners.set(kind, options.onEnded);
    },

    async start(input: StartJob) {
      const prefix = input.kind === 'measurement' ? 'run' : 'job';
      const created = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${PIPELINE_LOCK})`);
        const id = newId(prefix);
        if (input.idempotency) {
          const claim = await claimIdempotencyKey(tx, {
            workspaceId: input.ws.id, scope: `jobs.${input.kind}`, key: input.idempotency.key, requestHash: input.idempotency.requestHash, resourceId: id, now: clock.now(),
          });
          if (!claim.fresh) return { row: (await tx.select().from(jobs).where(eq(jobs.id, claim.resourceId)))[0]!, fresh: false };
        }
        // The workspace's own running job answers first: retrying after the global backoff would
        // not help it, so a 429 there would mislead.
        const [busy] = await tx.select({ id: jobs.id }).from(jobs)
          .where(and(eq(jobs.workspaceId, input.ws.id), eq(jobs.concurrencyGroup, input.group), eq(jobs.status, 'running')));
        if (busy) throw new AppError('job_already_running', `A ${input.group} job is already running in this workspace (${busy.id}).`, { jobId: busy.id });
        // A parked job holds no worker: it does not count against the cap (it still counts as the workspace's running job).
        const [{ count }] = (await tx.select({ count: sql<number>`count(*)::int` }).from(jobs).where(and(eq(jobs.status, 'running'), isNull(jobs.parkedAt)))) as [{ count: number }];
        if (count >= deps.maxJobs) {
          throw new AppError('pipeline_capacity_reached', `The pipeline is running its maximum of ${deps.maxJobs} jobs; retry shortly.`, { maxJobs: deps.maxJobs }, { 'retry-after': '30' });
        }
        const reservation = input.estimateMicrousd > 0
          ? await credits.reserveIn(tx, input.ws.id, input.kind, input.estimateMicrousd, { metadata: { jobId: id }, ttlMs: input.holdTtlMs ?? 24 * 3600 * 1000 })
          : null;
        const [row] = await tx.insert(jobs).values({
          id, workspaceId: input.ws.id, kind: input.kind, concurrencyGroup: input.group, status: 'running', pid: process.pid,
          logPath: path.join(deps.dataDir, 'logs', 'jobs', `${id}.log`), startedAt: clock.now(), totalCalls: input.totalCalls,
          progressSource: input.progressSource, lastLines: [], reservationId: reservation?.reservationId ?? null, params: input.params, createdBy: input.createdBy,
        }).onConflictDoNothing().returning();
        // The partial unique index is the last word on "one running job per group".
        if (!row) throw new AppError('job_already_running', `A ${input.group} job is already running in this workspace.`);
        return { row, fresh: true, low: reservation?.low };
      });
      await credits.announceLow(created.low);
      // A failed send does not fail the request: the job exists (its idempotency key is spent),
      // and the jobs sweep sends it within ENQUEUE_GRACE_MS plus its 10-second period.
      if (created.fresh) await enqueue(created.row).catch((err) => deps.log.error({ err, jobId: created.row.id }, 'job not enqueued; the jobs sweep will send it'));
      return jobView(created.row, input.ws.slug);
    },

    /**
     * A job that did its work outside the queue, recorded as succeeded at once inside the caller's
     * transaction (a demo's simulated history, docs/demo.md): no hold, no worker, no log file (its
     * log is `lines`, stamped with its own times). The job ended listeners are not told.
     */
    async recordSucceeded(tx: Db, input: {
      id: string; workspaceId: string; kind: string; group: string; startedAt: Date; finishedAt: Date; totalCalls: number;
      progressSource: ProgressSource; params: Record<string, unknown>; createdBy: string | null; lines: string[];
    }) {
      const stamp = (line: string, i: number) => `${(i === input.lines.length - 1 ? input.finishedAt : input.startedAt).toISOString()} ${line}`;
      await tx.insert(jobs).values({
        id: input.id, workspaceId: input.workspaceId, kind: input.kind, concurrencyGroup: input.group, status: 'succeeded', pid: process.pid,
        logPath: path.join(deps.dataDir, 'logs', 'jobs', `${input.id}.log`), startedAt: input.startedAt, finishedAt: input.finishedAt,
        completedCalls: input.totalCalls, totalCalls: input.totalCalls, progressSource: input.progressSource, lastLines: input.lines.map(stamp).slice(-LAST_LINES),
        reservationId: null, params: input.params, createdBy: input.createdBy, enqueuedAt: input.startedAt,
      });
    },

    async get(ws: WorkspaceContext, id: string, kind?: string) {
      const row = await byId(id);
      if (!row || row.workspaceId !== ws.id || (kind && row.kind !== kind)) throw notFound(kind === 'measurement' ? 'Run' : 'Job');
      return row;
    },

    list: (ws: WorkspaceContext, kind: string, limit: number, status?: JobRow['status']) =>
      db.select().from(jobs).where(and(eq(jobs.workspaceId, ws.id), eq(jobs.kind, kind), status ? eq(jobs.status, status) : undefined)).orderBy(desc(jobs.startedAt), desc(jobs.id)).limit(limit),

    /** DELETE: the job is cancelled at once; its worker stops at its next step and settles. */
    async cancel(row: JobRow) {
      const [cancelled] = await db.update(jobs).set({ status: 'cancelled', finishedAt: clock.now() })
        .where(and(eq(jobs.id, row.id), eq(jobs.status, 'running'))).returning();
      if (!cancelled) {
        const status = (await byId(row.id))!.status;
        throw new AppError('invalid_state', `The job is already ${status}.`, { currentStatus: status });
      }
      deps.metrics?.jobEnded(row.kind, 'cancelled');
      await appendLog(row, 'cancelled by request');
      running.get(row.id)?.abort(new Error('cancelled'));
      return (await byId(row.id))!;
    },

    /** A job's row by id, whatever its workspace (the batch poller checks its run is still running). */
    row: byId,

    /**
     * Sends a parked job to a worker again (its handler runs anew and sees where it stands).
     * The send is keyed by the parking, so two resumes of one parking are one; the job is
     * un-parked after the send, with a fresh heartbeat, so the sweep gives its worker time.
     * False when the job is not parked (ended, or already resumed).
     */
    async resume(jobId: string): Promise<boolean> {
      const row = await byId(jobId);
      if (!row || row.status !== 'running' || !row.parkedAt) return false;
      await queue.send(row.kind, row.id, `${row.id}:resume:${row.parkedAt.getTime()}`);
      const now = clock.now();
      await db.update(jobs).set({ parkedAt: null, heartbeatAt: now, enqueuedAt: now }).where(and(eq(jobs.id, row.id), eq(jobs.parkedAt, row.parkedAt)));
      return true;
    },

    /** Works one job (called by the queue worker in this process). */
    execute(jobId: string): Promise<void> {
      const work = this.work(jobId).finally(() => inFlight.delete(work));
      inFlight.add(work);
      return work;
    },

    /** Shutting down: running jobs stop now and end failed (settled), so nothing is left half-done. */
    /**
     * Aborts every running job and waits for them to end, at most `graceMs`: a handler that does
     * not honour its signal must not hold a shutdown (or a deploy) forever. What is still running
     * then is logged by id and kind; its heartbeat stops with this process, so the sweeper fails
     * it and releases its hold, as for a worker that died.
     */
    async stop(graceMs = STOP_GRACE_MS) {
      stopping = true;
      for (const controller of running.values()) controller.abort(new Error('shutdown'));
      if (!(await settledWithin(inFlight, graceMs))) deps.log.warn({ jobs: [...running.keys()] }, `jobs still running ${graceMs} ms after the shutdown signal; left to the sweeper`);
    },

    async work(jobId: string) {
      if (stopping) return;
      const row = await byId(jobId);
      if (!row) return;
      if (row.status !== 'running') {
        if (row.reservationId) await credits.settleLeased(row.reservationId); // cancelled before a worker took it
        return;
      }
      const handler = handlers.get(row.kind);
      if (!handler) return void (await finish(row, 'failed', `no handler for job kind ${row.kind}`));
      const controller = new AbortController();
      let leaser: Awaited<ReturnType<CreditsService['leaser']>> | null = null;
      let completed = row.completedCalls;
      let flushed = completed;
      const flush = async () => {
        if (completed === flushed) return;
        flushed = completed;
        await db.update(jobs).set({ completedCalls: completed }).where(and(eq(jobs.id, row.id), eq(jobs.status, 'running')));
      };
      // Heartbeat, progress flush and cross-process cancellation in one beat.
      let beat: NodeJS.Timeout | undefined;
      let parked: string | null = null;
      const startBeat = () => setInterval(() => {
        void (async () => {
          await flush();
          const [current] = await db.update(jobs).set({ heartbeatAt: clock.now() }).where(eq(jobs.id, row.id)).returning({ status: jobs.status });
          if (current?.status !== 'running') controller.abort(new Error('cancelled'));
        })().catch((err) => deps.log.error({ err, jobId }, 'heartbeat failed'));
      }, HEARTBEAT_MS);
      const ctx: JobContext = {
        job: row,
        signal: controller.signal,
        log: (line) => appendLog(row, line),
        progress: (n) => {
          completed = n;
        },
        lease: async (amount) => (leaser ? leaser.lease(amount) : true),
        release: (amount) => leaser?.release(amount),
        setTotal: async (totalCalls) => {
          await db.update(jobs).set({ totalCalls }).where(and(eq(jobs.id, row.id), eq(jobs.status, 'running')));
        },
        park: (line) => void (parked = line),
      };
      try {
        running.set(row.id, controller);
        [leaser] = await Promise.all([
          row.reservationId ? credits.leaser(row.reservationId) : null,
          db.update(jobs).set({ pid: process.pid, heartbeatAt: clock.now() }).where(eq(jobs.id, row.id)),
        ]);
        beat = startBeat();
        const write = await handler(ctx);
        await flush();
        if (stopping && controller.signal.aborted) throw new Error('shutdown');
        if (parked !== null && !controller.signal.aborted) return void (await park(row, parked, leaser));
        await finish(row, controller.signal.aborted ? 'cancelled' : 'succeeded', controller.signal.aborted ? 'stopped after cancellation' : 'succeeded', completed, leaser, write || undefined);
      } catch (err) {
        const message = (err as Error).message;
        if (stopping) await finish(row, 'failed', 'failed: the worker shut down', completed, leaser);
        else await finish(row, controller.signal.aborted ? 'cancelled' : 'failed', controller.signal.aborted ? 'stopped after cancellation' : `failed: ${message}`, completed, leaser);
      } finally {
        clearInterval(beat);
        running.delete(row.id);
      }
    },

    /** Jobs whose worker stopped heartbeating are failed, with a line saying why, and settled. */
    async sweep() {
      // Lost sends first: running jobs the queue never received are sent now (not failed).
      const unqueued = await db.select({ id: jobs.id, kind: jobs.kind }).from(jobs)
        .where(and(eq(jobs.status, 'running'), isNull(jobs.enqueuedAt), lt(jobs.startedAt, new Date(clock.now().getTime() - ENQUEUE_GRACE_MS))));
      for (const row of unqueued) {
        try {
          await enqueue(row);
          deps.log.warn({ jobId: row.id, kind: row.kind }, 'job enqueued by the sweep: its first send was lost');
        } catch (err) {
          deps.log.error({ err, jobId: row.id }, 'could not enqueue a job; the next sweep tries again');
        }
      }
      // A job no worker took is dead DEAD_AFTER_MS after its send (a worker heartbeats at once).
      const cutoff = new Date(clock.now().getTime() - DEAD_AFTER_MS);
      const dead = await db.select().from(jobs)
        .where(and(eq(jobs.status, 'running'), isNotNull(jobs.enqueuedAt), isNull(jobs.parkedAt), lt(sql`coalesce(${jobs.heartbeatAt}, ${jobs.enqueuedAt})`, cutoff)));
      let failed = 0;
      for (const row of dead) {
        if (running.has(row.id)) continue; // alive in this very process
        const reason = row.heartbeatAt ? `its worker stopped heartbeating at ${row.heartbeatAt.toISOString()}` : 'no worker took the job';
        try {
          await finish(row, 'failed', `failed: ${reason}`);
          failed++;
        } catch (err) {
          deps.log.error({ err, jobId: row.id }, 'could not fail a dead job'); // one bad row must not stop the pass
        }
      }
      // Jobs that ended (cancelled, or failed) while no worker held them still hold credits:
      // once their worker had time to settle, the sweep settles what was leased.
      const ended = await db.select({ id: jobs.id, reservationId: jobs.reservationId }).from(jobs)
        .where(and(ne(jobs.status, 'running'), isNotNull(jobs.reservationId), gt(jobs.finishedAt, new Date(clock.now().getTime() - 48 * 3600 * 1000)), lt(jobs.finishedAt, cutoff)));
      for (const id of await credits.heldAmong(ended.map((e) => e.reservationId!))) {
        await credits.settleLeased(id).catch((err) => deps.log.error({ err, reservationId: id }, 'could not settle a hold'));
      }
      return failed;
    },

    async startWorkers(concurrency: number) {
      for (const kind of handlers.keys()) await queue.work(kind, workersFor(kind, concurrency), (id) => this.execute(id));
      stopping = false;
    },
  };
}
export type JobsService = ReturnType<typeof createJobsService>;
