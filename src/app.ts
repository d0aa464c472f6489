import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { processLogger } from './startup/logger.ts';
import { createServices, type ServiceDeps } from './startup/services.ts';
import { registerHttp } from './startup/http.ts';
import { startWorkers } from './startup/workers.ts';

export { BODY_LIMIT } from './startup/http.ts';
export { passwordHashing } from './startup/services.ts';

export interface AppDeps extends Omit<ServiceDeps, 'log'> {
  /** The process's logger; false: none (tests). */
  logger?: FastifyBaseLogger | false;
}

/**
 * An API process's app: the services, their routes, and, unless GEO_WORKERS=off, the job
 * workers (docs/architecture.md, "Startup"). Closing the app closes the services; the caller
 * closes the database. Tests and `npm start` build it; `npm run worker` takes no HTTP.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const services = await createServices({ ...deps, log: processLogger(deps.config, deps.logger) });
  let app: FastifyInstance;
  try {
    app = await registerHttp(services);
  } catch (err) {
    await services.close();
    throw err;
  }
  app.addHook('onClose', () => services.close());
  await startWorkers(services, { jobs: deps.config.pipeline.workers === 'embedded', timers: deps.timers ?? false });
  await app.ready();
  return app;
}
