import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// A sliding log: one row per counted event, so a limit holds over every span of its window, not
// only inside fixed windows (which let twice the limit through across a boundary). Every process
// reads the same rows. Rows older than a day are swept.
export const rateLimitEvents = pgTable(
  'rate_limit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bucket: text('bucket').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('rate_limit_events_bucket_at_idx').on(t.bucket, t.at)],
);
