import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../clock.ts';
import type { Database } from '../db.ts';
import { openTestDatabase } from '../../../test/helpers/app.ts';
import { createRateLimiter } from './rate-limit.ts';
import { retryAfterSeconds } from './sliding.fns.ts';

// A limit holds over ANY span of its window. Under fixed windows, 12 checkouts at 00:59.5 and 12
// more at 01:00.5 would all pass (24 in one second); the sliding log refuses the
// second dozen until the first leaves the window.

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const CHECKOUT = { limit: 12, windowMs: 60_000 };
const T0 = new Date('2026-03-01T10:00:59.500Z');

/** Runs `steps` of [msSinceT0, hits], returning how many hits of each step were allowed. */
async function play(bucket: string, steps: Array<[number, number]>, limit = CHECKOUT) {
  const clock = manualClock(T0);
  const limiter = createRateLimiter({ db: database.db, clock });
  const allowed: number[] = [];
  for (const [at, hits] of steps) {
    clock.set(new Date(T0.getTime() + at));
    let ok = 0;
    for (let i = 0; i < hits; i++) ok += await limiter.hit(bucket, limit).then(() => 1, () => 0);
    allowed.push(ok);
  }
  return allowed;
}

describe('sliding-log rate limit (manual clock)', () => {
  it.each<[string, Array<[number, number]>, number[]]>([
    ['12 then 1 in the same second', [[0, 12], [0, 1]], [12, 0]],
    ['12 before and 12 after a minute boundary (fixed windows let 24 through)', [[0, 12], [1_000, 12]], [12, 0]],
    ['6 at the boundary, 6 later, 6 more within 60 s of the first', [[0, 6], [30_000, 6], [59_999, 6]], [6, 6, 0]],
    ['the first six leave the window exactly 60 s later', [[0, 6], [30_000, 6], [60_000, 6]], [6, 6, 6]],
    ['a whole window later everything fits again', [[0, 12], [60_000, 12]], [12, 12]],
    ['refused attempts do not extend the wait', [[0, 12], [10_000, 50], [60_000, 12]], [12, 0, 12]],
  ])('%s', async (name, steps, expected) => {
    expect(await play(`t:${name}`, steps)).toEqual(expected);
  });

  it('no span of the window ever holds more than the limit (3 per 10 s, one hit every 700 ms for 30 s)', async () => {
    const small = { limit: 3, windowMs: 10_000 };
    const clock = manualClock(T0);
    const limiter = createRateLimiter({ db: database.db, clock });
    const passed: number[] = [];
    for (let at = 0; at < 30_000; at += 700) {
      clock.set(new Date(T0.getTime() + at));
      if (await limiter.hit('t:steady', small).then(() => true, () => false)) passed.push(at);
    }
    for (const start of passed) expect(passed.filter((t) => t >= start && t < start + 10_000).length).toBeLessThanOrEqual(3);
    expect(passed.length).toBeGreaterThanOrEqual(3 * 3 - 1);
  });

  it('429 carries Retry-After until the oldest counted hit leaves the window', async () => {
    const clock = manualClock(T0);
    const limiter = createRateLimiter({ db: database.db, clock });
    for (let i = 0; i < 12; i++) await limiter.hit('t:retry', CHECKOUT);
    clock.advance(15_000);
    const err = await limiter.hit('t:retry', CHECKOUT).catch((e) => e);
    expect(err).toMatchObject({ code: 'rate_limited', statusCode: 429, headers: { 'retry-after': '45' }, details: { retryAfterSeconds: 45 } });
  });

  it('check refuses without counting; refund takes the latest hit back', async () => {
    const clock = manualClock(T0);
    const limiter = createRateLimiter({ db: database.db, clock });
    const small = { limit: 2, windowMs: 60_000 };
    await limiter.check('t:cr', small);
    await limiter.hit('t:cr', small);
    await limiter.hit('t:cr', small);
    await expect(limiter.check('t:cr', small)).rejects.toMatchObject({ code: 'rate_limited' });
    await limiter.refund('t:cr', small);
    await limiter.check('t:cr', small);
    await limiter.hit('t:cr', small);
    await expect(limiter.hit('t:cr', small)).rejects.toMatchObject({ code: 'rate_limited' });
  });

  it('sweep removes only events older than a day', async () => {
    const clock = manualClock(T0);
    const limiter = createRateLimiter({ db: database.db, clock });
    const one = { limit: 1, windowMs: 3 * 24 * 3600 * 1000 };
    await limiter.hit('t:sweep', one);
    clock.advance(25 * 3600 * 1000);
    await limiter.sweep();
    await limiter.hit('t:sweep', one); // the swept event no longer counts
    await expect(limiter.hit('t:sweep', one)).rejects.toMatchObject({ code: 'rate_limited' });
  });
});

describe('retryAfterSeconds', () => {
  it.each([
    [[0, 10_000, 20_000], 3, 60_000, 30_000, 30],
    [[0, 10_000, 20_000], 2, 60_000, 30_000, 40],
    [[0], 1, 60_000, 59_999, 1],
    [[0], 1, 60_000, 0, 60],
    [[], 1, 60_000, 0, 60],
  ])('%j limit %i window %i at %i → %i s', (times, limit, windowMs, now, seconds) => {
    expect(retryAfterSeconds(times, limit, windowMs, now)).toBe(seconds);
  });
});
