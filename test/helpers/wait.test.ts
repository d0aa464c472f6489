import { describe, expect, it } from 'vitest';
import { ended, until } from './wait.ts';

describe('test waits', () => {
  it('returns the first read that holds, reading no further', async () => {
    let reads = 0;
    const job = await ended(async () => ({ status: ++reads < 3 ? 'running' : 'succeeded', reads }), 'the job', { pauseMs: 1 });
    expect(job).toEqual({ status: 'succeeded', reads: 3 });
    expect(reads).toBe(3);
  });

  it('fails a wait that never holds, naming what it awaited and what it last read', async () => {
    await expect(until(async () => ({ status: 'running' }), () => false, 'the smoke run ending', { deadlineMs: 20, pauseMs: 1 }))
      .rejects.toThrow(/the smoke run ending did not happen in 0.02 s; last read: \{"status":"running"\}/);
  });
});
