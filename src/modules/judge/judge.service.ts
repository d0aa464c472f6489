import type { LanguageModel } from 'ai';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../lib/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { WorkspaceContext } from '../../lib/http/types.ts';
import type { CreditsService } from '../credits/credits.service.ts';
import { jobView, type JobContext, type JobRow, type JobsService } from '../jobs/jobs.service.ts';
import type { RunReads } from '../runs/runs.reads.ts';
import { agreement } from './agreement.fns.ts';
import { JUDGE_CONCURRENCY, lexiconLabel, MAX_JUDGED_ANSWERS, quoteAmount } from './judge.fns.ts';
import { judgeOne } from './judge.call.ts';
import { sentimentJudgements, sentimentJudgeQuotes } from './judge.tables.ts';

// The model judge of brand sentiment (docs/analysis.md, "Model judge"): a quote with an id, a job
// started with that id that asks the workspace's model for a structured verdict per answer that
// mentions the brand, and a report of the verdicts beside the lexicon's labels with their agreement.

export const KIND = 'sentiment_judge';
export const QUOTE_TTL_MS = 10 * 60 * 1000;

export interface JudgeModel { model: LanguageModel; name: string }

export interface JudgeDeps {
  db: Db; clock: Clock; jobs: JobsService; credits: CreditsService; runReads: RunReads;
  /** The workspace's configured model, as recommendations resolve it; null without a provider key. */
  modelFor(ws: WorkspaceContext): Promise<JudgeModel | null>;
  brandOf(ws: WorkspaceContext): Promise<string>;
  priceMicrousd: number;
  /** Calls in flight at once (tests lower it to see the order). */
  concurrency?: number;
}

const noModel = (slug: string) => new AppError('model_not_configured',
  `The model judge needs a language model configured for workspace ${slug}: choose one with PUT /api/v1/workspaces/${slug}/model (e.g. {"model": "openai:gpt-4.1-mini"}) and store that provider's key with POST /api/v1/workspaces/${slug}/credentials (or set it in the server's environment, e.g. OPENAI_API_KEY).`,
  { configure: { model: `PUT /api/v1/workspaces/${slug}/model`, credential: `POST /api/v1/workspaces/${slug}/credentials` } });
const badQuote = (message: string, reason: string) => new AppError('invalid_quote', message, { reason });

/** Runs `work` over `items`, at most `limit` at once, none started once `stop()` says so. */
async function pool<T>(items: T[], limit: number, stop: () => boolean, work: (item: T) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length && !stop()) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

