import { generateText, type LanguageModel } from 'ai';
import { INTENTS } from '../workspaces/workspaces.schemas.ts';
import type { JobContext, JobsService } from '../jobs/jobs.service.ts';
import type { WorkspaceContext } from '../../lib/http/types.ts';
import type { WorkspaceRow } from '../workspaces/workspaces.service.ts';
import type { PromptsService } from './prompts.service.ts';
import { templatesFor } from './prompts.fns.ts';
import type { Intent, Language } from './prompts.types.ts';

// Prompt generation: refill the active set to `activeSetSize` by quota. Through the workspace's
// model when a provider key is configured (250,000 micro-USD held per call, at most 100 calls),
// otherwise from the deterministic templates, at no cost.

export const KIND = 'prompt_generation';
export const PRICE_PER_CALL = 250_000;
export const MAX_CALLS = 100;
const PER_CALL = 25;
const CALL_TIMEOUT_MS = 120_000;

type Chunk = { intent: Intent; language: Language; count: number };

export function chunksOf(deficits: Record<Intent, number>, languages: Language[]): Chunk[] {
  const chunks: Chunk[] = [];
  for (const intent of INTENTS) {
    let left = deficits[intent];
    for (let i = 0; left > 0; i++) {
      const count = Math.min(PER_CALL, left);
      chunks.push({ intent, language: languages[i % languages.length]!, count });
      left -= count;
    }
  }
  return chunks.slice(0, MAX_CALLS);
}

export function createPromptGeneration(deps: {
  jobs: JobsService; prompts: PromptsService;
  workspaceRow(ws: WorkspaceContext): Promise<WorkspaceRow>;
  modelFor(ws: WorkspaceContext, row: WorkspaceRow): Promise<LanguageModel | null>;
}) {
  async function generate(ctx: JobContext) {
    const ws = { id: ctx.job.workspaceId, slug: '', role: null };
    const row = await deps.workspaceRow(ws);
    const deficits = await deps.prompts.deficits(row);
    const model = ctx.job.params.useModel ? await deps.modelFor(ws, row) : null;
    if (!model) {
      const made = templatesFor(await deps.prompts.templateInput(row), deficits);
      await deps.prompts.replaceGenerated(row.id, made.prompts.map(({ stem: _stem, ...p }) => p), 'template');
      ctx.progress(1);
      // Never padded with numbered copies: a short set says how short, and why.
      await ctx.log(made.missing
        ? `${made.prompts.length} prompts from templates, ${made.missing} fewer than the ${made.wanted} wanted: the templates have no more distinct questions${Object.keys((await deps.prompts.templateInput(row)).categories).length < row.languages.length ? ' until every language has a category' : ''}. Add your own, or generate with a model.`
        : `${made.prompts.length} prompts from templates`);
      return;
    }
    // No more calls than the hold was sized for when the job started.
    const chunks = chunksOf(deficits, row.languages as Language[]).slice(0, Number(ctx.job.params.calls ?? 0));
    const fresh: Array<{ intent: string; text: string; language: string; region: string | null }> = [];
    const categories = await deps.prompts.categoriesOf(row.id);
    for (const [i, chunk] of chunks.entries()) {
      if (ctx.signal.aborted) return;
      if (!(await ctx.lease(PRICE_PER_CALL))) throw new Error('the credit hold is exhausted');
      const { text } = await generateText({
        model, abortSignal: AbortSignal.any([ctx.signal, AbortSignal.timeout(CALL_TIMEOUT_MS)]), maxRetries: 3,
        prompt: `Write ${chunk.count} distinct questions, one per line and nothing else, that a person might ask an AI assistant ` +
          `(intent: ${chunk.intent.replace('_', ' ')}) about ${categories[chunk.language]?.plural ?? row.industry ?? 'products and services'} such as ${row.displayName} ` +
          `or ${row.competitors.map((c) => c.name).join(', ')}. Language: ${chunk.language}.`,
      });
      const lines = text.split('\n').map((l) => l.replace(/^\s*(?:\d+[.)]|[-*•])\s*/, '').trim()).filter((l) => l.length >= 8 && l.length <= 400);
      fresh.push(...lines.slice(0, chunk.count).map((line) => ({ intent: chunk.intent, text: line, language: chunk.language, region: row.regions[0] ?? null })));
      ctx.progress(i + 1);
    }
    await deps.prompts.replaceGenerated(row.id, fresh, 'model');
    await ctx.log(`${fresh.length} prompts from the model in ${chunks.length} calls`);
  }
  deps.jobs.register(KIND, generate);

  return {
    async start(ws: WorkspaceContext, userId: string | null) {
      const row = await deps.workspaceRow(ws);
      const useModel = (await deps.modelFor(ws, row)) !== null;
      const calls = useModel ? chunksOf(await deps.prompts.deficits(row), row.languages as Language[]).length : 1;
      return deps.jobs.start({
        ws, kind: KIND, group: KIND, totalCalls: calls, progressSource: useModel ? 'calls' : 'batches', createdBy: userId,
        params: { useModel, calls }, estimateMicrousd: useModel ? calls * PRICE_PER_CALL : 0,
      });
    },
  };
}
