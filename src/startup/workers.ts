import type { Services } from './services.ts';

/**
 * The step of a process that works jobs (docs/architecture.md, "Startup"): each module's job
 * workers, and the fleet's timers (sweeps, the schedules' tick, batch polls). A server with
 * GEO_WORKERS=embedded takes both; `npm run worker` takes both and registers no route; a server
 * with GEO_WORKERS=off may still run the timers, which are pg-boss jobs taken once per fleet.
 */
export async function startWorkers(services: Services, role: { jobs: boolean; timers: boolean }): Promise<void> {
  if (role.jobs) for (const part of services.parts) await part.startWorkers?.();
  if (role.timers) await services.runner.start();
}
