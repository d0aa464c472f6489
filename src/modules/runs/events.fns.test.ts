import { describe, expect, it } from 'vitest';
import { runFailure } from './events.fns.ts';

describe('runFailure', () => {
  it.each([
    ['failed: all 12 engine calls failed', 'all_calls_failed', 'all 12 engine calls failed'],
    ['failed: the credit hold is exhausted', 'credits_exhausted', 'the credit hold is exhausted'],
    ['failed: the worker shut down', 'worker_shutdown', 'the worker shut down'],
    ['failed: its worker stopped heartbeating at 2026-01-01T00:00:00.000Z', 'worker_lost', 'its worker stopped heartbeating at 2026-01-01T00:00:00.000Z'],
    ['failed: no worker took the job', 'worker_lost', 'no worker took the job'],
    ['failed: relation "x" does not exist', 'internal_error', 'relation "x" does not exist'],
  ])('%s → %s', (line, code, message) => {
    expect(runFailure(line)).toEqual({ code, message });
  });
});
