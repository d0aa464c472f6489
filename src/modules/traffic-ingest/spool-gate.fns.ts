import { addressBucket } from '../../lib/rate-limit/address.fns.ts';

// How many drain pushes may be on disk before their signature is checked (three
// concurrent 30 MB pushes with a wrong signature held 90 MB before each got 401). A push is
// spooled while its HMAC is computed, since the signature covers the whole body; until it ends it
// is unverified, so anyone who knows a drain id (it is in the push URL) can make the service write.
// The gate counts those spools per drain, per client network (an IPv4 address or an IPv6 /64, as
// the rate limits do) and in total, and a push over any of them is refused before a byte is read.
// Counts live in the process that receives the pushes: each API process has its own.

export interface SpoolLimits {
  /** Unverified spools of one drain at once. */
  perDrain: number;
  /** Unverified spools from one client network at once. */
  perAddress: number;
  /** Unverified spools in this process at once: with 100 MB each, the disk they may take. */
  total: number;
}

/** Two at once per drain and per sender leave room for a shipper's retries; 8 × 100 MB is the worst case on disk. */
export const SPOOL_LIMITS: SpoolLimits = { perDrain: 2, perAddress: 2, total: 8 };
/** Seconds a refused sender is told to wait (Retry-After): about the time a large push takes to arrive and be checked. */
export const SPOOL_RETRY_AFTER_S = 10;

/**
 * How long an unverified push may take to arrive: a place in the gate is held until the body
 * ends, so a sender that trickles a byte now and then would hold it forever and, with a few
 * addresses, lock every drain out. Past either bound the push is cut (its socket closed, its
 * spool deleted) and its place freed. A shipper's batch arrives in well under a second; 30 s of
 * silence or 2 minutes in all allow a slow link, never a held door.
 */
export interface SpoolDeadlines {
  /** Longest wait for the next chunk of the body. */
  idleMs: number;
  /** Longest time from the first byte read to the body's end. */
  totalMs: number;
}
export const SPOOL_DEADLINES: SpoolDeadlines = { idleMs: 30_000, totalMs: 120_000 };

export type SpoolScope = 'drain' | 'address' | 'total';
export type SpoolPass = { ok: true; leave(): void } | { ok: false; over: SpoolScope; limit: number };

export function createSpoolGate(limits: SpoolLimits = SPOOL_LIMITS) {
  const drains = new Map<string, number>();
  const addresses = new Map<string, number>();
  let total = 0;
  const add = (map: Map<string, number>, key: string, by: number) => {
    const n = (map.get(key) ?? 0) + by;
    if (n > 0) map.set(key, n);
    else map.delete(key);
  };
  return {
    /** A place for one unverified spool, or which bound is full. `leave()` may be called more than once. */
    enter(drainId: string, address: string): SpoolPass {
      const network = addressBucket(address);
      if ((drains.get(drainId) ?? 0) >= limits.perDrain) return { ok: false, over: 'drain', limit: limits.perDrain };
      if ((addresses.get(network) ?? 0) >= limits.perAddress) return { ok: false, over: 'address', limit: limits.perAddress };
      if (total >= limits.total) return { ok: false, over: 'total', limit: limits.total };
      add(drains, drainId, 1);
      add(addresses, network, 1);
      total++;
      let left = false;
      return {
        ok: true,
        leave() {
          if (left) return;
          left = true;
          add(drains, drainId, -1);
          add(addresses, network, -1);
          total--;
        },
      };
    },
    /** What is held now (tests, metrics). */
    held: () => ({ total, drains: drains.size, addresses: addresses.size }),
  };
}
export type SpoolGate = ReturnType<typeof createSpoolGate>;

/** The refusal's message: which bound, and when to retry. */
export function spoolRefusal(over: SpoolScope, limit: number): string {
  const what = over === 'drain' ? `this drain already has ${limit}` : over === 'address' ? `this address already has ${limit}` : `the service already has ${limit}`;
  return `Too many pushes are being received and not yet verified: ${what} (the limit) in progress. Retry after ${SPOOL_RETRY_AFTER_S} seconds.`;
}
