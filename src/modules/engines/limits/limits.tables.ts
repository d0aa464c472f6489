import { bigint, doublePrecision, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The fleet-wide pace of one provider key: every API process and worker reserves its calls here
 * (a generic cell rate algorithm: `next_request_at` is the theoretical arrival time of the next
 * request), so that together they never send more than the key's limits. Times are epoch
 * milliseconds. `key_id` is a hash of the key, never the key.
 */
export const providerPacing = pgTable(
  'provider_pacing',
  {
    provider: text('provider').notNull(),
    keyId: text('key_id').notNull(),
    /** The pace in force: the configured limit until the provider's headers say otherwise. */
    rpm: integer('rpm').notNull(),
    tpm: integer('tpm').notNull(),
    nextRequestAt: doublePrecision('next_request_at').notNull().default(0),
    nextTokenAt: doublePrecision('next_token_at').notNull().default(0),
    /** No request before this (an empty bucket's reset, a rate-limit Retry-After). */
    pausedUntil: doublePrecision('paused_until').notNull().default(0),
    /** Consecutive failed attempts of this key, fleet-wide; the circuit opens at the configured count. */
    failures: integer('failures').notNull().default(0),
    /** 0 = closed; in the future = open; in the past = half-open (the next call is the probe). */
    openUntil: doublePrecision('open_until').notNull().default(0),
    openedAt: doublePrecision('opened_at').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [primaryKey({ columns: [t.provider, t.keyId] })],
);

/** What each provider cost on one UTC day (all keys, all workspaces), for the daily ceiling. */
export const providerSpend = pgTable(
  'provider_spend',
  {
    provider: text('provider').notNull(),
    day: text('day').notNull(),
    microusd: bigint('microusd', { mode: 'number' }).notNull().default(0),
    calls: integer('calls').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.provider, t.day] })],
);
