import { describe, expect, it } from 'vitest';
import { contentGaps, laggards, type GeoInput, type GeoResult } from './geo-lane.fns.ts';
import { templateText } from './writer.ts';

// The template texts a person reads on a card, from candidates the geo lane makes: engines and
// languages by display name, intents in words, every figure k of n with its interval.

let n = 0;
const r = (over: Partial<GeoResult>): GeoResult => ({
  id: `res_${++n}`, runId: 'run_1', engine: 'google-aio', promptId: `prm_${n % 4}`, prompt: 'p', intent: 'problem_solution', language: 'en', simulated: false,
  brandMentioned: false, brandSentiment: null, competitors: [], citations: [], answer: '', ...over,
});
const input = (results: GeoResult[]): GeoInput => ({
  brand: { name: 'Acme Analytics', aliases: [] }, results, window: { runIds: ['run_1'], from: '2026-11-01T00:00:00.000Z', to: '2026-11-01T00:00:00.000Z' }, now: '2026-11-02T00:00:00.000Z',
});
const texts = (cs: ReturnType<typeof contentGaps>) => cs.map((c) => ({ ...templateText(c, 'Acme Analytics'), summary: c.evidence.summary, labels: c.evidence.figures.map((f) => f.label) }));
const gaps = () => [...Array.from({ length: 3 }, () => r({ competitors: ['Globex'] })), r({ competitors: ['Globex', 'Initech'] }), r({ brandMentioned: true })];
const skewed = (by: 'engine' | 'language', low: string, high: string) => [
  ...Array.from({ length: 30 }, (_, i) => r({ [by]: low, brandMentioned: i < 2 })),
  ...Array.from({ length: 30 }, (_, i) => r({ [by]: high, brandMentioned: i < 27 })),
];

describe('template texts name things as a person reads them', () => {
  it.each([
    ['a content gap', () => texts(contentGaps(input(gaps()))), 'Publish a how-to guide that shows how Acme Analytics solves the problem, so that Google AI Overviews can cite it', /^Google AI Overviews: 4 of 5 problem solution answers name competitors/],
    ['an engine gap', () => texts(laggards(input(skewed('engine', 'google-aio', 'chatgpt')), 'engine')).slice(0, 1), 'Raise the visibility of Acme Analytics on Google AI Overviews', /^Google AI Overviews: the brand is named in 2 of 30 answers, against 27 of 30 on the other engines$/],
    ['a language gap', () => texts(laggards(input(skewed('language', 'de', 'en')), 'language')).slice(0, 1), 'Strengthen Acme Analytics in answers in German', /^German: the brand is named in 2 of 30 answers, against 27 of 30 in other languages$/],
  ])('%s', (_, make, title, summary) => {
    const [item] = make();
    expect(item!.title).toBe(title);
    expect(item!.summary).toMatch(summary);
    for (const text of [item!.title, item!.rationale, item!.summary, ...item!.labels]) expect(text).not.toMatch(/google-aio|chatgpt|problem_solution|\bde\b/);
  });

  it('a content gap gives each rival as a share of the gap answers, with its interval', () => {
    const [gap] = contentGaps(input(gaps()));
    expect(gap!.evidence.figures.slice(1)).toEqual([
      expect.objectContaining({ label: 'share of gap answers that name Globex', unit: 'percent', value: 100, k: 4, n: 4, interval: [51.01, 100] }),
      expect.objectContaining({ label: 'share of gap answers that name Initech', unit: 'percent', value: 25, k: 1, n: 4 }),
    ]);
  });
});
