import { describe, expect, it } from 'vitest';
import { chunksOf, MAX_CALLS } from './generation.ts';

const zero = { discovery: 0, problem_solution: 0, use_case: 0, comparison: 0, expert: 0, brand_research: 0 };

describe('chunksOf', () => {
  it('asks for at most 25 prompts per call, cycling languages', () => {
    expect(chunksOf({ ...zero, discovery: 60 }, ['en', 'fr'])).toEqual([
      { intent: 'discovery', language: 'en', count: 25 },
      { intent: 'discovery', language: 'fr', count: 25 },
      { intent: 'discovery', language: 'en', count: 10 },
    ]);
  });

  it('never plans more than 100 calls (spec 8: at most 100 calls of 250,000 micro-USD)', () => {
    const chunks = chunksOf({ ...zero, discovery: 3000, expert: 300 }, ['en']);
    expect(MAX_CALLS).toBe(100);
    expect(chunks).toHaveLength(100);
  });

  it('plans nothing when nothing is missing', () => {
    expect(chunksOf(zero, ['en'])).toEqual([]);
  });
});
