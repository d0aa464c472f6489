import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from './jobs.queue.ts';

// Time-driven work that a fleet runs once per due time, however many processes are up: each
// timer is a pg-boss queue (TIMER_QUEUES in jobs.kinds.ts) worked by every process, and a job
// is created once per due time for the whole fleet.
//
// - `cron` (minute granularity): pg-boss's scheduler. Every process upserts the schedule; the
//   cron monitor of one process per interval (a compare-and-swap on pg-boss's own clock row)
//   creates the due job, deduplicated per minute by a singleton slot.
// - `everySeconds` (below a minute, e.g. the dead-worker sweep): every process offers a job each
//   period, and pg-boss's singleton slot (`singletonSeconds`: one job per aligned slot of that
//   length) keeps one per slot. The offer is one INSERT … ON CONFLICT DO NOTHING per process
//   and period; the work itself runs once.
// Whichever process takes a job runs it; a job that fails is logged and not retried (the next
// due time comes soon). Tasks must be safe to overlap: a slow one may still run when the next starts.

export type TimerSchedule = { cron: string; everySeconds?: never } | { everySeconds: number; cron?: never };
export type TimerTask = TimerSchedule & { name: string; run: () => Promise<unknown> };

export interface Timers {
  declare(task: TimerTask): void;
  /** Schedules every declared task and works their queues in this process (servers, workers). */
  start(): Promise<void>;
  stop(): void;
  /** Runs one task now, as its job would (tests, and an operator's one-off). */
  runNow(name: string): Promise<unknown>;
}

export function createTimers(deps: { queue: JobQueue; log: Pick<FastifyBaseLogger, 'error'> }): Timers {
  const tasks = new Map<string, TimerTask>();
  const intervals: NodeJS.Timeout[] = [];

  const run = (task: TimerTask) => async () => {
    try {
      await task.run();
    } catch (err) {
      deps.log.error({ err, timer: task.name }, 'timer task failed');
    }
  };

  return {
    declare(task) {
      if (tasks.has(task.name)) throw new Error(`timer ${task.name} is declared twice`);
      if (task.everySeconds !== undefined && !(task.everySeconds >= 1 && task.everySeconds < 60)) {
        throw new Error(`timer ${task.name}: everySeconds must be 1-59; use a cron expression for a minute or more`);
      }
      tasks.set(task.name, task);
    },
    async start() {
      for (const task of tasks.values()) {
        await deps.queue.workTimer(task.name, run(task));
        if (task.cron) {
          await deps.queue.schedule(task.name, task.cron);
          continue;
        }
        const seconds = task.everySeconds!;
        const offer = () => deps.queue.sendOncePer(task.name, seconds).catch((err) => deps.log.error({ err, timer: task.name }, 'timer offer failed'));
        void offer();
        const interval = setInterval(offer, seconds * 1000);
        interval.unref();
        intervals.push(interval);
      }
    },
    stop() {
      for (const interval of intervals.splice(0)) clearInterval(interval);
    },
    async runNow(name) {
      const task = tasks.get(name);
      if (!task) throw new Error(`no timer ${name}`);
      return task.run();
    },
  };
}
