import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { manualClock } from '../../lib/clock.ts';
import { hashPassword, passwordHashParams, PASSWORD_SCRYPT } from '../../lib/crypto.ts';
import { createTestApp, signup, testConfig, TEST_PASSWORD_SCRYPT, type TestContext } from '../../../test/helpers/app.ts';
import { users } from './accounts.tables.ts';

// Password hashes upgraded at sign-in; failed sign-ins throttled per account and per IPv6 /64 as
// well as per exact address (one host holds a whole /64, so per address alone is no limit).

const clock = manualClock(new Date('2026-05-01T00:00:00Z'));
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ clock });
});
afterAll(() => ctx.close());

const PASSWORD = 'correct horse battery';
const login = (email: string, password: string, remoteAddress = '198.51.100.1', app = ctx.app) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress, payload: { email, password } });
const storedHash = async (email: string) => (await ctx.database.db.select().from(users).where(eq(users.email, email)))[0]!.passwordHash;
const setHash = (email: string, hash: string) => ctx.database.db.update(users).set({ passwordHash: hash }).where(eq(users.email, email));

describe('password hash upgrade', () => {
  it('a stored hash of lower cost is rehashed at the configured cost on a successful sign-in, and still signs in', async () => {
    const { email } = await signup(ctx.app);
    expect(passwordHashParams(await storedHash(email))).toEqual(TEST_PASSWORD_SCRYPT);
    const weak = await hashPassword(PASSWORD, { N: 2 ** 10, r: 8, p: 1 });
    await setHash(email, weak);
    expect((await login(email, 'wrong password 1')).statusCode).toBe(401);
    expect(await storedHash(email)).toBe(weak); // a failed sign-in changes nothing
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
    const upgraded = await storedHash(email);
    expect(upgraded).not.toBe(weak);
    expect(passwordHashParams(upgraded)).toEqual(TEST_PASSWORD_SCRYPT);
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
    expect(await storedHash(email)).toBe(upgraded); // at the target cost: left alone
  });

  it('a lower r or p counts as lower cost too', async () => {
    const { email } = await signup(ctx.app);
    await setHash(email, await hashPassword(PASSWORD, { N: TEST_PASSWORD_SCRYPT.N, r: 4, p: 1 }));
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
    expect(passwordHashParams(await storedHash(email))).toEqual(TEST_PASSWORD_SCRYPT);
  });

  it('outside test mode the cost is the OWASP floor, N=2^17 r=8 p=1, and old hashes are raised to it', async () => {
    const prod = await createTestApp({ clock, config: testConfig({ env: 'production' }) }, ctx.database);
    try {
      const { email } = await signup(ctx.app);
      await setHash(email, await hashPassword(PASSWORD, { N: 2 ** 15, r: 8, p: 1 })); // the previous default
      expect((await login(email, PASSWORD, '198.51.100.2', prod.app)).statusCode).toBe(200);
      expect(passwordHashParams(await storedHash(email))).toEqual(PASSWORD_SCRYPT);
      expect(PASSWORD_SCRYPT).toEqual({ N: 131072, r: 8, p: 1 });
    } finally {
      await prod.close();
    }
  });

  it('a test-only lower cost is refused outside GEO_ENV=test', async () => {
    await expect(createTestApp({ config: testConfig({ env: 'production' }), passwordScrypt: { N: 1024, r: 8, p: 1 } }, ctx.database)).rejects.toThrow(/GEO_ENV=test/);
    await expect(createTestApp({ config: testConfig({ env: 'local' }), passwordScrypt: { N: 1024, r: 8, p: 1 } }, ctx.database)).rejects.toThrow(/GEO_ENV=test/);
  });
});

describe('failed sign-ins per account', () => {
  it('11 wrong passwords from 11 addresses of one IPv6 /64 are throttled: 429 rate_limited with Retry-After', async () => {
    const { email } = await signup(ctx.app);
    const statuses: number[] = [];
    for (let i = 1; i <= 11; i++) {
      const res = await login(email, `wrong password ${i}`, `2001:db8:17:1::${i.toString(16)}`);
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json().error.code).toBe('rate_limited');
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  });

  it('counts per account from any network; the right password waits too; the window’s end lets it in', async () => {
    clock.set(new Date('2026-05-02T00:00:00Z'));
    const { email } = await signup(ctx.app);
    const other = await signup(ctx.app);
    for (let i = 1; i <= 10; i++) expect((await login(email, `wrong ${i} password`, `203.0.113.${i}`)).statusCode).toBe(401);
    const res = await login(email, PASSWORD, '192.0.2.200');
    expect([res.statusCode, res.json().error.code]).toEqual([429, 'rate_limited']);
    expect((await login(other.email, PASSWORD, '203.0.113.1')).statusCode).toBe(200); // another account is untouched
    clock.advance(10 * 60_000);
    expect((await login(email, PASSWORD, '192.0.2.200')).statusCode).toBe(200);
  });

  it('an unknown email is throttled exactly like a known one (no account enumeration)', async () => {
    clock.set(new Date('2026-05-03T00:00:00Z'));
    const known = (await signup(ctx.app)).email;
    const unknown = `nobody-${Date.now()}@example.com`;
    const answers = async (email: string) => {
      const out: string[] = [];
      for (let i = 1; i <= 11; i++) {
        const res = await login(email.toUpperCase(), `wrong ${i} password`, `2001:db8:99:${i}::1`);
        out.push(`${res.statusCode} ${res.json().error.code}`);
      }
      return out;
    };
    expect(await answers(unknown)).toEqual(await answers(known));
  });
});

describe('per-address limits group IPv6 by /64', () => {
  it('sign-in: 11 attempts from 11 addresses of one /64 pass the per-address limit of 10 no more', async () => {
    clock.set(new Date('2026-05-04T00:00:00Z'));
    const limited = await createTestApp({ clock, config: testConfig({ authAttemptsPer10Min: 10 }) }, ctx.database);
    try {
      const statuses: number[] = [];
      for (let i = 1; i <= 11; i++) statuses.push((await login(`someone${i}@example.com`, 'wrong password', `2001:db8:aa:bb:${i}::1`, limited.app)).statusCode);
      expect(statuses).toEqual([...Array(10).fill(401), 429]);
      expect((await login('someone@example.com', 'wrong password', '2001:db8:aa:bc::1', limited.app)).statusCode).toBe(401); // the next /64
      expect((await login('someone@example.com', 'wrong password', '::ffff:192.0.2.1', limited.app)).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });

  it('sign-up: rotating addresses inside one /64 does not pass the limit', async () => {
    clock.set(new Date('2026-05-05T00:00:00Z'));
    const limited = await createTestApp({ clock, config: testConfig({ authAttemptsPer10Min: 3 }) }, ctx.database);
    try {
      const signupFrom = (i: number, prefix = '2001:db8:5:5') => limited.app.inject({
        method: 'POST', url: '/api/v1/auth/signup', remoteAddress: `${prefix}:${i}:${i}::${i}`, payload: { email: `farm${i}-${Date.now()}@example.com`, password: PASSWORD },
      });
      const statuses = [];
      for (let i = 1; i <= 4; i++) statuses.push((await signupFrom(i)).statusCode);
      expect(statuses).toEqual([201, 201, 201, 429]);
      expect((await signupFrom(5, '2001:db8:5:6')).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
