import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from './config.ts';
import { openPglite, openPostgres, type Database } from './lib/db.ts';
import { acquireDataDirLock } from './lib/datadir-lock.ts';
import { buildApp, type AppDeps } from './app.ts';

export interface RunningServer {
  app: FastifyInstance;
  config: Config;
  database: Database;
  close(): Promise<void>;
}

/** Embedded PGlite under DATA_DIR (one process, held by a lock file) or PostgreSQL at DATABASE_URL. */
export async function openDatabase(config: Config): Promise<{ database: Database; release(): void }> {
  if (config.databaseUrl) return { database: openPostgres(config.databaseUrl), release: () => {} };
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
    await database.migrate();
    app = await buildApp({ config, database, ...extra });
    await app.listen({ host: config.host, port: config.port });
  } catch (err) {
    await app?.close();
    await database.close();
    release();
    throw err;
  }
  const running = app;
  const SWEEP_INTERVAL_MS = 60_000;
  const sweeper = setInterval(() => {
    running.maintenance.sweep().catch((err) => running.log.error({ err }, 'sweep failed'));
  }, SWEEP_INTERVAL_MS);
  sweeper.unref();
  // Jobs whose worker died are failed within DEAD_AFTER_MS + 10 s.
  const jobSweeper = setInterval(() => {
    running.maintenance.sweepJobs().catch((err) => running.log.error({ err }, 'job sweep failed'));
  }, 10_000);
  jobSweeper.unref();
  return {
    app: running,
    config,
    database,
    async close() {
      clearInterval(sweeper);
      clearInterval(jobSweeper);
      await running.close();
      await database.close();
      release();
    },
  };
}
