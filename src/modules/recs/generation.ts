import type { LanguageModel } from 'ai';
import type { Db } from '../../lib/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import type { WorkspaceContext } from '../../lib/http/types.ts';
import type { DomainEvent, EventHub } from '../events/events.hub.ts';
import type { JobContext, JobsService } from '../jobs/jobs.service.ts';
import type { RunReads } from '../runs/runs.reads.ts';
import { geoCandidates, type GeoResult } from './geo-lane.fns.ts';
import { recsRepo as repo } from './recs.repo.ts';
import type { Candidate, CrawlSource, Lane, SeoSignals, SeoSignalsSource, SourceGapsSource } from './recs.types.ts';
import { crawlErrorCandidates } from './crawl-lane.fns.ts';
import { sourceGapCandidates } from './gaps-lane.fns.ts';
import { complianceFlag, LANE_LIMITS, oneEachAction, selectCandidates } from './select.fns.ts';
import { pageEvaluationCandidates, seoCandidates } from './seo-lane.fns.ts';
import { writeItem } from './writer.ts';
import { actionKey, recTexts } from './texts.fns.ts';
import type { Language } from '../../lib/format/format.ts';

// Generation (job kind `recs_generation`): the lane's candidates from the latest runs or the SEO
// signals, the best not already open up to min(cap, target − open), written by the workspace's
// model or the templates. The seo lane holds credits for its cap and is charged per created item.
// The job's last log line is its result: `result: {lane, available, reason?, created, …}`.
// Each item created is published as `recommendation.created` once its insert has committed.

export const KIND = 'recs_generation';
export const SEO_PRICE_PER_ITEM = 10_000;

export interface WorkspaceFacts {
  name: string;
  aliases: string[];
  complianceProfile: string;
  /** The language the workspace's people read its items in (texts.fns.ts); English when unset. */
  language?: Language;
}

export function toGeoResult(row: Awaited<ReturnType<RunReads['answers']>>[number]): GeoResult {
  const entities = row.analysis?.entities ?? [];
  return {
    id: row.id, runId: row.runId, engine: row.engine, promptId: row.promptId, prompt: row.promptText, intent: row.intent, language: row.language,
    simulated: row.simulated, brandMentioned: row.brandMentioned, brandSentiment: row.brandSentiment,
    competitors: entities.filter((e) => e.kind === 'competitor').map((e) => e.name),
    citations: (row.analysis?.citations ?? []).map((c) => ({ url: c.url, domain: c.domain, class: c.class })), answer: row.answer,
  };
}

