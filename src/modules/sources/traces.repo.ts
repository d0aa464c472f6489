import { sql } from 'drizzle-orm';
import type { Db } from '../../lib/db.ts';
import type { AnswerTrace } from '../engines/capture/trace.ts';
import type { answerTraces } from './sources.tables.ts';

// Traces are written with their answers, in the same batches and the same way (one JSON
// parameter expanded by PostgreSQL): a run of thousands of calls pays one statement per batch.

export type TraceRow = typeof answerTraces.$inferInsert;

export function traceRow(result: { id: string; runId: string; workspaceId: string; engine: string; promptId: string; sample: number; createdAt: Date }, trace: AnswerTrace): TraceRow {
  return {
    resultId: result.id, runId: result.runId, workspaceId: result.workspaceId, engine: result.engine, surface: trace.surface, simulated: trace.simulated,
    promptId: result.promptId, sample: result.sample, format: trace.format, modelVersion: trace.modelVersion, queries: trace.queries,
    retrieved: trace.retrieved, cited: trace.cited, usage: trace.usage, missing: trace.missing, warnings: trace.warnings, createdAt: result.createdAt,
  };
}

export function insertTraces(db: Db, rows: TraceRow[]) {
  if (!rows.length) return Promise.resolve();
  const json = JSON.stringify(rows.map((r) => ({
    result_id: r.resultId, run_id: r.runId, workspace_id: r.workspaceId, engine: r.engine, surface: r.surface, simulated: r.simulated,
    prompt_id: r.promptId, sample: r.sample, format: r.format, model_version: r.modelVersion ?? null, queries: r.queries, retrieved: r.retrieved,
    cited: r.cited, usage: r.usage ?? null, missing: r.missing, warnings: r.warnings, created_at: r.createdAt!.toISOString(),
  // jsonb refuses U+0000: a provider's stray NUL must not lose the trace.
  }))).replace(/(?<!\\)\\u0000/g, '');
  // A trace dated into a finished day (an import, a late write) drops that day's summary
  // (answer-days.repo.ts) in the same statement: it is made again from the traces when next read.
  // The batch is counted (answer_writes): the mark of the figures stored from the answers.
  return db.execute(sql`with written as (
      insert into answer_traces select * from jsonb_populate_recordset(null::answer_traces, ${json}::jsonb) returning workspace_id, created_at),
    dropped as (
      delete from answer_days d using (select distinct workspace_id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day from written) w
      where d.workspace_id = w.workspace_id and d.day = w.day)
    insert into answer_writes (workspace_id, batches) select distinct workspace_id, 1 from written
    on conflict (workspace_id) do update set batches = answer_writes.batches + 1`).then(() => undefined);
}
