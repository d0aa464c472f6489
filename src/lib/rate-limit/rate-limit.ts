import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db.ts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import { rateLimitCounters } from './rate-limit.tables.ts';

export interface Limit {
  limit: number;
  windowMs: number;
}

function windowOf(now: Date, windowMs: number) {
  const start = Math.floor(now.getTime() / windowMs) * windowMs;
  return { start: new Date(start), retryAfterS: Math.max(1, Math.ceil((start + windowMs - now.getTime()) / 1000)) };
}

export const rateLimited = (retryAfterS: number, message: string) =>
  new AppError('rate_limited', message, { retryAfterSeconds: retryAfterS }, { 'retry-after': String(retryAfterS) });

export function createRateLimiter(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    /** Counts one event; throws 429 `rate_limited` with Retry-After once the window's limit is passed. */
    async hit(bucket: string, { limit, windowMs }: Limit, message = 'Too many requests; retry later.') {
      const { start, retryAfterS } = windowOf(clock.now(), windowMs);
      const [row] = await db
        .insert(rateLimitCounters)
        .values({ bucket, windowStart: start, count: 1 })
        .onConflictDoUpdate({ target: [rateLimitCounters.bucket, rateLimitCounters.windowStart], set: { count: sql`${rateLimitCounters.count} + 1` } })
        .returning({ count: rateLimitCounters.count });
      if (row!.count > limit) throw rateLimited(retryAfterS, message);
    },

    /** Throws 429 when the window already holds `limit` events, without counting one. */
    async check(bucket: string, { limit, windowMs }: Limit, message = 'Too many requests; retry later.') {
      const { start, retryAfterS } = windowOf(clock.now(), windowMs);
      const [row] = await db.select({ count: rateLimitCounters.count }).from(rateLimitCounters)
        .where(and(eq(rateLimitCounters.bucket, bucket), eq(rateLimitCounters.windowStart, start)));
      if ((row?.count ?? 0) >= limit) throw rateLimited(retryAfterS, message);
    },

    /** Takes back one counted event (e.g. a code that turned out right). */
    async refund(bucket: string, { windowMs }: Limit) {
      const { start } = windowOf(clock.now(), windowMs);
      await db.update(rateLimitCounters).set({ count: sql`greatest(${rateLimitCounters.count} - 1, 0)` })
        .where(and(eq(rateLimitCounters.bucket, bucket), eq(rateLimitCounters.windowStart, start)));
    },

    async sweep(olderThanMs = 24 * 3600 * 1000) {
      await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, new Date(clock.now().getTime() - olderThanMs)));
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
