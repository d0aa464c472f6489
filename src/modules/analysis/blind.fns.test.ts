import { describe, expect, it } from 'vitest';
import { cohensKappa, goldLabels, scoreBlind, type BlindAnswer, type BlindLabel } from './blind.fns.ts';

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
    expect(r.agreement).toBeCloseTo(agreement, 6);
    expect(r.kappa).toBeCloseTo(kappa, 6);
  });
});

describe('gold labels', () => {
  it('takes the agreed label, the settled one where they differ, and refuses an unsettled disagreement', () => {
    const a = [{ id: 'w1-001', label: 'positive' as const }, { id: 'w1-002', label: 'mixed' as const }];
    const b = [{ id: 'w1-001', label: 'positive' as const }, { id: 'w1-002', label: 'negative' as const }];
    expect([...goldLabels(a, b, [{ id: 'w1-002', label: 'negative' }])]).toEqual([['w1-001', 'positive'], ['w1-002', 'negative']]);
    expect(() => goldLabels(a, b, [])).toThrow(/w1-002: A says mixed, B says negative/);
    expect(() => goldLabels(a, b.slice(0, 1), [])).toThrow(/w1-002: labelled by A only/);
  });
});

describe('scoring against the gold labels', () => {
  const c = (id: string, language: 'en' | 'fr'): BlindAnswer => ({ id, language, industry: 'x', shapes: [], prompt: 'p', answer: 'a', workspace: { brand: { name: 'B', aliases: [], domains: [] }, competitors: [] } });
  it('counts the label per language, the stance without the unknown answers, and the flag’s precision and recall', () => {
    const cases = [c('w1-001', 'en'), c('w1-002', 'en'), c('w1-003', 'en'), c('w1-004', 'fr')];
    const gold = new Map<string, BlindLabel>([['w1-001', 'positive'], ['w1-002', 'unknown'], ['w1-003', 'mixed'], ['w1-004', 'neutral']]);
    const got: Record<string, BlindLabel | 'none'> = { 'w1-001': 'positive', 'w1-002': 'unknown', 'w1-003': 'positive', 'w1-004': 'unknown' };
    const r = scoreBlind(cases, gold, (x) => got[x.id]!);
    expect(r.overall.label).toMatchObject({ n: 4, correct: 2, accuracy: 0.5 });
    expect(r.overall.stance).toMatchObject({ n: 3, correct: 1 });
    expect(r.overall.unknown).toEqual({ flagged: 2, actual: 1, precision: 0.5, recall: 1 });
    expect(r.byLanguage.en!.label).toMatchObject({ n: 3, correct: 2 });
    expect(r.byLanguage.fr!.unknown).toEqual({ flagged: 1, actual: 0, precision: 0, recall: null });
    expect(r.confusion.mixed).toEqual({ positive: 1 });
    expect(r.wrong.map((w) => w.id)).toEqual(['w1-003', 'w1-004']);
    const [low, high] = r.overall.label.interval!;
    expect(low).toBeLessThan(0.5);
    expect(high).toBeGreaterThan(0.5);
  });
});
