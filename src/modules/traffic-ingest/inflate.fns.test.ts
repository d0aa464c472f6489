import { describe, expect, it } from 'vitest';
import { inflationLimit, inflationMessage, MAX_INFLATED_BYTES } from './inflate.fns.ts';

describe('inflationLimit', () => {
  it.each([
    [0, 0],
    [1, 100],
    [50_988, 5_098_800],
    [306 * 1024, 31_334_400],
    [21_474_836, 2_147_483_600], // just under 2 GiB at 100×
    [21_474_837, MAX_INFLATED_BYTES], // from here 2 GiB is the smaller
    [100 * 2 ** 20, MAX_INFLATED_BYTES], // the largest upload
  ])('%i compressed bytes may inflate to %i', (compressed, limit) => {
    expect(inflationLimit(compressed)).toBe(limit);
  });

  it('the message names the limit, the ratio and what was stored', () => {
    expect(inflationMessage(1000, 3)).toBe("the gzip data inflates past 100000 bytes, 100 times the upload's 1000 bytes (the limit is 100 times the upload or 2 GiB, whichever is smaller); reading stopped after 3 lines (those lines are stored)");
  });
});
