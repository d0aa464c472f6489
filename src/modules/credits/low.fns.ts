// When a reservation takes a workspace's available balance below a low-credit threshold.

/** Used when the workspace has no `credits_low` alert rule: $1 of credits (docs/credits.md, "When credits run short"). */
export const DEFAULT_LOW_CREDIT_MICROUSD = 1_000_000;

export interface LowCrossing {
  workspaceId: string;
  /** The hold that crossed it; null when grants expiring did (`operation: 'expiry'`, see `grantIds`). */
  reservationId: string | null;
  /** The grants whose expiry crossed it (expiries only). */
  grantIds?: string[];
  operation: string;
  previousAvailableMicrousd: number;
  availableMicrousd: number;
  /** The highest threshold crossed. */
  thresholdMicrousd: number;
  /** Every threshold crossed, highest first (one per `credits_low` rule that this write crossed). */
  thresholdsMicrousd: number[];
  thresholdSource: 'alert_rule' | 'default';
}

/**
 * A threshold t is crossed when the balance was at or above t before and is below it after: once
 * per crossing, however many debits follow while the balance stays low. Null when none is.
 */
export function lowCrossing(input: { workspaceId: string; reservationId: string | null; grantIds?: string[]; operation: string; before: number; after: number; thresholds: number[] }): LowCrossing | null {
  const source = input.thresholds.length ? 'alert_rule' : 'default';
  const thresholds = input.thresholds.length ? input.thresholds : [DEFAULT_LOW_CREDIT_MICROUSD];
  const crossed = [...new Set(thresholds.filter((t) => input.before >= t && input.after < t))].sort((a, b) => b - a);
  if (!crossed.length) return null;
  return {
    workspaceId: input.workspaceId, reservationId: input.reservationId, ...(input.grantIds ? { grantIds: input.grantIds } : {}), operation: input.operation,
    previousAvailableMicrousd: input.before, availableMicrousd: input.after,
    thresholdMicrousd: crossed[0]!, thresholdsMicrousd: crossed, thresholdSource: source,
  };
}
