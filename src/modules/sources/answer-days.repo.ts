import { and, eq, gte, lt, min } from 'drizzle-orm';
import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db.ts';
import type { WorkspaceContext } from '../../lib/http/types.ts';
import { dayStart, shiftDay, utcDay } from '../../lib/ranges.ts';
import type { StampCell, StampScope } from '../scores/stamp-facts.fns.ts';
import { byDay, cellsOfDay } from './answer-days.fns.ts';
import { computingAfresh } from '../../lib/reads-cache.ts';
import { answerDays, answerTraces, type AnswerDayCell } from './sources.tables.ts';

// The answers behind a stamp over a span of days, read from the finished days' summaries
// (answer_days) and the traces of the days still being written: a month's stamp reads some thirty
// rows and two days of traces where it grouped every trace of the month, which made the first load
// of the overview after a start take seconds (bench/README.md, issue 47). A finished day not yet
// summarized is summarized from its traces by the first read that needs it.

const DAY_MS = 86_400_000;
const midnight = (d: Date) => d.getTime() % DAY_MS === 0;
/** Rows of summaries written per statement: a year of days at 500 prompts is some 13 MB of JSON. */
const WRITE_CHUNK = 30;

type DayCells = { day: string; cells: AnswerDayCell[] };
const daysBetween = (from: string, to: string) => Math.max(0, Math.round((dayStart(to).getTime() - dayStart(from).getTime()) / DAY_MS));

/**
 * A day is finished two days after it began to end: the runs that write into it (an answer is
 * dated when it is received) have long ended, so its summary never misses an answer. Days from
 * yesterday on are read from their traces.
 */
export const firstUnfinishedDay = (now: Date) => shiftDay(utcDay(now), -1);

export function createAnswerDays(deps: { db: Db; clock: Clock; traces(ws: WorkspaceContext, q: StampScope): Promise<StampCell[]> }) {
  const { db } = deps;

  async function summarized(ws: WorkspaceContext, from: string | null, to: string) {
    return db.select({ day: answerDays.day, cells: answerDays.cells }).from(answerDays)
      .where(and(eq(answerDays.workspaceId, ws.id), from ? gte(answerDays.day, from) : undefined, lt(answerDays.day, to)));
  }

  async function firstAnswerDay(ws: WorkspaceContext): Promise<string | null> {
    const [row] = await db.select({ at: min(answerTraces.createdAt) }).from(answerTraces).where(eq(answerTraces.workspaceId, ws.id));
    return row?.at ? utcDay(new Date(row.at)) : null;
  }

  // Concurrent readers share their work (the overview asks for eight stamps of one month at once):
  // a day being summarized is summarized once, and the same span of days is read once.
  const summarizing = new Map<string, Promise<AnswerDayCell[]>>();
  const reading = new Map<string, Promise<DayCells[]>>();

  /** Summarizes the finished days `missing` (ascending) from their traces, writes them and answers them. */
  async function summarize(ws: WorkspaceContext, missing: string[]): Promise<DayCells[]> {
    const mine = missing.filter((day) => !summarizing.has(`${ws.id}|${day}`));
    if (mine.length) {
      const made = (async () => {
        const folded = byDay(await deps.traces(ws, { from: dayStart(mine[0]!), to: dayStart(shiftDay(mine.at(-1)!, 1)) }));
        const rows = mine.map((day) => ({ workspaceId: ws.id, day, cells: folded.get(day) ?? [] }));
        // Another process may summarize the same day at once: the same rows, the first kept.
        for (let i = 0; i < rows.length; i += WRITE_CHUNK) await db.insert(answerDays).values(rows.slice(i, i + WRITE_CHUNK)).onConflictDoNothing();
        return folded;
      })();
      for (const day of mine) {
        const key = `${ws.id}|${day}`;
        summarizing.set(key, made.then((folded) => folded.get(day) ?? []).finally(() => summarizing.delete(key)));
      }
    }
    return Promise.all(missing.map(async (day) => ({ day, cells: await summarizing.get(`${ws.id}|${day}`)! })));
  }

  /**
   * The finished days of [from, to) (from null: since the first answer), from their summaries,
   * made now where missing. Shared by concurrent callers (read only): they change only by a late
   * trace, which a reader that began before it could miss in any case.
   */
  function finishedDays(ws: WorkspaceContext, from: string | null, to: string): Promise<DayCells[]> {
    const key = `${ws.id}|${from ?? ''}|${to}`;
    // What is computed to be stored under a mark read just now joins no read begun before it.
    let flight = computingAfresh() ? undefined : reading.get(key);
    if (!flight) {
      flight = (async () => {
        const kept = await summarized(ws, from, to);
        // Every day of the span summarized: nothing to look for (a month's stamps, after its first read).
        if (from !== null && kept.length === daysBetween(from, to)) return kept;
        // Days before the workspace's first answer are never summarized (a report's period may start years before it).
        const firstAnswer = await firstAnswerDay(ws);
        const first = firstAnswer !== null && from !== null && from > firstAnswer ? from : firstAnswer;
        const have = new Set(kept.map((d) => d.day));
        const missing: string[] = [];
        for (let day = first; day !== null && day < to; day = shiftDay(day, 1)) if (!have.has(day)) missing.push(day);
        return missing.length ? [...kept, ...await summarize(ws, missing)] : kept;
      })().finally(() => reading.delete(key));
      reading.set(key, flight);
    }
    return flight;
  }

  /**
   * The days of [from, to) (whole UTC days; from null: since the first answer), each as its cells:
   * the finished ones from their summaries, the others from their traces, read by each caller (a
   * run writes into them: a reader never joins a read begun before a write it follows).
   */
  async function days(ws: WorkspaceContext, q: { from: Date | null; to: Date }): Promise<DayCells[]> {
    const from = q.from ? utcDay(q.from) : null;
    const to = utcDay(q.to);
    const unfinished = firstUnfinishedDay(deps.clock.now());
    const finishedTo = to < unfinished ? to : unfinished;
    const out: DayCells[] = from === null || from < finishedTo ? [...await finishedDays(ws, from, finishedTo)] : [];
    if (finishedTo < to) {
      const liveFrom = from !== null && from > finishedTo ? from : finishedTo;
      for (const [day, cells] of byDay(await deps.traces(ws, { from: dayStart(liveFrom), to: q.to }))) out.push({ day, cells });
    }
    return out;
  }

  return {
    days,
    /** The cells `stampAnswers` answers: for a scope of whole UTC days as above; anything else (runs, other times) from the traces. */
    async read(ws: WorkspaceContext, q: StampScope): Promise<StampCell[]> {
      if (q.runIds || !q.to || !midnight(q.to) || (q.from && !midnight(q.from))) return deps.traces(ws, q);
      const only = { engine: q.engine, engines: q.engines, surface: q.surface };
      return (await days(ws, { from: q.from ?? null, to: q.to })).flatMap((d) => cellsOfDay(d.day, d.cells, only));
    },
  };
}
