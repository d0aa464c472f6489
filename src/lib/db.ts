import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT, type PgTable } from 'drizzle-orm/pg-core';

/**
 * A database or a transaction: repos accept either so callers decide the transaction's scope.
 * Typed without the schema: every query names its tables (drizzle's relational `db.query` API is
 * not used), so this shared layer depends on no module; src/db/schema.ts exists for drizzle-kit.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  ping(): Promise<void>;
  migrate(): Promise<void>;
  /**
   * Runs `fn` while holding a database-wide lock named `name`: on PostgreSQL a session advisory
   * lock on a connection of its own, so processes sharing the database take turns (schema and
   * queue creation at start); on PGlite, which one process holds, a lock within the process.
   */
  withLock<T>(name: string, fn: () => Promise<T>): Promise<T>;
  /**
   * The address of the PostgreSQL server itself, for a session that listens (src/lib/db-listen.ts):
   * the pool's own unless it is behind a transaction-mode pooler, where it must be given. None on PGlite.
   */
  listenUrl?: string;
  /** Raw SQL for libraries that bring their own (pg-boss); a statement without values may hold several commands. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * Every connection of the pool opened now, its catalogs read (a server about to listen): the
   * first requests after a start neither open one (a few milliseconds) nor wait for a new
   * backend's first plans. PGlite runs in the process: nothing to open.
   */
  warm(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

/**
 * Run on each new connection of a server's pool before it listens: every table of the schema
 * planned once, so that the backend has them and their indexes in its catalog caches. A new
 * backend reads the catalogs for each relation it first plans (hundreds of buffer reads for a
 * statement of a few subqueries): the overview's eight requests after a restart took 74 ms in
 * the process with new connections, 42 with these, 25 with backends that had served before
 * (bench/README.md). One round trip per connection; a quarter of a second at start for ten.
 */
const WARM_CATALOG = `do $$ declare t text; begin
  for t in select format('%I.%I', schemaname, tablename) from pg_tables where schemaname = current_schema() loop
    execute format('select * from %s limit 0', t);
  end loop; end $$`;

/** Clients (pools and their connections) that reach PostgreSQL through a transaction-mode pooler. */
const pooledClients = new WeakSet<object>();

/**
 * `url` may carry `pgbouncer=true` (the query parameter Prisma made the convention): the server
 * is reached through PgBouncer in transaction pooling, where a session's state does not outlive
 * its transaction, so no statement is prepared under a name (`preparedRows` sends it unnamed).
 * Nothing else in the service depends on session state: locks are transaction-scoped.
 */
export function openPostgres(url: string, poolSize = 10, options: { listenUrl?: string; keepIdle?: boolean } = {}): Database {
  const parsed = new URL(url);
  const pooler = parsed.searchParams.get('pgbouncer') === 'true';
  parsed.searchParams.delete('pgbouncer');
  const connectionString = parsed.toString();
  const listenUrl = options.listenUrl ?? (pooler ? undefined : connectionString);
  // `keepIdle` (a long-running server): idle connections are kept instead of closed after ten
  // seconds, so that a page opened after a quiet minute does not open them again. Off for the
  // commands and tests, whose process must be free to end.
  const pool = new pg.Pool({ connectionString, max: poolSize, ...(options.keepIdle ? { idleTimeoutMillis: 0 } : {}) });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  if (pooler) {
    pooledClients.add(pool);
    pool.on('connect', (client) => pooledClients.add(client));
  }
  const db = drizzlePg({ client: pool }) as unknown as Db;
  // The lock lives on a connection of its own, outside the pool: the work under it uses the
  // pool, which may be a single connection (the test template's). It is a transaction-scoped
  // lock held by an open transaction, not a session lock: behind PgBouncer in transaction mode a
  // session lock would stay on whichever server connection took it, for good.
  async function withLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString });
    client.on('error', () => {});
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [name]);
      return await fn();
    } finally {
      await client.query('ROLLBACK').catch(() => {});
      await client.end().catch(() => {}); // closing the session ends the transaction and its lock
    }
  }
  return {
    db,
    driver: 'postgres',
    listenUrl,
    ping: async () => void (await pool.query('select 1')),
    // Processes starting together on a fresh database migrate one at a time.
    migrate: () => withLock('geo:migrations', () => migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR })),
    withLock,
    executeSql: async (text, values) => ({ rows: (await pool.query(text, values as unknown[])).rows }),
    async warm() {
      const clients = await Promise.all(Array.from({ length: poolSize }, () => pool.connect()));
      try {
        await Promise.all(clients.map((client) => client.query(WARM_CATALOG)));
      } finally {
        for (const client of clients) client.release();
      }
    },
    close: () => pool.end(),
  };
}

