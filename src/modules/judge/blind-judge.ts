import type { LanguageModel } from 'ai';
import { analyserLabel, type BlindAnswer, type BlindLabel } from '../analysis/blind.fns.ts';
import { agreement, type Label } from './agreement.fns.ts';
import { judgeOne } from './judge.call.ts';

// The model judge on the blind set (docs/analysis.md, "Model judge", "Which to trust"): the model's
// tone label for each blind answer whose engine knows the brand, against the lexicon's (Cohen's κ,
// as a run's judge report gives it) and against the people's labels (accuracy), so that the docs
// can say which reader to trust and by how much. Answers labelled `unknown` are left out: the
// judge reads tone, and an engine that does not know the brand has none.

const STANCES = new Set<string>(['positive', 'negative', 'mixed', 'neutral']);
const stance = (l: string | null | undefined): Label | null => (l && STANCES.has(l) ? (l as Label) : null);

export interface BlindJudgement { id: string; gold: Label; lexicon: Label | null; model: Label | null; error?: string }

export async function judgeBlindSet(model: LanguageModel, cases: BlindAnswer[], gold: Map<string, BlindLabel>, opts: { concurrency?: number; signal?: AbortSignal } = {}) {
  const items = cases.filter((c) => stance(gold.get(c.id)) !== null);
  const out: BlindJudgement[] = new Array(items.length);
  let next = 0;
  const signal = opts.signal ?? new AbortController().signal;
  // A few calls at once, as the judge job makes them (JUDGE_CONCURRENCY): a provider's limits hold.
  await Promise.all(Array.from({ length: Math.min(opts.concurrency ?? 4, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      const c = items[i]!;
      const row: BlindJudgement = { id: c.id, gold: stance(gold.get(c.id))!, lexicon: stance(analyserLabel(c)), model: null };
      try {
        row.model = (await judgeOne(model, c.workspace.brand.name, c.answer, signal)).label;
      } catch (err) {
        row.error = (err as Error).message;
      }
      out[i] = row;
    }
  }));
  const right = (pick: (r: BlindJudgement) => Label | null) => {
    const rows = out.filter((r) => r.model !== null);
    return { n: rows.length, correct: rows.filter((r) => pick(r) === r.gold).length };
  };
  return {
    judged: out.filter((r) => r.model !== null).length,
    failed: out.filter((r) => r.error).length,
    /** The model against the lexicon, over the answers both labelled. */
    withLexicon: agreement(out.map((r) => ({ lexicon: r.lexicon, model: r.model }))),
    /** Each reader against the people, over the answers the model labelled. */
    model: right((r) => r.model),
    lexicon: right((r) => r.lexicon),
    rows: out,
  };
}
