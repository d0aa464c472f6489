import { describe, expect, it } from 'vitest';
import { searchConfigOf } from './answer-search.fns.ts';

describe('search configuration of a language', () => {
  it.each([
    ['en', 'english'], ['EN-us', 'english'], ['es-ES', 'spanish'], ['ca', 'catalan'], ['fr', 'french'], ['de', 'simple'], ['', 'simple'],
  ])('%s → %s', (language, config) => {
    expect(searchConfigOf(language)).toBe(config);
  });
});
