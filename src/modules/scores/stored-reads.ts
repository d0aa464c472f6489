import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Clock } from '../../lib/clock.ts';
import { codeIdentity } from '../../lib/code-identity.ts';
import { preparedRows, rawRows, type Db } from '../../lib/db.ts';
import { utcDay } from '../../lib/ranges.ts';
import { computedAfresh } from '../../lib/reads-cache.ts';
import { storedReads } from './scores.tables.ts';
import { snapshotsMarkSql } from './snapshot-rows.ts';

// The slow figures of a workspace, kept in the database beside the mark of what they were computed
// from (issue 47). The kept reads of a process (src/lib/reads-cache.ts) start empty: after a
// restart, or in a second process, the overview's stamps over a month of answers were computed
// again, most of a second on a year of data (bench/README.md). Here the first process to compute a
// figure stores it; any process whose own memory misses reads the mark and serves the stored body
// while the mark is the same.
//
// The mark is read from the database with the stored row, in one prepared statement (a few index
// reads, about a millisecond), never kept: it is made of everything the stored figures are
// computed from, so a figure computed from other data is never served. Each module gives its part
// as an SQL expression.
// - the workspace's snapshots (the count of statements that wrote them, `snapshot_writes`, moved by
//   triggers on the table): every run's commit and every re-derivation;
// - the workspace's row: its settings and competitors (names in the scoreboard and entity series);
// - its prompts: their intents, which the stamps count;
// - the answers written (sources.service.ts `answersWrittenMark`): a counter of the batches of
//   traces written (a run's answers as they come, and late ones into a finished day, which the
//   stamps and the model versions read) and the newest result (an ended run's counts);
// - the running code (lib/code-identity.ts): another release may compute another body.
// It is read before the figure is computed: a write that commits during the computation changes
// the mark, so what was computed from the older data is stored under a mark that never returns.

/**
 * Rows not made again within this are dropped when the workspace stores another, once a day per
 * process: most keys name their day and are not read after it; one that does not (an ended run's
 * counts) is made again at its next read.
 */
const KEPT_DAYS = 2;
const DAY_MS = 86_400_000;

/** A part of the mark: an SQL expression of text, of the workspace's rows a module owns. */
export type Mark = (workspaceId: string) => SQL;

export interface StoredReads {
  /**
   * `compute`'s value for `key` of the workspace, from the database when stored under the current
   * mark, else computed and stored. A value is text (a body as served) or plain JSON data: what
   * JSON gives back equal (no dates, no undefined inside arrays).
   */
  through<T>(workspaceId: string, key: string, compute: () => Promise<T>): Promise<T>;
}

export function createStoredReads(deps: { db: Db; clock: Clock; marks: Mark[]; onError?: (err: unknown) => void }): StoredReads {
  const { db } = deps;
  const marks: Mark[] = [snapshotsMarkSql, ...deps.marks];
  /**
   * The mark now and the row stored for `key`, in one statement; the running code's digest joins
   * the mark. Prepared: its plan (a subquery per part) took as long as running it (4 ms).
   */
  async function stored(workspaceId: string, key: string) {
    const s = storedReads;
    const [[row], code] = await Promise.all([preparedRows<{ mark: string; stored_mark: string | null; kind: string | null; body: string | null }>(db, 'stored_read', sql`
      select ${sql.join(marks.map((m) => m(workspaceId)), sql` || '|' || `)} as mark, r.mark as stored_mark, r.kind, r.body
      from (select 1) one left join ${s} r on r.workspace_id = ${workspaceId} and r.key = ${key}`), codeIdentity()]);
    return { mark: `${row!.mark}|${code}`, row: row!.stored_mark === null ? null : { mark: row!.stored_mark, kind: row!.kind!, body: row!.body! } };
  }

  /** The day each workspace's old rows were last dropped by this process. */
  const pruned = new Map<string, string>();
  async function store(workspaceId: string, key: string, mark: string, value: unknown) {
    const now = deps.clock.now();
    const text = typeof value === 'string';
    // Two statements, no transaction: each stands alone. The old rows another process is dropping
    // at the same moment are skipped (two deletes taking rows in different orders would deadlock).
    const today = utcDay(now);
    if (pruned.get(workspaceId) !== today) {
      await rawRows(db, sql`delete from ${storedReads} where (workspace_id, key) in (
        select workspace_id, key from ${storedReads} where workspace_id = ${workspaceId} and made_at < ${new Date(now.getTime() - KEPT_DAYS * DAY_MS).toISOString()}::timestamptz for update skip locked)`);
      pruned.set(workspaceId, today);
    }
    await db.insert(storedReads).values({ workspaceId, key, mark, kind: text ? 'text' : 'json', body: text ? value : JSON.stringify(value), madeAt: now })
      .onConflictDoUpdate({ target: [storedReads.workspaceId, storedReads.key], set: { mark: sql`excluded.mark`, kind: sql`excluded.kind`, body: sql`excluded.body`, madeAt: sql`excluded.made_at` } });
  }
  /** A key as stored: a long one (a list's counts name a hundred runs) by its digest, within the index's bounds. */
  const keyOf = (key: string) => (key.length <= 200 ? key : `sha256:${createHash('sha256').update(key).digest('base64url')}`);

  return {
    async through<T>(workspaceId: string, name: string, compute: () => Promise<T>): Promise<T> {
      const key = keyOf(name);
      // A read or write of the store that fails (the database busy, a row too large) costs the
      // figure its shortcut, never its answer: it is computed as without a store.
      const found = await stored(workspaceId, key).catch((err: unknown) => {
        deps.onError?.(err);
        return null;
      });
      if (found?.row && found.row.mark === found.mark) return (found.row.kind === 'text' ? found.row.body : JSON.parse(found.row.body)) as T;
      // Made from the data the mark describes: no kept read inside it is served from memory.
      const value = await computedAfresh(compute);
      if (found) await store(workspaceId, key, found.mark, value).catch((err: unknown) => deps.onError?.(err));
      return value;
    },
  };
}
