import { and, desc, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../lib/db.ts';
import { jobs } from '../jobs/jobs.tables.ts';
import { runResults } from './runs.tables.ts';
import type { StoredAnalysis } from './detail.fns.ts';

// Read access to measured answers for other modules (recommendations): the window of latest
// runs, their answers, and proportions over them computed by PostgreSQL. Other modules use these,
// never the tables.

export const WINDOW = { maxRuns: 7, days: 7 };
const DAY_MS = 24 * 3600 * 1000;

export interface RunWindow {
  runIds: string[];
  from: Date;
  to: Date;
}
export interface AnswerRow {
  id: string;
  runId: string;
  engine: string;
  promptId: string;
  promptText: string;
  intent: string;
  language: string;
  simulated: boolean;
  brandMentioned: boolean;
  brandSentiment: number | null;
  analysis: StoredAnalysis | null;
  answer: string;
}
/** Which answers a proportion counts (n) and which of them succeed (k). */
export type ProportionSpec =
  | { kind: 'mention_rate'; engine?: string; language?: string; promptIds?: string[] }
  | { kind: 'citation_share'; domain: string }
  | { kind: 'negative_rate' };

export function createRunReads(db: Db) {
  return {
    /**
     * The latest succeeded measurement runs (at most 7, within 7 days of the newest), optionally
     * only those finished after `after` and at or before `until`. Null when there is none.
     */
    async window(workspaceId: string, range: { after?: Date; until?: Date } = {}): Promise<RunWindow | null> {
      const rows = await db.select({ id: jobs.id, finishedAt: jobs.finishedAt }).from(jobs)
        .where(and(
          eq(jobs.workspaceId, workspaceId), eq(jobs.kind, 'measurement'), eq(jobs.status, 'succeeded'),
          ...(range.after ? [gt(jobs.finishedAt, range.after)] : []), ...(range.until ? [lte(jobs.finishedAt, range.until)] : []),
        ))
        .orderBy(desc(jobs.startedAt)).limit(WINDOW.maxRuns);
      if (!rows.length) return null;
      const newest = rows[0]!.finishedAt!;
      const kept = rows.filter((r) => newest.getTime() - r.finishedAt!.getTime() <= WINDOW.days * DAY_MS);
      return { runIds: kept.map((r) => r.id), from: kept.at(-1)!.finishedAt!, to: newest };
    },

    /** The answered results of the runs; the answer text cut to `maxChars`. */
    answers: (runIds: string[], maxChars = 1200): Promise<AnswerRow[]> =>
      db.select({
        id: runResults.id, runId: runResults.runId, engine: runResults.engine, promptId: runResults.promptId, promptText: runResults.promptText,
        intent: runResults.intent, language: runResults.language, simulated: runResults.simulated, brandMentioned: runResults.brandMentioned,
        brandSentiment: runResults.brandSentiment, analysis: runResults.analysis, answer: sql<string>`left(${runResults.answer}, ${maxChars})`,
      }).from(runResults).where(and(inArray(runResults.runId, runIds), sql`${runResults.error} is null`)),

    /** k of n answers of the runs, as the spec says (one aggregate statement). */
    async proportion(runIds: string[], spec: ProportionSpec): Promise<{ k: number; n: number; simulated: boolean }> {
      const filters: SQL[] = [inArray(runResults.runId, runIds), sql`${runResults.error} is null`];
      let success: SQL = sql`${runResults.brandMentioned}`;
      if (spec.kind === 'mention_rate') {
        if (spec.engine) filters.push(eq(runResults.engine, spec.engine));
        if (spec.language) filters.push(eq(runResults.language, spec.language));
        if (spec.promptIds) filters.push(spec.promptIds.length ? inArray(runResults.promptId, spec.promptIds) : sql`false`);
      } else if (spec.kind === 'citation_share') {
        filters.push(sql`${runResults.analysis}->'citations' @> ${JSON.stringify([{ domain: spec.domain }])}::jsonb`);
      } else {
        filters.push(sql`${runResults.brandMentioned}`);
        success = sql`${runResults.brandSentiment} < 0`;
      }
      const [row] = await db.select({
        n: sql<number>`count(*)::int`, k: sql<number>`(count(*) filter (where ${success}))::int`, simulated: sql<boolean>`coalesce(bool_or(${runResults.simulated}), false)`,
      }).from(runResults).where(and(...filters));
      return row ?? { k: 0, n: 0, simulated: false };
    },
  };
}
export type RunReads = ReturnType<typeof createRunReads>;
