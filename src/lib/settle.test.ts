import { describe, expect, it } from 'vitest';
import { settledWithin } from './settle.ts';

describe('settledWithin', () => {
  it('is true once all have settled, rejections included', async () => {
    expect(await settledWithin([Promise.resolve(1), Promise.reject(new Error('x')).catch(() => {}), new Promise((r) => setImmediate(r))], 60_000)).toBe(true);
    expect(await settledWithin([], 60_000)).toBe(true);
  });
  it('is false when one never settles, once the time is up', async () => {
    expect(await settledWithin([Promise.resolve(), new Promise(() => {})], 10)).toBe(false);
  });
});
