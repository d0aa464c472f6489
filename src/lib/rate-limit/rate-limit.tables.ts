import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// Fixed-window counters in the database, so every process sees the same count.
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    bucket: text('bucket').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.windowStart] })],
);
