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

function filtersOf(spec: ProportionSpec): SQL[] {
  const filters: SQL[] = [sql`${runResults.error} is null`];
  if (spec.kind === 'mention_rate') {
    if (spec.engine) filters.push(eq(runResults.engine, spec.engine));
    if (spec.language) filters.push(eq(runResults.language, spec.language));
    if (spec.promptIds) filters.push(spec.promptIds.length ? inArray(runResults.promptId, spec.promptIds) : sql`false`);
  } else if (spec.kind === 'citation_share') {
    filters.push(sql`${runResults.analysis}->'citations' @> ${JSON.stringify([{ domain: spec.domain }])}::jsonb`);
  } else {
    filters.push(sql`${runResults.brandMentioned}`);
  }
  return filters;
}
const aggregate = (spec: ProportionSpec) => {
  const success = spec.kind === 'negative_rate' ? sql`${runResults.brandSentiment} < 0` : sql`${runResults.brandMentioned}`;
  return { n: sql<number>`count(*)::int`, k: sql<number>`(count(*) filter (where ${success}))::int`, simulated: sql<boolean>`coalesce(bool_or(${runResults.simulated}), false)` };
};

/**
 * The proportion of `proportionInWindow` for a metric that is read from JSON inside the statement
 * (`metric`: a jsonb expression `{name, scope: {engine?, language?, promptIds?, domain?}}`), over
 * the window of latest runs finished after `range.after` and at or before `range.until` (SQL
 * timestamptz expressions, which may name the outer row): one row (k, n, simulated, window_to,
 * run_id), window_to null when there is no run. The same filters as `filtersOf`, written over the
 * JSON, so that a recommendation's acceptance snapshots its metric in its own statement and the
 * after-values of many items are one read.
 */
export function proportionOfMetricSql(workspaceId: string, metric: SQL, range: { after?: SQL; until?: SQL }): SQL {
  // The metric's fields are read from the JSON once (spec_), not for every answer.
  return sql`(with spec_ as (
      select m->>'name' as name, m->'scope'->>'engine' as engine, m->'scope'->>'language' as language,
        case when m->'scope' ? 'promptIds' then array(select jsonb_array_elements_text(m->'scope'->'promptIds')) end as prompt_ids,
        jsonb_build_array(jsonb_build_object('domain', m->'scope'->>'domain')) as citing
      from (select ${metric} as m) x
    ), latest as (
      select id, finished_at from jobs where workspace_id = ${workspaceId} and kind = 'measurement' and status = 'succeeded'
        ${range.after ? sql`and finished_at > ${range.after}` : sql``} ${range.until ? sql`and finished_at <= ${range.until}` : sql``}
      order by started_at desc limit ${WINDOW.maxRuns}
    ), kept as (select id from latest where finished_at >= (select max(finished_at) from latest) - ${`${WINDOW.days} days`}::interval)
    select (count(*) filter (where case when s.name = 'negative_rate' then rr_.brand_sentiment < 0 else rr_.brand_mentioned end))::int as k,
      count(*)::int as n, coalesce(bool_or(rr_.simulated), false) as simulated,
      (select max(finished_at) from latest) as window_to, (select id from latest order by finished_at desc limit 1) as run_id
    from run_results rr_, spec_ s
    where rr_.run_id in (select id from kept) and rr_.error is null
      and case
        when s.name = 'citation_share' then rr_.analysis->'citations' @> s.citing
        when s.name = 'negative_rate' then rr_.brand_mentioned
        else (s.engine is null or rr_.engine = s.engine) and (s.language is null or rr_.language = s.language)
          and (s.prompt_ids is null or rr_.prompt_id = any(s.prompt_ids))
      end)`;
}

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

    /**
     * k of n answers (as the spec says) over the window of latest runs in the range, window and
     * aggregate in one statement
     * (a transition that snapshots a metric pays one round trip for it). Null when there is no run.
     */
    async proportionInWindow(workspaceId: string, range: { after?: Date; until?: Date }, spec: ProportionSpec) {
      const latest = db.$with('latest').as(db.select({ id: jobs.id, finishedAt: jobs.finishedAt }).from(jobs)
        .where(and(
          eq(jobs.workspaceId, workspaceId), eq(jobs.kind, 'measurement'), eq(jobs.status, 'succeeded'),
          ...(range.after ? [gt(jobs.finishedAt, range.after)] : []), ...(range.until ? [lte(jobs.finishedAt, range.until)] : []),
        )).orderBy(desc(jobs.startedAt)).limit(WINDOW.maxRuns));
      const kept = sql`(select id from latest where finished_at >= (select max(finished_at) from latest) - ${`${WINDOW.days} days`}::interval)`;
      const [row] = await db.with(latest).select({
        ...aggregate(spec),
        to: sql<string | null>`(select max(finished_at) from latest)`,
        runId: sql<string | null>`(select id from latest order by finished_at desc limit 1)`,
      }).from(runResults).where(and(sql`${runResults.runId} in ${kept}`, ...filtersOf(spec)));
      if (!row?.to) return null;
      return { k: row.k, n: row.n, simulated: row.simulated, to: new Date(row.to), runId: row.runId! };
    },
  };
}
export type RunReads = ReturnType<typeof createRunReads>;