export function createJudgeService(deps: JudgeDeps) {
  const { db, clock, jobs } = deps;

  async function finishedRun(ws: WorkspaceContext, runId: string) {
    const run = await jobs.get(ws, runId, 'measurement');
    if (run.status === 'running') throw new AppError('invalid_state', `Run ${runId} is still running: judge its answers once it has ended.`, { currentStatus: run.status });
    return run;
  }


  async function run(ctx: JobContext) {
    const ws = { id: ctx.job.workspaceId, slug: '', role: null };
    const params = ctx.job.params as { runId: string; priceMicrousd: number; model: string; answers: number };
    const [model, brand] = await Promise.all([deps.modelFor(ws), deps.brandOf(ws)]);
    if (!model) throw new Error('no language model is configured any more');
    const answers = (await deps.runReads.brandAnswers(ws.id, params.runId)).slice(0, params.answers);
    let done = 0;
    let judged = 0;
    let refused = false;
    let firstError: string | null = null;
    await pool(answers, deps.concurrency ?? JUDGE_CONCURRENCY, () => ctx.signal.aborted || refused, async (a) => {
      // Leased before the call, given back when it fails: the hold settles for the verdicts stored.
      if (!(await ctx.lease(params.priceMicrousd))) return void (refused = true);
      try {
        const verdict = await judgeOne(model.model, brand, a.answer, ctx.signal);
        const row = { resultId: a.id, workspaceId: ws.id, runId: params.runId, jobId: ctx.job.id, ...verdict, model: model.name, createdAt: clock.now() };
        await db.insert(sentimentJudgements).values(row).onConflictDoUpdate({ target: sentimentJudgements.resultId, set: { jobId: row.jobId, label: row.label, rationale: row.rationale, model: row.model, createdAt: row.createdAt } });
        judged++;
      } catch (err) {
        ctx.release(params.priceMicrousd);
        firstError ??= (err as Error).message;
      }
      ctx.progress(++done);
    });
    if (refused) await ctx.log('the credit hold is exhausted: stopped early');
    if (done > 0 && judged === 0 && !ctx.signal.aborted) throw new Error(`every call failed: ${firstError}`);
    await ctx.log(`${judged} of ${answers.length} answers judged by ${model.name}${done - judged ? `; ${done - judged} calls failed (not charged): ${firstError}` : ''}`);
  }
  jobs.register(KIND, run);

  const latestJob = async (ws: WorkspaceContext, runId: string): Promise<JobRow | null> =>
    (await jobs.list(ws, KIND, 100)).find((j) => (j.params as { runId?: string }).runId === runId) ?? null;

  return {
    /** Free: what judging the run would cost, as a quote to start with (10 minutes, once). */
    async quote(ws: WorkspaceContext, runId: string) {
      await finishedRun(ws, runId);
      const model = await deps.modelFor(ws);
      if (!model) throw noModel(ws.slug);
      const count = (await deps.runReads.brandAnswers(ws.id, runId)).length;
      if (count === 0) throw new AppError('invalid_state', `Run ${runId} has no answered result that mentions the brand: there is nothing to judge.`);
      const answers = Math.min(count, MAX_JUDGED_ANSWERS);
      const now = clock.now();
      const row = {
        id: newId('sjq'), workspaceId: ws.id, runId, model: model.name, answers, priceMicrousd: deps.priceMicrousd,
        amountMicrousd: quoteAmount(answers, deps.priceMicrousd), createdAt: now, expiresAt: new Date(now.getTime() + QUOTE_TTL_MS), usedAt: null,
      };
      await db.insert(sentimentJudgeQuotes).values(row);
      const { availableMicrousd } = await deps.credits.balance(ws);
      return {
        quoteId: row.id, runId, model: row.model, answers, answersMentioningBrand: count, priceMicrousd: row.priceMicrousd, amountMicrousd: row.amountMicrousd,
        availableMicrousd, balanceAfterMicrousd: availableMicrousd - row.amountMicrousd, expiresAt: row.expiresAt.toISOString(),
      };
    },

    async start(ws: WorkspaceContext, runId: string, quoteId: string, userId: string | null) {
      await finishedRun(ws, runId);
      const model = await deps.modelFor(ws);
      if (!model) throw noModel(ws.slug);
      const now = clock.now();
      const [quote] = await db.update(sentimentJudgeQuotes).set({ usedAt: now }).where(and(
        eq(sentimentJudgeQuotes.id, quoteId), eq(sentimentJudgeQuotes.workspaceId, ws.id), eq(sentimentJudgeQuotes.runId, runId),
        eq(sentimentJudgeQuotes.model, model.name), isNull(sentimentJudgeQuotes.usedAt), gt(sentimentJudgeQuotes.expiresAt, now),
      )).returning();
      if (!quote) {
        const [row] = await db.select().from(sentimentJudgeQuotes).where(and(eq(sentimentJudgeQuotes.id, quoteId), eq(sentimentJudgeQuotes.workspaceId, ws.id)));
        if (!row) throw badQuote('Unknown quote: ask POST …/sentiment-judge/quote for one.', 'unknown');
        if (row.runId !== runId) throw badQuote(`This quote was made for run ${row.runId}; get a quote for run ${runId}.`, 'other_run');
        if (row.model !== model.name) throw badQuote(`This quote was made for model ${row.model}; the workspace now uses ${model.name}: get a new quote.`, 'model_changed');
        if (row.usedAt) throw badQuote('This quote was already used; get a new quote.', 'used');
        throw badQuote(`This quote expired at ${row.expiresAt.toISOString()}; get a new quote.`, 'expired');
      }
      try {
        return await jobs.start({
          ws, kind: KIND, group: KIND, totalCalls: quote.answers, progressSource: 'calls', createdBy: userId, estimateMicrousd: quote.amountMicrousd,
          params: { runId, quoteId, model: quote.model, answers: quote.answers, priceMicrousd: quote.priceMicrousd },
        });
      } catch (err) {
        // Refused (402, 409): nothing started, so the quote may be used again.
        await db.update(sentimentJudgeQuotes).set({ usedAt: null }).where(eq(sentimentJudgeQuotes.id, quote.id));
        throw err;
      }
    },

    async cancel(ws: WorkspaceContext, runId: string) {
      await jobs.get(ws, runId, 'measurement');
      const job = await latestJob(ws, runId);
      if (!job || job.status !== 'running') throw new AppError('invalid_state', `No judge job is running for run ${runId}.`, { currentStatus: job?.status ?? null });
      return jobView(await jobs.cancel(job), ws.slug);
    },

    /** Drops quotes a day past their expiry (they can only ever be refused). */
    async sweepQuotes() {
      await db.delete(sentimentJudgeQuotes).where(lt(sentimentJudgeQuotes.expiresAt, new Date(clock.now().getTime() - 24 * 3600 * 1000)));
    },

    /** Per answer that mentions the brand: the lexicon's label beside the model's, and their agreement. */
    async report(ws: WorkspaceContext, runId: string) {
      await jobs.get(ws, runId, 'measurement');
      const [answers, verdicts, job] = await Promise.all([
        deps.runReads.brandAnswers(ws.id, runId),
        db.select().from(sentimentJudgements).where(and(eq(sentimentJudgements.workspaceId, ws.id), eq(sentimentJudgements.runId, runId))),
        latestJob(ws, runId),
      ]);
      const byResult = new Map(verdicts.map((v) => [v.resultId, v]));
      const results = answers.map((a) => {
        const v = byResult.get(a.id);
        const lexicon = lexiconLabel(a.analysis, a.brandSentiment);
        return {
          resultId: a.id, engine: a.engine, language: a.language, sample: a.sample, prompt: a.promptText, lexiconLabel: lexicon,
          modelLabel: v?.label ?? null, rationale: v?.rationale ?? null, model: v?.model ?? null, judgedAt: v?.createdAt.toISOString() ?? null,
          agree: v && lexicon ? v.label === lexicon : null,
        };
      });
      return {
        runId, job: job ? jobView(job, ws.slug) : null, answers: answers.length, judged: results.filter((r) => r.modelLabel).length,
        agreement: agreement(results.map((r) => ({ lexicon: r.lexiconLabel, model: r.modelLabel }))), results,
      };
    },
  };
}
export type JudgeService = ReturnType<typeof createJudgeService>;
