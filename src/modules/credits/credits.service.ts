import type { Db } from '../../lib/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { claimIdempotencyKey, requestFingerprint } from '../../lib/idempotency/idempotency.ts';
import { allocate, consume, DAY_MS, FREE_GRANT_DAYS, FREE_GRANT_MICROUSD, isMicros, PAID_GRANT_DAYS } from './credits.fns.ts';
import { creditsRepo as repo, type ReservationRow } from './credits.repo.ts';
import type { DomainEvent, EventHub } from '../events/events.hub.ts';
import type { MetricsRecorder } from '../../lib/metrics-recorder.ts';
import { lowCrossing, type LowCrossing } from './low.fns.ts';
import { costPeriods } from './periods.fns.ts';
import { providerCostByDay } from '../runs/runs.reads.ts';

// The credits module every metered operation uses: reserve an estimate, lease increments
// against it, settle what was used. Each balance change runs in one transaction holding the
// workspace's account row lock, so reservations cannot overdraw however many run at once.

export const DEFAULT_RESERVATION_TTL_MS = 2 * 3600 * 1000;
type GrantKind = 'free' | 'top_up' | 'checkout';
export interface FreeCreditOutcome {
  status: 'granted' | 'awaiting_email_verification' | 'not_eligible';
  amountMicrousd: number;
  message: string;
}
export interface ReserveOptions {
  ttlMs?: number;
  metadata?: Record<string, unknown>;
}

