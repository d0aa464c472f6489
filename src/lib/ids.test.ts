import { describe, expect, it } from 'vitest';
import { newId } from './ids.ts';

// Ids are prefixed ULIDs (lower case): unique, and in creation order within a process.
describe('newId', () => {
  it('is the prefix and a 26-character Crockford base-32 ULID', () => {
    expect(newId('res')).toMatch(/^res_[0-9a-hjkmnp-tv-z]{26}$/);
  });

  it('never repeats and sorts in creation order, across more ids than one buffer of random bytes', () => {
    const ids = Array.from({ length: 20_000 }, () => newId('res'));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });
});
