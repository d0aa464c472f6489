import { ConfigError, loadConfig } from './config.ts';
import { openPostgres } from './lib/db.ts';
import { processLogger } from './startup/logger.ts';
import { createServices } from './startup/services.ts';
import { startWorkers } from './startup/workers.ts';

// `npm run worker`: a process that only works jobs, for PostgreSQL deployments where API
// processes run with GEO_WORKERS=off (or alongside them). It makes the services and starts their
// workers and the timers; it registers no route and listens on no port. The embedded database
// allows one process, so this needs DATABASE_URL.

try {
  const config = loadConfig({ ...process.env, GEO_WORKERS: 'embedded' });
  if (!config.databaseUrl) throw new ConfigError(['npm run worker needs DATABASE_URL: the embedded database is held by the API process, which already works jobs']);
  const database = openPostgres(config.databaseUrl, undefined, { listenUrl: config.databaseListenUrl });
  await database.migrate();
  // Sweeps and the schedules' tick are pg-boss timers: this process takes its share of them.
  const services = await createServices({ config, database, log: processLogger(config, undefined), timers: true });
  await startWorkers(services, { jobs: true, timers: true });
  services.log.info({ pid: process.pid }, 'worker started');
  const stop = async () => {
    await services.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
