import { describe, expect, it } from 'vitest';
import { analyzeAnswer } from './analyze.fns.ts';
import { CASES } from './analysis.cases.ts';

// The labelled answers: mentions, rank, citations and sentiment as an annotator marked them.
const signOf = (x: number | null) => (x === null ? null : x > 0.05 ? 'positive' : x < -0.05 ? 'negative' : 'neutral');

describe('labelled answers', () => {
  it('has at least 60 cases across en, es, ca and fr', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(60);
    for (const language of ['en', 'es', 'ca', 'fr']) expect(CASES.some((c) => c.language === language)).toBe(true);
  });

  it.each(CASES.map((c) => [`${c.language}: ${c.name}`, c] as const))('%s', (_name, c) => {
    const result = analyzeAnswer(c.workspace, c.answer, c.sources ?? []);
    expect(result.mentioned, 'mentioned').toEqual(c.expect.mentioned);
    expect(result.brand.rank, 'brandRank').toBe(c.expect.brandRank);
    if (c.expect.citations) {
      expect(result.citedDomains.map(({ domain, class: cls }) => ({ domain, class: cls })), 'citations').toEqual(c.expect.citations);
    }
    if (c.expect.brandSentiment !== undefined) {
      expect(signOf(result.brand.sentiment), `sentiment ${result.brand.sentiment}`).toBe(c.expect.brandSentiment);
    }
  });
});
