import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.ts';
import { createBodyVerifier, isDrainId, newDrainSecret, signatureClaim, signDrainBody, type SignatureClaim } from './drains.fns.ts';

const SECRET = 'drsec_test-secret';
const BODY = Buffer.from('203.0.113.9 - - [10/Oct/2026:13:55:36 +0000] "GET / HTTP/1.1" 200 5\n');

/** Verifies `body` fed in chunks of `size` bytes against `claim`. */
function verify(claim: SignatureClaim, body = BODY, size = 7, secret = SECRET) {
  const verifier = createBodyVerifier(secret, claim);
  for (let i = 0; i < body.length; i += size) verifier.update(body.subarray(i, i + size));
  return verifier.matches();
}

describe('signatureClaim', () => {
  it.each([
    ['ours', { 'x-geo-signature': 'AB12' }, { algorithm: 'sha256', value: 'ab12' }],
    ['Vercel’s', { 'x-vercel-signature': ' cd34 ' }, { algorithm: 'sha1', value: 'cd34' }],
    ['ours wins over Vercel’s', { 'x-geo-signature': 'ab', 'x-vercel-signature': 'cd' }, { algorithm: 'sha256', value: 'ab' }],
    ['none', {}, null],
    ['empty', { 'x-geo-signature': '' }, null],
    ['repeated', { 'x-geo-signature': ['ab', 'cd'] }, null],
  ] as const)('%s', (_name, headers, expected) => {
    expect(signatureClaim(headers as Record<string, string | string[]>)).toEqual(expected);
  });
});

describe('createBodyVerifier', () => {
  const sha256 = signDrainBody(SECRET, BODY);
  const sha1 = createHmac('sha1', SECRET).update(BODY).digest('hex');

  it.each([
    ['HMAC-SHA256 of the whole body, any chunking', { algorithm: 'sha256', value: sha256 }, true],
    ['HMAC-SHA1 (Vercel) of the whole body', { algorithm: 'sha1', value: sha1 }, true],
    ['SHA-1 value claimed as SHA-256', { algorithm: 'sha256', value: sha1 }, false],
    ['one hex digit off', { algorithm: 'sha256', value: `${sha256.slice(0, -1)}${sha256.endsWith('0') ? '1' : '0'}` }, false],
    ['truncated', { algorithm: 'sha256', value: sha256.slice(0, 32) }, false],
    ['not hex', { algorithm: 'sha256', value: 'z'.repeat(64) }, false],
    ['empty', { algorithm: 'sha1', value: '' }, false],
  ] as const)('%s → %s', (_name, claim, expected) => {
    expect(verify(claim)).toBe(expected);
    expect(verify(claim, BODY, 1)).toBe(expected);
  });

  it('another secret, or another body, does not match', () => {
    expect(verify({ algorithm: 'sha256', value: sha256 }, BODY, 7, `${SECRET}x`)).toBe(false);
    expect(verify({ algorithm: 'sha256', value: sha256 }, Buffer.concat([BODY, Buffer.from('x')]))).toBe(false);
  });

  it('asking twice gives the same answer (the digest is taken once)', () => {
    const verifier = createBodyVerifier(SECRET, { algorithm: 'sha256', value: sha256 });
    verifier.update(BODY);
    expect([verifier.matches(), verifier.matches()]).toEqual([true, true]);
  });
});

describe('ids and secrets', () => {
  it('a drain id is drn_ and a ULID; nothing else is looked up', () => {
    expect(isDrainId(newId('drn'))).toBe(true);
    for (const id of ['drn_', 'x', 'upl_01jabcdefghjkmnpqrstvwxyz0', `${newId('drn')}x`, 'drn_01JABCDEFGHJKMNPQRSTVWXYZ0']) expect(isDrainId(id), id).toBe(false);
  });

  it('secrets are distinct, prefixed, 32 bytes of randomness', () => {
    const [a, b] = [newDrainSecret(), newDrainSecret()];
    expect(a).not.toBe(b);
    expect(a).toMatch(/^drsec_[A-Za-z0-9_-]{43}$/);
  });
});
