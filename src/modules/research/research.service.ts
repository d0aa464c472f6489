import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../lib/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { WorkspaceContext } from '../../lib/http/types.ts';
import { registrableDomain } from '../analysis/citations.fns.ts';
import { jobView, type JobContext, type JobsService } from '../jobs/jobs.service.ts';
import { templatePrompts, type Intent, type Language } from '../prompts/prompts.fns.ts';
import { templateInputOf, type PromptsService } from '../prompts/prompts.service.ts';
import { categoryOr } from '../prompts/templates.fns.ts';
import { INTENTS } from '../workspaces/workspaces.schemas.ts';
import type { WorkspaceRow, WorkspacesService } from '../workspaces/workspaces.service.ts';
import {
  callPlan, countDomains, dedupePrompts, listItems, PRICE_PER_CALL, PROBES, PROVIDER_CAPS, RESEARCH_HOLD, STAGES,
  totalCalls, untrackedNames, type Finding, type ProbeAnswer, type Provider, type Stage, type StageView,
} from './research.fns.ts';

export type { Finding, StageView } from './research.fns.ts';
import type { ResearchModel, ResearchSerp } from './research.providers.ts';
import { researchResults } from './research.tables.ts';

export const KIND = 'research';


export interface ResearchDeps {
  db: Db; clock: Clock; jobs: JobsService; prompts: PromptsService; workspaces: WorkspacesService;
  providersFor(ws: WorkspaceContext, row: WorkspaceRow): Promise<{ model: ResearchModel; serp: ResearchSerp }>;
}

