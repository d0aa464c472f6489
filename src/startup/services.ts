import { systemClock } from '../lib/clock.ts';
import type { ModuleParts } from '../lib/module.ts';
import { createRateLimiter } from '../lib/rate-limit/rate-limit.ts';
import { fetcherFromConfig } from '../lib/safe-fetch/safe-fetch.ts';
import { createEventHub } from '../modules/events/events.hub.ts';
import { passwordHashing, type ServiceDeps } from './service-deps.ts';
import { createModules } from './modules.ts';

export type { ServiceDeps } from './service-deps.ts';
export { passwordHashing } from './service-deps.ts';

/** Refuses the test-only switches outside GEO_ENV=test. */
function refuseTestSwitches(deps: ServiceDeps) {
  if (deps.config.env === 'test') return;
  if (deps.faults) throw new Error('faults (fault injection) may only be set when GEO_ENV=test');
  if (deps.simulatedShift) throw new Error('simulatedShift is for tests only (GEO_ENV=test)');
  if (deps.readsTtlMs !== undefined) throw new Error('readsTtlMs is for tests only (GEO_ENV=test)');
}

export type Services = Awaited<ReturnType<typeof createServices>>;

/**
 * The first step of every process (docs/architecture.md, "Startup"): every module's services,
 * made in dependency order, with no HTTP and no worker running. The job queue is started (any
 * process may queue work); `registerHttp` and `startWorkers` take the parts a process's role needs.
 */
export async function createServices(deps: ServiceDeps) {
  refuseTestSwitches(deps);
  const { config, database, log } = deps;
  const clock = deps.clock ?? systemClock;
  const { db } = database;
  const events = createEventHub({ db, clock, log, faults: deps.faults });
  const limiter = createRateLimiter({ db, clock });
  const fetcher = deps.fetcher ?? fetcherFromConfig(config);
  const modules = await createModules({ ...deps, clock, events, limiter, fetcher, passwordParams: passwordHashing(config, deps.passwordScrypt) });
  const parts: ModuleParts[] = modules.parts;

  // What the minute's sweep does, once per fleet: each module's steps, in module order, after
  // the outbox relay (events committed but not yet published go first).
  const sweep = async () => {
    await events.relay();
    for (const part of parts) for (const step of part.sweeps ?? []) await step();
    await limiter.sweep();
  };
  const { jobs, runs, schedules, delivery, portfolioDelivery } = modules.services;
  /** Time-driven tasks, callable one by one (tests drive them with their clock). */
  const maintenance = {
    sweep,
    sweepJobs: () => jobs.sweep(),
    relayEvents: () => events.relay(),
    tickSchedules: () => schedules.tick(),
    pollBatches: (now?: Date) => runs.pollBatches(now),
    tickReportDeliveries: () => delivery.tick(),
    tickPortfolioDeliveries: () => portfolioDelivery.tick(),
  };
  modules.runner.declare({ name: 'maintenance_sweep', cron: '* * * * *', run: sweep });
  for (const part of parts) for (const timer of part.timers ?? []) modules.runner.declare(timer);

  let closed = false;
  return {
    config, database, clock, log, events, maintenance, parts,
    runner: modules.runner,
    ...modules.services,
    /** Releases everything the modules hold, last made first (the job queue stops last). */
    async close() {
      if (closed) return;
      closed = true;
      for (const part of [...parts].reverse()) await part.close?.();
      if (!deps.fetcher) await fetcher.close();
    },
  };
}
