import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../../src/lib/db.ts';
import { adminQuery, PG_PREFIX, PG_TEMPLATE, postgresUrl } from './databases.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dbDriver: 'pglite' | 'postgres';
    pgliteTemplate: string;
  }
}

// Migrate once, clone per test file: a fresh PGlite takes seconds to create, a clone half a second.
export default async function setup(project: TestProject) {
  if (project.config.provide.dbDriver === 'postgres') {
    const stale = await adminQuery(`SELECT datname FROM pg_database WHERE datname LIKE '${PG_PREFIX}%'`);
    for (const row of stale.rows) await adminQuery(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
    await adminQuery(`CREATE DATABASE ${PG_TEMPLATE}`);
    const template = openPostgres(postgresUrl(PG_TEMPLATE), 1);
    await template.migrate();
    await template.close();
    return async () => {
      await adminQuery(`DROP DATABASE IF EXISTS ${PG_TEMPLATE} WITH (FORCE)`);
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'geo-test-'));
  const database = await openPglite(undefined);
  await database.migrate();
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'gzip'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('gzip');
  const file = path.join(dir, 'template.tar.gz');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
