import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from './jobs.queue.ts';
import type { TimerTask } from '../../lib/module.ts';

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

// - `onTheMinute` (every-minute cron timers whose latency matters: the schedules' tick): besides
//   pg-boss's cron, every process offers the minute's job itself ~0.25 s after the minute, in the
//   same singleton slot as pg-boss's cron job (key = the timer, 60 s slots), and the process whose
//   offer won wakes its own worker. pg-boss's cron monitor (every 2 s) and send-it worker (every
//   1 s) then find the slot taken: still one job per minute for the fleet, now ~0.3 s after the
//   minute instead of 1-4 s. A process whose clock runs ahead of the database's offers into the
//   previous minute's slot, which is taken: pg-boss's cron creates the job as before.

export type { TimerSchedule, TimerTask } from '../../lib/module.ts';

const MINUTE_MS = 60_000;
/** After the minute: past pg-boss's slot boundary even with a little clock skew between process and database. */
const ON_THE_MINUTE_DELAY_MS = 250;

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
  let stopped = false;

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
      if (task.onTheMinute && task.cron !== '* * * * *') throw new Error(`timer ${task.name}: onTheMinute is for every-minute timers ('* * * * *')`);
      if (task.everySeconds !== undefined && !(task.everySeconds >= 1 && task.everySeconds < 60)) {
        throw new Error(`timer ${task.name}: everySeconds must be 1-59; use a cron expression for a minute or more`);
      }
      tasks.set(task.name, task);
    },
    async start() {
      for (const task of tasks.values()) {
        await deps.queue.workTimer(task.name, run(task));
        const offer = (seconds: number) => deps.queue.sendOncePer(task.name, seconds).catch((err) => deps.log.error({ err, timer: task.name }, 'timer offer failed'));
        if (task.cron) {
          await deps.queue.schedule(task.name, task.cron);
          if (task.onTheMinute) {
            // Until the next "minute + delay", this minute's included when that is still to come.
            const untilNext = () => MINUTE_MS - ((((Date.now() - ON_THE_MINUTE_DELAY_MS) % MINUTE_MS) + MINUTE_MS) % MINUTE_MS);
            const arm = () => {
              if (stopped) return;
              const timeout = setTimeout(() => {
                intervals.splice(intervals.indexOf(timeout), 1);
                void offer(60);
                arm();
              }, untilNext());
              timeout.unref();
              intervals.push(timeout);
            };
            arm();
          }
          continue;
        }
        const seconds = task.everySeconds!;
        void offer(seconds);
        const interval = setInterval(() => void offer(seconds), seconds * 1000);
        interval.unref();
        intervals.push(interval);
      }
    },
    stop() {
      stopped = true;
      for (const interval of intervals.splice(0)) clearInterval(interval);
    },
    async runNow(name) {
      const task = tasks.get(name);
      if (!task) throw new Error(`no timer ${name}`);
      return task.run();
    },
  };
}
