// Agreement between two labellings of the same answers (the lexicon's and the model judge's):
// raw agreement, Cohen's kappa (agreement beyond what the two marginals give by chance) and the
// 4×4 confusion matrix (κ from lib/stats/kappa.ts). Pure, so the figures in docs/analysis.md can be table-tested.
import { cohensKappa } from '../../lib/stats/kappa.ts';

export const LABELS = ['positive', 'neutral', 'negative', 'mixed'] as const;
export type Label = (typeof LABELS)[number];

/** rows: the lexicon's label; columns: the model's. */
export type Confusion = Record<Label, Record<Label, number>>;

export interface Agreement {
  /** Pairs where both labels exist. */
  n: number;
  agreed: number;
  /** 100 · agreed / n, one decimal; null when n = 0. */
  percentAgreement: number | null;
  /** Cohen's kappa, three decimals; null when n = 0 or chance agreement is 1 (both raters used one same label only). */
  kappa: number | null;
  confusion: Confusion;
}

export function emptyConfusion(): Confusion {
  const row = () => Object.fromEntries(LABELS.map((l) => [l, 0])) as Record<Label, number>;
  return Object.fromEntries(LABELS.map((l) => [l, row()])) as Confusion;
}

const round = (x: number, digits: number) => Number(x.toFixed(digits));

/** Pairs with a missing label on either side are left out (n counts only complete pairs). */
export function agreement(pairs: Array<{ lexicon: Label | null; model: Label | null }>): Agreement {
  const confusion = emptyConfusion();
  let n = 0;
  let agreed = 0;
  for (const { lexicon, model } of pairs) {
    if (!lexicon || !model) continue;
    confusion[lexicon][model]++;
    n++;
    if (lexicon === model) agreed++;
  }
  if (n === 0) return { n, agreed, percentAgreement: null, kappa: null, confusion };
  const complete = pairs.filter((p): p is { lexicon: Label; model: Label } => Boolean(p.lexicon && p.model));
  const { observed: po, kappa: raw } = cohensKappa(complete.map((p) => [p.lexicon, p.model] as const));
  const kappa = raw === null ? null : round(raw, 3);
  return { n, agreed, percentAgreement: round(100 * po, 1), kappa: kappa === 0 ? 0 : kappa, confusion };
}
