import type { FastifyInstance } from 'fastify';

// What a module hands the start (docs/architecture.md, "Startup"). Every module's
// `<name>.module.ts` makes its services from the dependencies it names, and returns them with
// these parts; a process takes the parts its role needs: an API process registers the routes,
// a process that works jobs starts the workers and the timers, every process sweeps and closes.

export type TimerSchedule = { cron: string; everySeconds?: never; onTheMinute?: boolean } | { everySeconds: number; cron?: never; onTheMinute?: never };
/** A time-driven task, run once per due time for the whole fleet (modules/jobs/jobs.timers.ts). */
export type TimerTask = TimerSchedule & { name: string; run: () => Promise<unknown> };

export interface ModuleParts {
  /** The module's folder name, for logs and for the order of the parts. */
  readonly name: string;
  /** Registers its routes: API processes only. */
  http?(app: FastifyInstance): void | Promise<void>;
  /** Starts its job workers: only in processes that work jobs. */
  startWorkers?(): Promise<void>;
  /** Its steps of the minute's maintenance sweep, run in module order. */
  sweeps?: ReadonlyArray<() => Promise<unknown>>;
  /** Its time-driven tasks (pg-boss timers). */
  timers?: readonly TimerTask[];
  /** Releases what it holds (browsers, connections, workers); modules close in reverse order. */
  close?(): Promise<void>;
}
