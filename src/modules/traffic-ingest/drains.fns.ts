import { createHmac, randomBytes, type Hmac } from 'node:crypto';
import { safeEqual } from '../../lib/crypto.ts';

// How a log drain's push is authenticated (docs/traffic.md, "Log drains"): the lowercase hex
// HMAC of the raw request body — exactly the bytes sent, gzip or not — keyed with the drain's
// secret (its UTF-8 bytes, prefix included). Two headers are read:
//   x-geo-signature     HMAC-SHA256, the scheme of this service (as `payment-signature`);
//   x-vercel-signature  HMAC-SHA1, what Vercel's drains send when the drain's signature secret is
//                       set to ours, so a Vercel drain pushes here with no code in between.
// There is no timestamp: a replayed body is harmless, since a line already stored counts once and
// a line past retention is not stored at all.

export const GEO_SIGNATURE = 'x-geo-signature';
export const VERCEL_SIGNATURE = 'x-vercel-signature';
/** The response header Vercel reads when a drain is added (its endpoint verification). */
export const VERCEL_VERIFY = 'x-vercel-verify';

export type SignatureAlgorithm = 'sha256' | 'sha1';
export interface SignatureClaim { algorithm: SignatureAlgorithm; value: string }

const HEX_LENGTH: Record<SignatureAlgorithm, number> = { sha256: 64, sha1: 40 };

/** The signature a push claims, from its headers: ours first, then Vercel's; null when unsigned. */
export function signatureClaim(headers: Record<string, string | string[] | undefined>): SignatureClaim | null {
  for (const [header, algorithm] of [[GEO_SIGNATURE, 'sha256'], [VERCEL_SIGNATURE, 'sha1']] as const) {
    const raw = headers[header];
    // A repeated header is ambiguous (which one was meant?): refused rather than guessed.
    if (Array.isArray(raw)) return null;
    if (typeof raw === 'string' && raw.length) return { algorithm, value: raw.trim().toLowerCase() };
  }
  return null;
}

/** A drain's signing secret: 32 random bytes, prefixed so that a leaked one is recognisable. */
export const newDrainSecret = () => `drsec_${randomBytes(32).toString('base64url')}`;

/** The signature of a whole body, as a sender computes it. */
export function signDrainBody(secret: string, body: Buffer | string, algorithm: SignatureAlgorithm = 'sha256'): string {
  return createHmac(algorithm, secret).update(body).digest('hex');
}

/**
 * Signs a body chunk by chunk as it streams past (a push is spooled, never held whole) and
 * compares the result with the claimed value in constant time (safeEqual hashes both sides, so
 * neither the length nor the first differing byte of a wrong value shows in the timing).
 */
export function createBodyVerifier(secret: string, claim: SignatureClaim) {
  const hmac: Hmac = createHmac(claim.algorithm, secret);
  let digest: string | null = null;
  return {
    update(chunk: Buffer) {
      if (digest === null) hmac.update(chunk);
    },
    matches(): boolean {
      digest ??= hmac.digest('hex');
      const wellFormed = claim.value.length === HEX_LENGTH[claim.algorithm] && /^[0-9a-f]+$/.test(claim.value);
      return safeEqual(digest, claim.value) && wellFormed;
    },
  };
}

/** Where a drain posts, relative to the API's address. */
export const drainPushPath = (id: string) => `/api/v1/traffic/drains/${id}/push`;

/** A drain id as newId('drn') makes them; anything else cannot name a drain (and is not looked up). */
export const isDrainId = (id: string) => /^drn_[0-9a-z]{26}$/.test(id);
