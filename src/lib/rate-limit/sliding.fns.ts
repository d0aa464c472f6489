// Pure arithmetic of the sliding log, table-tested in sliding.fns.test.ts.

/**
 * Seconds until one more event fits: with `times` (oldest first, all inside the window) holding
 * `limit` or more events, the one at index `times.length - limit` must leave the window first.
 */
export function retryAfterSeconds(times: number[], limit: number, windowMs: number, now: number): number {
  const leaving = times[Math.max(0, times.length - limit)] ?? now;
  return Math.max(1, Math.ceil((leaving + windowMs - now) / 1000));
}

