import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';
import { seedRun, type SeedResult } from '../../../test/helpers/runs-seed.ts';
import { MIGRATIONS_DIR } from '../../lib/db.ts';
import { recordAnswerCounts } from './answer-counts.ts';
import { createRunReads, type ProportionSpec } from './runs.reads.ts';

// The answer counts written at a run's success must give every proportion exactly as counting
// the answers themselves does: same scope filters, each answer once per domain it cites.

let ctx: TestContext;
let wsId: string;
const hour = 3600_000;
beforeAll(async () => {
  ctx = await createTestApp();
  const { cookie } = await signup(ctx.app);
  await createWorkspace(ctx.app, cookie, 'counts');
  wsId = ((await ctx.database.executeSql(`select id from workspaces where slug = 'counts'`)).rows[0] as { id: string }).id;
});
afterAll(() => ctx.close());

/** Varied answers: engines, languages, prompts, sentiment, simulated, citations (one domain twice in an answer). */
function answers(seed: number): SeedResult[] {
  return Array.from({ length: 240 }, (_, i) => {
    const h = (i * 7919 + seed * 104729) % 1000;
    const domains = ['g2.com', 'reddit.com', 'capterra.com'].filter((_, j) => (h >> j) % 3 === 0);
    return {
      engine: ['chatgpt', 'gemini', 'perplexity'][i % 3]!, promptId: `prm_${i % 8}`, language: i % 8 < 5 ? 'en' : 'es',
      brandMentioned: h % 5 < 2 + (seed % 2), brandSentiment: h % 7 < 2 ? -0.4 : 0.3, simulated: i % 11 === 0,
      citations: [...domains, ...domains.slice(0, 1)].map((domain, j) => ({ url: `https://${domain}/${i}/${j}`, domain, class: 'third_party' as const, entityId: null })),
    };
  });
}

/** The proportion counted over the answers themselves, as the scope filters say. */
function direct(rows: SeedResult[], spec: ProportionSpec) {
  const scoped = rows.filter((r) => spec.kind === 'mention_rate'
    ? (!spec.engine || r.engine === spec.engine) && (!spec.language || r.language === spec.language) && (!spec.promptIds || spec.promptIds.includes(r.promptId))
    : spec.kind === 'citation_share' ? (r.citations ?? []).some((c) => c.domain === spec.domain) : r.brandMentioned);
  const k = scoped.filter((r) => (spec.kind === 'negative_rate' ? (r.brandSentiment ?? 0) < 0 : r.brandMentioned)).length;
  return { k, n: scoped.length, simulated: scoped.some((r) => r.simulated) };
}

