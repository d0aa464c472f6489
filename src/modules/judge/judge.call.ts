import { generateText, Output, type LanguageModel } from 'ai';
import { JUDGE_SYSTEM, judgePrompt, readVerdict, VerdictSchema, type Verdict } from './judge.fns.ts';

/**
 * One structured verdict of a model on one answer's tone toward a brand: the call the judge job
 * makes per answer, and the blind set's judge (blind-judge.ts) makes per blind answer.
 */
export async function judgeOne(model: LanguageModel, brand: string, answer: string, signal: AbortSignal): Promise<Verdict> {
  const { output } = await generateText({
    model, system: JUDGE_SYSTEM, prompt: judgePrompt(brand, answer), maxRetries: 1,
    output: Output.object({ schema: VerdictSchema, name: 'verdict' }), abortSignal: AbortSignal.any([signal, AbortSignal.timeout(60_000)]),
  });
  const verdict = readVerdict(output);
  if (!verdict) throw new Error('the model answered outside the verdict schema');
  return verdict;
}
