import { describe, expect, it } from 'vitest';
import { dummyPasswordHash, hashPassword, needsRehash, PASSWORD_SCRYPT, passwordHashParams, safeEqual, seal, unseal, verifyPassword } from './crypto.ts';

const key = Buffer.alloc(32, 1);

describe('seal / unseal (AES-256-GCM)', () => {
  it('round-trips and uses a fresh nonce each time', () => {
    const a = seal(key, 'secret value', 'ws_1:openai:api_key');
    const b = seal(key, 'secret value', 'ws_1:openai:api_key');
    expect(a).not.toBe(b);
    expect(unseal(key, a, 'ws_1:openai:api_key')).toBe('secret value');
  });

  it.each([
    ['other associated data', (s: string) => s, 'ws_2:openai:api_key', key],
    ['other key', (s: string) => s, 'ws_1:openai:api_key', Buffer.alloc(32, 2)],
    ['tampered body', (s: string) => s.replace(/\.([^.])([^.]*)\.([^.]+)$/, (_m, c, rest, tag) => `.${c === 'A' ? 'B' : 'A'}${rest}.${tag}`), 'ws_1:openai:api_key', key],
    ['garbage', () => 'nope', 'ws_1:openai:api_key', key],
  ])('refuses %s', (_name, mutate, aad, k) => {
    const sealed = mutate(seal(key, 'secret value', 'ws_1:openai:api_key'));
    expect(() => unseal(k, sealed, aad)).toThrow();
  });
});

describe('passwords', () => {
  it('verifies the right password only', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^scrypt\$/);
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
    expect(await verifyPassword('x', 'not-a-hash')).toBe(false);
  });
});

describe('password cost', () => {
  it('new hashes default to N=2^17, r=8, p=1 and name them', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash.split('$').slice(0, 4)).toEqual(['scrypt', '131072', '8', '1']);
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
  });

  it('the dummy hash for unknown emails has the parameters of new hashes', async () => {
    expect(passwordHashParams(await dummyPasswordHash())).toEqual(PASSWORD_SCRYPT);
    expect(passwordHashParams(await dummyPasswordHash({ N: 1024, r: 8, p: 1 }))).toEqual({ N: 1024, r: 8, p: 1 });
  });

  const stored = (n: number, r: number, p: number) => `scrypt$${n}$${r}$${p}$c2FsdHNhbHRzYWx0c2FsdA$${'A'.repeat(86)}`;
  it.each([
    [stored(32768, 8, 1), true],
    [stored(131072, 4, 1), true],
    [stored(131072, 8, 1), false],
    [stored(262144, 8, 1), false],
    [stored(131072, 8, 2), false],
    ['bcrypt$whatever', true],
  ])('needsRehash(%s) = %s', (hash, expected) => {
    expect(needsRehash(hash)).toBe(expected);
  });

  it.each([
    stored(3, 8, 1), stored(2 ** 21, 8, 1), stored(1024, 0, 1), stored(1024, 8, 99), 'scrypt$x$8$1$a$b',
  ])('refuses stored parameters out of bounds without computing: %s', async (hash) => {
    expect(passwordHashParams(hash)).toBeNull();
    expect(await verifyPassword('anything at all', hash)).toBe(false);
  });
});

describe('safeEqual', () => {
  it.each([['abc', 'abc', true], ['abc', 'abd', false], ['abc', 'abcd', false], ['', '', true], ['a', '', false]])('%s vs %s', (a, b, eq) => {
    expect(safeEqual(a, b)).toBe(eq);
  });
});
