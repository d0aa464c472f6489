import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../src/lib/db.ts';

// A database of its own for one benchmark run: a new PostgreSQL database on the server at `url`
// (unique name, dropped afterwards), or an in-memory PGlite without `url`. (The scores and chat
// benchmarks still open their databases their own way.)
/** `keepAs`: the database is renamed so at the end instead of dropped (the answers benchmark's BENCH_KEEP). */
export async function freshDatabase(url: string | undefined, poolSize?: number, keepAs?: string): Promise<{ database: Database; drop(): Promise<void> }> {
  if (!url) {
    const database = await openPglite(undefined);
    return { database, drop: () => database.close() };
  }
  const name = `geo_bench_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = openPostgres(target.toString(), poolSize);
  return {
    database,
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
export function reusedDatabase(url: string, name: string, poolSize?: number): { database: Database; drop(): Promise<void> } {
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = openPostgres(target.toString(), poolSize);
  return { database, drop: () => database.close() };
}
