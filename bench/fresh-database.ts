import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../src/lib/db.ts';

// A database of its own for one benchmark run: a new PostgreSQL database on the server at `url`
// (unique name, dropped afterwards), or an in-memory PGlite without `url`. (The scores and chat
// benchmarks still open their databases their own way.)
/** `keepAs`: the database is renamed so at the end instead of dropped (the answers benchmark's BENCH_KEEP). */
/**
 * `reopen`: the pool closed and a new one opened on the same database, as a restarted server opens
 * its own (PGlite, in memory, is the process's own: the same one).
 */
export interface BenchDatabase { database: Database; drop(): Promise<void>; reopen(): Promise<Database> }

export async function freshDatabase(url: string | undefined, poolSize?: number, keepAs?: string): Promise<BenchDatabase> {
  if (!url) {
    const database = await openPglite(undefined);
    return { database, drop: () => database.close(), reopen: async () => database };
  }
  const name = `geo_bench_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  let database = openPostgres(target.toString(), poolSize);
  return {
    database,
    async reopen() {
      await database.close();
      return (database = openPostgres(target.toString(), poolSize));
    },
    async drop() {
      await database.close();
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(keepAs ? `ALTER DATABASE ${name} RENAME TO ${pg.escapeIdentifier(keepAs)}` : `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/** A database an earlier run kept (`BENCH_KEEP=name`), measured again without loading: `drop` only closes it. */
export function reusedDatabase(url: string, name: string, poolSize?: number): BenchDatabase {
  const target = new URL(url);
  target.pathname = `/${name}`;
  let database = openPostgres(target.toString(), poolSize);
  return {
    database,
    drop: () => database.close(),
    async reopen() {
      await database.close();
      return (database = openPostgres(target.toString(), poolSize));
    },
  };
}
