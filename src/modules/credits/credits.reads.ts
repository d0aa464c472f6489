import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../lib/db.ts';
import { creditReservations } from './credits.tables.ts';

// Read access to credit holds for other modules (the metrics' open holds gauge), so that they
// never import the credits tables.

/** Open holds (status held) fleet-wide: how many and the credits they hold, through the partial index on held rows. */
export function openHolds(db: Db) {
  return db.select({ n: count(), held: sql<string>`coalesce(sum(${creditReservations.amount}), 0)::text` })
    .from(creditReservations).where(eq(creditReservations.status, 'held'));
}