export function createRecsGeneration(deps: {
  db: Db; clock: Clock; jobs: JobsService; runReads: RunReads; seoSignals?: SeoSignalsSource;
  /** The sources module's competitor gaps on fan-out queries (the geo lane's `source_gap` items). */
  sourceGaps?: SourceGapsSource;
  /** The traffic module's crawl errors from access logs (the geo lane's `crawl_error` items). */
  crawl?: CrawlSource;
  /** Where `recommendation.created` goes (alerts, outbound webhooks). */
  events: Pick<EventHub, 'record' | 'deliver'>;
  facts(workspaceId: string): Promise<WorkspaceFacts>;
  modelFor(ws: WorkspaceContext): Promise<{ model: LanguageModel; name: string } | null>;
}) {
  const { db, clock } = deps;

  const none = (reason: string): SeoSignals => ({ available: false, reason, failedChecks: [], insights: [], aiBots: [], llmsTxt: null });
  /** The SEO module's signals; a missing module or a failing one is "not available", with the reason. */
  async function signalsOf(workspaceId: string): Promise<SeoSignals> {
    if (!deps.seoSignals) return none('seo_signals_not_configured: this server has no SEO module wired in');
    try {
      return await deps.seoSignals.signals(workspaceId);
    } catch (err) {
      return none(`seo_signals_failed: ${(err as Error).message}`);
    }
  }

  /** The lane's candidates, or why there are none. */
  async function candidatesFor(lane: Lane, workspaceId: string, brand: WorkspaceFacts, log: (line: string) => Promise<void>): Promise<{ candidates: Candidate[]; available: boolean; reason?: string; answers?: number }> {
    const now = clock.now().toISOString();
    const signals = await signalsOf(workspaceId);
    if (lane === 'seo') {
      if (!signals.available) return { candidates: [], available: false, reason: signals.reason ?? 'SEO signals are not available' };
      return { candidates: seoCandidates(signals, now), available: true };
    }
    const out: Candidate[] = [];
    let answers = 0;
    const window = await deps.runReads.window(workspaceId);
    if (window) {
      const rows = (await deps.runReads.answers(window.runIds)).map(toGeoResult);
      answers = rows.length;
      await log(`geo lane: ${rows.length} answers from ${window.runIds.length} runs (${window.from.toISOString()} – ${window.to.toISOString()})`);
      const span = { runIds: window.runIds, from: window.from.toISOString(), to: window.to.toISOString() };
      out.push(...geoCandidates({ brand, results: rows, window: span, now }));
      if (deps.sourceGaps) {
        // A failing sources read costs the lane its source-gap items, not the whole generation.
        const evidence = await deps.sourceGaps.gapEvidence({ id: workspaceId, slug: '', role: null }).catch((err: Error) => err);
        if (evidence instanceof Error) await log(`geo lane: source-gap items skipped (${evidence.message})`);
        else {
          const items = sourceGapCandidates({ ...evidence, results: rows, window: span, now });
          await log(`geo lane: ${evidence.gaps.length} fan-out gaps (query × engine), ${items.length} source-gap items`);
          out.push(...items);
        }
      }
    } else await log('geo lane: no succeeded measurement run yet; run-based items skipped');
    if (deps.crawl) {
      // Access logs are independent of runs: their items come with or without a measurement.
      const errors = await deps.crawl.crawlErrors(workspaceId).catch((err: Error) => err);
      if (errors instanceof Error) await log(`geo lane: crawl-error items skipped (${errors.message})`);
      else {
        const items = crawlErrorCandidates(errors, now);
        await log(`geo lane: ${errors.length} pages whose last verified AI-crawler fetch failed, ${items.length} crawl-error items`);
        out.push(...items);
      }
    }
    if (signals.available) out.push(...pageEvaluationCandidates(signals, now));
    else await log(`geo lane: page-evaluation items skipped (${signals.reason ?? 'SEO signals not available'})`);
    return { candidates: out, available: true, answers };
  }

  /** What a generation does with: its job's log, progress, leases and signal; `templates`: no model writes the items. */
  interface Io { jobId: string | null; log(line: string): Promise<void>; progress(n: number): void; lease(amount: number): Promise<boolean>; signal: AbortSignal; templates?: boolean }

  async function generate(ctx: JobContext) {
    await generateItems(ctx.job.workspaceId, ctx.job.params.lane as Lane, { ...ctx, jobId: ctx.job.id });
  }

  async function generateItems(workspaceId: string, lane: Lane, ctx: Io): Promise<number> {
    const ws: WorkspaceContext = { id: workspaceId, slug: '', role: null };
    const brand = await deps.facts(ws.id);
    const { candidates, available, reason, answers } = await candidatesFor(lane, ws.id, brand, ctx.log);
    const result: Record<string, unknown> = { lane, available, ...(reason ? { reason } : {}), ...(answers === undefined ? {} : { answers }) };
    if (!available) {
      await ctx.log(`result: ${JSON.stringify({ ...result, created: 0 })}`);
      return 0;
    }

    const open = await repo.openItems(db, ws.id);
    // Source gaps on the same topic ask for the same page: one card. Other types are one action per topic (two threads, two domains).
    const distinct = oneEachAction(candidates, (c) => (c.type === 'source_gap' ? actionKey(recTexts(c, brand.name).title) : c.topic));
    const { chosen, skippedOpen } = selectCandidates(distinct, new Set(open.map((o) => o.topic)), open.filter((o) => o.lane === lane).length, lane);
    const model = chosen.length && !ctx.templates ? await deps.modelFor(ws) : null;
    const rows = [];
    for (const c of chosen) {
      if (ctx.signal.aborted) return 0;
      // The seo lane is charged per item it creates, against the hold taken at start.
      if (lane === 'seo' && !(await ctx.lease(SEO_PRICE_PER_ITEM))) break;
      // The words are stored as keys with parameters and said at read time in the workspace's language.
      const evidence = { ...c.evidence, text: recTexts(c, brand.name) };
      const written = await writeItem({ ...c, evidence }, brand.name, model?.model ?? null, ctx.signal, brand.language ?? 'en');
      const now = clock.now();
      rows.push({
        id: newId('rec'), workspaceId: ws.id, lane, type: c.type, topic: c.topic, ...written, evidence, scores: c.scores, priority: c.scores.priority,
        status: 'proposed' as const, stateVersion: 1, restoreStatus: null, complianceFlag: complianceFlag(brand.complianceProfile, c), currentDraftId: null,
        baseline: null, doneAt: null, jobId: ctx.jobId, createdAt: now, updatedAt: now,
      });
      ctx.progress(rows.length);
    }
    // The items and their `recommendation.created` events (the outbox) commit together; a topic
    // skipped by the open-topic index was not created and has no event.
    const items = [...rows];
    const { created, announced } = await db.transaction(async (tx) => {
      const inserted = await repo.insertNew(tx, items);
      const createdIds = new Set(inserted.map((c) => c.id));
      const events: DomainEvent[] = [];
      for (const row of items.filter((r) => createdIds.has(r.id))) {
        events.push(await deps.events.record(tx, {
          type: 'recommendation.created', workspaceId: ws.id,
          data: { id: row.id, topic: row.topic, type: row.type, lane: row.lane, title: row.title, status: row.status, scores: { priority: row.scores.priority } },
        }));
      }
      return { created: inserted, announced: events };
    });
    await deps.events.deliver(announced);
    const byWriter = { model: rows.filter((r) => r.writtenBy === 'model').length, template: rows.filter((r) => r.writtenBy === 'template').length };
    await ctx.log(`result: ${JSON.stringify({ ...result, candidates: candidates.length, created: created.length, skippedOpenTopics: skippedOpen, writtenBy: byWriter })}`);
    return created.length;
  }
  deps.jobs.register(KIND, generate);

  return {
    /**
     * The geo lane's items made now, without a job, written from the templates (no model is
     * called, nothing is charged): a demo's recommendations (docs/demo.md). Answers how many.
     */
    geoFromTemplates: (workspaceId: string) => generateItems(workspaceId, 'geo', {
      jobId: null, templates: true, log: async () => undefined, progress: () => undefined, lease: async () => false, signal: new AbortController().signal,
    }),
    start: (ws: WorkspaceContext, userId: string | null, lane: Lane) =>
      deps.jobs.start({
        ws, kind: KIND, group: KIND, totalCalls: LANE_LIMITS[lane].cap, progressSource: 'items', createdBy: userId, params: { lane },
        estimateMicrousd: lane === 'seo' ? LANE_LIMITS.seo.cap * SEO_PRICE_PER_ITEM : 0,
      }),
  };
}
export type RecsGeneration = ReturnType<typeof createRecsGeneration>;
