import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from './config.ts';
import { openPglite, openPostgres, type Database } from './lib/db.ts';
import { acquireDataDirLock } from './lib/datadir-lock.ts';
import { codeIdentity } from './lib/code-identity.ts';
import { buildApp, type AppDeps } from './app.ts';

export interface RunningServer {
  app: FastifyInstance;
  config: Config;
  database: Database;
  close(): Promise<void>;
}

/** Embedded PGlite under DATA_DIR (one process, held by a lock file) or PostgreSQL at DATABASE_URL. */
export async function openDatabase(config: Config): Promise<{ database: Database; release(): void }> {
  if (config.databaseUrl) return { database: openPostgres(config.databaseUrl, undefined, { listenUrl: config.databaseListenUrl, keepIdle: true }), release: () => {} };
  const lock = acquireDataDirLock(config.dataDir);
  try {
    return { database: await openPglite(path.join(config.dataDir, 'pgdata')), release: lock.release };
  } catch (err) {
    lock.release();
    throw err;
  }
}

/** config -> database -> migrations -> app -> listening. */
export async function startServer(env: NodeJS.ProcessEnv, extra: Partial<AppDeps> = {}): Promise<RunningServer> {
  const config = loadConfig(env);
  const { database, release } = await openDatabase(config);
  let app: FastifyInstance | undefined;
  try {
    // The running code's digest, which the stored figures are checked against, is ready before the
    // first request, and so are the database's connections.
    await Promise.all([database.migrate(), codeIdentity()]);
    await database.warm();
    app = await buildApp({ config, database, timers: true, ...extra });
    await app.listen({ host: config.host, port: config.port });
    // The line a newcomer looks for after `npm start` (the README's tour names it).
    app.log.info({ dashboard: `${config.publicBaseUrl}/`, docs: `${config.publicBaseUrl}/docs` }, `Dashboard at ${config.publicBaseUrl}/ · API reference at ${config.publicBaseUrl}/docs`);
  } catch (err) {
    await app?.close();
    await database.close();
    release();
    throw err;
  }
  const running = app;
  // The sweeps and the schedules' tick run as pg-boss timers (startup/workers.ts, `timers: true`): once per
  // due time for the whole fleet, in whichever process (server or worker) takes the job.
  return {
    app: running,
    config,
    database,
    async close() {
      await running.close();
      await database.close();
      release();
    },
  };
}
