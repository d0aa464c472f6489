import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { rawRows, textArray, type Db } from '../../lib/db.ts';
import { proportionOfCountsSql } from './answer-counts.ts';
import { succeededJobs } from '../jobs/jobs.reads.ts';
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
  | { kind: 'thread_mention_rate'; thread: string }
  | { kind: 'negative_rate' };

/** The metric JSON `proportionOfMetricSql` reads, for a proportion named in TypeScript. */
const metricOf = (spec: ProportionSpec) =>
  spec.kind === 'mention_rate' ? { name: 'mention_rate', scope: { engine: spec.engine, language: spec.language, promptIds: spec.promptIds } }
    : spec.kind === 'citation_share' ? { name: 'citation_share', scope: { domain: spec.domain } }
    : spec.kind === 'thread_mention_rate' ? { name: 'thread_mention_rate', scope: { thread: spec.thread } }
    : { name: 'negative_rate', scope: {} };

/**
 * The proportion of a metric that is read from JSON inside the statement (`metric`: a jsonb
 * expression `{name, scope: {engine?, language?, promptIds?, domain?, thread?}}`) over the window of
 * latest runs finished after `range.after` and at or before `range.until` (SQL timestamptz
 * expressions, which may name the outer row): one row (k, n, simulated, window_to, run_id),
 * window_to null when there is no run. It sums the runs' answer counts (answer-counts.ts, written
 * when each run succeeded), so that a recommendation's acceptance snapshots its metric in its own
 * statement at the cost of a few index lookups, and the after-values of many items are one read.
 */
export function proportionOfMetricSql(workspaceId: string, metric: SQL, range: { after?: SQL; until?: SQL }): SQL {
  return sql`(with latest as (
      select id, finished_at from jobs where workspace_id = ${workspaceId} and kind = 'measurement' and status = 'succeeded'
        ${range.after ? sql`and finished_at > ${range.after}` : sql``} ${range.until ? sql`and finished_at <= ${range.until}` : sql``}
      order by started_at desc limit ${WINDOW.maxRuns}
    )
    select p.k, p.n, p.simulated, (select max(finished_at) from latest) as window_to, (select id from latest order by finished_at desc limit 1) as run_id
    from ${proportionOfCountsSql(metric, sql`array(select id from latest where finished_at >= (select max(finished_at) from latest) - ${`${WINDOW.days} days`}::interval)`)} p)`;
}

/** One UTC day's calls of one engine, by the day its run started: what the providers billed for them. */
export interface ProviderCostRow { day: string; engine: string; calls: number; answered: number; simulated: number; costMicrousd: number }

/**
 * Calls and recorded provider cost per UTC day (of the run's start) and engine over the
 * workspace's measurement runs started since `since`, for the credits usage endpoint. Through the
 * runs (jobs) to their results, so the results' run index does the work.
 */
export async function providerCostByDay(db: Db, workspaceId: string, since: Date): Promise<ProviderCostRow[]> {
  const rows = await rawRows<{ day: string; engine: string; calls: number; answered: number; simulated: number; cost: number }>(db, sql`
    select to_char(j.started_at at time zone 'UTC', 'YYYY-MM-DD') as day, r.engine, count(*)::int as calls,
      (count(*) filter (where r.error is null))::int as answered, (count(*) filter (where r.simulated))::int as simulated,
      coalesce(sum(r.cost_microusd), 0)::float8 as cost
    from jobs j join run_results r on r.run_id = j.id
    where j.workspace_id = ${workspaceId} and j.kind = 'measurement' and j.started_at >= ${since.toISOString()}::timestamptz
    group by 1, 2 order by 1 desc, 2`);
  return rows.map((r) => ({ day: r.day, engine: r.engine, calls: Number(r.calls), answered: Number(r.answered), simulated: Number(r.simulated), costMicrousd: Number(r.cost) }));
}

/**
 * Of `ids`, the prompts that have a history: a stored answer (any run), or a place in a
 * measurement run still running (its params name the prompts it will ask). Replacing generated
 * prompts keeps these inactive and deletes the others (docs/prompts.md); `db` may be the
 * replacing transaction.
 */
export async function promptsWithHistory(db: Db, workspaceId: string, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const list = sql.join(ids.map((id) => sql`${id}`), sql`, `);
  const rows = await rawRows<{ id: string }>(db, sql`
    select distinct prompt_id as id from run_results where workspace_id = ${workspaceId} and prompt_id in (${list})
    union
    select p.id from jobs j cross join lateral jsonb_array_elements_text(coalesce(j.params->'promptIds', '[]'::jsonb)) as p(id)
    where j.workspace_id = ${workspaceId} and j.kind = 'measurement' and j.status = 'running' and p.id in (${list})`);
  return new Set(rows.map((r) => r.id));
}

