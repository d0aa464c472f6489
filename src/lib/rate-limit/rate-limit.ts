import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db.ts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import { rateLimitEvents } from './rate-limit.tables.ts';
import { retryAfterSeconds } from './sliding.fns.ts';

// Limits as a sliding log in the database (docs/access.md, "Rate limits"): an event counts for
// exactly `windowMs` after it happened, so at most `limit` events fall in ANY span of that length.
// A per-bucket advisory lock makes count-then-insert exact across processes. Refused attempts
// are not logged: they cannot extend a lockout, and the limit still holds because nothing passed.

export interface Limit {
  limit: number;
  windowMs: number;
}

export const rateLimited = (retryAfterS: number, message: string) =>
  new AppError('rate_limited', message, { retryAfterSeconds: retryAfterS }, { 'retry-after': String(retryAfterS) });

export function createRateLimiter(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  /** Event times of the bucket inside the window ending now, oldest first. */
  async function inWindow(tx: Db, bucket: string, windowMs: number, now: Date) {
    const rows = await tx.select({ at: rateLimitEvents.at }).from(rateLimitEvents)
      .where(and(eq(rateLimitEvents.bucket, bucket), gt(rateLimitEvents.at, new Date(now.getTime() - windowMs))))
      .orderBy(asc(rateLimitEvents.at));
    return rows.map((r) => r.at.getTime());
  }

  async function refuseWhenFull(tx: Db, bucket: string, { limit, windowMs }: Limit, now: Date, message: string) {
    const times = await inWindow(tx, bucket, windowMs, now);
    if (times.length >= limit) throw rateLimited(retryAfterSeconds(times, limit, windowMs, now.getTime()), message);
  }

  return {
    /** Counts one event; throws 429 `rate_limited` with Retry-After when the window already holds `limit`. */
    async hit(bucket: string, limit: Limit, message = 'Too many requests; retry later.') {
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rate-limit:${bucket}`}))`);
        const now = clock.now();
        await refuseWhenFull(tx, bucket, limit, now, message);
        await tx.insert(rateLimitEvents).values({ bucket, at: now });
      });
    },

    /** Throws 429 when the window already holds `limit` events, without counting one. */
    async check(bucket: string, limit: Limit, message = 'Too many requests; retry later.') {
      await refuseWhenFull(db, bucket, limit, clock.now(), message);
    },

    /** Takes back the latest counted event (e.g. a code that turned out right). */
    async refund(bucket: string, { windowMs }: Limit) {
      const now = clock.now();
      const latest = db.select({ id: rateLimitEvents.id }).from(rateLimitEvents)
        .where(and(eq(rateLimitEvents.bucket, bucket), gt(rateLimitEvents.at, new Date(now.getTime() - windowMs))))
        .orderBy(desc(rateLimitEvents.at), desc(rateLimitEvents.id)).limit(1);
      await db.delete(rateLimitEvents).where(inArray(rateLimitEvents.id, latest));
    },

    async sweep(olderThanMs = 24 * 3600 * 1000) {
      await db.delete(rateLimitEvents).where(lt(rateLimitEvents.at, new Date(clock.now().getTime() - olderThanMs)));
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
