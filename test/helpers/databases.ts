import { readFileSync } from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openPostgres, wrapPglite, type Database } from '../../src/lib/db.ts';

// Each test file gets a database of its own, cloned from a migrated template made once per run
// by global-setup.ts: a PGlite data directory tarball, or a PostgreSQL template database.

// Global setup drops every database with the prefix, so the prefix is the checkout's own (a hash
// of its path): two checkouts running their suites on one server at once — a CI clone beside a
// working copy — never drop each other's template. GEO_TEST_DB_PREFIX overrides it.
export const PG_PREFIX = process.env.GEO_TEST_DB_PREFIX
  ?? `geotest_${createHash('sha256').update(fileURLToPath(new URL('../..', import.meta.url))).digest('hex').slice(0, 8)}_`;
export const PG_TEMPLATE = `${PG_PREFIX}template`;

export function postgresUrl(database?: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  if (database) url.pathname = `/${database}`;
  return url.toString();
}

/**
 * The address the service under test uses for `database`: PostgreSQL itself, or, when
 * TEST_DATABASE_POOLER_URL is set (`.ci/run`'s PgBouncer pass), PgBouncer in transaction mode in
 * front of the same server, flagged `pgbouncer=true` as a deployment behind it would be.
 * Creating and dropping databases stays on the direct address (adminQuery).
 */
export function appUrl(database: string): string {
  const pooler = process.env.TEST_DATABASE_POOLER_URL;
  if (!pooler) return postgresUrl(database);
  const url = new URL(pooler);
  url.pathname = `/${database}`;
  url.searchParams.set('pgbouncer', 'true');
  return url.toString();
}

export async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: postgresUrl() });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function pgliteFromTemplate(templatePath: string): Promise<Database> {
  const client = await PGlite.create({ loadDataDir: new Blob([readFileSync(templatePath)]) });
  return wrapPglite(client);
}

export async function postgresFromTemplate(): Promise<Database & { url: string }> {
  const name = `${PG_PREFIX}${randomBytes(6).toString('hex')}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${PG_TEMPLATE}`);
      break;
    } catch (err) {
      // Two files cloning the template at the same instant can collide; try again shortly.
      if (attempt >= 20 || !/being accessed by other users/.test((err as Error).message)) throw err;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  // The listening session goes to the server itself, as DATABASE_LISTEN_URL does behind a pooler.
  const database = openPostgres(appUrl(name), 20, { listenUrl: postgresUrl(name) });
  return {
    ...database,
    url: appUrl(name),
    async close() {
      await database.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
