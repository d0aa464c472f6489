import { jsonSchema } from 'ai';
import { sentimentLabel } from '../analysis/eval.fns.ts';
import type { StoredAnalysis } from '../runs/stored-analysis.fns.ts';
import { LABELS, type Label } from './agreement.fns.ts';

// What the model judge is asked, and how its answer is read (docs/analysis.md, "Model judge").

/** Default price per judged answer: one short structured call to a small model, with margin. */
export const DEFAULT_JUDGE_PRICE_MICROUSD = 2_000;
/** At most this many answers per judge job: the quote and the hold stay bounded. */
export const MAX_JUDGED_ANSWERS = 2_000;
/** Calls in flight at once per job: the provider's rate limit is shared with runs and chat. */
export const JUDGE_CONCURRENCY = 4;
/** Answers longer than this are cut before they are sent (the verdict needs the gist, not every token). */
export const MAX_ANSWER_CHARS = 8_000;
export const RATIONALE_MAX = 300;

export interface Verdict { label: Label; rationale: string }

export const VerdictSchema = jsonSchema<Verdict>({
  type: 'object', additionalProperties: false, required: ['label', 'rationale'],
  properties: {
    label: { type: 'string', enum: [...LABELS], description: 'The answer\'s overall sentiment toward the brand.' },
    rationale: { type: 'string', description: `One short sentence (at most ${RATIONALE_MAX} characters) quoting or naming what decided the label.` },
  },
});

export const JUDGE_SYSTEM = [
  'You judge the sentiment an AI assistant\'s answer expresses toward one named brand, as a reader of the answer would take it.',
  'Labels: positive (praised or recommended, at most minor reservations); negative (criticised, warned against or ranked clearly worse);',
  'mixed (real praise and real criticism of the brand both carry weight); neutral (mentioned without an evaluative stance).',
  'Judge only what is said about that brand, not about its competitors. Reply with the label and one short rationale.',
].join(' ');

export function judgePrompt(brand: string, answer: string): string {
  const text = answer.length > MAX_ANSWER_CHARS ? `${answer.slice(0, MAX_ANSWER_CHARS)}…` : answer;
  return `Brand: ${brand}\n\nAnswer:\n<<<\n${text}\n>>>`;
}

/** The model's output, checked: a label outside the four, or no rationale, is refused (null). */
export function readVerdict(output: unknown): Verdict | null {
  const o = output as Partial<Verdict> | null;
  if (!o || typeof o !== 'object' || !LABELS.includes(o.label as Label) || typeof o.rationale !== 'string') return null;
  const rationale = o.rationale.trim().replace(/\s+/g, ' ');
  if (!rationale) return null;
  return { label: o.label as Label, rationale: rationale.length > RATIONALE_MAX ? `${rationale.slice(0, RATIONALE_MAX - 1)}…` : rationale };
}

/** The lexicon's brand label of a stored result, as the evaluation reads it (eval.fns.ts `sentimentLabel`). */
export function lexiconLabel(analysis: StoredAnalysis | null, brandSentiment: number | null): Label | null {
  const brand = analysis?.entities.find((e) => e.kind === 'brand');
  return sentimentLabel(brand?.sentiment ?? brandSentiment, brand?.sentimentLabel ?? null);
}

/** What a quote asks: the answers times the price per answer (micro-USD). */
export const quoteAmount = (answers: number, priceMicrousd: number) => answers * priceMicrousd;
