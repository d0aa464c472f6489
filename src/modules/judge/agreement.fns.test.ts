import { describe, expect, it } from 'vitest';
import { agreement, emptyConfusion, type Label } from './agreement.fns.ts';

const pairs = (list: Array<[Label | null, Label | null]>) => list.map(([lexicon, model]) => ({ lexicon, model }));
const repeat = <T>(x: T, k: number): T[] => Array.from({ length: k }, () => x);

describe('agreement between the lexicon and the model judge', () => {
  const cases: Array<{ name: string; input: Array<[Label | null, Label | null]>; n: number; percent: number | null; kappa: number | null }> = [
    { name: 'nothing to compare', input: [], n: 0, percent: null, kappa: null },
    { name: 'missing labels are left out', input: [[null, 'positive'], ['positive', null]], n: 0, percent: null, kappa: null },
    { name: 'perfect agreement over two labels', input: [['positive', 'positive'], ['negative', 'negative']], n: 2, percent: 100, kappa: 1 },
    // One label only on both sides: chance agreement is 1, kappa undefined.
    { name: 'both raters use one label', input: [['neutral', 'neutral'], ['neutral', 'neutral']], n: 2, percent: 100, kappa: null },
    { name: 'complete disagreement', input: [['positive', 'negative'], ['negative', 'positive']], n: 2, percent: 0, kappa: -1 },
    // Textbook 2×2 (Cohen 1960 style): 20 yes/yes, 5 yes/no, 10 no/yes, 15 no/no → po 0.7, pe 0.5, κ 0.4.
    {
      name: 'textbook example: κ 0.4',
      input: [...repeat<[Label, Label]>(['positive', 'positive'], 20), ...repeat<[Label, Label]>(['positive', 'negative'], 5), ...repeat<[Label, Label]>(['negative', 'positive'], 10), ...repeat<[Label, Label]>(['negative', 'negative'], 15)],
      n: 50, percent: 70, kappa: 0.4,
    },
    // Agreement at exactly chance: κ 0.
    { name: 'agreement at chance', input: [['positive', 'positive'], ['positive', 'mixed'], ['mixed', 'positive'], ['mixed', 'mixed']], n: 4, percent: 50, kappa: 0 },
  ];
  it.each(cases)('$name', ({ input, n, percent, kappa }) => {
    const a = agreement(pairs(input));
    expect(a.n).toBe(n);
    expect(a.percentAgreement).toBe(percent);
    expect(a.kappa).toBe(kappa);
  });

  it('fills the 4×4 confusion matrix: rows are the lexicon, columns the model', () => {
    const a = agreement(pairs([['mixed', 'negative'], ['mixed', 'negative'], ['positive', 'mixed'], ['neutral', 'neutral']]));
    const expected = emptyConfusion();
    expected.mixed.negative = 2;
    expected.positive.mixed = 1;
    expected.neutral.neutral = 1;
    expect(a.confusion).toEqual(expected);
    expect(Object.keys(a.confusion)).toEqual(['positive', 'neutral', 'negative', 'mixed']);
    expect(a.agreed).toBe(1);
  });
});
