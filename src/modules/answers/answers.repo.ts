import { sql, type SQL } from 'drizzle-orm';
import { rawRows, type Db } from '../../lib/db.ts';
import { ALL_SEARCH_CONFIGS, searchConfigSql } from '../runs/answer-search.fns.ts';
import type { StoredAnalysis } from '../runs/detail.fns.ts';
import type { TraceSource, TraceCitation } from '../engines/capture/trace.ts';
import type { Cursor, MentionsFilter, SentimentLabel } from './answers.fns.ts';

// The stored answers (run_results) with what their engine searched and read (answer_traces, same
// id), read by SQL over both: the list filters, pages and searches in one statement on the
// indexes of migration 0043 (docs/answers.md, "Indexes").

export interface AnswerFilter {
  runId?: string;
  promptId?: string;
  engines?: string[];
  from?: Date;
  to?: Date;
  mentions?: MentionsFilter;
  cited?: string;
  sentiment?: SentimentLabel;
  q?: string;
}

export interface AnswerRecord {
  id: string;
  run_id: string;
  prompt_id: string;
  prompt_text: string;
  engine: string;
  sample: number;
  created_at: string | Date;
  simulated: boolean;
  language: string;
  answer: string;
  sources: Array<{ url: string; title?: string }>;
  analysis: StoredAnalysis | null;
  surface: string | null;
  model_version: string | null;
  queries: string[] | null;
  retrieved: TraceSource[] | null;
  cited: TraceCitation[] | null;
}

const COLUMNS = sql`r.id, r.run_id, r.prompt_id, r.prompt_text, r.engine, r.sample, r.created_at, r.simulated, r.language, r.answer, r.sources, r.analysis,
  t.surface, t.model_version, t.queries, t.retrieved, t.cited`;
const FROM = sql`run_results r left join answer_traces t on t.result_id = r.id`;
const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/**
 * The search: the answer's stored words (`answer_search`, its language's configuration) match the
 * query parsed the same way. The first condition, the query parsed under every configuration and
 * joined by OR, is a constant the GIN index answers; the second keeps the rows whose own language
 * matches. `websearch_to_tsquery` reads any text as words, quoted phrases, OR and -word: nothing
 * typed reaches the query parser's operators.
 */
function searchSql(q: string): SQL {
  const any = sql.join(ALL_SEARCH_CONFIGS.map((c) => sql`websearch_to_tsquery(${sql.raw(`'${c}'::regconfig`)}, ${q})`), sql` || `);
  return sql`r.answer_search @@ (${any}) and r.answer_search @@ websearch_to_tsquery(${searchConfigSql(sql`r.language`)}, ${q})`;
}

function conditions(workspaceId: string, f: AnswerFilter): SQL[] {
  const out: SQL[] = [sql`r.workspace_id = ${workspaceId}`, sql`r.error is null`];
  if (f.runId) out.push(sql`r.run_id = ${f.runId}`);
  if (f.promptId) out.push(sql`r.prompt_id = ${f.promptId}`);
  if (f.engines) out.push(f.engines.length ? sql`r.engine in (${sql.join(f.engines.map((e) => sql`${e}`), sql`, `)})` : sql`false`);
  if (f.from) out.push(sql`r.created_at >= ${f.from.toISOString()}::timestamptz`);
  if (f.to) out.push(sql`r.created_at < ${f.to.toISOString()}::timestamptz`);
  if (f.mentions?.kind === 'brand') out.push(sql`r.brand_mentioned`);
  if (f.mentions?.kind === 'none') out.push(sql`coalesce(jsonb_array_length(r.analysis->'entities'), 0) = 0`);
  // An answer saying the engine does not know the brand (analysis/unknown.fns.ts).
  if (f.mentions?.kind === 'unknown') out.push(sql`jsonb_exists(r.analysis, 'unknownToEngine')`);
  if (f.mentions?.kind === 'entity') out.push(sql`r.analysis->'entities' @> ${json([{ entityId: f.mentions.entityId }])}`);
  if (f.cited) out.push(sql`r.analysis->'citations' @> ${json([{ domain: f.cited }])}`);
  if (f.sentiment) out.push(sql`r.analysis->'entities' @> ${json([{ entityId: 'brand', sentimentLabel: f.sentiment }])}`);
  if (f.q) out.push(searchSql(f.q));
  return out;
}

export function createAnswersRepo(db: Db) {
  return {
    /** One page, newest first: `limit` rows after the cursor (the caller asks one more to know if another page follows). */
    page: (workspaceId: string, f: AnswerFilter, limit: number, after?: Cursor) => {
      const where = conditions(workspaceId, f);
      if (after) where.push(sql`(r.created_at, r.id) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})`);
      return rawRows<AnswerRecord>(db, sql`select ${COLUMNS} from ${FROM} where ${sql.join(where, sql` and `)}
        order by r.created_at desc, r.id desc limit ${limit}`);
    },

    /** One answer of the workspace (answered: an error stored no answer), or none. */
    one: async (workspaceId: string, id: string) =>
      (await rawRows<AnswerRecord>(db, sql`select ${COLUMNS} from ${FROM} where r.id = ${id} and r.workspace_id = ${workspaceId} and r.error is null`))[0] ?? null,

    /** Which of these runs have ended (succeeded, failed or cancelled): their answers change no more. */
    endedRuns: async (ids: string[]) => new Set((ids.length
      ? await rawRows<{ id: string }>(db, sql`select id from jobs where id in (${sql.join(ids.map((i) => sql`${i}`), sql`, `)}) and status <> 'running'`)
      : []).map((r) => r.id)),

    /** The same prompt's answer on the same engine just before this one (an engine has one surface). */
    previous: async (workspaceId: string, a: { prompt_id: string; engine: string; created_at: string | Date; id: string }) =>
      (await rawRows<AnswerRecord>(db, sql`select ${COLUMNS} from ${FROM}
        where r.workspace_id = ${workspaceId} and r.prompt_id = ${a.prompt_id} and r.engine = ${a.engine} and r.error is null
          and (r.created_at, r.id) < (${new Date(a.created_at).toISOString()}::timestamptz, ${a.id})
        order by r.created_at desc, r.id desc limit 1`))[0] ?? null,
  };
}
export type AnswersRepo = ReturnType<typeof createAnswersRepo>;
