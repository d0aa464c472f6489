import { describe, expect, it } from 'vitest';
import { loadAnalysisCases } from './eval.cases.ts';
import { evaluate } from './eval.fns.ts';

// The labelled answers as a whole: aggregate figures a little below those measured when the rules
// were last changed (docs/analysis.md), so that a change that makes the analysis worse fails here,
// while a case the rules still miss stays visible in `npm run analyze:eval -- --failures`.
// Sentiment is measured by the eval but not asserted here (its rules are scored separately).

const CASES = loadAnalysisCases();
const result = evaluate(CASES);
const row = (dimension: string) => result.overall.find((r) => r.dimension.startsWith(dimension))!;
const f1 = (dimension: string, of: 'analyzer' | 'baseline' = 'analyzer') => (row(dimension)[of] as { f1: number }).f1;
const accuracy = (dimension: string, of: 'analyzer' | 'baseline' = 'analyzer') => (row(dimension)[of] as { accuracy: number }).accuracy;

describe('labelled answers', () => {
  it('has at least 300 answers, English the largest share and each other language about a fifth', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(300);
    const share = (language: string) => CASES.filter((c) => c.language === language).length / CASES.length;
    for (const language of ['es', 'ca', 'fr']) {
      expect(share(language)).toBeGreaterThanOrEqual(0.15);
      expect(share('en')).toBeGreaterThan(share(language));
    }
  });

  it('has unique case names per language', () => {
    const keys = CASES.map((c) => `${c.language}: ${c.name}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('finds mentions better than a substring match', () => {
    expect(f1('mentions')).toBeGreaterThanOrEqual(0.97);
    expect(f1('mentions')).toBeGreaterThan(f1('mentions', 'baseline'));
  });

  it('finds ambiguous names with precision and recall of at least 0.95', () => {
    const { precision, recall } = row('ambiguous').analyzer as { precision: number; recall: number };
    expect(precision).toBeGreaterThanOrEqual(0.95);
    expect(recall).toBeGreaterThanOrEqual(0.95);
  });

  it('ranks the brand exactly in at least 95% of answers, above the baseline', () => {
    expect(accuracy('brand rank')).toBeGreaterThanOrEqual(0.95);
    expect(accuracy('brand rank')).toBeGreaterThan(accuracy('brand rank', 'baseline'));
  });

  it('finds cited domains with F1 of at least 0.98', () => {
    expect(f1('cited domains')).toBeGreaterThanOrEqual(0.98);
  });

  it('scores every language on every dimension', () => {
    expect(Object.keys(result.byLanguage).sort()).toEqual(['ca', 'en', 'es', 'fr']);
  });
});
