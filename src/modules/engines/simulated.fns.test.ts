import { describe, expect, it } from 'vitest';
import { analyzeAnswer } from '../analysis/analyze.fns.ts';
import { simulatedAnswer } from './simulated.fns.ts';

const profile = {
  brand: { name: 'Acme Analytics', aliases: ['acme'], domains: ['acme.com'], ambiguous: false },
  competitors: [
    { name: 'Globex', aliases: ['Globex Corp'], domains: ['globex.com'], ambiguous: false },
    { name: 'Initech', aliases: ['Initech'], domains: ['initech.io'], ambiguous: false },
  ],
};

describe('simulatedAnswer', () => {
  it('is deterministic per engine, prompt and day', () => {
    const a = simulatedAnswer('chatgpt', { text: 'best crm', language: 'en' }, '2026-01-01', profile);
    expect(simulatedAnswer('chatgpt', { text: 'best crm', language: 'en' }, '2026-01-01', profile)).toEqual(a);
    const others = ['perplexity', 'gemini'].map((e) => simulatedAnswer(e as 'gemini', { text: 'best crm', language: 'en' }, '2026-01-01', profile));
    expect(others.some((o) => o.text !== a.text) || simulatedAnswer('chatgpt', { text: 'best crm', language: 'en' }, '2026-01-02', profile).text !== a.text).toBe(true);
  });

  it('repeated samples of a prompt differ from each other and are each reproducible; sample 1 is the unsampled answer', () => {
    const ask = (sample?: number) => simulatedAnswer('chatgpt', { text: 'best crm', language: 'en', sample }, '2026-01-01', profile);
    expect(ask(1)).toEqual(ask());
    expect(ask(3)).toEqual(ask(3));
    const texts = new Set([1, 2, 3, 4, 5, 6].map((k) => ask(k).text + JSON.stringify(ask(k).sources)));
    expect(texts.size).toBeGreaterThan(1);
  });

  it('varies like real data: the brand is named in some answers, not all, with citations of every class', () => {
    const results = Array.from({ length: 200 }, (_, i) => analyzeAnswer(profile, ...(() => {
      const a = simulatedAnswer('chatgpt', { text: `prompt ${i}`, language: i % 2 ? 'es' : 'en' }, '2026-01-01', profile);
      return [a.text, a.sources] as const;
    })()));
    const rate = results.filter((r) => r.brand.mentioned).length / results.length;
    expect(rate).toBeGreaterThan(0.4);
    expect(rate).toBeLessThan(0.85);
    const classes = new Set(results.flatMap((r) => r.citations.map((c) => c.class)));
    expect(classes).toEqual(new Set(['owned', 'competitor', 'third_party']));
    const sentiments = results.map((r) => r.brand.sentiment).filter((s): s is number => s !== null);
    expect(sentiments.some((s) => s > 0.05)).toBe(true);
    expect(sentiments.some((s) => s < -0.05)).toBe(true);
    expect(new Set(results.filter((r) => r.brand.mentioned).map((r) => r.brand.rank)).size).toBeGreaterThan(1);
  });
});
