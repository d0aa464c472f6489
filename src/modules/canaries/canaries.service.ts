import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ENGINE_IDS } from '../engines/catalogue.ts';
import type { CanaryConfig } from './canary-set.ts';
import { rowsMarkSql, type Db } from '../../lib/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { shiftDay } from '../../lib/ranges.ts';
import type { EnginesService } from '../engines/engines.service.ts';
import { CANARY_PROFILE } from './canary-profile.ts';
import { answerFeatures, detectChanges, type CanaryDay, type ChangeReason } from './changepoint.fns.ts';
import { canaryAnswers, canaryRounds, engineChanges } from './canaries.tables.ts';

// Canary prompts (docs/monitoring.md): a small fixed set, the same for the whole service, asked
// of every core engine once per UTC day — by the first schedules tick of the day that starts a
// scheduled run, before it starts them, so the day's flag exists when its runs' alerts are
// evaluated. The answers are the service's own: stored apart from every workspace's results,
// counted in no figure and charged to no workspace (the server's provider keys pay). After each
// round the change-point test (changepoint.fns.ts) runs on each engine's canary history and a
// flag on the day is stored; time series and alerts read the flags within FLAG_RADIUS_DAYS.

/** Days either side of a flag on which figures and significance alerts say "possible engine change". */
export const FLAG_RADIUS_DAYS = 2;
/** The history the change-point test reads: its baseline is at most 28 days, the rest finds the regime. */
const HISTORY_DAYS = 120;
/** A canary call that takes longer is abandoned (counted as failed): the round must not hold the tick. */
const CALL_TIMEOUT_MS = 120_000;

export interface EngineChangeView { engine: string; day: string; simulated: boolean; reasons: ChangeReason[] }

const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const view = (row: typeof engineChanges.$inferSelect): EngineChangeView => ({ engine: row.engine, day: row.day, simulated: row.simulated, reasons: row.reasons });

