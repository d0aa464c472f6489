import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import { createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';

const clock = manualClock(new Date('2026-04-01T00:00:00Z'));
let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await createTestApp({ clock });
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'device');
  await createWorkspace(ctx.app, (await signup(ctx.app)).cookie, 'not-mine');
});
afterAll(() => ctx.close());

const start = (payload: Record<string, unknown> = {}, remoteAddress = '127.0.0.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/device-authorizations', payload: { clientName: 'geo-cli', ...payload }, remoteAddress });
const poll = (deviceCode: string) => ctx.app.inject({ method: 'POST', url: `/api/v1/device-authorizations/${deviceCode}/token` });
const bySession = (method: 'GET' | 'POST', path: string, payload?: unknown, who = cookie) =>
  ctx.app.inject({ method, url: `/api/v1/device-authorizations/${path}`, headers: { cookie: who }, ...(payload ? { payload: payload as object } : {}) });
const errorOf = (res: { json(): { error: { code: string } } }) => res.json().error.code;

describe('device authorization', () => {
  it('start answers RFC 8628 fields with a XXXX-XXXX user code', async () => {
    const res = await start({ workspace: 'device', scopes: ['runs:read', 'workspace:read'] });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      deviceCode: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), userCode: expect.stringMatching(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/),
      verificationUri: 'http://127.0.0.1:3000/device', verificationUriComplete: `http://127.0.0.1:3000/device?code=${body.userCode}`, expiresIn: 600, interval: 5,
    });
  });

  it('full flow: pending -> approve (narrowed scopes) -> exactly one key, active and bound', async () => {
    const { deviceCode, userCode } = (await start({ scopes: ['runs:read', 'workspace:read'] })).json();
    expect(errorOf(await poll(deviceCode))).toBe('authorization_pending');
    clock.advance(5000);

    const seen = await bySession('GET', userCode.toLowerCase().replace('-', ''));
    expect(seen.json()).toMatchObject({ status: 'pending', clientName: 'geo-cli', requestedScopes: ['runs:read', 'workspace:read'], workspace: null });
    const approved = await bySession('POST', `${userCode}/approve`, { workspace: 'device', scopes: ['workspace:read'] });
    expect(approved.json()).toMatchObject({ status: 'approved', scopes: ['workspace:read'] });

    const polls = await Promise.all(Array.from({ length: 8 }, () => poll(deviceCode)));
    const winners = polls.filter((p) => p.statusCode === 200);
    expect(winners).toHaveLength(1);
    for (const p of polls.filter((x) => x.statusCode !== 200)) expect(['slow_down', 'expired_token']).toContain(errorOf(p));
    const key = winners[0]!.json();
    expect(key).toMatchObject({ workspace: 'device', scopes: ['workspace:read'], keyId: expect.stringMatching(/^key_/) });
    const use = await ctx.app.inject({ url: '/api/v1/workspaces', headers: { authorization: `Bearer ${key.apiKey}` } });
    expect(use.json()).toEqual([expect.objectContaining({ id: 'device' })]);

    clock.advance(30_000);
    expect(errorOf(await poll(deviceCode))).toBe('expired_token');
    expect((await bySession('GET', userCode)).json().status).toBe('consumed');
    const keys = (await ctx.app.inject({ url: '/api/v1/workspaces/device/api-keys', headers: { cookie } })).json();
    expect(keys.find((k: { keyId: string }) => k.keyId === key.keyId)).toMatchObject({ state: 'active', origin: 'device', name: 'geo-cli' });
  });

  it('slow_down when polled faster than the interval, raising it by 5 seconds', async () => {
    const { deviceCode } = (await start()).json();
    expect(errorOf(await poll(deviceCode))).toBe('authorization_pending');
    clock.advance(4999);
    const slow = await poll(deviceCode);
    expect(errorOf(slow)).toBe('slow_down');
    expect(slow.json().error.details).toEqual({ interval: 10 });
    clock.advance(9999);
    expect(errorOf(await poll(deviceCode))).toBe('slow_down');
    clock.advance(15_000);
    expect(errorOf(await poll(deviceCode))).toBe('authorization_pending');
  });

  it('deny -> access_denied; a decided authorization cannot be decided again', async () => {
    const { deviceCode, userCode } = (await start()).json();
    expect((await bySession('POST', `${userCode}/deny`)).json().status).toBe('denied');
    clock.advance(10_000);
    expect(errorOf(await poll(deviceCode))).toBe('access_denied');
    const again = await bySession('POST', `${userCode}/approve`, { workspace: 'device' });
    expect([again.statusCode, errorOf(again)]).toEqual([409, 'invalid_state']);
  });

  it('expires after 600 seconds, approved or not', async () => {
    const a = (await start()).json();
    const b = (await start()).json();
    await bySession('POST', `${b.userCode}/approve`, { workspace: 'device' });
    clock.advance(600_000);
    expect(errorOf(await poll(a.deviceCode))).toBe('expired_token');
    expect(errorOf(await poll(b.deviceCode))).toBe('expired_token');
    expect((await bySession('GET', a.userCode)).json().status).toBe('expired');
    expect(errorOf(await bySession('POST', `${a.userCode}/approve`, { workspace: 'device' }))).toBe('invalid_state');
  });

  it('an unknown device code is expired_token', async () => {
    expect(errorOf(await poll('nope'))).toBe('expired_token');
  });

  it('approval needs a workspace the user belongs to and may only narrow scopes', async () => {
    const { userCode } = (await start({ scopes: ['runs:read'] })).json();
    expect(errorOf(await bySession('POST', `${userCode}/approve`, { workspace: 'not-mine' }))).toBe('workspace_not_found');
    const wider = await bySession('POST', `${userCode}/approve`, { workspace: 'device', scopes: ['runs:write'] });
    expect([wider.statusCode, wider.json().error.message]).toEqual([400, expect.stringContaining('runs:write')]);
  });

  it('limits wrong user codes per user: 10 in 10 minutes, then 429 with Retry-After', async () => {
    const { cookie: tryer } = await signup(ctx.app);
    for (let i = 0; i < 10; i++) expect((await bySession('GET', 'BBBB-BBBB', undefined, tryer)).statusCode).toBe(404);
    const { userCode } = (await start()).json();
    const limited = await bySession('GET', userCode, undefined, tryer);
    expect([limited.statusCode, errorOf(limited)]).toEqual([429, 'rate_limited']);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await bySession('GET', userCode)).statusCode).toBe(200); // other users are not affected
  });

  it('counts parallel guesses before looking them up', async () => {
    clock.advance(10 * 60_000);
    const { cookie: tryer } = await signup(ctx.app);
    const { userCode } = (await start()).json();
    const guesses = await Promise.all([...Array.from({ length: 30 }, () => bySession('GET', 'CCCC-CCCC', undefined, tryer)), bySession('GET', userCode, undefined, tryer)]);
    expect(guesses.filter((g) => g.statusCode === 404).length).toBeLessThanOrEqual(10);
    expect(guesses.filter((g) => g.statusCode === 429).length).toBeGreaterThanOrEqual(20);
  });

  it('limits starts per address', async () => {
    clock.advance(10 * 60_000);
    for (let i = 0; i < 30; i++) expect((await start({}, '198.51.100.7')).statusCode).toBe(200);
    expect((await start({}, '198.51.100.7')).statusCode).toBe(429);
    expect((await start({}, '198.51.100.8')).statusCode).toBe(200);
  });

  it.each([[{}], [{ clientName: '' }], [{ clientName: 'x', scopes: ['nope'] }], [{ clientName: 'x', workspace: 'Bad Slug' }], [{ clientName: 'x', extra: 1 }]])('start 400 for %j', async (payload) => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/device-authorizations', payload });
    expect(res.statusCode).toBe(400);
  });
});

