import { AsyncLocalStorage } from 'node:async_hooks';
import { LRUCache } from 'lru-cache';

/**
 * What the dashboard reads most (scores, series, scoreboard, the answers list), kept per workspace
 * (issue 47), under three rules:
 *
 * - **Single flight.** Concurrent identical reads share one computation: a key missing from the
 *   cache while ten callers ask for it is computed once, not ten times (the stampede that held a
 *   year's series to 51 req/s). The in-flight map is a plain `Map` of promises: a dozen lines, and
 *   lru-cache's `fetch` would tie the flight to the cache entry, which a write must be able to drop
 *   while the flight goes on.
 * - **Writes invalidate, exactly.** Every workspace has a generation. A write that changes its
 *   figures calls `writing` inside its transaction (from then on nothing of the workspace is served
 *   from the cache, and what is computed is not kept) and `settled` once it has committed or rolled
 *   back (the generation moves on: what was kept before is dropped, flights begun before are not
 *   joined). A value is kept only if the generation it was computed under is still current and no
 *   write is open, so no reader is served a figure older than a commit that finished before it asked.
 *   A write whose `settled` never comes (a transaction that threw before its after-commit work)
 *   stops holding the cache after `WRITE_HOLD_MS`.
 * - **Bounded.** Entries expire after `ttlMs` (what no write tells shows within it; another
 *   process's writes reach this one as messages, reads-shared.ts) and the cache holds at most
 *   `maxBytes` of text.
 */
export interface ReadsCache {
  /** `ttlMs`: this entry's own bound, when it differs from the cache's. */
  read<T>(workspaceId: string, key: string, compute: () => Promise<T>, options?: { ttlMs?: number }): Promise<T>;
  /** Inside the transaction that changes the workspace's figures (a run's commit, a re-derivation). */
  writing(workspaceId: string): void;
  /** Once that transaction has ended, committed or not. */
  settled(workspaceId: string): void;
  /** A change that has committed on its own (a competitor edit, a batch of answers written). */
  changed(workspaceId: string): void;
  /** Every workspace changed at once: what was kept, or is being computed, is not served again. */
  dropAll(): void;
}

/** One scope's kept reads, as a module that must not import the cache's owner is handed them. */
export type KeepRead = <T>(workspaceId: string, key: string, compute: () => Promise<T>) => Promise<T>;

export const WRITE_HOLD_MS = 120_000;

const afresh = new AsyncLocalStorage<true>();
/**
 * Runs `compute` with every kept read inside it computed, neither served from memory nor kept.
 * For what is stored beside the mark of the data it was made from (scores/stored-reads.ts): some
 * kept reads are bounded by their time-to-live only (a prompt's intent in a stamp, a canary's
 * flag beside a series), and one of those inside a stored figure would outlive that bound.
 */
export const computedAfresh = <T>(compute: () => Promise<T>): Promise<T> => afresh.run(true, compute);
/** Inside `computedAfresh`: other memories (a memo, a shared read begun earlier) are not used either. */
export const computingAfresh = () => afresh.getStore() === true;

/** A kept value's size for the byte bound: text by its length, anything else as a small object. */
const sizeOf = (value: { value: unknown }) => (typeof value.value === 'string' ? Math.max(1, value.value.length) : 2_048);

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

export function createReadsCache(opts: { ttlMs: number; maxBytes?: number; now?: () => number }): ReadsCache {
  const now = opts.now ?? Date.now;
  const kept = new LRUCache<string, { value: unknown; generation: number }>({ ttl: opts.ttlMs, maxSize: opts.maxBytes ?? 64 << 20, sizeCalculation: sizeOf });
  const flights = new Map<string, Promise<unknown>>();
  // Never forgotten (a workspace's generation must not start again at 0 under a kept entry): a few bytes per workspace.
  const workspaces = new Map<string, { generation: number; writes: number; since: number }>();
  const stateOf = (id: string) => {
    let s = workspaces.get(id);
    if (!s) workspaces.set(id, (s = { generation: 0, writes: 0, since: 0 }));
    return s;
  };
  const open = (s: { writes: number; since: number }) => s.writes > 0 && now() - s.since < WRITE_HOLD_MS;

  return {
    read<T>(workspaceId: string, key: string, compute: () => Promise<T>, options: { ttlMs?: number } = {}): Promise<T> {
      if (computingAfresh()) return compute();
      const s = stateOf(workspaceId);
      const id = `${workspaceId}|${key}`;
      if (!open(s)) {
        const hit = kept.get(id);
        if (hit && hit.generation === s.generation) return Promise.resolve(hit.value as T);
      }
      const flightId = `${s.generation}|${id}`;
      const flying = flights.get(flightId);
      if (flying) return flying as Promise<T>;
      const generation = s.generation;
      const flight = compute().then((value) => {
        // Frozen: every reader gets this very value, so none may change it for the others.
        if (s.generation === generation && !open(s)) kept.set(id, { value: deepFreeze(value), generation }, options.ttlMs ? { ttl: options.ttlMs } : undefined);
        return value;
      }).finally(() => flights.delete(flightId));
      flights.set(flightId, flight);
      return flight;
    },
    writing(workspaceId) {
      const s = stateOf(workspaceId);
      s.generation++;
      s.writes = open(s) ? s.writes + 1 : 1;
      s.since = now();
    },
    settled(workspaceId) {
      const s = stateOf(workspaceId);
      s.generation++;
      s.writes = Math.max(0, s.writes - 1);
    },
    changed(workspaceId) {
      stateOf(workspaceId).generation++;
    },
    dropAll() {
      for (const s of workspaces.values()) s.generation++;
      kept.clear();
    },
  };
}

/**
 * One scope of the kept reads that is not a workspace's: the credentials every request checks (an
 * API key by its hash, a session, a workspace by its slug, a membership), kept where every write that changes them
 * reaches this process (src/startup/modules.ts says where).
 */
export interface KeptScope {
  /** A lookup that may find nothing, kept when it finds something: nothing found is never kept (it may be made the next moment). */
  found<T>(key: string, find: () => Promise<T | null>): Promise<T | null>;
  /** Before a transaction that changes what is kept: nothing of the scope is served until the function it answers is called, once the transaction has ended. */
  writing(): () => void;
}

const NOTHING = Symbol('nothing found');

export const keptScope = (reads: ReadsCache, scope: string): KeptScope => ({
  found: (key, find) => reads.read(scope, key, async () => (await find()) ?? Promise.reject(NOTHING))
    .catch((err: unknown) => { if (err === NOTHING) return null; throw err; }),
  writing() {
    reads.writing(scope);
    return () => reads.settled(scope);
  },
});

/** Nothing kept: every read asks the database (where another process's writes would not be told). */
export const notKept: KeptScope = { found: (_key, find) => find(), writing: () => () => {} };