export function wrapPglite(client: PGlite): Database {
  const db = drizzlePglite({ client }) as unknown as Db;
  const held = new Map<string, Promise<unknown>>();
  return {
    db,
    driver: 'pglite',
    async withLock(name, fn) {
      const before = held.get(name) ?? Promise.resolve();
      const run = before.catch(() => {}).then(fn);
      held.set(name, run);
      try {
        return await run;
      } finally {
        if (held.get(name) === run) held.delete(name);
      }
    },
    ping: async () => void (await client.query('select 1')),
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    // PGlite's query() takes one statement; pg-boss's schema scripts come as many, without values.
    executeSql: async (text, values) => {
      if (!values?.length) return { rows: (await client.exec(text)).at(-1)?.rows ?? [] };
      return { rows: (await client.query(text, values as never[])).rows };
    },
    warm: async () => {},
    close: () => client.close(),
  };
}

export async function openPglite(dataDir: string | undefined): Promise<Database> {
  return wrapPglite(await PGlite.create(dataDir ? { dataDir } : {}));
}

/**
 * A list of strings as one parameter (a text array) for `= any(…)`: drizzle's `inArray` sends one
 * placeholder per item, and building a statement of hundreds of them is slower than running it.
 */
export const textArray = (list: string[]) => sql`array(select jsonb_array_elements_text(${JSON.stringify(list)}::jsonb))`;

/** Rows of a raw statement on either driver. */
export async function rawRows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * The state of the rows of `table` that `where` selects, in one value, as an expression to be read
 * with others in one statement: how many, and the transactions that last wrote them (xmin: every
 * insert or update gives a row a newer one, so any write changes the sum, and a removal the
 * count). Equal values: the rows were not written between.
 */
export const rowsMarkSql = (table: PgTable, where: SQL): SQL => sql`(select count(*)::text || ':' || coalesce(sum(xmin::text::bigint), 0)::text from ${table} where ${where})`;

/** A mark (`rowsMarkSql`) read alone. */
export async function readMark(db: Db, mark: SQL): Promise<string> {
  const [row] = await rawRows<{ v: string }>(db, sql`select ${mark} as v`);
  return row?.v ?? '';
}

const dialect = new PgDialect();
/**
 * Rows of a raw statement sent as a named prepared statement (`prefix` and a hash of its text, so
 * each variant of the text has its own name): PostgreSQL parses and plans it once per connection
 * instead of on every call, which for a long statement on a hot path (a recommendation's
 * transition) costs more than running it. PGlite, one connection in the process, runs it as usual.
 * Behind a transaction-mode pooler (`pgbouncer=true`) the next transaction may land on a server
 * connection that never saw the name, so there it goes unnamed, planned on every call.
 */
export async function preparedRows<T>(db: Db, prefix: string, query: ReturnType<typeof sql>): Promise<T[]> {
  const q = dialect.sqlToQuery(query);
  if (pooledClients.has((db._.session as unknown as { client: object }).client)) return rawRows<T>(db, query);
  const name = `${prefix}_${createHash('sha1').update(q.sql).digest('hex').slice(0, 16)}`;
  const result = (await db._.session.prepareQuery(q, undefined, name, false).execute()) as unknown as { rows: T[] };
  return result.rows;
}
