import { INTENTS, type Quotas } from './workspaces.schemas.ts';

export const QUOTA_TOLERANCE = 0.0001;

/** Spec 2.3: the six intent shares must sum to 1.0 within 0.0001. Returns an error message or null. */
export function quotaSumError(quotas: Quotas): string | null {
  const sum = INTENTS.reduce((acc, key) => acc + quotas[key], 0);
  // Compare with a hair of slack for binary floating point: 0.1+0.2+… lands a few ulps off.
  if (Math.abs(sum - 1) <= QUOTA_TOLERANCE + 1e-12) return null;
  return `body.quotas must sum to 1.0 within ${QUOTA_TOLERANCE} (the six values sum to ${Number(sum.toFixed(6))})`;
}

export const COMPETITORS_MIN = 2;
export const COMPETITORS_MAX = 12;
