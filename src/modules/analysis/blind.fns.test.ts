import { describe, expect, it } from 'vitest';
import { goldLabels, scoreBlind, type BlindAnswer, type BlindLabel } from './blind.fns.ts';

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
