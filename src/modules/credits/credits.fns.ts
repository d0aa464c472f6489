// The arithmetic of credits, free of I/O. Amounts are integer micro-USD.

export const FREE_GRANT_MICROUSD = 1_000_000;
export const FREE_GRANT_DAYS = 30;
export const PAID_GRANT_DAYS = 365;
export const DAY_MS = 24 * 3600 * 1000;

export interface LiveGrant {
  id: string;
  /** What is neither spent nor pinned by a held reservation. */
  unpinned: number;
  expiresAt: Date;
}

export interface Pin {
  grantId: string;
  amount: number;
  expiresAt: Date;
}

/** Order of consumption: the earliest-expiring grant first (ties by id, i.e. by creation). */
export function byExpiry<T extends { expiresAt: Date; id?: string; grantId?: string }>(a: T, b: T): number {
  return a.expiresAt.getTime() - b.expiresAt.getTime() || String(a.id ?? a.grantId).localeCompare(String(b.id ?? b.grantId));
}

/** Pins `amount` across grants, earliest-expiring first; null when they do not cover it. */
export function allocate(grants: LiveGrant[], amount: number): Pin[] | null {
  const pins: Pin[] = [];
  let left = amount;
  for (const grant of [...grants].sort(byExpiry)) {
    if (left === 0) break;
    const take = Math.min(grant.unpinned, left);
    if (take > 0) pins.push({ grantId: grant.id, amount: take, expiresAt: grant.expiresAt });
    left -= take;
  }
  return left === 0 ? pins : null;
}

/** Debits `actual` (≤ the pinned total) from the pins, earliest-expiring grant first. */
export function consume(pins: Pin[], actual: number): Array<{ grantId: string; amount: number }> {
  const debits: Array<{ grantId: string; amount: number }> = [];
  let left = actual;
  for (const pin of [...pins].sort(byExpiry)) {
    if (left === 0) break;
    const take = Math.min(pin.amount, left);
    debits.push({ grantId: pin.grantId, amount: take });
    left -= take;
  }
  if (left !== 0) throw new Error(`cannot debit ${actual}: only ${actual - left} is pinned`);
  return debits;
}

export function isMicros(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}
