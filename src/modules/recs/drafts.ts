import { generateText, type LanguageModel } from 'ai';
import type { Db } from '../../lib/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, invalid } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { WorkspaceContext } from '../../lib/http/types.ts';
import type { CreditsService } from '../credits/credits.service.ts';
import { draftPrompt, finalDraft, simulatedDraft } from './drafts.fns.ts';
import { recsRepo as repo, type RecRow } from './recs.repo.ts';

// A reply draft for a `reddit_thread` item through the workspace's model (the simulated model
// when no provider is configured), metered like one chat step: 120,000 micro-USD held, debited
// once the draft is stored, released if it fails.

export const DRAFT_PRICE = 120_000;
export const SIMULATED_MODEL = 'simulated:draft-v1';

export interface DraftModel {
  model: LanguageModel;
  name: string;
}

export async function writeDraft(rec: RecRow, brand: string, competitors: string[], model: DraftModel | null): Promise<string> {
  const input = { brand, threadUrl: String(rec.evidence.facts.threadUrl ?? rec.evidence.urls[0] ?? ''), prompts: rec.evidence.prompts.slice(0, 5).map((p) => p.text), competitors };
  if (!model) return finalDraft(simulatedDraft(input), brand)!;
  const { system, prompt } = draftPrompt(input);
  const { text } = await generateText({ model: model.model, system, prompt, maxRetries: 2, abortSignal: AbortSignal.timeout(60_000) });
  const final = finalDraft(text, brand);
  if (!final) throw new AppError('upstream_error', 'The model’s draft posed as an independent user and was discarded; try again.');
  return final;
}

export function createDrafts(deps: {
  db: Db; clock: Clock; credits: CreditsService;
  brandOf(ws: WorkspaceContext): Promise<{ name: string; competitors: string[] }>;
  modelFor(ws: WorkspaceContext): Promise<DraftModel | null>;
}) {
  const { db, clock, credits } = deps;

  return {
    async create(ws: WorkspaceContext, rec: RecRow) {
      if (rec.type !== 'reddit_thread') throw invalid(`Drafts exist only for recommendations of type reddit_thread; this one is ${rec.type}.`);
      const [brand, model] = await Promise.all([deps.brandOf(ws), deps.modelFor(ws)]);
      const { reservationId } = await credits.reserve(ws.id, 'recs_draft', DRAFT_PRICE, { metadata: { recId: rec.id } });
      let draft;
      try {
        const text = await writeDraft(rec, brand.name, brand.competitors, model);
        draft = await repo.insertDraft(db, {
          id: newId('drf'), recId: rec.id, workspaceId: ws.id, text, model: model?.name ?? SIMULATED_MODEL, simulated: !model, createdAt: clock.now(),
        });
      } catch (err) {
        await credits.release(reservationId);
        throw err;
      }
      await credits.settle(reservationId, DRAFT_PRICE);
      return { draftId: draft.id, recId: rec.id, version: draft.version, text: draft.text, model: draft.model, simulated: draft.simulated, createdAt: draft.createdAt.toISOString() };
    },
  };
}
export type Drafts = ReturnType<typeof createDrafts>;