export function createRunReads(db: Db) {
  return {
    /**
     * An expression of the time of the newest result the workspace's runs wrote, from the
     * (workspace, time) index (one entry read): it changes with every result written, dated when
     * received (an ended run's late results included, which its counts show). A stored figure's mark (scores/stored-reads.ts).
     */
    resultsWrittenMark: (workspaceId: string): SQL => sql`coalesce((select max(${runResults.createdAt})::text from ${runResults} where ${eq(runResults.workspaceId, workspaceId)}), '')`,
    /**
     * The latest succeeded measurement runs (at most 7, within 7 days of the newest), optionally
     * only those finished after `after` and at or before `until`. Null when there is none.
     */
    async window(workspaceId: string, range: { after?: Date; until?: Date } = {}): Promise<RunWindow | null> {
      const rows = await succeededJobs(db, { workspaceId, kind: 'measurement', ...range, limit: WINDOW.maxRuns });
      if (!rows.length) return null;
      const newest = rows[0]!.finishedAt!;
      const kept = rows.filter((r) => newest.getTime() - r.finishedAt!.getTime() <= WINDOW.days * DAY_MS);
      return { runIds: kept.map((r) => r.id), from: kept.at(-1)!.finishedAt!, to: newest };
    },

    /** The answered results of the runs' first pass; the answer text cut to `maxChars`. */
    answers: (runIds: string[], maxChars = 1200): Promise<AnswerRow[]> =>
      db.select({
        id: runResults.id, runId: runResults.runId, engine: runResults.engine, promptId: runResults.promptId, promptText: runResults.promptText,
        intent: runResults.intent, language: runResults.language, simulated: runResults.simulated, brandMentioned: runResults.brandMentioned,
        brandSentiment: runResults.brandSentiment, analysis: runResults.analysis, answer: sql<string>`left(${runResults.answer}, ${maxChars})`,
      }).from(runResults).where(and(inArray(runResults.runId, runIds), sql`${runResults.error} is null`, eq(runResults.extra, false))),

    /** A run's answered results that mention the brand, every sample, in answer order: what the sentiment judge reads. */
    brandAnswers: (workspaceId: string, runId: string) =>
      db.select({
        id: runResults.id, engine: runResults.engine, promptText: runResults.promptText, language: runResults.language, sample: runResults.sample,
        answer: runResults.answer, brandSentiment: runResults.brandSentiment, analysis: runResults.analysis,
      }).from(runResults).where(and(eq(runResults.workspaceId, workspaceId), eq(runResults.runId, runId), eq(runResults.brandMentioned, true), sql`${runResults.error} is null`))
        .orderBy(asc(runResults.id)),

    /**
     * A run's answered results with their raw text, sources and stored analysis, in the order the
     * run analysed them (ids are time-sortable): what a re-derivation of its snapshots reads.
     */
    storedAnswers: (runId: string) =>
      db.select({
        engine: runResults.engine, promptId: runResults.promptId, simulated: runResults.simulated, promptText: runResults.promptText, language: runResults.language,
        answer: runResults.answer, sources: runResults.sources, analysis: runResults.analysis,
      }).from(runResults).where(and(eq(runResults.runId, runId), sql`${runResults.error} is null`, sql`${runResults.analysis} is not null`,
        // The first pass only, as the run's own snapshot had it: adaptive sampling's extra samples stay out of the day's figures.
        eq(runResults.extra, false))).orderBy(asc(runResults.id)),

    /**
     * k of n answers (as the spec says) over the window of latest runs in the range, window and
     * counts in one statement. Null when there is no run.
     */
    async proportionInWindow(workspaceId: string, range: { after?: Date; until?: Date }, spec: ProportionSpec) {
      const iso = (d: Date | undefined) => (d ? sql`${d.toISOString()}::timestamptz` : undefined);
      const [row] = await rawRows<{ k: number; n: number; simulated: boolean; window_to: string | Date | null; run_id: string | null }>(db,
        sql`select * from ${proportionOfMetricSql(workspaceId, sql`${JSON.stringify(metricOf(spec))}::jsonb`, { after: iso(range.after), until: iso(range.until) })} m`);
      if (!row?.window_to) return null;
      return { k: Number(row.k), n: Number(row.n), simulated: Boolean(row.simulated), to: new Date(row.window_to), runId: row.run_id! };
    },

    /**
     * Per UTC day (of the run's finish) in the range, the answers to the `promptIds` (target) and
     * to every other prompt of the workspace (holdout), on the same engine and language filter,
     * from the runs' answer counts: the data of a recommendation's difference-in-differences.
     * `exclude`: prompts left out of the holdout (other items' targets).
     */
    async promptDays(workspaceId: string, range: { after: Date; until: Date }, scope: { engine?: string; language?: string; promptIds: string[]; exclude?: string[] }) {
      const rows = await rawRows<{ day: string; target: boolean; k: number; n: number; prompts: number }>(db, sql`
        select to_char(j.finished_at at time zone 'UTC', 'YYYY-MM-DD') as day, c.prompt_id = any(${textArray(scope.promptIds)}) as target,
          sum(c.mentioned)::int as k, sum(c.answers)::int as n, count(distinct c.prompt_id)::int as prompts
        from jobs j join run_answer_counts c on c.run_id = j.id
        where j.workspace_id = ${workspaceId} and j.kind = 'measurement' and j.status = 'succeeded'
          and j.finished_at > ${range.after.toISOString()}::timestamptz and j.finished_at <= ${range.until.toISOString()}::timestamptz
          and c.domain = '*' and c.engine = ${scope.engine ?? '*'} and c.prompt_id <> '*' ${scope.language ? sql`and c.language = ${scope.language}` : sql``}
          ${scope.exclude?.length ? sql`and (c.prompt_id = any(${textArray(scope.promptIds)}) or c.prompt_id <> all(${textArray(scope.exclude)}))` : sql``}
        group by 1, 2 order by 1`);
      const days = new Map<string, { day: string; target: { k: number; n: number }; holdout: { k: number; n: number } }>();
      let holdoutPrompts = 0;
      for (const r of rows) {
        const d = days.get(r.day) ?? { day: r.day, target: { k: 0, n: 0 }, holdout: { k: 0, n: 0 } };
        d[r.target ? 'target' : 'holdout'] = { k: Number(r.k), n: Number(r.n) };
        if (!r.target) holdoutPrompts = Math.max(holdoutPrompts, Number(r.prompts));
        days.set(r.day, d);
      }
      return { days: [...days.values()], holdoutPrompts };
    },
  };
}
export type RunReads = ReturnType<typeof createRunReads>;
