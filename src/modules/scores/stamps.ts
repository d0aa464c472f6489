import type { Clock } from '../../lib/clock.ts';
import type { WorkspaceContext } from '../../lib/http/types.ts';
import { dayStart, rangeFrom, utcDay, type RangeName } from '../../lib/ranges.ts';
import { INTENTS } from '../workspaces/workspaces.schemas.ts';
import { stamp, THRESHOLDS } from './methodology.fns.ts';
import type { ScoresService } from './scores.service.ts';
import { promptsOf, stampFacts, type StampCell, type StampScope } from './stamp-facts.fns.ts';
import { computingAfresh, type ReadsCache } from '../../lib/reads-cache.ts';
import type { StoredReads } from './stored-reads.ts';

// The methodology stamp of a figure (docs/methodology.md), for every response that carries one:
// the day of a score (its answers; cadence over the 7 days ending on it), the range of a series
// (every answer in it; cadence counts its days), or the runs a sources view reads.

const DAY = 86_400_000;
export const CADENCE_DAYS = 7;

/**
 * `metricVersion`: the definition the figure's snapshots were derived under (scores' `version`), when not the current one.
 * `newestRun`: the run of the figure's latest snapshot, when the caller read it: the stamp is then memoised by it (below).
 * `store`: also stored across processes (stored-reads.ts), for a stamp served apart from a stored
 * body (the score's, the methodology's); never for the export's thousands.
 */
export interface StampFilter { engine?: string; surface?: string; metricVersion?: string; newestRun?: string | null; store?: boolean }

export interface StampsDeps {
  clock: Clock;
  scores: Pick<ScoresService, 'scoreRead'>;
  /** The answers of the scope in cells (stamp-facts.fns.ts). */
  answers(ws: WorkspaceContext, scope: StampScope): Promise<StampCell[]>;
  intents(workspaceId: string, promptIds: string[]): Promise<Array<{ id: string; intent: string }>>;
  /** A mark that changes whenever the answers of the period [from, to) do (their count and newest time): what a kept stamp is checked against. */
  answersMark(workspaceId: string, period: { from: Date | null; to: Date }): Promise<string>;
  /** Where stamps given their figure's newest run are memoised (src/lib/reads-cache.ts); without it, the mark decides. */
  reads?: ReadsCache;
  /** Where those are also kept across processes and restarts (stored-reads.ts). */
  stored?: StoredReads;
}

/**
 * A stamp is kept and given again while its period's answers have not changed (their mark, read
 * from an index on every request, so another process's new answers show at once) and for at most
 * this long (the prompts' intents, which can be edited, show within it). A stamp reads every
 * answer of its period: over a year of daily runs, hundreds of thousands of rows grouped seven
 * ways, where the figure beside it is one pre-computed row (bench/scores.bench.ts).
 */
export const STAMP_TTL_MS = 60_000;
const KEPT_STAMPS = 5_000;

export type Stamps = ReturnType<typeof createStamps>;

/** `composite` (or nothing) is every engine. */
const engineOf = (engine?: string) => (engine && engine !== 'composite' ? engine : undefined);

