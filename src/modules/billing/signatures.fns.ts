import Stripe from 'stripe';
import { hmacSha256Hex, safeEqual } from '../../lib/crypto.ts';

// Webhook signatures, checked against the raw body before anything parses it.

export const TOLERANCE_S = 300;
const HEX64 = /^[0-9a-f]{64}$/;

/** Local mode: `payment-signature` is the lowercase hex HMAC-SHA256 of the raw body. */
export function verifyLocalSignature(raw: Buffer, header: string | undefined, secret: string): boolean {
  if (typeof header !== 'string' || !HEX64.test(header)) return false;
  return safeEqual(header, hmacSha256Hex(secret, raw));
}

export function signLocal(raw: string | Buffer, secret: string): string {
  return hmacSha256Hex(secret, raw);
}

/**
 * Processor mode: Stripe's `t=…,v1=…` scheme over `t.body`, with a 300-second tolerance both
 * ways (the SDK only refuses old timestamps; one from the future is refused here).
 */
export function verifyStripeSignature(raw: Buffer, header: string | undefined, secret: string, now: Date): boolean {
  if (typeof header !== 'string' || header.length > 4096) return false;
  const timestamp = Number(/(?:^|,)t=(\d{1,12})(?:,|$)/.exec(header)?.[1]);
  if (!Number.isFinite(timestamp) || timestamp - now.getTime() / 1000 > TOLERANCE_S) return false;
  try {
    Stripe.webhooks.constructEvent(raw, header, secret, TOLERANCE_S, undefined, now.getTime());
    return true;
  } catch {
    return false;
  }
}
