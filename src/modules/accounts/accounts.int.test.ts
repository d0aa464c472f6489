import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sessionCookie, signup, testConfig, workspaceBody, type TestContext } from '../../../test/helpers/app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('signup', () => {
  it('creates the user, sets a signed HttpOnly SameSite=Lax cookie and mails a verification token', async () => {
    const res = await post('/api/v1/auth/signup', { email: 'Ada@Example.com', password: '0123456789', name: 'Ada' });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ email: 'ada@example.com', name: 'Ada', emailVerified: false });
    expect(res.json().user.id).toMatch(/^usr_/);
    const cookie = res.cookies.find((c) => c.name === 'geo.session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
    expect(cookie.value).toMatch(/\./); // signed: value.signature
    expect(ctx.mails.at(-1)).toMatchObject({ to: 'ada@example.com' });
  });

  it('refuses a duplicate email whatever its case with 409 email_taken', async () => {
    await post('/api/v1/auth/signup', { email: 'dup@example.com', password: '0123456789' });
    const res = await post('/api/v1/auth/signup', { email: 'DUP@example.com', password: '0123456789' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('email_taken');
  });

  it.each([
    ['password of 9 characters', { email: 'p9@example.com', password: '012345678' }, 'body.password'],
    ['malformed email', { email: 'not-an-email', password: '0123456789' }, 'body.email'],
    ['missing password', { email: 'x@example.com' }, 'body.password'],
    ['unknown field', { email: 'y@example.com', password: '0123456789', admin: true }, 'body.admin'],
  ])('400 for %s, naming the field', async (_name, payload, field) => {
    const res = await post('/api/v1/auth/signup', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_request');
    expect(res.json().error.message).toContain(field);
  });

  it('accepts a password of exactly 10 characters', async () => {
    expect((await post('/api/v1/auth/signup', { email: 'p10@example.com', password: '0123456789' })).statusCode).toBe(201);
  });
});

describe('login, session and logout', () => {
  it('logs in, reads the session, logs out and the cookie stops working', async () => {
    await signup(ctx.app, 'login@example.com');
    const login = await post('/api/v1/auth/login', { email: 'LOGIN@example.com', password: 'correct horse battery' });
    expect(login.statusCode).toBe(200);
    const cookie = sessionCookie(login);
    const session = await ctx.app.inject({ url: '/api/v1/auth/session', headers: { cookie } });
    expect(session.statusCode).toBe(200);
    expect(session.json().user.email).toBe('login@example.com');

    const logout = await post('/api/v1/auth/logout', {}, { cookie });
    expect(logout.statusCode).toBe(204);
    const after = await ctx.app.inject({ url: '/api/v1/auth/session', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('invalid_key');
  });

  it('answers unknown email and wrong password identically', async () => {
    await signup(ctx.app, 'known@example.com');
    const wrong = await post('/api/v1/auth/login', { email: 'known@example.com', password: 'wrong password!' });
    const unknown = await post('/api/v1/auth/login', { email: 'unknown@example.com', password: 'wrong password!' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('invalid_credentials');
    expect(unknown.json().error).toEqual({ ...wrong.json().error, requestId: unknown.json().error.requestId });
  });

  it('treats a tampered cookie as no credential', async () => {
    const { cookie } = await signup(ctx.app);
    const tampered = cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const res = await ctx.app.inject({ url: '/api/v1/auth/session', headers: { cookie: tampered } });
    expect(res.statusCode).toBe(401);
  });

  it('sessions live in the database: another app on the same database accepts the cookie', async () => {
    const { cookie } = await signup(ctx.app);
    const other = await createTestApp({}, ctx.database);
    try {
      expect((await other.app.inject({ url: '/api/v1/auth/session', headers: { cookie } })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('email verification', () => {
  it('verifies once with the mailed token; a reused or unknown token is 400 invalid_token', async () => {
    const { cookie } = await signup(ctx.app, 'verify@example.com');
    const token = /token is (\S+)/.exec(ctx.mails.at(-1)!.text)![1]!;
    const ok = await post('/api/v1/auth/verify-email', { token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.emailVerified).toBe(true);
    const again = await post('/api/v1/auth/verify-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('invalid_token');
    expect((await post('/api/v1/auth/verify-email', { token: 'nope' })).json().error.code).toBe('invalid_token');
    const resend = await post('/api/v1/auth/verify-email/resend', {}, { cookie });
    expect(resend.statusCode).toBe(409);
  });

  it('resends a token to an unverified user', async () => {
    const { cookie } = await signup(ctx.app, 'resend@example.com');
    const before = ctx.mails.length;
    const res = await post('/api/v1/auth/verify-email/resend', {}, { cookie });
    expect(res.statusCode).toBe(202);
    expect(ctx.mails.length).toBe(before + 1);
  });
});

describe('CSRF rule for cookie requests that change state', () => {
  it.each([
    ['no Origin (non-browser client)', undefined, 201],
    ['same origin as the public base URL', 'http://127.0.0.1:3000', 201],
    ['same host as the request', 'https://app.example:8443', 201],
    ['foreign origin', 'https://evil.example', 403],
    ['opaque origin "null"', 'null', 403],
  ])('%s', async (_name, origin, status) => {
    const { cookie } = await signup(ctx.app);
    const headers: Record<string, string> = { cookie, host: 'app.example:8443' };
    if (origin) headers.origin = origin;
    const res = await ctx.app.inject({
      method: 'POST', url: '/api/v1/workspaces', headers,
      payload: workspaceBody(`csrf-${Math.random().toString(36).slice(2, 10)}`),
    });
    expect(res.statusCode).toBe(status);
    if (status === 403) expect(res.json().error.code).toBe('csrf_rejected');
  });

  it('lets a foreign-origin GET through (reads do not change state)', async () => {
    const { cookie } = await signup(ctx.app);
    const res = await ctx.app.inject({ url: '/api/v1/workspaces', headers: { cookie, origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(200);
  });
});

describe('sign-in throttling', () => {
  it('limits sign-up and sign-in attempts per address with 429 and Retry-After', async () => {
    const limited = await createTestApp({ config: testConfig({ authAttemptsPer10Min: 3 }) }, ctx.database);
    try {
      const login = (remoteAddress: string) => limited.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress, payload: { email: 'nobody@example.com', password: 'wrong password' } });
      for (let i = 0; i < 3; i++) expect((await login('192.0.2.10')).statusCode).toBe(401);
      const res = await login('192.0.2.10');
      expect([res.statusCode, res.json().error.code]).toEqual([429, 'rate_limited']);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect((await login('192.0.2.11')).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});

describe('production cookies', () => {
  it('marks the session cookie Secure', async () => {
    const prod = await createTestApp({ config: testConfig({ env: 'production' }) });
    try {
      const res = await prod.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: { email: 'secure@example.com', password: '0123456789' } });
      expect(res.cookies.find((c) => c.name === 'geo.session')!.secure).toBe(true);
    } finally {
      await prod.close();
    }
  });
});
