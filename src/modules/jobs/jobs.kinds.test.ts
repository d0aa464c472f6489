import { describe, expect, it } from 'vitest';
import { isJobKind, JOB_QUEUES, JOB_RETRIES, unknownJobKind } from './jobs.kinds.ts';
import { retryOnDeadlock } from './jobs.queue.ts';

describe('job kind registry', () => {
  it('names every kind the service registers, each once, in the jobs.kind grammar', () => {
    expect(JOB_QUEUES).toEqual(expect.arrayContaining(['measurement', 'prompt_generation']));
    expect(new Set(JOB_QUEUES).size).toBe(JOB_QUEUES.length);
    for (const kind of JOB_QUEUES) expect(kind).toMatch(/^[a-z]+(?:_[a-z]+)*$/);
  });

  it('an unknown kind is refused with a message pointing at the registry', () => {
    expect(isJobKind('measurement')).toBe(true);
    expect(isJobKind('page_evaluation_x')).toBe(false);
    expect(unknownJobKind('x').message).toContain('src/modules/jobs/jobs.kinds.ts');
  });
});

describe('retry policies', () => {
  it('alert evaluation and mail and report and portfolio deliveries are retried with a limit and backoff; runs and the other kinds never are', () => {
    const retried = ['alerts_eval', 'alerts_mail', 'report_delivery', 'portfolio_delivery'] as const;
    for (const kind of retried) expect(JOB_RETRIES[kind]).toEqual({ retryLimit: 5, retryDelaySeconds: 30 });
    for (const kind of JOB_QUEUES.filter((k) => !(retried as readonly string[]).includes(k))) expect(JOB_RETRIES[kind]).toBeUndefined();
  });
});

describe('retryOnDeadlock', () => {
  const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
  it('retries a deadlock victim, then succeeds', async () => {
    let calls = 0;
    expect(await retryOnDeadlock(async () => (++calls < 3 ? Promise.reject(deadlock) : 'ok'))).toBe('ok');
    expect(calls).toBe(3);
  });

  it('gives up after its attempts, and never retries another error', async () => {
    let calls = 0;
    await expect(retryOnDeadlock(async () => { calls++; throw deadlock; }, 3)).rejects.toBe(deadlock);
    expect(calls).toBe(3);
    calls = 0;
    await expect(retryOnDeadlock(async () => { calls++; throw new Error('other'); })).rejects.toThrow('other');
    expect(calls).toBe(1);
  });
});
