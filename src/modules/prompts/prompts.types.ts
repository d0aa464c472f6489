import type { INTENTS } from '../workspaces/workspaces.schemas.ts';

// The prompt vocabulary shared by the pure functions, the language packs and the services.
// Its own file so that prompts.fns and templates.fns need not import each other (no import cycle).

export type Intent = (typeof INTENTS)[number];
export type Language = 'en' | 'es' | 'ca' | 'fr';
export type Gender = 'm' | 'f';

/** The workspace's category in one language: a complete noun phrase with its own head noun. */
export interface Category {
  singular: string;
  plural: string;
  /** Grammatical gender of the head noun; required in es, ca and fr, null in en. */
  gender: Gender | null;
}

/** Funnel stage of each intent (docs/prompts.md). */
export const STAGE_OF: Record<Intent, 'awareness' | 'consideration' | 'decision'> = {
  discovery: 'awareness', expert: 'awareness',
  problem_solution: 'consideration', use_case: 'consideration',
  comparison: 'decision', brand_research: 'decision',
};
