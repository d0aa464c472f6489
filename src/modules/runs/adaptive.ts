import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../lib/db.ts';
import { createRunReads } from './runs.reads.ts';
import { runAnswerCounts, runResults, runSamplingCells } from './runs.tables.ts';
import { interval, type CellRecord, type Sampling, type Threshold } from './sampling.fns.ts';

// The storage side of adaptive sampling (the rules are in sampling.fns.ts, the rounds a run asks
// in sampling.strategy.ts): the thresholds a run's cells are judged against, the record of where
// extra samples went, and its views.

/** What other modules tell a run about the decisions that hang on its cells (wired in startup/modules.ts). */
export interface DecisionSources {
  /** Alert rules on the visibility component (the mention rate): the engine each watches, null for the composite. */
  visibilityRules(workspaceId: string): Promise<Array<{ id: string; engine: string | null }>>;
  /** Recommendations whose effect test reads the mention rate of named prompts: the baseline in percent. */
  effectTests(workspaceId: string): Promise<Array<{ id: string; engine?: string; promptIds?: string[]; value: number }>>;
}

export const cellKey = (engine: string, promptId: string) => `${engine}\u0000${promptId}`;
const key = cellKey;

/**
 * The thresholds of a run's cells. A visibility alert fires when the rate moves clear of where it
 * was, so its threshold on a cell is that cell's mention rate over the window of latest succeeded
 * runs (cells never answered before have none). A recommendation's effect test compares its
 * prompts against the baseline taken when it was accepted: that baseline, on its prompts and engine.
 */
export async function decisionThresholds(db: Db, sources: DecisionSources | undefined, workspaceId: string, cells: Array<{ engine: string; promptId: string }>): Promise<Threshold[]> {
  if (!sources || !cells.length) return [];
  const [rules, tests] = await Promise.all([sources.visibilityRules(workspaceId), sources.effectTests(workspaceId)]);
  const thresholds: Threshold[] = tests.map((t) => ({ source: 'recommendation', ref: t.id, value: t.value, engine: t.engine, promptIds: t.promptIds }));
  if (!rules.length) return thresholds;
  const window = await createRunReads(db).window(workspaceId);
  if (!window) return thresholds;
  const engines = [...new Set(cells.map((c) => c.engine))];
  const prompts = [...new Set(cells.map((c) => c.promptId))];
  // (engine, language, prompt) rows: a prompt has one language, so they are the cells.
  const previous = await db.select({ engine: runAnswerCounts.engine, promptId: runAnswerCounts.promptId, k: sql<number>`sum(${runAnswerCounts.mentioned})::int`, n: sql<number>`sum(${runAnswerCounts.answers})::int` })
    .from(runAnswerCounts)
    .where(and(inArray(runAnswerCounts.runId, window.runIds), eq(runAnswerCounts.domain, '*'), inArray(runAnswerCounts.engine, engines), inArray(runAnswerCounts.promptId, prompts)))
    .groupBy(runAnswerCounts.engine, runAnswerCounts.promptId);
  for (const p of previous) {
    if (!Number(p.n)) continue;
    const value = Math.round((10_000 * Number(p.k)) / Number(p.n)) / 100;
    for (const rule of rules.filter((r) => !r.engine || r.engine === p.engine)) {
      thresholds.push({ source: 'alert_rule', ref: rule.id, value, engine: p.engine, promptIds: [p.promptId] });
    }
  }
  return thresholds;
}

/** The records so far, written before a round's calls: one row per cell, its extras and rounds updated. */
export async function saveRecords(db: Db, runId: string, workspaceId: string, records: CellRecord[]) {
  if (!records.length) return;
  await db.insert(runSamplingCells).values(records.map((r) => ({
    runId, workspaceId, engine: r.engine, promptId: r.promptId, reasons: r.reasons,
    kBefore: r.before.k, nBefore: r.before.n, askedBefore: r.before.asked, extra: r.extra, rounds: r.rounds,
  }))).onConflictDoUpdate({
    target: [runSamplingCells.runId, runSamplingCells.engine, runSamplingCells.promptId],
    set: { extra: sql`excluded.extra`, rounds: sql`excluded.rounds` },
  });
}

/** For run lists: per run, the cells that got extra samples and how many were allotted. */
export async function samplingTotals(db: Db, runIds: string[]) {
  if (!runIds.length) return new Map<string, { cells: number; extraSamples: number }>();
  const rows = await db.select({ runId: runSamplingCells.runId, cells: sql<number>`count(*)::int`, extra: sql<number>`coalesce(sum(${runSamplingCells.extra}), 0)::int` })
    .from(runSamplingCells).where(inArray(runSamplingCells.runId, runIds)).groupBy(runSamplingCells.runId);
  return new Map(rows.map((r) => [r.runId, { cells: Number(r.cells), extraSamples: Number(r.extra) }]));
}

/** A run's sampling as its status shows it: null for a uniform run. */
export const samplingSummary = (sampling: Sampling | undefined, totals: { cells: number; extraSamples: number } | undefined) => (sampling
  ? { ...sampling, cells: totals?.cells ?? 0, extraSamples: totals?.extraSamples ?? 0 }
  : null);

const reading = (k: number, n: number, asked: number) => ({ samples: asked, answers: n, mentioned: k, mentionRate: n ? Math.round((10_000 * k) / n) / 100 : null, interval: interval(k, n) });

/**
 * Where the extra samples went and why, per cell: its prompt and engine, the reasons, the first
 * pass and the cell now (samples asked, answers, mentions, 95% interval in points).
 */
export async function samplingCells(db: Db, runId: string) {
  const records = await db.select().from(runSamplingCells).where(eq(runSamplingCells.runId, runId));
  if (!records.length) return [];
  const now = await db.select({
    engine: runResults.engine, promptId: runResults.promptId, text: sql<string>`min(${runResults.promptText})`, asked: sql<number>`count(*)::int`,
    n: sql<number>`(count(*) filter (where ${runResults.error} is null))::int`,
    k: sql<number>`(count(*) filter (where ${runResults.error} is null and ${runResults.brandMentioned}))::int`,
  }).from(runResults).where(and(eq(runResults.runId, runId), inArray(runResults.promptId, [...new Set(records.map((r) => r.promptId))])))
    .groupBy(runResults.engine, runResults.promptId);
  const after = new Map(now.map((c) => [key(c.engine, c.promptId), c]));
  return records.map((r) => {
    const a = after.get(key(r.engine, r.promptId));
    return {
      engine: r.engine, promptId: r.promptId, prompt: a?.text ?? null, reasons: r.reasons, extraAllotted: r.extra, rounds: r.rounds,
      before: reading(r.kBefore, r.nBefore, r.askedBefore),
      after: reading(Number(a?.k ?? r.kBefore), Number(a?.n ?? r.nBefore), Number(a?.asked ?? r.askedBefore)),
    };
  }).sort((x, y) => x.engine.localeCompare(y.engine) || x.promptId.localeCompare(y.promptId));
}