export function createResearchService(deps: ResearchDeps) {
  const { db, clock, jobs } = deps;
  const fid = () => newId('fnd');

  async function save(jobId: string, stages: StageView[]) {
    await db.update(researchResults).set({ stages, updatedAt: clock.now() }).where(eq(researchResults.jobId, jobId));
  }

  async function run(ctx: JobContext) {
    const ws = { id: ctx.job.workspaceId, slug: '', role: null };
    const row = await deps.workspaces.getRow(ws);
    const { model, serp } = await deps.providersFor(ws, row);
    const languages = row.languages as Language[];
    const plan = callPlan(languages.length, INTENTS.length);
    const stages: StageView[] = STAGES.map((stage) => ({ stage, status: 'pending', calls: 0, findings: [] }));
    await db.insert(researchResults).values({ jobId: ctx.job.id, workspaceId: ws.id, stages, simulated: { model: model.simulated, serp: serp.simulated }, updatedAt: clock.now() });
    const used: Record<Provider, number> = { model: 0, serp: 0 };
    const perStage = new Map<Stage, Record<Provider, number>>();
    let done = 0;

    /** One provider call: within its cap and the stage's plan, paid from the hold before it is made. */
    async function call<T>(view: StageView, provider: Provider, fn: () => Promise<T>): Promise<T | null> {
      const allowed = plan.find((p) => p.stage === view.stage && p.provider === provider)?.count ?? 0;
      const counts = perStage.get(view.stage) ?? { model: 0, serp: 0 };
      perStage.set(view.stage, counts);
      if (ctx.signal.aborted || counts[provider] >= allowed || used[provider] >= PROVIDER_CAPS[provider]) return null;
      if (!(await ctx.lease(PRICE_PER_CALL[provider]))) throw new Error('the credit hold is exhausted');
      counts[provider] += 1;
      used[provider] += 1;
      view.calls += 1;
      const result = await fn();
      ctx.progress(++done);
      return result;
    }

    async function stage(name: Stage, body: (view: StageView) => Promise<void>) {
      const view = stages.find((s) => s.stage === name)!;
      view.status = 'running';
      await save(ctx.job.id, stages);
      try {
        await body(view);
        view.status = 'succeeded';
        await ctx.log(`${name}: ${view.findings.length} findings in ${view.calls} calls`);
      } catch (err) {
        view.status = 'failed';
        await save(ctx.job.id, stages);
        throw err;
      }
      await save(ctx.job.id, stages);
    }

    const categories = await deps.prompts.categoriesOf(ws.id);
    const tracked = [row.displayName, row.slug, ...row.competitors.flatMap((c) => [c.name, ...c.aliases])];
    await stage('topics', async (view) => {
      const seen = new Set<string>();
      for (const language of languages) {
        const cat = categoryOr(language, categories[language]).plural;
        const asked = await call(view, 'model', () => model.ask(`List 6 questions that buyers of ${cat} ask before choosing one, one per line, in language "${language}", about ${cat}.`, ctx.signal));
        const searched = await call(view, 'serp', () => serp.search(`best ${cat}`, language, ctx.signal));
        for (const text of [...listItems(asked ?? '', 6), ...(searched?.relatedQuestions ?? [])]) {
          if (seen.has(text)) continue;
          seen.add(text);
          view.findings.push({ id: fid(), kind: 'topic', text, language });
        }
      }
    });

    const active = (await deps.prompts.active(ws.id, 1000)).map((p) => p.text);
    await stage('questions', async (view) => {
      const input = templateInputOf(row, categories);
      const suggested: Array<{ text: string; intent: Intent; language: Language }> = [];
      for (const intent of INTENTS) {
        for (const [li, language] of languages.entries()) {
          const cat = categoryOr(language, categories[language]).plural;
          const answer = await call(view, 'model', () => model.ask(
            `List 5 questions a buyer would ask an AI assistant about ${cat} (intent: ${intent.replace('_', ' ')}; brand: ${row.displayName}), one per line, in language "${language}".`, ctx.signal));
          if (answer === null) continue;
          // A simulated model cannot write in four languages: it proposes grammatical template prompts not yet in the set.
          const lines = model.simulated
            ? templatePrompts({ ...input, languages: [language] }, intent, active.length + 5).map((p) => p.text).filter((t) => !active.includes(t)).slice(0, 5)
            : listItems(answer, 5);
          suggested.push(...lines.map((text) => ({ text, intent, language })));
        }
      }
      view.findings.push(...dedupePrompts(suggested, active).map((p) => ({ id: fid(), kind: 'prompt' as const, ...p, accepted: false })));
    });

    const probes = [...stages[1]!.findings, ...stages[0]!.findings].map((f) => (f as { text: string }).text).slice(0, PROBES);
    await stage('competitors', async (view) => {
      const answers: ProbeAnswer[] = [];
      for (const q of probes) {
        const answer = await call(view, 'model', () => model.ask(`${q}\nAnswer with the brands or vendors you would recommend, one per line, as "Name - reason", with the address of a page that says so when you know one.`, ctx.signal));
        if (answer !== null) answers.push({ question: q, lines: listItems(answer) });
      }
      view.findings.push(...untrackedNames(answers, tracked).slice(0, 20).map((n) => ({ id: fid(), kind: 'competitor' as const, ...n, probes: answers.length, accepted: false })));
    });

    await stage('sources', async (view) => {
      const lists: string[][] = [];
      for (const q of probes) {
        const result = await call(view, 'serp', () => serp.search(q, languages[0]!, ctx.signal));
        if (result) lists.push(result.organic.map((o) => o.link));
      }
      const owned = new Set(row.domains.map(registrableDomain));
      const rivals = new Set(row.competitors.flatMap((c) => c.domains.map(registrableDomain)));
      view.findings.push(...countDomains(lists).slice(0, 30).map((d) => ({
        id: fid(), kind: 'source' as const, ...d, probes: lists.length, class: owned.has(d.domain) ? 'owned' as const : rivals.has(d.domain) ? 'competitor' as const : 'third_party' as const,
      })));
    });
  }
  jobs.register(KIND, run);

  async function resultOf(jobId: string) {
    return (await db.select().from(researchResults).where(eq(researchResults.jobId, jobId)))[0] ?? null;
  }
  const view = (job: Awaited<ReturnType<JobsService['get']>>, slug: string, result: Awaited<ReturnType<typeof resultOf>>) => ({
    ...jobView(job, slug),
    simulated: result?.simulated ?? null,
    stages: result?.stages ?? STAGES.map((stage) => ({ stage, status: 'pending' as const, calls: 0, findings: [] })),
  });

  async function accept(ws: WorkspaceContext, jobId: string, ids: string[], kind: 'prompt' | 'competitor', apply: (f: Finding) => Promise<void>) {
    const job = await jobs.get(ws, jobId, KIND);
    const result = await resultOf(job.id);
    const all = (result?.stages ?? []).flatMap((s) => s.findings);
    const chosen = ids.map((id) => all.find((f) => f.id === id && f.kind === kind));
    const missing = ids.filter((_, i) => !chosen[i]);
    if (missing.length) throw invalid(`No ${kind} finding ${missing.join(', ')} in research ${jobId}.`);
    for (const f of chosen as Finding[]) {
      if ((f as { accepted?: boolean }).accepted) continue;
      await apply(f);
      (f as { accepted: boolean }).accepted = true;
      await save(job.id, result!.stages);
    }
    return view(job, ws.slug, await resultOf(job.id));
  }

  return {
    /** What starting research would hold and call, and whether its model and search are simulated (no key). Free to ask. */
    async quote(ws: WorkspaceContext) {
      const row = await deps.workspaces.getRow(ws);
      const { model, serp } = await deps.providersFor(ws, row);
      return { holdMicrousd: RESEARCH_HOLD, maxCalls: { model: PROVIDER_CAPS.model, serp: PROVIDER_CAPS.serp }, calls: totalCalls(callPlan(row.languages.length, INTENTS.length)), simulated: { model: model.simulated, serp: serp.simulated } };
    },

    async start(ws: WorkspaceContext, userId: string | null) {
      const row = await deps.workspaces.getRow(ws);
      const calls = totalCalls(callPlan(row.languages.length, INTENTS.length));
      return jobs.start({ ws, kind: KIND, group: KIND, totalCalls: calls, progressSource: 'calls', createdBy: userId, params: { calls }, estimateMicrousd: RESEARCH_HOLD });
    },

    async list(ws: WorkspaceContext) {
      const rows = await jobs.list(ws, KIND, 20);
      const results = rows.length ? await db.select().from(researchResults).where(and(eq(researchResults.workspaceId, ws.id))).orderBy(desc(researchResults.updatedAt)) : [];
      return rows.map((job) => view(job, ws.slug, results.find((r) => r.jobId === job.id) ?? null));
    },

    async get(ws: WorkspaceContext, jobId: string) {
      const job = await jobs.get(ws, jobId, KIND);
      return view(job, ws.slug, await resultOf(job.id));
    },

    /** Questions of the latest research that has any: its prompt findings not yet accepted, then its topics. */
    async questions(workspaceId: string): Promise<Array<{ text: string; language: string; intent: Intent | null; jobId: string }>> {
      const rows = await db.select().from(researchResults).where(eq(researchResults.workspaceId, workspaceId)).orderBy(desc(researchResults.updatedAt)).limit(5);
      for (const row of rows) {
        const findings = row.stages.flatMap((s) => s.findings);
        const out = [
          ...findings.flatMap((f) => (f.kind === 'prompt' && !f.accepted ? [{ text: f.text, language: f.language, intent: f.intent, jobId: row.jobId }] : [])),
          ...findings.flatMap((f) => (f.kind === 'topic' ? [{ text: f.text, language: f.language, intent: null, jobId: row.jobId }] : [])),
        ];
        if (out.length) return out;
      }
      return [];
    },

    acceptPrompts: (ws: WorkspaceContext, jobId: string, ids: string[]) =>
      accept(ws, jobId, ids, 'prompt', async (f) => {
        if (f.kind === 'prompt') await deps.prompts.create(ws, { intent: f.intent, text: f.text, language: f.language });
      }),

    acceptCompetitors: (ws: WorkspaceContext, jobId: string, items: Array<{ findingId: string; domains: string[] }>) =>
      accept(ws, jobId, items.map((i) => i.findingId), 'competitor', async (f) => {
        if (f.kind !== 'competitor') return;
        const domains = items.find((i) => i.findingId === f.id)!.domains;
        await deps.workspaces.addCompetitor(ws, { name: f.name, domains, aliases: [f.name], ambiguous: false });
      }),
  };
}
export type ResearchService = ReturnType<typeof createResearchService>;
