import { asc, desc, eq, lte, sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import type { FastifyBaseLogger } from 'fastify';
import { rawRows, type Db } from '../../lib/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, ERROR_STATUS, invalid, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { WorkspaceContext } from '../../lib/http/types.ts';
import type { EventHub } from '../events/events.hub.ts';
import type { Preset } from '../runs/runs.fns.ts';
import type { RunsService } from '../runs/runs.service.ts';
import { resolveSampling, type SamplingInput } from '../runs/sampling.fns.ts';
import type { WorkspacesService } from '../workspaces/workspaces.service.ts';
import { checkCron, checkTimeZone, HISTORY_LIMIT, nextDue } from './schedules.fns.ts';
import { scheduleRuns, schedules } from './schedules.tables.ts';

// Measurement schedules: a workspace's preset on a cron expression in its time zone. The tick
// (a timer every minute, jobs.timers.ts) starts each due run through the runs service exactly as
// `POST …/runs` would. A due run that cannot start is recorded with the reason and announced as
// `schedule.skipped` (alerts turn it into an alert); it is never retried: the schedule moves on.

type ScheduleRow = typeof schedules.$inferSelect;
type HistoryRow = typeof scheduleRuns.$inferSelect;
export interface ScheduleInput { cron: string; timeZone: string; preset: Preset; samples?: number; sampling?: SamplingInput; batch?: boolean }

/** Due schedules read per round of a tick; rounds repeat until none is due. */
const TICK_BATCH = 200;
/**
 * Runs started at once by one tick: each start takes the pipeline's lock in turn for its short
 * transaction, and overlapping the rest (prompts, engines, queue) is what concurrency buys; the
 * API's pool has 10 connections.
 */
export const TICK_CONCURRENCY = 6;

function historyView(row: HistoryRow) {
  return {
    dueAt: row.dueAt.toISOString(), status: row.status, runId: row.runId,
    reason: row.reason, message: row.message, recordedAt: row.createdAt.toISOString(),
  };
}

export function createSchedulesService(deps: {
  db: Db; clock: Clock; runs: Pick<RunsService, 'start'>; workspaces: Pick<WorkspacesService, 'contextsByIds'>;
  events: Pick<EventHub, 'publish'>; log: Pick<FastifyBaseLogger, 'error'>;
  /** The day's canary round (docs/monitoring.md), asked before the first scheduled runs of the day start. */
  canaries?: { round(): Promise<unknown> };
}) {
  const { db, clock } = deps;

  const rowOf = async (workspaceId: string) => (await db.select().from(schedules).where(eq(schedules.workspaceId, workspaceId)))[0] ?? null;

  async function view(row: ScheduleRow) {
    const history = await db.select().from(scheduleRuns).where(eq(scheduleRuns.scheduleId, row.id))
      .orderBy(desc(scheduleRuns.dueAt)).limit(HISTORY_LIMIT);
    const views = history.map(historyView);
    return {
      cron: row.cron, timeZone: row.timeZone, preset: row.preset as Preset, samples: row.samples, sampling: row.sampling ?? null, batch: row.batch,
      nextRunAt: row.nextRunAt.toISOString(), lastRun: views[0] ?? null, history: views,
    };
  }

  async function record(row: ScheduleRow, dueAt: Date, outcome: { status: 'started'; runId: string } | { status: 'skipped'; reason: string; message: string }) {
    await db.insert(scheduleRuns).values({
      id: newId('sch'), workspaceId: row.workspaceId, scheduleId: row.id, dueAt, status: outcome.status,
      runId: outcome.status === 'started' ? outcome.runId : null,
      reason: outcome.status === 'skipped' ? outcome.reason : null,
      message: outcome.status === 'skipped' ? outcome.message : null,
      createdAt: clock.now(),
    }).onConflictDoNothing();
  }

  /** Starts the run of one due time that this process claimed; a refusal is recorded, never retried. */
  async function fire(row: ScheduleRow, ws: WorkspaceContext, dueAt: Date): Promise<'started' | 'skipped'> {
    try {
      // No idempotency key: the claim already makes the due time this process's alone, and a key
      // would add a write inside the pipeline's lock, which every start takes in turn.
      const run = await deps.runs.start(ws, null, { preset: row.preset as Preset, samples: row.samples, ...(row.sampling ? { sampling: row.sampling } : {}), ...(row.batch ? { batch: true } : {}) });
      await record(row, dueAt, { status: 'started', runId: run.id });
      return 'started';
    } catch (err) {
      const reason = err instanceof AppError ? err.code : 'internal_error';
      const message = err instanceof AppError ? err.message : 'The run could not start because of an internal error.';
      if (!(err instanceof AppError)) deps.log.error({ err, workspaceId: row.workspaceId }, 'scheduled run failed to start');
      await record(row, dueAt, { status: 'skipped', reason, message });
      await deps.events.publish({
        type: 'schedule.skipped', workspaceId: row.workspaceId,
        data: { scheduleId: row.id, dueAt: dueAt.toISOString(), reason, code: ERROR_STATUS[reason as keyof typeof ERROR_STATUS] ?? 500, message, preset: row.preset },
      });
      return 'skipped';
    }
  }

  /** The next due time after `now`; a schedule whose cron cannot give one is retried in an hour. */
  function nextAfter(row: ScheduleRow, now: Date): Date {
    try {
      return nextDue(row.cron, row.timeZone, now);
    } catch (err) {
      deps.log.error({ err, workspaceId: row.workspaceId }, 'schedule has no next due time; retried in an hour');
      return new Date(now.getTime() + 3600_000);
    }
  }

  /**
   * Claims due times with a compare-and-swap on `next_run_at`, every row of a round in one
   * statement: however many processes tick at once, one moves each row and starts its run. The
   * next due time is computed from now, so due times missed while nothing ran are not replayed one
   * after another: one run, then the next future one. Returns the workspaces this process claimed.
   */
  async function claim(rows: ScheduleRow[], now: Date): Promise<Set<string>> {
    const moves = rows.map((r) => ({ w: r.workspaceId, from: r.nextRunAt.toISOString(), to: nextAfter(r, now).toISOString() }));
    const moved = await rawRows<{ workspace_id: string }>(db, sql`
      update schedules s set next_run_at = v.to
      from jsonb_to_recordset(${JSON.stringify(moves)}::jsonb) as v(w text, "from" timestamptz, "to" timestamptz)
      where s.workspace_id = v.w and s.next_run_at = v."from"
      returning s.workspace_id`);
    return new Set(moved.map((m) => m.workspace_id));
  }

  return {
    async get(ws: WorkspaceContext) {
      const row = await rowOf(ws.id);
      if (!row) throw notFound('Schedule');
      return view(row);
    },

    async put(ws: WorkspaceContext, userId: string | null, input: ScheduleInput) {
      const cron = checkCron(input.cron);
      const timeZone = checkTimeZone(input.timeZone);
      const problems = [cron, timeZone].flatMap((c, i) => (c.ok ? [] : [{ field: i === 0 ? 'cron' : 'timeZone', message: `body.${c.message}` }]));
      if (problems.length) throw invalid(problems.map((p) => p.message).join('; '), { fields: problems });
      if (!cron.ok || !timeZone.ok) throw new Error('unreachable');
      // Refused now as each run would refuse it; the ceiling's default follows each run's own first pass.
      resolveSampling(input.sampling, { samples: input.samples ?? 1, estimateMicrousd: 0 });
      const now = clock.now();
      const values = {
        cron: cron.value, timeZone: timeZone.value, preset: input.preset, samples: input.samples ?? 1, sampling: input.sampling ?? null, batch: input.batch ?? false,
        nextRunAt: nextDue(cron.value, timeZone.value, now), updatedAt: now, updatedBy: userId,
      };
      const [row] = await db.insert(schedules).values({ workspaceId: ws.id, id: newId('sch'), createdAt: now, ...values })
        .onConflictDoUpdate({ target: schedules.workspaceId, set: values }).returning();
      return view(row!);
    },

    async remove(ws: WorkspaceContext) {
      const deleted = await db.delete(schedules).where(eq(schedules.workspaceId, ws.id)).returning({ id: schedules.id });
      if (!deleted.length) throw notFound('Schedule');
      // The history goes with it: a new schedule starts a new history (its id differs).
      await db.delete(scheduleRuns).where(eq(scheduleRuns.scheduleId, deleted[0]!.id));
    },

    /** One pass over the due schedules (the `schedules_tick` timer; tests call it with their clock). */
    async tick() {
      const now = clock.now();
      const limit = pLimit(TICK_CONCURRENCY);
      const counts = { started: 0, skipped: 0 };
      // A row seen once in this pass is not taken again: if its claim missed (another process moved
      // it), it is no longer due; this only guards the loop against a row that would stay due.
      const seen = new Set<string>();
      let canariesAsked = false;
      for (;;) {
        const due = (await db.select().from(schedules).where(lte(schedules.nextRunAt, now)).orderBy(asc(schedules.nextRunAt)).limit(TICK_BATCH))
          .filter((row) => !seen.has(row.workspaceId));
        if (!due.length) return counts;
        for (const row of due) seen.add(row.workspaceId);
        const mine = await claim(due, now); // rows missing were taken by another process
        // A scheduled round starts: the canaries go first (once a day), so the day's engine-change
        // flag is known when its runs' alerts are evaluated; a canary failure never stops a run.
        if (mine.size && !canariesAsked) {
          canariesAsked = true;
          await deps.canaries?.round().catch((err) => deps.log.error({ err }, 'canary round failed'));
        }
        const contexts = await deps.workspaces.contextsByIds([...mine]);
        await Promise.all(due.filter((row) => mine.has(row.workspaceId) && contexts.has(row.workspaceId)).map((row) => limit(async () => {
          counts[await fire(row, contexts.get(row.workspaceId)!, row.nextRunAt)]++;
        })));
      }
    },
  };
}
export type SchedulesService = ReturnType<typeof createSchedulesService>;
