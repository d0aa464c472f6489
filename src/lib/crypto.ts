import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// Passwords: scrypt at OWASP's floor for interactive logins, N=2^17, r=8, p=1 (128 MiB, a few
// hundred ms). Each stored hash names its parameters, so older hashes keep verifying and are
// upgraded at the next successful sign-in (see needsRehash).
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}
export const PASSWORD_SCRYPT: Readonly<ScryptParams> = Object.freeze({ N: 2 ** 17, r: 8, p: 1 });
const KEY_LENGTH = 64;
// A stored hash is ours, but its parameters are still bounded before they size a computation.
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;

// scrypt needs 128·N·r bytes; Node's default ceiling (32 MiB) is below what N=2^17 needs.
const maxmemFor = (q: ScryptParams) => 128 * q.N * q.r * 2;

function scryptAsync(password: string, salt: Buffer, keyLength: number, q: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { N: q.N, r: q.r, p: q.p, maxmem: maxmemFor(q) };
  return new Promise((resolve, reject) =>
    scrypt(password, salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPassword(password: string, params: ScryptParams = PASSWORD_SCRYPT): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, KEY_LENGTH, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** The parameters a stored hash was made with; null when it is not one of ours. */
export function passwordHashParams(stored: string): ScryptParams | null {
  const [alg, n, r, p, salt, hash] = stored.split('$');
  const q = { N: Number(n), r: Number(r), p: Number(p) };
  const powerOfTwo = Number.isInteger(q.N) && q.N >= 2 && (q.N & (q.N - 1)) === 0;
  if (alg !== 'scrypt' || !salt || !hash || !powerOfTwo || q.N > MAX_N) return null;
  if (!Number.isInteger(q.r) || q.r < 1 || q.r > MAX_R || !Number.isInteger(q.p) || q.p < 1 || q.p > MAX_P) return null;
  return q;
}

/** True when a stored hash is cheaper than `target` in any parameter: rehash it at the next sign-in. */
export function needsRehash(stored: string, target: ScryptParams = PASSWORD_SCRYPT): boolean {
  const q = passwordHashParams(stored);
  return !q || q.N < target.N || q.r < target.r || q.p < target.p;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const q = passwordHashParams(stored);
  if (!q) return false;
  const [, , , , salt, hash] = stored.split('$');
  const expected = Buffer.from(hash!, 'base64url');
  if (expected.length < 16) return false;
  const key = await scryptAsync(password, Buffer.from(salt!, 'base64url'), expected.length, q);
  return timingSafeEqual(key, expected);
}

// A hash to compare against when the account does not exist, made with the same parameters as
// new hashes, so that an unknown email costs the same time as a wrong password.
const dummyHashes = new Map<string, Promise<string>>();
export function dummyPasswordHash(params: ScryptParams = PASSWORD_SCRYPT): Promise<string> {
  const key = `${params.N}:${params.r}:${params.p}`;
  let hash = dummyHashes.get(key);
  if (!hash) {
    hash = hashPassword('dummy password for timing', params);
    dummyHashes.set(key, hash);
  }
  return hash;
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function hmacSha256Hex(secret: string | Buffer, value: string | Buffer): string {
  return createHmac('sha256', secret).update(value).digest('hex');
}

// Constant-time comparison that never throws: unequal lengths compare as unequal
// after hashing both sides to the same length.
export function safeEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb) && a.length === b.length;
}

// AES-256-GCM with a fresh 96-bit nonce per message. The associated data binds a ciphertext to
// its owner (e.g. workspace and connector): moved to another row, it no longer decrypts.
const SEALED_VERSION = 'v1';

export function seal(key: Buffer, plaintext: string, associatedData: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [SEALED_VERSION, nonce.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
}

export function unseal(key: Buffer, sealed: string, associatedData: string): string {
  const [version, nonce, body, tag] = sealed.split('.');
  if (version !== SEALED_VERSION || !nonce || body === undefined || !tag) throw new Error('unknown ciphertext format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
  decipher.setAAD(Buffer.from(associatedData, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