export function createStamps(deps: StampsDeps) {
  type Built = Awaited<ReturnType<typeof build>>;
  const kept = new Map<string, { stamp: Built; mark: string; at: number }>();
  /**
   * The stamp of `key` (every argument it is made of), made by `make` unless kept and still true.
   * Given the figure's newest run, it is memoised per (workspace, key, newest run) without a query:
   * the answers behind a figure change with the runs committed into it, and each commit drops the
   * workspace's memo (reads-cache.ts); concurrent callers make it once. Else the period's answers'
   * mark (a count over an index, read each time) says whether the kept one still holds.
   * A memoised stamp is shared, frozen: callers copy it, never change it.
   */
  async function keptOr(ws: WorkspaceContext, key: string, period: { from: Date | null; to: Date }, make: () => Promise<Built>, f: StampFilter): Promise<Built> {
    if (f.newestRun && deps.reads) {
      const id = `stamp|${key}|${f.newestRun}`;
      return deps.reads.read(ws.id, id, () => (deps.stored && f.store ? deps.stored.through(ws.id, id, make) : make()), { ttlMs: STAMP_TTL_MS });
    }
    const mark = await deps.answersMark(ws.id, period);
    const id = `${ws.id}|${key}`;
    const hit = kept.get(id);
    // Not inside what is being stored: the memo's intents may be a minute old.
    if (hit && hit.mark === mark && Date.now() - hit.at < STAMP_TTL_MS && !computingAfresh()) return structuredClone(hit.stamp);
    const stamp = await make();
    if (kept.size >= KEPT_STAMPS) kept.clear();
    kept.set(id, { stamp: structuredClone(stamp), mark, at: Date.now() });
    return stamp;
  }

  async function build(ws: WorkspaceContext, answers: StampCell[], windowDays: string[], from: string | null, to: string, metricVersion?: string, known?: Array<{ id: string; intent: string }>) {
    const prompts = promptsOf(answers);
    const intents = known ?? await deps.intents(ws.id, prompts);
    const facts = stampFacts(answers, { intentOf: new Map(intents.map((p) => [p.id, p.intent])), intents: INTENTS, windowDays, from, to, prompts });
    return { ...stamp(facts), ...(metricVersion ? { metricVersion } : {}), intents: [...INTENTS], thresholds: { ...THRESHOLDS } };
  }

  return {
    /** The stamp of the score of `day` (a measured day), for the composite or one engine, one surface or both. */
    async ofDay(ws: WorkspaceContext, day: string, f: StampFilter = {}) {
      const end = new Date(dayStart(day).getTime() + DAY);
      const start = new Date(end.getTime() - CADENCE_DAYS * DAY);
      return keptOr(ws, `day|${day}|${f.engine ?? ''}|${f.surface ?? ''}|${f.metricVersion ?? ''}`, { from: start, to: end }, async () => {
        const window = await deps.answers(ws, { from: start, to: end, engine: engineOf(f.engine), surface: f.surface });
        return build(ws, window.filter((a) => a.day === day), window.map((a) => a.day), utcDay(start), day, f.metricVersion);
      }, f);
    },

    /** GET …/methodology: the stamp of the score `GET …/score?date=` answers, with its day and window. */
    async forScore(ws: WorkspaceContext, q: { date?: string; engine?: string }) {
      const { score, runId } = await deps.scores.scoreRead(ws, q.date);
      return { date: score.date, engine: engineOf(q.engine) ?? 'composite', cadenceDays: CADENCE_DAYS, ...(await this.ofDay(ws, score.date, { ...q, metricVersion: score.version, newestRun: runId, store: true })) };
    },

    /** Over a series' range ending today (`7d`, `28d`, `all`): every answer in it, cadence over its days. */
    async ofRange(ws: WorkspaceContext, range: RangeName, f: StampFilter = {}) {
      const today = utcDay(deps.clock.now());
      return this.ofPeriod(ws, rangeFrom(range, today), today, f);
    },

    /** Over the days [from, to] (a report's period; from null: since the first answer). */
    async ofPeriod(ws: WorkspaceContext, from: string | null, to: string, f: StampFilter = {}) {
      const period = { from: from ? dayStart(from) : null, to: new Date(dayStart(to).getTime() + DAY) };
      return keptOr(ws, `period|${from ?? ''}|${to}|${f.engine ?? ''}|${f.surface ?? ''}|${f.metricVersion ?? ''}`, period, async () => {
        const answers = await deps.answers(ws, { ...period, engine: engineOf(f.engine), surface: f.surface });
        const first = answers.reduce<string | null>((m, a) => (m === null || a.day < m ? a.day : m), null);
        return build(ws, answers, answers.map((a) => a.day), from ?? first, to, f.metricVersion);
      }, f);
    },

    /**
     * The stamp of each run on one engine over one day, as `ofRuns(ws, {runIds: [runId], from: day,
     * to: day}, {engine})` gives it, for many at once: one read of the runs' answers and one of
     * their prompts' intents instead of two per pair (a page of answers spans up to 20 pairs).
     */
    async ofRunEngines(ws: WorkspaceContext, pairs: Array<{ runId: string; engine: string; day: string }>): Promise<Built[]> {
      if (!pairs.length) return [];
      const answers = await deps.answers(ws, { runIds: [...new Set(pairs.map((p) => p.runId))], engines: [...new Set(pairs.map((p) => p.engine))] });
      const intents = await deps.intents(ws.id, promptsOf(answers));
      // Grouped once by run and engine: a page's pairs each take their own rows, not a scan of all.
      const byPair = new Map<string, typeof answers>();
      for (const a of answers) {
        const key = `${a.runId}|${a.engine}`;
        const group = byPair.get(key);
        if (group) group.push(a);
        else byPair.set(key, [a]);
      }
      return Promise.all(pairs.map((p) => {
        const mine = byPair.get(`${p.runId}|${p.engine}`) ?? [];
        return build(ws, mine, mine.map((a) => a.day), p.day, p.day, undefined, intents);
      }));
    },

    /** Over the runs a view reads (the sources views' window). */
    async ofRuns(ws: WorkspaceContext, window: { runIds: string[]; from: string; to: string } | null, f: StampFilter = {}) {
      const answers = window ? await deps.answers(ws, { runIds: window.runIds, engine: engineOf(f.engine), surface: f.surface }) : [];
      return build(ws, answers, answers.map((a) => a.day), window?.from.slice(0, 10) ?? null, (window?.to ?? utcDay(deps.clock.now())).slice(0, 10), f.metricVersion);
    },
  };
}
