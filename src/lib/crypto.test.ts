import { describe, expect, it } from 'vitest';
import { hashPassword, safeEqual, seal, unseal, verifyPassword } from './crypto.ts';

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

describe('safeEqual', () => {
  it.each([['abc', 'abc', true], ['abc', 'abd', false], ['abc', 'abcd', false], ['', '', true], ['a', '', false]])('%s vs %s', (a, b, eq) => {
    expect(safeEqual(a, b)).toBe(eq);
  });
});
