import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../lib/db.ts';

/** Reddit's domains: a citation of one of them names a thread (geo-lane.fns.ts). */
export const REDDIT_DOMAINS = ['reddit.com', 'redd.it'] as const;

// A run's answers counted once, when it succeeds (in the transaction that records it so), into
// `run_answer_counts`: a metric over the window of latest runs — a recommendation's acceptance
// snapshot, its after-value — then sums a few rows found by the primary key per run instead of
// reading and filtering every answer of seven runs (about 5,000 rows, JSON tested on each).
//
// Rows per run: the grouping sets a metric scope can name, `*` meaning "all" —
//   (engine, language, prompt), (language, prompt): mention rate on prompts, by engine or not,
//     with or without a language (the prompt rows keep their language, so it can still filter);
//   (engine, language), (language), (engine), (): mention rate without prompts, and the totals
//     negative_rate uses (negative of mentioned);
//   (domain): the answers citing a domain (citation_share: mentioned of them);
//   ('thread:' || url): the answers citing a Reddit thread, its URL normalised as
//     geo-lane.fns.ts threadUrl does (thread_mention_rate: mentioned of them).

const counted = (rr: SQL) => sql`count(*)::int, (count(*) filter (where ${rr}.brand_mentioned))::int,
  (count(*) filter (where ${rr}.brand_mentioned and ${rr}.brand_sentiment < 0))::int, (count(*) filter (where ${rr}.simulated))::int,
  (count(*) filter (where jsonb_exists(${rr}.analysis, 'unknownToEngine')))::int`;

/**
 * Counts the run's answered results of its first pass (adaptive sampling's extra samples are not
 * counted: results-writer.ts); a run counted already is left as it is.
 */
export async function recordAnswerCounts(db: Db, runId: string): Promise<void> {
  const firstPass = sql`and not rr.extra`;
  await db.execute(sql`insert into run_answer_counts (run_id, workspace_id, domain, engine, prompt_id, language, answers, mentioned, negative, simulated, unknown)
    select rr.run_id, rr.workspace_id, '*', coalesce(rr.engine, '*'), coalesce(rr.prompt_id, '*'), coalesce(rr.language, '*'), ${counted(sql`rr`)}
    from run_results rr where rr.run_id = ${runId} and rr.error is null ${firstPass}
    group by rr.run_id, rr.workspace_id, grouping sets ((rr.engine, rr.language, rr.prompt_id), (rr.language, rr.prompt_id), (rr.engine, rr.language), (rr.language), (rr.engine), ())
    union all
    select rr.run_id, rr.workspace_id, d.domain, '*', '*', '*', ${counted(sql`rr`)}
    from run_results rr, lateral (
      -- Each answer once per domain it cites, however many of its citations name it.
      select distinct c->>'domain' as domain from jsonb_array_elements(case when jsonb_typeof(rr.analysis->'citations') = 'array' then rr.analysis->'citations' else '[]'::jsonb end) c
      where jsonb_typeof(c->'domain') = 'string' and c->>'domain' <> '*'
    ) d
    where rr.run_id = ${runId} and rr.error is null ${firstPass}
    group by rr.run_id, rr.workspace_id, d.domain
    union all
    select rr.run_id, rr.workspace_id, t.thread, '*', '*', '*', ${counted(sql`rr`)}
    from run_results rr, lateral (
      select distinct 'thread:https://' || regexp_replace(lower(u.host), '^(www|old|np)\.', '') || u.path as thread
      from jsonb_array_elements(case when jsonb_typeof(rr.analysis->'citations') = 'array' then rr.analysis->'citations' else '[]'::jsonb end) c,
        lateral (select substring(c->>'url' from '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^@/?#]*@)?([^:/?#]+)') as host,
          rtrim(substring(c->>'url' from '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*(/[^?#]*)'), '/') as path) u
      where c->>'domain' in (${sql.join(REDDIT_DOMAINS.map((d) => sql`${d}`), sql`, `)}) and u.host is not null and u.path <> ''
    ) t
    where rr.run_id = ${runId} and rr.error is null ${firstPass}
    group by rr.run_id, rr.workspace_id, t.thread
    on conflict do nothing`);
}

/**
 * The proportion of a metric read from JSON inside the statement (`metric`: a jsonb expression
 * `{name, scope: {engine?, language?, promptIds?, domain?}}`) over the counts of the runs whose
 * ids `runIds` gives (a SQL text[] expression): one row (k, n, simulated). Every key the lookup
 * needs is derived from the JSON once (spec_), so each run is a primary-key range scan.
 */
export function proportionOfCountsSql(metric: SQL, runIds: SQL): SQL {
  return sql`(with spec_ as (
      select m->>'name' as name,
        case m->>'name' when 'citation_share' then coalesce(m->'scope'->>'domain', '')
          when 'thread_mention_rate' then 'thread:' || coalesce(m->'scope'->>'thread', '') else '*' end as domain,
        case when m->>'name' = 'mention_rate' then coalesce(m->'scope'->>'engine', '*') else '*' end as engine,
        case when m->>'name' = 'mention_rate' and m->'scope' ? 'promptIds' then array(select jsonb_array_elements_text(m->'scope'->'promptIds')) else array['*'] end as prompt_ids,
        -- On prompt rows a missing language means any of them; on the others it is the '*' row.
        case when m->>'name' <> 'mention_rate' then '*' when m->'scope' ? 'promptIds' then m->'scope'->>'language' else coalesce(m->'scope'->>'language', '*') end as language
      from (select ${metric} as m) x
    )
    select coalesce(sum(case when s.name = 'negative_rate' then c.negative else c.mentioned end), 0)::int as k,
      coalesce(sum(case when s.name = 'negative_rate' then c.mentioned else c.answers end), 0)::int as n,
      coalesce(sum(c.simulated), 0) > 0 as simulated
    from spec_ s left join run_answer_counts c
      on c.run_id = any(${runIds}) and c.domain = s.domain and c.engine = s.engine and c.prompt_id = any(s.prompt_ids)
        and (s.language is null or c.language = s.language))`;
}
