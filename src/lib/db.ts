import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from '../db/schema.ts';

export type Schema = typeof schema;
/** A database or a transaction: repos accept either so callers decide the transaction's scope. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  ping(): Promise<void>;
  migrate(): Promise<void>;
  /** Raw SQL for libraries that bring their own (pg-boss); a statement without values may hold several commands. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

export function openPostgres(url: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    driver: 'postgres',
    ping: async () => void (await pool.query('select 1')),
    migrate: () => migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    executeSql: async (text, values) => ({ rows: (await pool.query(text, values as unknown[])).rows }),
    close: () => pool.end(),
  };
}

export function wrapPglite(client: PGlite): Database {
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    ping: async () => void (await client.query('select 1')),
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    // PGlite's query() takes one statement; pg-boss's schema scripts come as many, without values.
    executeSql: async (text, values) => {
      if (!values?.length) return { rows: (await client.exec(text)).at(-1)?.rows ?? [] };
      return { rows: (await client.query(text, values as never[])).rows };
    },
    close: () => client.close(),
  };
}

export async function openPglite(dataDir: string | undefined): Promise<Database> {
  return wrapPglite(await PGlite.create(dataDir ? { dataDir } : {}));
}

/** Rows of a raw statement on either driver. */
export async function rawRows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
