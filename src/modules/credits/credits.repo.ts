import { and, asc, desc, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm';
import { rawRows, type Db } from '../../lib/db.ts';
import { newId } from '../../lib/ids.ts';
import {
  creditAccounts, creditGrants, creditLeases, creditLedger, creditPins, creditReservations, creditTransfers, freeGrantClaims,
} from './credits.tables.ts';

export type ReservationRow = typeof creditReservations.$inferSelect;
export type GrantRow = typeof creditGrants.$inferSelect;

// Every function takes the transaction it runs in: balance changes happen under the account lock.
export const creditsRepo = {
  /** Creates the account row if needed and locks it for the rest of the transaction. */
  async lockAccount(tx: Db, workspaceId: string, now: Date) {
    await tx.insert(creditAccounts).values({ workspaceId, state: 'active', createdAt: now }).onConflictDoNothing();
    await tx.select({ id: creditAccounts.workspaceId }).from(creditAccounts).where(eq(creditAccounts.workspaceId, workspaceId)).for('update');
  },

  async accountState(db: Db, workspaceId: string) {
    const [row] = await db.select({ state: creditAccounts.state }).from(creditAccounts).where(eq(creditAccounts.workspaceId, workspaceId));
    return row?.state ?? 'active';
  },

  /** Grants with something left, and how much of each held reservations pin. */
  async grantsWithPins(db: Db, workspaceId: string) {
    return db
      .select({
        id: creditGrants.id, remaining: creditGrants.remaining, expiresAt: creditGrants.expiresAt,
        pinned: sql<number>`coalesce(sum(${creditPins.amount}), 0)::bigint`.mapWith(Number),
      })
      .from(creditGrants)
      .leftJoin(creditPins, eq(creditPins.grantId, creditGrants.id))
      .where(and(eq(creditGrants.workspaceId, workspaceId), gt(creditGrants.remaining, 0)))
      .groupBy(creditGrants.id)
      .orderBy(asc(creditGrants.expiresAt), asc(creditGrants.id));
  },

  /** A grant and its ledger entry (`transfer_in` naming the transfer when credit was moved in). */
  async insertGrant(tx: Db, row: Omit<typeof creditGrants.$inferInsert, 'remaining'>, transferId: string | null = null) {
    const [grant] = await tx.insert(creditGrants).values({ ...row, remaining: row.amount }).returning();
    await tx.insert(creditLedger).values({
      id: newId('led'), workspaceId: row.workspaceId, kind: transferId ? 'transfer_in' : 'grant', amount: row.amount, grantId: grant!.id, transferId, createdAt: row.createdAt,
    });
    return grant!;
  },

  /** Takes `amount` off a grant with a ledger entry of its own (a debit, an expiry or a transfer out). */
  async takeFromGrant(tx: Db, entry: { workspaceId: string; grantId: string; amount: number; kind: 'debit' | 'expiry' | 'transfer_out'; reservationId?: string; transferId?: string; now: Date }) {
    await tx.update(creditGrants).set({ remaining: sql`${creditGrants.remaining} - ${entry.amount}` }).where(eq(creditGrants.id, entry.grantId));
    await tx.insert(creditLedger).values({
      id: newId('led'), workspaceId: entry.workspaceId, kind: entry.kind, amount: -entry.amount, grantId: entry.grantId,
      reservationId: entry.reservationId ?? null, transferId: entry.transferId ?? null, createdAt: entry.now,
    });
  },

  async insertTransfer(tx: Db, row: typeof creditTransfers.$inferInsert) {
    await tx.insert(creditTransfers).values(row);
  },

  async transferById(db: Db, id: string) {
    const [row] = await db.select().from(creditTransfers).where(eq(creditTransfers.id, id));
    return row ?? null;
  },

  async grantById(db: Db, id: string) {
    const [row] = await db.select().from(creditGrants).where(eq(creditGrants.id, id));
    return row ?? null;
  },

  async insertReservation(tx: Db, row: typeof creditReservations.$inferInsert, pins: Array<{ grantId: string; amount: number }>) {
    await tx.insert(creditReservations).values(row);
    if (pins.length) await tx.insert(creditPins).values(pins.map((p) => ({ reservationId: row.id, grantId: p.grantId, amount: p.amount })));
  },

  async reservation(db: Db, id: string, lock = false) {
    const query = db.select().from(creditReservations).where(eq(creditReservations.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },

  pinsOf(tx: Db, reservationId: string) {
    return tx
      .select({ grantId: creditPins.grantId, amount: creditPins.amount, expiresAt: creditGrants.expiresAt })
      .from(creditPins)
      .innerJoin(creditGrants, eq(creditGrants.id, creditPins.grantId))
      .where(eq(creditPins.reservationId, reservationId));
  },

  async closeReservation(tx: Db, id: string, patch: Pick<ReservationRow, 'status' | 'settled' | 'closedAt' | 'leased'>) {
    await tx.delete(creditPins).where(eq(creditPins.reservationId, id));
    await tx.update(creditReservations).set(patch).where(eq(creditReservations.id, id));
  },

  async leasedSum(db: Db, reservationId: string) {
    const [row] = await db.select({ sum: sql<number>`coalesce(sum(${creditLeases.amount}), 0)::bigint`.mapWith(Number) }).from(creditLeases).where(eq(creditLeases.reservationId, reservationId));
    return row!.sum;
  },

  /**
   * One JSON parameter expanded by PostgreSQL, as the results are written (runs/results-writer.ts):
   * drizzle's builder spent ~3.5 ms of the event loop on a batch of 64 leases, a tenth of a
   * 600-call run's own time.
   */
  async insertLeases(db: Db, rows: Array<typeof creditLeases.$inferInsert>) {
    const json = JSON.stringify(rows.map((r) => ({ id: r.id, reservation_id: r.reservationId, amount: r.amount, created_at: r.createdAt.toISOString() })));
    await db.execute(sql`insert into credit_leases select * from jsonb_populate_recordset(null::credit_leases, ${json}::jsonb)`);
  },

  /** Adds a lease if it fits the hold, in one statement; null when refused. */
  async leaseAtomically(db: Db, reservationId: string, amount: number, now: Date, leaseId: string) {
    const rows = await rawRows<{ leased: string; amount: string }>(db, sql`
      with grown as (
        update credit_reservations set leased = leased + ${amount}
        where id = ${reservationId} and status = 'held' and expires_at > ${now.toISOString()}::timestamptz and leased + ${amount} <= amount
        returning id, leased, amount
      ), lease as (
        insert into credit_leases (id, reservation_id, amount, created_at) select ${leaseId}, id, ${amount}, ${now.toISOString()}::timestamptz from grown
      )
      select leased, amount from grown`);
    return rows[0] ? { leased: Number(rows[0].leased), amount: Number(rows[0].amount) } : null;
  },

  async heldAmong(db: Db, ids: string[]) {
    if (!ids.length) return [];
    const rows = await db.select({ id: creditReservations.id }).from(creditReservations)
      .where(and(inArray(creditReservations.id, ids), eq(creditReservations.status, 'held')));
    return rows.map((r) => r.id);
  },

  heldTotal: async (db: Db, workspaceId: string) => {
    const [row] = await db.select({ held: sql<number>`coalesce(sum(${creditReservations.amount}), 0)::bigint`.mapWith(Number) })
      .from(creditReservations).where(and(eq(creditReservations.workspaceId, workspaceId), eq(creditReservations.status, 'held')));
    return row!.held;
  },

  expiredHeld(db: Db, now: Date) {
    return db.select({ id: creditReservations.id }).from(creditReservations)
      .where(and(eq(creditReservations.status, 'held'), lte(creditReservations.expiresAt, now)));
  },

  workspacesWithDueGrants(db: Db, now: Date) {
    return db.selectDistinct({ workspaceId: creditGrants.workspaceId }).from(creditGrants)
      .where(and(gt(creditGrants.remaining, 0), lte(creditGrants.expiresAt, now)));
  },

  /** Newest first; a transfer's entry carries the other workspace's slug. */
  ledger(db: Db, workspaceId: string, limit: number) {
    const other = sql<string | null>`case when ${creditTransfers.fromWorkspaceId} = ${workspaceId} then ${creditTransfers.toSlug} else ${creditTransfers.fromSlug} end`;
    return db.select({ entry: creditLedger, counterpart: other }).from(creditLedger)
      .leftJoin(creditTransfers, eq(creditTransfers.id, creditLedger.transferId))
      .where(eq(creditLedger.workspaceId, workspaceId)).orderBy(desc(creditLedger.createdAt), desc(creditLedger.id)).limit(limit);
  },

  /** Credits debited per UTC day since `since` (every metered operation), as positive amounts. */
  async debitsByDay(db: Db, workspaceId: string, since: Date) {
    const rows = await db.select({ day: sql<string>`to_char(${creditLedger.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`, debited: sql<number>`(-sum(${creditLedger.amount}))::bigint`.mapWith(Number) })
      .from(creditLedger).where(and(eq(creditLedger.workspaceId, workspaceId), eq(creditLedger.kind, 'debit'), gte(creditLedger.createdAt, since))).groupBy(sql`1`);
    return new Map(rows.map((r) => [r.day, r.debited]));
  },

  ledgerSum: async (db: Db, workspaceId: string) => {
    const [row] = await db.select({ sum: sql<number>`coalesce(sum(${creditLedger.amount}), 0)::bigint`.mapWith(Number) }).from(creditLedger).where(eq(creditLedger.workspaceId, workspaceId));
    return row!.sum;
  },

  reservations(db: Db, workspaceId: string, limit: number) {
    return db.select().from(creditReservations).where(eq(creditReservations.workspaceId, workspaceId)).orderBy(desc(creditReservations.createdAt), desc(creditReservations.id)).limit(limit);
  },

  leasesOf(db: Db, reservationIds: string[]) {
    if (!reservationIds.length) return Promise.resolve([]);
    return db.select().from(creditLeases).where(sql`${creditLeases.reservationId} in ${reservationIds}`).orderBy(asc(creditLeases.createdAt), asc(creditLeases.id));
  },

  /** True the first time a user claims the free grant. */
  async freeClaimOf(tx: Db, userId: string) {
    const [row] = await tx.select().from(freeGrantClaims).where(eq(freeGrantClaims.userId, userId));
    return row ?? null;
  },
  async claimFree(tx: Db, userId: string, workspaceId: string, now: Date) {
    const rows = await tx.insert(freeGrantClaims).values({ userId, workspaceId, createdAt: now }).onConflictDoNothing().returning();
    return rows.length > 0;
  },
};