describe('setup tokens and install prompt', () => {
  it('a setup token is exchanged exactly once, even in parallel', async () => {
    const created = await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/device/setup-tokens', headers: { cookie }, payload: { scopes: ['metrics:read'] } });
    expect(created.statusCode).toBe(201);
    const { token, expiresAt } = created.json();
    expect(token).toMatch(/^gp_setup_/);
    expect(new Date(expiresAt).getTime() - clock.now().getTime()).toBe(15 * 60_000);
    const results = await Promise.all(Array.from({ length: 6 }, () => ctx.app.inject({ method: 'POST', url: '/api/v1/setup-tokens/exchange', payload: { token, clientName: 'claude-code' } })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    const key = results.find((r) => r.statusCode === 200)!.json();
    expect(key).toMatchObject({ workspace: 'device', scopes: ['metrics:read'] });
    expect(results.find((r) => r.statusCode === 400)!.json().error.code).toBe('invalid_token');
  });

  it('an expired setup token is refused', async () => {
    const { token } = (await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/device/setup-tokens', headers: { cookie }, payload: { ttlMinutes: 1 } })).json();
    clock.advance(60_000);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/setup-tokens/exchange', payload: { token } })).json().error.code).toBe('invalid_token');
  });

  it('the install prompt explains the device flow, or embeds a fresh setup token', async () => {
    const get = await ctx.app.inject({ url: '/api/v1/workspaces/device/install-prompt?scopes=runs:read,metrics:read', headers: { cookie } });
    expect(get.json()).toMatchObject({ workspace: 'device', method: 'device', scopes: ['runs:read', 'metrics:read'], baseUrl: 'http://127.0.0.1:3000' });
    expect(get.json().prompt).toContain('/api/v1/device-authorizations');
    expect(get.json().prompt).toContain('http://127.0.0.1:3000/mcp');
    expect((await ctx.app.inject({ url: '/api/v1/workspaces/device/install-prompt?scopes=root', headers: { cookie } })).statusCode).toBe(400);

    const post = await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/device/install-prompt', headers: { cookie }, payload: { scopes: ['runs:read'] } });
    expect(post.statusCode).toBe(201);
    const { prompt, setupToken } = post.json();
    expect(prompt).toContain(setupToken.token);
    const exchanged = await ctx.app.inject({ method: 'POST', url: '/api/v1/setup-tokens/exchange', payload: { token: setupToken.token } });
    expect(exchanged.json().scopes).toEqual(['runs:read']);
  });
});
