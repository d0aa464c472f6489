import { describe, expect, it } from 'vitest';
import { judgePrompt, lexiconLabel, MAX_ANSWER_CHARS, RATIONALE_MAX, readVerdict } from './judge.fns.ts';

describe('reading the model verdict', () => {
  it.each([
    { output: { label: 'mixed', rationale: '  Praised for price,\n criticised for support. ' }, expected: { label: 'mixed', rationale: 'Praised for price, criticised for support.' } },
    { output: { label: 'positive', rationale: 'x'.repeat(400) }, expected: { label: 'positive', rationale: `${'x'.repeat(RATIONALE_MAX - 1)}…` } },
    { output: { label: 'great', rationale: 'r' }, expected: null },
    { output: { label: 'neutral', rationale: '   ' }, expected: null },
    { output: { label: 'neutral' }, expected: null },
    { output: null, expected: null },
  ])('$output → $expected', ({ output, expected }) => {
    expect(readVerdict(output)).toEqual(expected);
  });
});

describe('the lexicon label of a stored result', () => {
  const analysis = (sentiment: number | null, sentimentLabel?: 'mixed' | 'positive' | null) => ({
    mentioned: ['Acme'], citations: [],
    entities: [{ entityId: 'brand', name: 'Acme', kind: 'brand' as const, mentioned: true as const, rank: 1, sentiment, ...(sentimentLabel === undefined ? {} : { sentimentLabel }) }],
  });
  it.each([
    { name: 'the analyzer\'s own label wins', a: analysis(0.4, 'mixed'), score: 0.4, expected: 'mixed' },
    { name: 'older rows without a label: from the score', a: analysis(0.4), score: 0.4, expected: 'positive' },
    { name: 'a faint score is neutral', a: analysis(0.03), score: 0.03, expected: 'neutral' },
    { name: 'negative score', a: analysis(-0.3), score: -0.3, expected: 'negative' },
    { name: 'no analysis: the result\'s own score', a: null, score: -0.2, expected: 'negative' },
    { name: 'nothing known', a: null, score: null, expected: null },
  ])('$name', ({ a, score, expected }) => {
    expect(lexiconLabel(a, score)).toBe(expected);
  });
});

it('the prompt names the brand and carries the answer, cut when long', () => {
  expect(judgePrompt('Acme', 'Acme is fine.')).toBe('Brand: Acme\n\nAnswer:\n<<<\nAcme is fine.\n>>>');
  expect(judgePrompt('Acme', 'a'.repeat(MAX_ANSWER_CHARS + 50)).length).toBeLessThan(MAX_ANSWER_CHARS + 40);
});