describe('answer counts', () => {
  it('give every scope the same k, n and simulated as the answers, over the window of runs', async () => {
    const runs = [answers(1), answers(2), answers(3)];
    const ids: string[] = [];
    for (const [i, rows] of runs.entries()) ids.push(await seedRun(ctx.database.db, wsId, { finishedAt: new Date(Date.now() - (3 - i) * hour), results: rows }));
    const all = runs.flat();
    const reads = createRunReads(ctx.database.db);
    const specs: ProportionSpec[] = [
      { kind: 'mention_rate' }, { kind: 'mention_rate', engine: 'gemini' }, { kind: 'mention_rate', language: 'es' },
      { kind: 'mention_rate', engine: 'chatgpt', language: 'en' }, { kind: 'mention_rate', promptIds: ['prm_1', 'prm_6'] },
      { kind: 'mention_rate', engine: 'perplexity', promptIds: ['prm_2', 'prm_3', 'prm_7'] }, { kind: 'mention_rate', language: 'en', promptIds: ['prm_1', 'prm_6'] },
      { kind: 'mention_rate', engine: 'gemini', language: 'es', promptIds: ['prm_5', 'prm_0'] }, { kind: 'mention_rate', promptIds: [] },
      { kind: 'citation_share', domain: 'g2.com' }, { kind: 'citation_share', domain: 'reddit.com' }, { kind: 'citation_share', domain: 'nowhere.example' },
      { kind: 'negative_rate' },
    ];
    for (const spec of specs) {
      const got = await reads.proportionInWindow(wsId, {}, spec);
      expect({ spec, k: got!.k, n: got!.n, simulated: got!.simulated }).toEqual({ spec, ...direct(all, spec) });
      expect(got!.runId).toBe(ids[2]);
    }
    // Only the runs finished in the range count: up to the second run.
    const until = await reads.proportionInWindow(wsId, { until: new Date(Date.now() - 1.5 * hour) }, { kind: 'mention_rate', engine: 'gemini' });
    expect({ k: until!.k, n: until!.n }).toEqual((({ k, n }) => ({ k, n }))(direct([...runs[0]!, ...runs[1]!], { kind: 'mention_rate', engine: 'gemini' })));
    // Counting a run again changes nothing (the success path and a backfill may both reach it).
    await recordAnswerCounts(ctx.database.db, ids[0]!);
    expect((await reads.proportionInWindow(wsId, {}, { kind: 'negative_rate' }))!.n).toBe(direct(all, { kind: 'negative_rate' }).n);

    // Runs that succeeded before the table: the backfill migration writes the same rows.
    const before = await ctx.database.executeSql('select * from run_answer_counts where run_id = any($1) order by run_id, domain, engine, prompt_id, language', [ids]);
    await ctx.database.executeSql('delete from run_answer_counts where run_id = any($1)', [ids]);
    await ctx.database.executeSql(readFileSync(path.join(MIGRATIONS_DIR, '0024_backfill_run_answer_counts.sql'), 'utf8'));
    const after = await ctx.database.executeSql('select * from run_answer_counts where run_id = any($1) order by run_id, domain, engine, prompt_id, language', [ids]);
    // Thread counts (`thread:<url>`, the reddit_thread metric) are written from the success path
    // only: runs older than that metric have none, and the backfill does not invent them.
    const notThread = (rows: unknown[]) => (rows as Array<{ domain: string }>).filter((r) => !String(r.domain).startsWith('thread:'));
    expect(notThread(before.rows).length).toBeGreaterThan(3 * 24);
    expect(after.rows).toEqual(notThread(before.rows));
  });
});

describe('answer counts written at the end of a run', () => {
  it('are written by the closing transaction when the early write fails, and the run still succeeds', async () => {
    const own = await createTestApp();
    try {
      const { cookie } = await signup(own.app);
      await createWorkspace(own.app, cookie, 'fallback');
      const api = (method: 'GET' | 'POST', url: string, payload?: object) => own.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
      await api('POST', '/api/v1/workspaces/fallback/credits/top-up', { amountMicrousd: 50_000_000, idempotencyKey: 'fallback' });
      // The first insert into run_answer_counts fails (a sequence is not rolled back with it, so
      // the second, in the closing transaction, passes).
      await own.database.executeSql(`create sequence counts_attempts;
        create function counts_fail_once() returns trigger language plpgsql as $$
        begin if nextval('counts_attempts') = 1 then raise exception 'counts unavailable'; end if; return null; end $$;
        create trigger counts_fail_once before insert on run_answer_counts for each statement execute function counts_fail_once();`);
      const run = (await api('POST', '/api/v1/workspaces/fallback/runs', { preset: 'smoke' })).json();
      let status = 'running';
      for (const deadline = Date.now() + 90_000; status === 'running' && Date.now() < deadline;) {
        await new Promise((r) => setTimeout(r, 25));
        status = (await api('GET', `/api/v1/workspaces/fallback/jobs/${run.id}`)).json().status;
      }
      expect(status).toBe('succeeded');
      const attempts = await own.database.executeSql(`select last_value::int as n from counts_attempts`);
      expect(attempts.rows).toEqual([{ n: 2 }]);
      const counted = await own.database.executeSql(`select answers from run_answer_counts where run_id = $1 and domain = '*' and engine = '*' and prompt_id = '*' and language = '*'`, [run.id]);
      const answered = await own.database.executeSql(`select count(*)::int as n from run_results where run_id = $1 and error is null and not extra`, [run.id]);
      expect(counted.rows).toEqual([{ answers: (answered.rows[0] as { n: number }).n }]);
      expect((answered.rows[0] as { n: number }).n).toBe(10);
    } finally {
      await own.close();
    }
  });
});
