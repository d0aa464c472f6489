import { describe, expect, it } from 'vitest';
import { cohensKappa } from './kappa.ts';

describe("Cohen's κ", () => {
  it.each([
    ['perfect agreement', [['a', 'a'], ['b', 'b'], ['a', 'a'], ['b', 'b']], 1, 1],
    // Observed 0.5; each labeller says a half the time, so chance is 0.5 and κ is 0.
    ['agreement no better than chance', [['a', 'a'], ['a', 'b'], ['b', 'a'], ['b', 'b']], 0.5, 0],
    // A textbook case: 20 yes/yes, 5 yes/no, 10 no/yes, 15 no/no → po 0.7, pe 0.5, κ 0.4.
    ['the textbook 2×2', [...Array(20).fill(['y', 'y']), ...Array(5).fill(['y', 'n']), ...Array(10).fill(['n', 'y']), ...Array(15).fill(['n', 'n'])], 0.7, 0.4],
    ['systematic disagreement', [['a', 'b'], ['b', 'a']], 0, -1],
  ] as Array<[string, Array<[string, string]>, number, number]>)('%s', (_name, pairs, agreement, kappa) => {
    const r = cohensKappa(pairs);
    expect(r.observed).toBeCloseTo(agreement, 6);
    expect(r.kappa).toBeCloseTo(kappa, 6);
  });

  it('has no κ without pairs, or when both sides used one same label only', () => {
    expect(cohensKappa([]).kappa).toBeNull();
    expect(cohensKappa([['a', 'a'], ['a', 'a']]).kappa).toBeNull();
  });
});
