import { describe, expect, it } from 'vitest';
import { wilsonPercent } from './wilson.ts';

describe('wilsonPercent', () => {
  it.each([
    [5, 10, [23.66, 76.34]],
    [0, 10, [0, 27.75]],
    [10, 10, [72.25, 100]],
    [1, 1000, [0.02, 0.56]],
  ])('%i of %i → %j', (k, n, expected) => {
    expect(wilsonPercent(k, n)!.map((x) => Number(x.toFixed(2)))).toEqual(expected);
  });
  it('is null without trials', () => expect(wilsonPercent(0, 0)).toBeNull());
});
