import { sql } from 'drizzle-orm';
import type { Db } from '../../lib/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { rawRows } from '../../lib/db.ts';
import { ENGINE_NAMES } from '../../lib/format/format.ts';
import { wilsonPercent } from '../../lib/stats/wilson.ts';
import type { WorkspaceContext } from '../../lib/http/types.ts';
import type { Stamps } from '../scores/stamps.ts';
import { parseRange } from './answers.fns.ts';

// "Engines that do not know you": per engine, of the answers of the workspace's succeeded runs
// in a window, those in which the engine says it does not know the brand (analysis/unknown.fns.ts).
// Read from the counts each run records at its success (runs/answer-counts.ts): one row per run
// and engine, whatever the number of answers.

export const RECOGNITION_DAYS = 28;

export interface RecognitionRow { engine: string; answers: number; unknown: number; simulated: number }

/** Each engine's share, in percent, with its answers and 95% Wilson interval; the engines that know the brand least first. */
export function recognitionOf(rows: RecognitionRow[]) {
  return rows
    .map((r) => ({
      engine: { id: r.engine, name: (ENGINE_NAMES as Record<string, string>)[r.engine] ?? r.engine },
      answers: r.answers, unknown: r.unknown,
      share: { value: r.answers ? (100 * r.unknown) / r.answers : null, n: r.answers, interval: wilsonPercent(r.unknown, r.answers) },
      simulated: r.simulated > 0,
    }))
    .sort((a, b) => (b.share.value ?? -1) - (a.share.value ?? -1) || a.engine.name.localeCompare(b.engine.name));
}

export function createRecognition(deps: { db: Db; clock: Clock; stamps: Pick<Stamps, 'ofRuns'> }) {
  return {
    async get(ws: WorkspaceContext, query: { from?: string; to?: string }) {
      const range = parseRange(query.from, query.to);
      const to = range.to ?? deps.clock.now();
      const from = range.from ?? new Date(to.getTime() - RECOGNITION_DAYS * 86_400_000);
      const rows = await rawRows<RecognitionRow & { runs: string[] }>(deps.db, sql`
        select c.engine, sum(c.answers)::int as answers, sum(c.unknown)::int as unknown, sum(c.simulated)::int as simulated, array_agg(c.run_id) as runs
        from run_answer_counts c join jobs j on j.id = c.run_id
        where c.workspace_id = ${ws.id} and j.started_at >= ${from.toISOString()}::timestamptz and j.started_at < ${to.toISOString()}::timestamptz
          and c.domain = '*' and c.prompt_id = '*' and c.language = '*' and c.engine <> '*'
        group by c.engine`);
      const engines = recognitionOf(rows);
      const runIds = [...new Set(rows.flatMap((r) => r.runs))];
      const stamp = await deps.stamps.ofRuns(ws, { runIds, from: from.toISOString(), to: to.toISOString() });
      return {
        from: from.toISOString(), to: to.toISOString(),
        answers: engines.reduce((s, e) => s + e.answers, 0),
        unknown: engines.reduce((s, e) => s + e.unknown, 0),
        simulated: engines.some((e) => e.simulated),
        engines, stamp,
      };
    },
  };
}
export type Recognition = ReturnType<typeof createRecognition>;
