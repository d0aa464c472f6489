import { describe, expect, it } from 'vitest';
import type { AnalysisCase } from './eval.cases.ts';
import { emptyTally, evaluate, prf, sentimentLabel, substringPrediction, tallyCase } from './eval.fns.ts';

const ws = {
  brand: { name: 'Bear', aliases: [], domains: ['bear.app'], ambiguous: true },
  competitors: [{ name: 'Acme', aliases: [], domains: ['acme.com'], ambiguous: false }],
};
const kase = (answer: string, mentioned: string[], brandRank: number | null, more: Partial<AnalysisCase['expect']> = {}): AnalysisCase =>
  ({ name: answer, language: 'en', workspace: ws, answer, expect: { mentioned, brandRank, citations: [], ...more } });

describe('prf', () => {
  it.each([
    [{ tp: 8, fp: 2, fn: 0 }, { precision: 0.8, recall: 1, f1: 8 / 9 }],
    [{ tp: 0, fp: 0, fn: 0 }, { precision: 1, recall: 1, f1: 1 }],
    [{ tp: 0, fp: 1, fn: 1 }, { precision: 0, recall: 0, f1: 0 }],
  ])('%j', (counts, expected) => {
    const got = prf(counts);
    for (const k of ['precision', 'recall', 'f1'] as const) expect(got[k]).toBeCloseTo(expected[k]);
  });
});

describe('tallyCase', () => {
  it('counts mentions per entity, ambiguous names apart, rank, order, citations and sentiment', () => {
    const c = kase('x', ['Bear', 'Acme'], 1, { citations: [{ domain: 'g2.com', class: 'third_party' }], brandSentiment: 'negative' });
    const t = tallyCase(emptyTally(), c, { mentioned: ['Acme'], brandRank: null, citedDomains: ['g2.com', 'x.com'], sentiment: null });
    expect(t.mentions).toEqual({ tp: 1, fp: 0, fn: 1 });
    expect(t.ambiguous).toEqual({ tp: 0, fp: 0, fn: 1 });
    expect(t.rank).toEqual({ exact: 0, n: 1 });
    expect(t.order).toEqual({ exact: 0, n: 1 });
    expect(t.citations).toEqual({ tp: 1, fp: 1, fn: 0 });
    expect(t.sentiment).toMatchObject({ correct: 0, n: 1, negatives: 1, negativesFound: 0 });
    // The confusion matrix: labelled negative, no label from the analyzer.
    expect(t.sentiment.confusion.negative).toEqual({ positive: 0, neutral: 0, negative: 0, mixed: 0, none: 1 });
    expect(Object.values(t.sentiment.confusion).flatMap((row) => Object.values(row)).reduce((a, b) => a + b, 0)).toBe(1);
  });
});

describe('substringPrediction', () => {
  it('matches any case of a name, alias or domain and ranks by first occurrence; URLs by regex', () => {
    const p = substringPrediction(kase('A bear met acme.com at https://www.g2.com/x.', [], null));
    expect(p).toEqual({ mentioned: ['Bear', 'Acme'], brandRank: 1, citedDomains: ['g2.com'], sentiment: null });
  });
});

describe('sentimentLabel', () => {
  it.each([[0.3, undefined, 'positive'], [-0.3, undefined, 'negative'], [0.01, undefined, 'neutral'], [null, undefined, null], [0.3, 'mixed', 'mixed']])(
    '%s %s → %s', (score, label, expected) => expect(sentimentLabel(score as number | null, label)).toBe(expected),
  );
});

describe('evaluate', () => {
  it('scores the analysis and the baseline per language and lists failures', () => {
    const cases = [kase('We saw a bear. Acme is fine.', ['Acme'], null), kase('- **Bear** – notes\n- **Acme** – CRM', ['Bear', 'Acme'], 1)];
    const r = evaluate(cases);
    const mentions = r.overall[0]!;
    expect(mentions.analyzer).toEqual({ precision: 1, recall: 1, f1: 1 });
    expect((mentions.baseline as { precision: number }).precision).toBeCloseTo(3 / 4);
    expect(Object.keys(r.byLanguage)).toEqual(['en']);
    expect(r.failures).toEqual([]);
  });
});