export function createCanariesService(deps: {
  db: Db; clock: Clock; engines: Pick<EnginesService, 'forService'>; config?: CanaryConfig; log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
}) {
  const { db, clock } = deps;

  /** The day's canary history of one engine, for the change-point test. */
  async function history(engine: string, day: string): Promise<CanaryDay[]> {
    const rows = await db.select({ day: canaryAnswers.day, prompt: canaryAnswers.prompt, length: canaryAnswers.length, citations: canaryAnswers.citations, listItems: canaryAnswers.listItems, modelVersion: canaryAnswers.modelVersion })
      .from(canaryAnswers).where(and(eq(canaryAnswers.engine, engine), gte(canaryAnswers.day, shiftDay(day, -HISTORY_DAYS)), lte(canaryAnswers.day, day)))
      .orderBy(asc(canaryAnswers.day));
    const byDay = new Map<string, CanaryDay>();
    for (const { day: d, ...answer } of rows) {
      if (!byDay.has(d)) byDay.set(d, { day: d, answers: [] });
      byDay.get(d)!.answers.push(answer);
    }
    return [...byDay.values()];
  }

  /** Asks the set of every engine that runs, stores the answers and the day's flags. Null when off or already asked today. */
  async function round() {
    const config = deps.config;
    if (!config?.enabled) return null;
    const now = clock.now();
    const day = dayOf(now);
    const [claimed] = await db.insert(canaryRounds).values({ day, startedAt: now }).onConflictDoNothing().returning();
    if (!claimed) return null;
    const engines = deps.engines.forService(CANARY_PROFILE, ENGINE_IDS).filter((e) => !e.off);
    let failed = 0;
    const rows = (await Promise.all(engines.flatMap((engine) => config.prompts.flatMap((prompt) => Array.from({ length: config.samples }, (_, s) => engine.schedule(async () => {
      try {
        const answer = await engine.call({ text: prompt, language: 'en', sample: s + 1 }, AbortSignal.timeout(CALL_TIMEOUT_MS));
        const text = answer.text.replaceAll('\u0000', '');
        return [{
          id: newId('can'), day, engine: engine.id, prompt, sample: s + 1, simulated: engine.simulated, answer: text, sources: answer.sources, createdAt: clock.now(),
          ...answerFeatures(text, answer.sources.length, answer.trace?.modelVersion ?? answer.usage?.model ?? null),
        }];
      } catch (err) {
        failed++;
        deps.log.warn({ err, engine: engine.id }, 'canary call failed');
        return [];
      }
    })))))).flat();
    if (rows.length) await db.insert(canaryAnswers).values(rows);
    const flagged: EngineChangeView[] = [];
    for (const engine of engines) {
      const flag = detectChanges(await history(engine.id, day)).find((f) => f.day === day);
      if (!flag) continue;
      const [row] = await db.insert(engineChanges).values({ engine: engine.id, day, reasons: flag.reasons, simulated: engine.simulated, createdAt: clock.now() }).onConflictDoNothing().returning();
      if (row) flagged.push(view(row));
    }
    if (flagged.length) deps.log.warn({ flagged }, 'canaries flag a likely engine change');
    await db.update(canaryRounds).set({ finishedAt: clock.now(), calls: rows.length + failed, failed, engines: engines.map((e) => ({ engine: e.id, simulated: e.simulated })) }).where(eq(canaryRounds.day, day));
    return { day, calls: rows.length + failed, failed, flagged };
  }

  /** Flags on days in [from, to] of these engines (every engine when null), oldest first. */
  async function between(from: string, to: string, engines: string[] | null = null): Promise<EngineChangeView[]> {
    const rows = await db.select().from(engineChanges)
      .where(and(gte(engineChanges.day, from), lte(engineChanges.day, to), ...(engines ? [inArray(engineChanges.engine, engines)] : [])))
      .orderBy(asc(engineChanges.day), asc(engineChanges.engine));
    return rows.map(view);
  }

  return {
    round,
    between,
    /** An expression whose value changes whenever an engine change is flagged or withdrawn (the series mark the days around them: scores/stored-reads.ts). */
    mark: () => rowsMarkSql(engineChanges, sql`true`),
    /** Flags within FLAG_RADIUS_DAYS of a day: a significant move then may be the engine's, not the brand's. */
    near: (day: string, engines: string[] | null = null) => between(shiftDay(day, -FLAG_RADIUS_DAYS), shiftDay(day, FLAG_RADIUS_DAYS), engines),
    /** For the read route: the latest flags, and the latest rounds' call counts. */
    async list(limit: number) {
      const flags = await db.select().from(engineChanges).orderBy(desc(engineChanges.day), asc(engineChanges.engine)).limit(limit);
      const rounds = await db.select().from(canaryRounds).orderBy(desc(canaryRounds.day)).limit(7);
      return {
        enabled: deps.config?.enabled ?? false, prompts: deps.config?.enabled ? deps.config.prompts.length : 0, samples: deps.config?.samples ?? 0, radiusDays: FLAG_RADIUS_DAYS,
        changes: flags.map(view),
        rounds: rounds.map((r) => ({ day: r.day, calls: r.calls, failed: r.failed, engines: r.engines, finishedAt: r.finishedAt?.toISOString() ?? null })),
      };
    },
  };
}
export type CanariesService = ReturnType<typeof createCanariesService>;

/** Each day of a range and the flags within FLAG_RADIUS_DAYS of it (days without any are left out). */
export function flagsByDay(flags: EngineChangeView[]): Map<string, EngineChangeView[]> {
  const out = new Map<string, EngineChangeView[]>();
  for (const flag of flags) {
    for (let d = -FLAG_RADIUS_DAYS; d <= FLAG_RADIUS_DAYS; d++) {
      const day = shiftDay(flag.day, d);
      out.set(day, [...(out.get(day) ?? []), flag]);
    }
  }
  return out;
}