export function createCreditsService(deps: {
  db: Db; clock: Clock; events?: EventHub;
  /** The workspace's low-balance thresholds (its `credits_low` alert rules); none: the default. */
  lowThresholds?: (tx: Db, workspaceId: string) => Promise<number[]>;
  metrics?: Pick<MetricsRecorder, 'holdClosed'>;
}) {
  const { db, clock } = deps;
  /** Holds closed by the transaction whose crossings list is the key: counted after its commit. */
  const closedIn = new WeakMap<LowCrossing[], string[]>();

  /** Writes `credits.low` to the outbox in the transaction whose write crossed the threshold. */
  async function recordLow(tx: Db, low: LowCrossing | null | undefined): Promise<DomainEvent | null> {
    if (!low || !deps.events) return null;
    const { workspaceId, ...data } = low;
    return deps.events.record(tx, { type: 'credits.low', workspaceId, data });
  }

  /** Delivers a recorded `credits.low` once its transaction has committed (the relay would otherwise). */
  async function announceLow(low: DomainEvent | null | undefined) {
    if (low) await deps.events?.deliver(low).catch(() => {});
  }

  /**
   * Posts the unpinned remainder of every grant past its expiry as an expiry entry. An expiry
   * lowers the available balance as a hold does, so it can cross a low-credit threshold: the
   * crossing is pushed to `lows` (announced by the caller after its commit), judged from the
   * balance before the caller's whole write — `returned` is what that write gave back before
   * this point (a settlement's unused hold), so give-back-then-expire is not seen as a crossing.
   * Returns what expired (reserveIn folds it into its own crossing instead).
   */
  async function expireDue(tx: Db, workspaceId: string, now: Date, lows: LowCrossing[] | null, returned = 0) {
    const grants = await repo.grantsWithPins(tx, workspaceId);
    const due = grants.filter((g) => g.expiresAt <= now && g.remaining - g.pinned > 0);
    let expired = 0;
    for (const grant of due) {
      await repo.takeFromGrant(tx, { workspaceId, grantId: grant.id, amount: grant.remaining - grant.pinned, kind: 'expiry', now });
      expired += grant.remaining - grant.pinned;
    }
    if (expired && lows) {
      const available = grants.reduce((sum, g) => sum + g.remaining - g.pinned, 0);
      const thresholds = (await deps.lowThresholds?.(tx, workspaceId)) ?? [];
      const low = lowCrossing({ workspaceId, reservationId: null, grantIds: due.map((g) => g.id), operation: 'expiry', before: available - returned, after: available - expired, thresholds });
      if (low) lows.push(low);
    }
    return expired;
  }

  /** Debits `actual` from the reservation's pinned grants and closes it. Caller holds the lock. */
  async function close(tx: Db, reservation: ReservationRow, actual: number, status: 'settled' | 'released' | 'expired', now: Date, lows: LowCrossing[]) {
    if (reservation.status !== 'held') throw new AppError('invalid_state', `Reservation ${reservation.id} is already ${reservation.status}.`);
    if (!isMicros(actual) || actual > reservation.amount) throw invalid(`actual must be an integer from 0 to the reserved ${reservation.amount} micro-USD`);
    for (const debit of consume(await repo.pinsOf(tx, reservation.id), actual)) {
      await repo.takeFromGrant(tx, { workspaceId: reservation.workspaceId, grantId: debit.grantId, amount: debit.amount, kind: 'debit', reservationId: reservation.id, now });
    }
    await repo.closeReservation(tx, reservation.id, { status, settled: actual, closedAt: now, leased: reservation.leased });
    closedIn.get(lows)?.push(status);
    await expireDue(tx, reservation.workspaceId, now, lows, reservation.amount - actual);
  }

  /** Runs `fn` under the account lock and announces the crossings it found once it has committed. */
  async function underLock<T>(workspaceId: string, fn: (tx: Db, now: Date, lows: LowCrossing[]) => Promise<T>) {
    const lows: LowCrossing[] = [];
    const closed: string[] = [];
    closedIn.set(lows, closed);
    const recorded: Array<DomainEvent | null> = [];
    const result = await db.transaction(async (tx) => {
      const now = clock.now();
      await repo.lockAccount(tx, workspaceId, now);
      const value = await fn(tx, now, lows);
      for (const low of lows) recorded.push(await recordLow(tx, low));
      return value;
    });
    for (const status of closed) deps.metrics?.holdClosed(status);
    for (const low of recorded) await announceLow(low);
    return result;
  }

  /** Locks the account, then the reservation (always in that order: no deadlocks). */
  async function withReservation<T>(reservationId: string, fn: (tx: Db, reservation: ReservationRow, now: Date, lows: LowCrossing[]) => Promise<T>) {
    const found = await repo.reservation(db, reservationId);
    if (!found) throw notFound('Reservation');
    return underLock(found.workspaceId, async (tx, now, lows) => {
      const locked = (await repo.reservation(tx, reservationId, true))!;
      // A job's leaser records leases as rows only; the hold's `leased` is their sum.
      return fn(tx, { ...locked, leased: Math.max(locked.leased, await repo.leasedSum(tx, reservationId)) }, now, lows);
    });
  }

  async function reserveIn(tx: Db, workspaceId: string, operation: string, estimate: number, options: ReserveOptions = {}) {
    if (!isMicros(estimate) || estimate === 0) throw invalid('A reservation is a positive integer of micro-USD.');
    const now = clock.now();
    await repo.lockAccount(tx, workspaceId, now);
    const expired = await expireDue(tx, workspaceId, now, null);
    const live = (await repo.grantsWithPins(tx, workspaceId)).map((g) => ({ id: g.id, unpinned: g.remaining - g.pinned, expiresAt: g.expiresAt }));
    const available = live.reduce((sum, g) => sum + g.unpinned, 0);
    const pins = allocate(live, estimate);
    if (!pins) {
      throw new AppError('insufficient_credits', `This operation needs ${estimate} micro-USD of credits; ${available} are available.`, {
        requiredMicrousd: estimate, availableMicrousd: available,
      });
    }
    const id = newId('rsv');
    await repo.insertReservation(tx, {
      id, workspaceId, operation, amount: estimate, leased: 0, settled: null, status: 'held', metadata: options.metadata ?? null,
      createdAt: now, expiresAt: new Date(now.getTime() + (options.ttlMs ?? DEFAULT_RESERVATION_TTL_MS)),
    }, pins);
    // Besides grant expiries (expireDue), only a reservation lowers the available balance (a
    // settlement returns what was not used), so crossings are found here and there, under the
    // account lock: each is seen by exactly one write.
    const thresholds = (await deps.lowThresholds?.(tx, workspaceId)) ?? [];
    // Grants that expired just now count as this write's: one crossing from the balance before both.
    const low = await recordLow(tx, lowCrossing({ workspaceId, reservationId: id, operation, before: available + expired, after: available - estimate, thresholds }));
    return { reservationId: id, amount: estimate, low };
  }

  /** The free grant of a user's first workspace, at most once per user; true when this call made it. */
  async function grantFreeOnce(tx: Db, userId: string, workspaceId: string) {
    if (!(await repo.claimFree(tx, userId, workspaceId, clock.now()))) return false;
    await grantIn(tx, workspaceId, { kind: 'free', amount: FREE_GRANT_MICROUSD, days: FREE_GRANT_DAYS, source: `user:${userId}` });
    return true;
  }

  async function grantIn(tx: Db, workspaceId: string, grant: { id?: string; kind: GrantKind; amount: number; days: number; source?: string }) {
    if (!isMicros(grant.amount) || grant.amount === 0) throw invalid('A grant is a positive integer of micro-USD.');
    const now = clock.now();
    await repo.lockAccount(tx, workspaceId, now);
    return repo.insertGrant(tx, {
      id: grant.id ?? newId('grt'), workspaceId, kind: grant.kind, amount: grant.amount, source: grant.source ?? null,
      createdAt: now, expiresAt: new Date(now.getTime() + grant.days * DAY_MS),
    });
  }

  return {
    grantIn,
    grant: (workspaceId: string, grant: { kind: GrantKind; amount: number; days: number; source?: string }) =>
      db.transaction((tx) => grantIn(tx, workspaceId, grant)),

    /**
     * Mock top-up (local and test mode): the same idempotency key credits once; the same key
     * with another amount is 409 `idempotency_conflict`.
     */
    async mockTopUp(workspace: { id: string; slug: string }, input: { amountMicrousd: number; idempotencyKey: string }) {
      const { grant, replayed } = await db.transaction(async (tx) => {
        const id = newId('grt');
        const claim = await claimIdempotencyKey(tx, {
          workspaceId: workspace.id, scope: 'credits.top_up', key: input.idempotencyKey,
          requestHash: requestFingerprint({ amountMicrousd: input.amountMicrousd }), resourceId: id, now: clock.now(),
        });
        if (!claim.fresh) return { grant: (await repo.grantById(tx, claim.resourceId))!, replayed: true };
        return { grant: await grantIn(tx, workspace.id, { id, kind: 'top_up', amount: input.amountMicrousd, days: PAID_GRANT_DAYS, source: `top-up:${input.idempotencyKey}` }), replayed: false };
      });
      return {
        workspace: workspace.slug, grantId: grant.id, amountMicrousd: grant.amount, expiresAt: grant.expiresAt.toISOString(), replayed,
      };
    },

    grantFreeOnce,

    /**
     * The free grant at workspace creation, inside its transaction. Where a verified email is
     * required (production) and missing, nothing is granted now: the verification grants it to
     * the user's first workspace (see grantFreeOnce from the accounts hook).
     */
    async freeGrantOnCreate(tx: Db, input: { userId: string; workspaceId: string; emailVerified: boolean; isFirstWorkspace: boolean }): Promise<FreeCreditOutcome> {
      const amountMicrousd = FREE_GRANT_MICROUSD;
      if (!input.emailVerified) {
        if (input.isFirstWorkspace && !(await repo.freeClaimOf(tx, input.userId))) {
          return { status: 'awaiting_email_verification', amountMicrousd, message: 'The free credit is granted to this workspace once your email address is verified: follow the link in the mail we sent (agents: POST /api/v1/auth/verify-email).' };
        }
        return { status: 'not_eligible', amountMicrousd: 0, message: 'The free credit is granted once per user, to the first workspace they create.' };
      }
      if (await grantFreeOnce(tx, input.userId, input.workspaceId)) {
        return { status: 'granted', amountMicrousd, message: `Granted ${amountMicrousd} micro-USD of free credit, valid ${FREE_GRANT_DAYS} days.` };
      }
      return { status: 'not_eligible', amountMicrousd: 0, message: 'The free credit is granted once per user, to the first workspace they create.' };
    },

    /** Holds `estimate`, or 402 `insufficient_credits` with what is required and available. */
    async reserve(workspaceId: string, operation: string, estimate: number, options: ReserveOptions = {}) {
      const held = await db.transaction((tx) => reserveIn(tx, workspaceId, operation, estimate, options));
      await announceLow(held.low);
      return held;
    },

    /**
     * The same inside the caller's transaction (a job and its hold are created together); the
     * caller passes the result's `low` to `announceLow` once its transaction has committed.
     */
    reserveIn,
    announceLow,

    /**
     * Records `credits.low` when a write other than a hold (a transfer out) took the available
     * balance from `before` to `after` across a threshold, inside that write's transaction; the
     * caller passes the result to `announceLow` after its commit.
     */
    async lowAfter(tx: Db, input: { workspaceId: string; operation: string; before: number; after: number }) {
      const thresholds = (await deps.lowThresholds?.(tx, input.workspaceId)) ?? [];
      return recordLow(tx, lowCrossing({ ...input, reservationId: null, thresholds }));
    },

    /**
     * A lease authority for the one worker that owns a hold (a run's calls): the cap is checked in
     * memory — the worker is the hold's only leaser — and leases are written as rows in batches
     * (every 100 ms or 64 leases, and on `flush`), without locking the hold, so hundreds of calls
     * a second do not queue on one row. A worker that dies loses at most its last unwritten batch:
     * those calls go uncharged, never the reverse.
     */
    async leaser(reservationId: string) {
      const r = await repo.reservation(db, reservationId);
      if (!r) throw notFound('Reservation');
      let leased = Math.max(r.leased, await repo.leasedSum(db, reservationId));
      let pending: Array<{ id: string; reservationId: string; amount: number; createdAt: Date }> = [];
      let timer: NodeJS.Timeout | null = null;
      let writing: Promise<void> = Promise.resolve();
      let failure: unknown = null;
      const flush = () => {
        if (timer) clearTimeout(timer);
        timer = null;
        const rows = pending;
        pending = [];
        // A failed batch is kept and reported by the next awaited flush, never left unhandled.
        if (rows.length) writing = writing.then(() => repo.insertLeases(db, rows)).catch((err) => void (failure ??= err));
        return writing.then(() => {
          if (failure) throw failure;
        });
      };
      const queue = (amount: number) => {
        pending.push({ id: newId('lse'), reservationId, amount, createdAt: clock.now() });
        if (pending.length >= 64) void flush().catch(() => {});
        else timer ??= setTimeout(() => void flush().catch(() => {}), 100);
      };
      return {
        lease(amount: number): boolean {
          if (!isMicros(amount) || amount === 0 || r.status !== 'held' || leased + amount > r.amount || clock.now() >= r.expiresAt) return false;
          leased += amount;
          queue(amount);
          return true;
        },
        /**
         * Gives back a lease whose call failed (no answer: nothing to charge) as a negative lease
         * row, so the settlement — the leases' sum — charges only the calls that answered.
         */
        release(amount: number) {
          if (!isMicros(amount) || amount === 0 || amount > leased || r.status !== 'held') return;
          leased -= amount;
          queue(-amount);
        },
        flush,
      };
    },

    /** Settles for exactly what was leased: the usual end of a metered job. */
    settleLeased: (reservationId: string) =>
      withReservation(reservationId, async (tx, r, now, lows) => {
        if (r.status === 'held') await close(tx, r, r.leased, 'settled', now, lows);
        return { reservationId, settledMicrousd: r.status === 'held' ? r.leased : (r.settled ?? 0) };
      }),

    /**
     * Authorises `amount` more against the reservation; refused (granted: false) beyond it or after
     * the hold's expiry. One statement, no account lock: a run leases once per engine call.
     */
    async lease(reservationId: string, amount: number) {
      if (!isMicros(amount) || amount === 0) throw invalid('A lease is a positive integer of micro-USD.');
      const leased = await repo.leaseAtomically(db, reservationId, amount, clock.now(), newId('lse'));
      if (leased !== null) return { granted: true, leasedMicrousd: leased.leased, remainingMicrousd: leased.amount - leased.leased };
      const r = await repo.reservation(db, reservationId);
      if (!r) throw notFound('Reservation');
      return { granted: false, leasedMicrousd: r.leased, remainingMicrousd: r.status === 'held' ? r.amount - r.leased : 0 };
    },

    /** Debits what was used (at most the reservation) and releases the rest. */
    settle: (reservationId: string, actual: number) =>
      withReservation(reservationId, (tx, r, now, lows) => close(tx, r, actual, 'settled', now, lows).then(() => ({ reservationId, settledMicrousd: actual }))),

    release: (reservationId: string) =>
      withReservation(reservationId, (tx, r, now, lows) => close(tx, r, 0, 'released', now, lows).then(() => ({ reservationId, settledMicrousd: 0 }))),

    /** Sweeper: holds past their expiry are settled for what was leased; expired grants are posted. */
    async sweep() {
      const now = clock.now();
      for (const { id } of await repo.expiredHeld(db, now)) {
        await withReservation(id, (tx, r, at, lows) => (r.status === 'held' ? close(tx, r, r.leased, 'expired', at, lows) : Promise.resolve()));
      }
      for (const { workspaceId } of await repo.workspacesWithDueGrants(db, now)) {
        await underLock(workspaceId, (tx, at, lows) => expireDue(tx, workspaceId, at, lows));
      }
    },

    /**
     * Spec 2.16, read under the account lock so posted and held are one consistent picture.
     * Expiries that are due are posted first, so the balance always equals the ledger.
     */
    async balance(workspace: { id: string; slug: string }) {
      return underLock(workspace.id, async (tx, now, lows) => {
        await expireDue(tx, workspace.id, now, lows);
        const grants = await repo.grantsWithPins(tx, workspace.id);
        const posted = grants.reduce((sum, g) => sum + g.remaining, 0);
        const held = await repo.heldTotal(tx, workspace.id);
        const next = grants.find((g) => g.expiresAt > now);
        return {
          workspace: workspace.slug, state: await repo.accountState(tx, workspace.id),
          postedMicrousd: posted, heldMicrousd: held, availableMicrousd: posted - held, nextExpiryAt: next?.expiresAt.toISOString() ?? null,
        };
      });
    },

    async usage(workspace: { id: string; slug: string }, limit: number, days = 30) {
      const since = new Date(Date.parse(`${clock.now().toISOString().slice(0, 10)}T00:00:00Z`) - (days - 1) * DAY_MS);
      const [ledger, reservations, debits, costs] = await Promise.all([
        repo.ledger(db, workspace.id, limit), repo.reservations(db, workspace.id, limit), repo.debitsByDay(db, workspace.id, since), providerCostByDay(db, workspace.id, since),
      ]);
      const leases = await repo.leasesOf(db, reservations.map((r) => r.id));
      return {
        workspace: workspace.slug,
        periods: costPeriods(debits, costs),
        ledger: ledger.map(({ entry: e, counterpart }) => ({
          entryId: e.id, kind: e.kind, amountMicrousd: e.amount, grantId: e.grantId, reservationId: e.reservationId,
          transferId: e.transferId, counterpartWorkspace: e.transferId ? counterpart : null, createdAt: e.createdAt.toISOString(),
        })),
        operations: reservations.map((r) => ({
          reservationId: r.id, operation: r.operation, status: r.status, reservedMicrousd: r.amount, leasedMicrousd: r.leased,
          settledMicrousd: r.settled, metadata: r.metadata, createdAt: r.createdAt.toISOString(), expiresAt: r.expiresAt.toISOString(),
          closedAt: r.closedAt?.toISOString() ?? null,
          leases: leases.filter((l) => l.reservationId === r.id).map((l) => ({ amountMicrousd: l.amount, createdAt: l.createdAt.toISOString() })),
        })),
      };
    },

    /** Which of these reservations are still held. */
    heldAmong: (ids: string[]) => repo.heldAmong(db, ids),

    /** For checks: the ledger's sum, which must always equal the posted balance. */
    ledgerSum: (workspaceId: string) => repo.ledgerSum(db, workspaceId),
    grantById: (id: string) => repo.grantById(db, id),
  };
}
export type CreditsService = ReturnType<typeof createCreditsService>;
