import { sql, type SQL } from 'drizzle-orm';
import { rawRows, type Db } from '../../lib/db.ts';
import { ALL_SEARCH_CONFIGS, searchedUnderSql } from '../runs/answer-search.fns.ts';
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
 * query parsed the same way. One arm per configuration, each "the row is searched under it and its
 * words match the query parsed under it": the arm is exactly what that configuration's partial GIN
 * index holds (answer-search.fns.ts), so a match from the index is final. `websearch_to_tsquery`
 * reads any text as words, quoted phrases, OR and -word: nothing typed reaches the parser's operators.
 */
function searchSql(q: string): SQL {
  const arms = ALL_SEARCH_CONFIGS.map((c) =>
    sql`(${searchedUnderSql(c, sql`r.language`)} and r.answer_search @@ websearch_to_tsquery(${sql.raw(`'${c}'::regconfig`)}, ${q}))`);
  return sql`(${sql.join(arms, sql` or `)})`;
}

/**
 * The most matches a search sorts itself. Up to this many, the page is read from the search
 * indexes alone (every match found, sorted by time): cost by the number of matches. Beyond it the
 * word is common, and walking the workspace's answers newest first meets a page of matches soon:
 * cost by the page over the word's frequency (docs/answers.md, "Search at a year's scale").
 */
export const SEARCH_SORT_CEILING = 10_000;
/** The newest answers a search tests first, where a word in more than about 1 % of them fills its page. */
export const SEARCH_FIRST_ROWS = 2_000;

/**
 * A condition no index can answer (`coalesce` hides it from the planner), for the search read from
 * its own indexes: otherwise the planner may read a run's or a day's answers by their index and
 * test each row's words, a detoast each, which it does not count as a cost.
 */
const heapOnly = (c: SQL) => sql`coalesce(${c}, false)`;
/** The workspace and the time range: what the list's time index answers. */
function timeConditions(workspaceId: string, f: Pick<AnswerFilter, 'from' | 'to'>, after?: Cursor): SQL[] {
  return [
    sql`r.workspace_id = ${workspaceId}`,
    ...(f.from ? [sql`r.created_at >= ${f.from.toISOString()}::timestamptz`] : []),
    ...(f.to ? [sql`r.created_at < ${f.to.toISOString()}::timestamptz`] : []),
    ...(after ? [sql`(r.created_at, r.id) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})`] : []),
  ];
}

/** The other filters but the search, each a condition on the row. */
function conditions(f: Omit<AnswerFilter, 'q'>): SQL[] {
  const out: SQL[] = [sql`r.error is null`];
  if (f.runId) out.push(sql`r.run_id = ${f.runId}`);
  if (f.promptId) out.push(sql`r.prompt_id = ${f.promptId}`);
  if (f.engines) out.push(f.engines.length ? sql`r.engine in (${sql.join(f.engines.map((e) => sql`${e}`), sql`, `)})` : sql`false`);
  if (f.mentions?.kind === 'brand') out.push(sql`r.brand_mentioned`);
  if (f.mentions?.kind === 'none') out.push(sql`coalesce(jsonb_array_length(r.analysis->'entities'), 0) = 0`);
  // An answer saying the engine does not know the brand (analysis/unknown.fns.ts).
  if (f.mentions?.kind === 'unknown') out.push(sql`jsonb_exists(r.analysis, 'unknownToEngine')`);
  if (f.mentions?.kind === 'entity') out.push(sql`r.analysis->'entities' @> ${json([{ entityId: f.mentions.entityId }])}`);
  if (f.cited) out.push(sql`r.analysis->'citations' @> ${json([{ domain: f.cited }])}`);
  if (f.sentiment) out.push(sql`r.analysis->'entities' @> ${json([{ entityId: 'brand', sentimentLabel: f.sentiment }])}`);
  return out;
}

const ORDER = sql`order by r.created_at desc, r.id desc`;
/** The planner's choices for this transaction only (`true`), in one statement (the embedded database takes one a query). */
const plannerSettings = (settings: Record<string, string>) =>
  sql`select ${sql.join(Object.entries(settings).map(([name, value]) => sql`set_config(${name}, ${value}, true)`), sql`, `)}`;

/** The options: SEARCH_SORT_CEILING and SEARCH_FIRST_ROWS unless a test reads every way on a few answers. */
export function createAnswersRepo(db: Db, options: { searchSortCeiling?: number; searchFirstRows?: number } = {}) {
  const ceiling = options.searchSortCeiling ?? SEARCH_SORT_CEILING;
  const firstRows = options.searchFirstRows ?? SEARCH_FIRST_ROWS;
  return {
    /** One page, newest first: `limit` rows after the cursor (the caller asks one more to know if another page follows). */
    page: async (workspaceId: string, f: AnswerFilter, limit: number, after?: Cursor) => {
      const time = timeConditions(workspaceId, f, after);
      const rest = conditions(f);
      if (!f.q) return rawRows<AnswerRecord>(db, sql`select ${COLUMNS} from ${FROM} where ${sql.join([...time, ...rest], sql` and `)} ${ORDER} limit ${limit}`);
      const search = searchSql(f.q);
      // The planner cannot be left to choose: at 2,000,000 answers it guessed 10,000-14,000 matches
      // for words no answer of the workspace held (walking for those read every row) and 1,900 for
      // two words that 466,000 French answers held together (sorting those read them all). So:
      // 1. the newest answers (SEARCH_FIRST_ROWS) are tested: a common word fills its page there;
      const first = await rawRows<AnswerRecord>(db, sql`select ${COLUMNS}
        from (select * from run_results r where ${sql.join(time, sql` and `)} ${ORDER} limit ${firstRows}) r left join answer_traces t on t.result_id = r.id
        where ${sql.join([...rest, search], sql` and `)} ${ORDER} limit ${limit}`);
      if (first.length === limit) return first;
      // 2. else the matches are counted, up to the ceiling, from the search indexes only (bitmap
      // scans, every other condition hidden from the planner, no table scan), and the page sorted
      // out of them; 3. past the ceiling, the answers are walked newest first on the time index.
      const ids = await db.transaction(async (tx) => {
        await tx.execute(plannerSettings({ enable_seqscan: 'off', enable_indexscan: 'off', enable_indexonlyscan: 'off', work_mem: '64MB' }));
        const only = sql`${search} and ${sql.join([...time, ...rest].map(heapOnly), sql` and `)}`;
        const rows = await rawRows<{ id: string; n: number }>(tx, sql`select id, count(*) over ()::int as n
          from (select r.id, r.created_at from run_results r where ${only} limit ${ceiling}) r ${ORDER} limit ${limit}`);
        return rows.length && rows[0]!.n >= ceiling ? null : rows.map((r) => r.id);
      });
      const walk = () => db.transaction(async (tx) => {
        await tx.execute(plannerSettings({ enable_seqscan: 'off', enable_bitmapscan: 'off', enable_sort: 'off' }));
        return rawRows<AnswerRecord>(tx, sql`select ${COLUMNS} from ${FROM} where ${sql.join([...time, ...rest.map(heapOnly), search], sql` and `)} ${ORDER} limit ${limit}`);
      });
      if (ids === null) return walk();
      if (!ids.length) return [];
      return rawRows<AnswerRecord>(db, sql`select ${COLUMNS} from ${FROM} where r.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) ${ORDER}`);
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
