import { existsSync } from 'node:fs';
import { stageLine } from './stages.ts';
import { and, count, desc, eq } from 'drizzle-orm';
import type { SeoConfig } from './pages.config.ts';
import type { Db } from '../../lib/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { invalid } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { WorkspaceContext } from '../../lib/http/types.ts';
import { FetchRefusedError, type SafeFetcher } from '../../lib/safe-fetch/safe-fetch.ts';
import type { JobContext, JobsService } from '../jobs/jobs.service.ts';
import type { Evaluation } from './evaluate.ts';
import { ChromeMissingError } from './lighthouse.ts';
import { pageEvaluations } from './pages.tables.ts';

export const KIND = 'page_evaluation';
export const LIST_LIMIT = 20;

export const DEFAULT_SEO_CONFIG: SeoConfig = {
  chromePath: '/usr/bin/chromium', samplePages: 4, pagePriceMicrousd: 20_000, googleCallPriceMicrousd: 2_000, googleApiRootUrl: null,
  loadTimeoutMs: 30_000, auditTimeoutMs: 90_000,
};

export type EvaluationRow = typeof pageEvaluations.$inferSelect;

/** Spec 2.14, plus `status`, `jobId` and `details` (what the checks saw, and why a result is partial). */
export function evaluationView(row: EvaluationRow, slug: string) {
  return {
    id: row.id, workspace: slug, url: row.url, finalUrl: row.finalUrl, fetchedAt: row.fetchedAt.toISOString(), status: row.status, jobId: row.jobId,
    scores: row.scores, metrics: row.metrics, checks: row.checks, details: row.details,
  };
}

export function createPagesService(deps: { db: Db; clock: Clock; jobs: JobsService; fetcher: SafeFetcher; seo: SeoConfig }) {
  const { db, clock } = deps;

  /** Evaluates one page and stores it; used by the page-evaluation job and the SEO refresh. */
  async function evaluateAndStore(workspaceId: string, jobId: string | null, url: string, ctx: Pick<JobContext, 'signal' | 'log'>) {
    // Fail before fetching anything: an evaluation without Lighthouse would be half a result.
    if (!existsSync(deps.seo.chromePath)) throw new ChromeMissingError(deps.seo.chromePath);
    // The evaluation code (cheerio, Lighthouse) is loaded by the first job, not at start.
    const { evaluatePage } = await import('./evaluate.ts');
    const evaluation: Evaluation = await evaluatePage(url, {
      fetcher: deps.fetcher, chromePath: deps.seo.chromePath, loadTimeoutMs: deps.seo.loadTimeoutMs, totalTimeoutMs: deps.seo.auditTimeoutMs,
      signal: ctx.signal, log: (line) => ctx.log(line),
    });
    await ctx.log(stageLine('store', 'storing the evaluation'));
    const [row] = await db.insert(pageEvaluations).values({
      id: newId('pev'), workspaceId, jobId, url: evaluation.url, finalUrl: evaluation.finalUrl, status: evaluation.status,
      scores: evaluation.scores, metrics: evaluation.metrics, checks: evaluation.checks, details: evaluation.details, fetchedAt: clock.now(),
    }).returning();
    const s = evaluation.scores;
    await ctx.log(`${evaluation.status} evaluation of ${evaluation.finalUrl}: performance ${s.performance}, accessibility ${s.accessibility}, best practices ${s.bestPractices}, SEO ${s.seo}; ` +
      `${Object.values(evaluation.checks).filter((c) => c.passed).length}/9 checks passed${evaluation.details.problems.length ? `; ${evaluation.details.problems.join('; ')}` : ''}`);
    return row!;
  }

  async function work(ctx: JobContext) {
    const { url } = ctx.job.params as { url: string };
    await evaluateAndStore(ctx.job.workspaceId, ctx.job.id, url, ctx);
    ctx.progress(1);
  }
  deps.jobs.register(KIND, work);

  return {
    evaluateAndStore,

    /** Refuses a URL that is forbidden on its face (400); the rest is checked when fetched. */
    checkUrl(url: string) {
      try {
        return deps.fetcher.checkUrl(url).href;
      } catch (err) {
        if (err instanceof FetchRefusedError) throw invalid(`body.url: ${err.message}`, { reason: err.reason });
        throw err;
      }
    },

    async start(ws: WorkspaceContext, userId: string | null, body: { url: string }) {
      const url = this.checkUrl(body.url);
      return deps.jobs.start({
        ws, kind: KIND, group: KIND, totalCalls: 1, progressSource: 'pages', createdBy: userId, params: { url }, estimateMicrousd: 0,
      });
    },

    async list(ws: WorkspaceContext) {
      const rows = await db.select().from(pageEvaluations).where(eq(pageEvaluations.workspaceId, ws.id))
        .orderBy(desc(pageEvaluations.fetchedAt), desc(pageEvaluations.id)).limit(LIST_LIMIT);
      return rows.map((row) => evaluationView(row, ws.slug));
    },

    /** The workspace's latest evaluations, newest first (recommendations read robots and llms.txt from them). */
    latestRows: (workspaceId: string) =>
      db.select().from(pageEvaluations).where(eq(pageEvaluations.workspaceId, workspaceId))
        .orderBy(desc(pageEvaluations.fetchedAt), desc(pageEvaluations.id)).limit(LIST_LIMIT),

    /** The evaluations an SEO refresh made (its job id), for the dashboard. */
    byJob: (workspaceId: string, jobId: string) =>
      db.select().from(pageEvaluations).where(eq(pageEvaluations.jobId, jobId)).orderBy(pageEvaluations.id)
        .then((rows) => rows.filter((r) => r.workspaceId === workspaceId)),

    /** How many evaluations an SEO refresh made, counted by the database. */
    countByJob: async (workspaceId: string, jobId: string) =>
      (await db.select({ n: count() }).from(pageEvaluations).where(and(eq(pageEvaluations.jobId, jobId), eq(pageEvaluations.workspaceId, workspaceId))))[0]?.n ?? 0,
  };
}
export type PagesService = ReturnType<typeof createPagesService>;
