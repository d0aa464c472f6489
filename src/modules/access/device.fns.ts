import { randomInt } from 'node:crypto';

// User codes: 8 letters from an alphabet without vowels (no words) or look-alikes, shown as
// XXXX-XXXX; typed in any case, with or without the hyphen (RFC 8628 §6.1). 20^8 ≈ 2.6e10
// codes, so with a 10-minute life and a per-user attempt limit guessing one is hopeless.
export const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';
export const DEVICE_EXPIRES_IN_S = 600;
export const DEVICE_INTERVAL_S = 5;
export const SLOW_DOWN_STEP_S = 5;

export function newUserCode(): string {
  return Array.from({ length: 8 }, () => USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)]).join('');
}

export function formatUserCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** The canonical form of what a person typed, or null when it cannot be a user code. */
export function normalizeUserCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, '');
  return new RegExp(`^[${USER_CODE_ALPHABET}]{8}$`).test(code) ? code : null;
}

export type DeviceStatus = 'pending' | 'approved' | 'denied' | 'expired' | 'consumed';

export function deviceStatus(row: { status: string; expiresAt: Date }, now: Date): DeviceStatus {
  if ((row.status === 'pending' || row.status === 'approved') && now >= row.expiresAt) return 'expired';
  return row.status as DeviceStatus;
}
