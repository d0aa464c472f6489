import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { manualClock } from '../../lib/clock.ts';
import { activeKey, createTestApp, createWorkspace, signup, testConfig, withoutRequestId, type TestContext } from '../../../test/helpers/app.ts';
import { apiKeys } from './access.tables.ts';

const MIN = 60_000;
const clock = manualClock(new Date('2026-03-01T00:00:00Z'));
let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await createTestApp({ clock });
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'keys');
  await createWorkspace(ctx.app, cookie, 'keys-other');
});
afterAll(() => ctx.close());

const base = '/api/v1/workspaces/keys/api-keys';
const create = (payload: Record<string, unknown> = {}) => ctx.app.inject({ method: 'POST', url: base, headers: { cookie }, payload: { name: 'ci', ...payload } });
const act = (keyId: string, payload: Record<string, unknown>) => ctx.app.inject({ method: 'POST', url: `${base}/${keyId}`, headers: { cookie }, payload });
const asKey = (secret: string, extra: Record<string, unknown> = {}) =>
  ctx.app.inject({ url: '/api/v1/workspaces', headers: { authorization: `Bearer ${secret}` }, ...extra });
const listed = async (keyId: string) => (await ctx.app.inject({ url: base, headers: { cookie } })).json().find((k: { keyId: string }) => k.keyId === keyId);

describe('creation (2.8)', () => {
  it('answers keyId, secret, prefix, last4, deliveryId with default scopes exactly [workspace:read]', async () => {
    const res = await create();
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['activate', 'deliveryId', 'keyId', 'last4', 'message', 'prefix', 'secret', 'state']);
    // The answer says the key works only after acknowledge, and how, so a first call does not fail unexplained.
    expect(body).toMatchObject({
      state: 'pending', message: expect.stringMatching(/works only after acknowledge/),
      activate: { method: 'POST', path: `/api/v1/workspaces/keys/api-keys/${body.keyId}`, body: { action: 'acknowledge', deliveryId: body.deliveryId } },
    });
    expect(body.secret).toMatch(/^gp_live_[A-Za-z0-9_-]{43}$/);
    expect(body.prefix).toBe(body.secret.slice(0, 12));
    expect(body.last4).toBe(body.secret.slice(-4));
    expect(body.keyId).toMatch(/^key_/);
    const item = await listed(body.keyId);
    expect(item).toMatchObject({ name: 'ci', scopes: ['workspace:read'], state: 'pending', allowedCidrs: [], lastUsedAt: null, origin: 'session' });
    expect(JSON.stringify(await ctx.app.inject({ url: base, headers: { cookie } }).then((r) => r.json()))).not.toContain(body.secret.slice(8));
  });

  it('stores only an HMAC of the secret', async () => {
    const { keyId, secret } = (await create()).json();
    const [row] = await ctx.database.db.select().from(apiKeys).where(eq(apiKeys.id, keyId));
    expect(row!.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(secret);
  });

  it('treats an empty scope list as the default', async () => {
    expect((await listed((await create({ scopes: [] })).json().keyId)).scopes).toEqual(['workspace:read']);
  });

  it.each([
    [{ name: '' }, 'body.name'],
    [{ scopes: ['admin'] }, 'body.scopes[0]'],
    [{ scopes: ['runs:read', 'runs:read'] }, 'body.scopes'],
    [{ allowedCidrs: ['10.0.0.1/8'] }, 'host bits'],
    [{ allowedCidrs: ['10.0.0.0/33'] }, 'allowedCidrs[0]'],
    [{ allowedCidrs: ['2001:db8::1/32'] }, 'host bits'],
    [{ allowedCidrs: ['2001:db8::/129'] }, 'allowedCidrs[0]'],
    [{ allowedCidrs: ['10.0.0.0/8', 'garbage'] }, 'allowedCidrs[1]'],
    [{ allowedCidrs: ['010.0.0.0/8'] }, 'allowedCidrs[0]'],
    [{ extra: true }, 'body.extra'],
  ])('400 for %j', async (payload, hint) => {
    const res = await create(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_request');
    expect(res.json().error.message).toContain(hint);
  });
});

describe('delivery', () => {
  it('a pending key does not authenticate; acknowledged it does, seeing only its workspace', async () => {
    const { keyId, secret, deliveryId } = (await create()).json();
    const pending = await asKey(secret);
    expect(pending.statusCode).toBe(401);
    // Anti-enumeration: the same bytes as a key that never existed.
    const unknown = await asKey(`${secret.slice(0, -4)}${secret.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`);
    expect(withoutRequestId(pending.body)).toBe(withoutRequestId(unknown.body));
    const ack = await act(keyId, { action: 'acknowledge', deliveryId });
    expect(ack.json()).toEqual({ keyId, state: 'active' });
    const res = await asKey(secret);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ id: 'keys', displayName: 'Acme Analytics', plan: 'free', role: 'api_key', domains: ['acme.com'] }]);
  });

  it('resume-delivery shows the secret again only while pending and with the right deliveryId', async () => {
    const { keyId, secret, deliveryId } = (await create()).json();
    const resumed = await act(keyId, { action: 'resume-delivery', deliveryId });
    expect(resumed.json()).toMatchObject({ keyId, secret, deliveryId, state: 'pending' });
    expect((await act(keyId, { action: 'resume-delivery', deliveryId: 'dlv_wrong' })).statusCode).toBe(400);
    expect((await act(keyId, { action: 'resume-delivery' })).statusCode).toBe(400);
    expect((await act(keyId, { action: 'acknowledge' })).statusCode).toBe(400);
    await act(keyId, { action: 'acknowledge', deliveryId });
    const after = await act(keyId, { action: 'resume-delivery', deliveryId });
    expect(after.statusCode).toBe(409);
    expect(after.json().error.code).toBe('invalid_state');
    const [row] = await ctx.database.db.select().from(apiKeys).where(eq(apiKeys.id, keyId));
    expect(row!.deliveryCiphertext).toBeNull();
  });

  it('an unacknowledged key ends revoked when the 10-minute window passes', async () => {
    const { keyId, secret, deliveryId } = (await create()).json();
    clock.advance(10 * MIN - 1);
    expect((await act(keyId, { action: 'resume-delivery', deliveryId })).statusCode).toBe(200);
    clock.advance(1);
    expect((await act(keyId, { action: 'resume-delivery', deliveryId })).statusCode).toBe(409);
    expect((await act(keyId, { action: 'acknowledge', deliveryId })).statusCode).toBe(409);
    expect((await listed(keyId)).state).toBe('revoked');
    expect((await asKey(secret)).statusCode).toBe(401);
    const ciphertext = async () => (await ctx.database.db.select().from(apiKeys).where(eq(apiKeys.id, keyId)))[0]!.deliveryCiphertext;
    expect(await ciphertext()).not.toBeNull();
    await ctx.app.maintenance.sweep();
    expect(await ciphertext()).toBeNull();
    expect((await ctx.database.db.select().from(apiKeys).where(eq(apiKeys.id, keyId)))[0]!.state).toBe('revoked');
  });
});

describe('rotation', () => {
  it('rotate -> pending replacement; acknowledge -> old in grace for 15 minutes -> revoked', async () => {
    const old = await activeKey(ctx.app, cookie, 'keys', { scopes: ['runs:read', 'workspace:read'] });
    const rotated = await act(old.keyId, { action: 'rotate' });
    expect(rotated.statusCode).toBe(200);
    const next = rotated.json();
    expect(next).toMatchObject({ replacesKeyId: old.keyId, secret: expect.stringMatching(/^gp_live_/) });
    expect((await listed(next.keyId))).toMatchObject({ state: 'pending', scopes: ['runs:read', 'workspace:read'], replacesKeyId: old.keyId });
    expect((await listed(old.keyId)).state).toBe('active');

    expect((await act(old.keyId, { action: 'rotate' })).statusCode).toBe(409); // one pending replacement at a time
    expect((await act(next.keyId, { action: 'confirm-rotation' })).statusCode).toBe(409); // not acknowledged yet

    await act(next.keyId, { action: 'acknowledge', deliveryId: next.deliveryId });
    expect((await listed(old.keyId)).state).toBe('grace');
    expect((await asKey(old.secret)).statusCode).toBe(200);
    clock.advance(15 * MIN - 1);
    expect((await asKey(old.secret)).statusCode).toBe(200);
    clock.advance(1);
    expect((await asKey(old.secret)).statusCode).toBe(401);
    expect((await listed(old.keyId)).state).toBe('revoked');
    expect((await asKey(next.secret)).statusCode).toBe(200);
  });

  it('confirm-rotation revokes the old key at once', async () => {
    const old = await activeKey(ctx.app, cookie, 'keys');
    const next = (await act(old.keyId, { action: 'rotate' })).json();
    await act(next.keyId, { action: 'acknowledge', deliveryId: next.deliveryId });
    const confirmed = await act(next.keyId, { action: 'confirm-rotation' });
    expect(confirmed.json()).toEqual({ keyId: next.keyId, state: 'active', revokedKeyId: old.keyId });
    expect((await asKey(old.secret)).statusCode).toBe(401);
    expect((await act(next.keyId, { action: 'confirm-rotation' })).statusCode).toBe(409);
  });

  it('only active keys rotate; a key that is no replacement cannot confirm', async () => {
    const { keyId } = (await create()).json();
    expect((await act(keyId, { action: 'rotate' })).statusCode).toBe(409);
    const plain = await activeKey(ctx.app, cookie, 'keys');
    expect((await act(plain.keyId, { action: 'confirm-rotation' })).statusCode).toBe(409);
  });

  it('parallel rotations of one key yield exactly one replacement', async () => {
    const old = await activeKey(ctx.app, cookie, 'keys');
    const results = await Promise.all(Array.from({ length: 6 }, () => act(old.keyId, { action: 'rotate' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
  });

  it('a rotation replay with the same idempotency key returns the same replacement', async () => {
    const old = await activeKey(ctx.app, cookie, 'keys');
    const results = await Promise.all(Array.from({ length: 4 }, () => act(old.keyId, { action: 'rotate', idempotencyKey: 'rot-1' })));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.json().keyId)).size).toBe(1);
  });
});

describe('revoke', () => {
  it('accepts pending, active and grace; a revoked key is 409 invalid_state', async () => {
    const pending = (await create()).json();
    expect((await act(pending.keyId, { action: 'revoke' })).json()).toEqual({ keyId: pending.keyId, state: 'revoked' });
    const active = await activeKey(ctx.app, cookie, 'keys');
    expect((await act(active.keyId, { action: 'revoke' })).statusCode).toBe(200);
    expect((await asKey(active.secret)).statusCode).toBe(401);
    const old = await activeKey(ctx.app, cookie, 'keys');
    const next = (await act(old.keyId, { action: 'rotate' })).json();
    await act(next.keyId, { action: 'acknowledge', deliveryId: next.deliveryId });
    expect((await act(old.keyId, { action: 'revoke' })).statusCode).toBe(200);
    const again = await act(old.keyId, { action: 'revoke' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('invalid_state');
  });

  it('an unknown key inside the workspace is 404 not_found; a key of another workspace too', async () => {
    expect((await act('key_nope', { action: 'revoke' })).json().error.code).toBe('not_found');
    const other = await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/keys-other/api-keys', headers: { cookie }, payload: { name: 'x' } });
    expect((await act(other.json().keyId, { action: 'revoke' })).statusCode).toBe(404);
  });
});

describe('a key in use (its row kept in memory, issue 47)', () => {
  const settingsOf = (slug: string, secret: string) => ctx.app.inject({ url: `/api/v1/workspaces/${slug}/settings`, headers: { authorization: `Bearer ${secret}` } });

  it('is refused the moment it is revoked, and a rotated-out key the moment the rotation is confirmed', async () => {
    const key = await activeKey(ctx.app, cookie, 'keys', { scopes: ['settings:read'] });
    for (let i = 0; i < 3; i++) expect((await settingsOf('keys', key.secret)).statusCode).toBe(200);
    await act(key.keyId, { action: 'revoke' });
    expect((await settingsOf('keys', key.secret)).statusCode).toBe(401);

    const old = await activeKey(ctx.app, cookie, 'keys', { scopes: ['settings:read'] });
    expect((await settingsOf('keys', old.secret)).statusCode).toBe(200);
    const next = (await act(old.keyId, { action: 'rotate' })).json();
    await act(next.keyId, { action: 'acknowledge', deliveryId: next.deliveryId });
    expect((await settingsOf('keys', old.secret)).statusCode).toBe(200); // in its grace
    await act(next.keyId, { action: 'confirm-rotation' });
    expect((await settingsOf('keys', old.secret)).statusCode).toBe(401);
    expect((await settingsOf('keys', next.secret)).statusCode).toBe(200);
  });

  it('a pending key refused once works the moment it is acknowledged; a grace ends on the clock alone', async () => {
    const pending = (await create({ scopes: ['settings:read'] })).json();
    expect((await settingsOf('keys', pending.secret)).statusCode).toBe(401);
    await act(pending.keyId, { action: 'acknowledge', deliveryId: pending.deliveryId });
    expect((await settingsOf('keys', pending.secret)).statusCode).toBe(200);
    const next = (await act(pending.keyId, { action: 'rotate' })).json();
    await act(next.keyId, { action: 'acknowledge', deliveryId: next.deliveryId });
    expect((await settingsOf('keys', pending.secret)).statusCode).toBe(200);
    clock.advance(16 * MIN);
    expect((await settingsOf('keys', pending.secret)).statusCode).toBe(401);
  });

  it("is refused the moment its workspace is deleted, and a new workspace's key works on a slug asked before it existed", async () => {
    await createWorkspace(ctx.app, cookie, 'keys-gone');
    const key = await activeKey(ctx.app, cookie, 'keys-gone', { scopes: ['settings:read'] });
    expect((await settingsOf('keys-gone', key.secret)).statusCode).toBe(200);
    expect((await settingsOf('keys-later', key.secret)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/v1/workspaces/keys-gone', headers: { cookie } })).statusCode).toBe(200);
    expect((await settingsOf('keys-gone', key.secret)).statusCode).toBe(401);
    await createWorkspace(ctx.app, cookie, 'keys-later');
    const later = await activeKey(ctx.app, cookie, 'keys-later', { scopes: ['settings:read'] });
    expect((await settingsOf('keys-later', later.secret)).statusCode).toBe(200);
  });
});

describe('idempotent creation', () => {
  it('the same key and body answer the same key; another body is 409; after delivery the replay is 409', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => create({ idempotencyKey: 'create-1', scopes: ['runs:read'] })));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(results.map((r) => r.json().secret)).size).toBe(1);
    const conflict = await create({ idempotencyKey: 'create-1', scopes: ['runs:write'] });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().error.code).toBe('idempotency_conflict');
    const { keyId, deliveryId } = results[0]!.json();
    await act(keyId, { action: 'acknowledge', deliveryId });
    expect((await create({ idempotencyKey: 'create-1', scopes: ['runs:read'] })).json().error.code).toBe('invalid_state');
  });
});

describe('principal checks', () => {
  it('401 invalid_key for malformed, unknown, pending and revoked keys alike', async () => {
    const pending = (await create()).json();
    const revoked = await activeKey(ctx.app, cookie, 'keys');
    await act(revoked.keyId, { action: 'revoke' });
    const bodies = new Set<string>();
    for (const secret of ['gp_live_short', `gp_live_${'A'.repeat(43)}`, pending.secret, revoked.secret, `gp_test_${'A'.repeat(43)}`]) {
      const res = await asKey(secret);
      expect(res.statusCode).toBe(401);
      bodies.add(withoutRequestId(res.body));
    }
    expect(bodies.size).toBe(1);
  });

  it('a key used on another workspace gets the same 404 as an unknown one', async () => {
    const key = await activeKey(ctx.app, cookie, 'keys', { scopes: ['settings:read'] });
    const foreign = await ctx.app.inject({ url: '/api/v1/workspaces/keys-other/settings', headers: key.bearer });
    const unknown = await ctx.app.inject({ url: '/api/v1/workspaces/nope-nope/settings', headers: key.bearer });
    expect(foreign.statusCode).toBe(404);
    expect(withoutRequestId(foreign.body)).toBe(withoutRequestId(unknown.body));
    expect((await ctx.app.inject({ url: '/api/v1/workspaces/keys/settings', headers: key.bearer })).statusCode).toBe(200);
  });

  it('403 insufficient_scope without the scope, 403 session_required on session-only routes', async () => {
    const key = await activeKey(ctx.app, cookie, 'keys');
    const scope = await ctx.app.inject({ url: '/api/v1/workspaces/keys/settings', headers: key.bearer });
    expect(scope.statusCode).toBe(403);
    expect(scope.json().error.code).toBe('insufficient_scope');
    const session = await ctx.app.inject({ url: base, headers: key.bearer });
    expect(session.statusCode).toBe(403);
    expect(session.json().error.code).toBe('session_required');
  });

  it('the Authorization header decides even when a session cookie is sent too', async () => {
    const res = await ctx.app.inject({ url: base, headers: { cookie, authorization: 'Bearer nope' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('allowedCidrs against the socket address', () => {
  it.each([
    [['10.0.0.0/8'], '10.20.30.40', 200],
    [['10.0.0.0/8'], '11.0.0.1', 403],
    [['10.0.0.0/8'], '::ffff:10.1.1.1', 200],
    [['203.0.113.7/32'], '203.0.113.7', 200],
    [['203.0.113.7/32'], '203.0.113.8', 403],
    [['2001:db8::/32'], '2001:db8:1::1', 200],
    [['2001:db8::/32'], '2001:db9::1', 403],
    [['2001:db8::/32', '10.0.0.0/8'], '10.0.0.1', 200],
    [[], '198.51.100.1', 200],
  ])('%j from %s → %i', async (allowedCidrs, remoteAddress, status) => {
    const key = await activeKey(ctx.app, cookie, 'keys', { allowedCidrs });
    const res = await asKey(key.secret, { remoteAddress });
    expect(res.statusCode).toBe(status);
    if (status === 403) expect(res.json().error.code).toBe('ip_forbidden');
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY names the proxy', async () => {
    const key = await activeKey(ctx.app, cookie, 'keys', { allowedCidrs: ['10.0.0.0/8'] });
    const headers = { authorization: `Bearer ${key.secret}`, 'x-forwarded-for': '10.9.9.9' };
    expect((await ctx.app.inject({ url: '/api/v1/workspaces', headers, remoteAddress: '127.0.0.1' })).statusCode).toBe(403);
    const proxied = await createTestApp({ clock, config: testConfig({ trustProxy: ['127.0.0.1'] }) }, ctx.database);
    try {
      expect((await proxied.app.inject({ url: '/api/v1/workspaces', headers, remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
      expect((await proxied.app.inject({ url: '/api/v1/workspaces', headers, remoteAddress: '192.0.2.1' })).statusCode).toBe(403);
    } finally {
      await proxied.close();
    }
  });
});

describe('lastUsedAt', () => {
  it('is kept to the minute without a write per request', async () => {
    const key = await activeKey(ctx.app, cookie, 'keys');
    await asKey(key.secret);
    const first = (await listed(key.keyId)).lastUsedAt;
    expect(first).toBe(clock.now().toISOString());
    clock.advance(30_000);
    await asKey(key.secret);
    expect((await listed(key.keyId)).lastUsedAt).toBe(first);
    clock.advance(30_000);
    await asKey(key.secret);
    expect((await listed(key.keyId)).lastUsedAt).toBe(clock.now().toISOString());
  });
});

describe('another member of the workspace', () => {
  let member: string;
  beforeAll(async () => {
    const m = await signup(ctx.app);
    member = m.cookie;
    const invite = await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/keys/members', headers: { cookie }, payload: { email: m.email, role: 'member' } });
    expect(invite.statusCode).toBe(201);
    const token = /token is (\S+)/.exec(ctx.mails.at(-1)!.text)![1]!;
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/invitations/accept', headers: { cookie: member }, payload: { token } })).statusCode).toBe(200);
  });
  const asMember = (url: string, payload: Record<string, unknown>) => ctx.app.inject({ method: 'POST', url, headers: { cookie: member }, payload });

  it('replaying the owner’s creation body and idempotency key gets a key of its own, never the owner’s secret', async () => {
    const first = (await create({ idempotencyKey: 'shared-create', scopes: ['runs:read'] })).json();
    const replay = await asMember(base, { name: 'ci', idempotencyKey: 'shared-create', scopes: ['runs:read'] });
    expect(replay.statusCode).toBe(201);
    expect(replay.json().secret).not.toBe(first.secret);
    expect(replay.json().keyId).not.toBe(first.keyId);
    expect(JSON.stringify(replay.json())).not.toContain(first.deliveryId);
    // The owner's own replay still answers the owner's key.
    expect((await create({ idempotencyKey: 'shared-create', scopes: ['runs:read'] })).json().secret).toBe(first.secret);
  });

  it('replaying the owner’s rotation idempotency key reveals nothing', async () => {
    const old = await activeKey(ctx.app, cookie, 'keys');
    const rotated = (await act(old.keyId, { action: 'rotate', idempotencyKey: 'shared-rot' })).json();
    const replay = await asMember(`${base}/${old.keyId}`, { action: 'rotate', idempotencyKey: 'shared-rot' });
    expect([replay.statusCode, replay.json().error.code]).toEqual([409, 'invalid_state']);
    expect(replay.body).not.toContain(rotated.secret);
  });

  it('deliveryId is a random token of at least 128 bits, not derivable from keyId; a guessed one reads nothing', async () => {
    const created = await Promise.all(Array.from({ length: 5 }, () => create()));
    for (const res of created) {
      const { keyId, deliveryId } = res.json();
      expect(deliveryId).toMatch(/^dlv_[A-Za-z0-9_-]{32}$/); // 24 random bytes = 192 bits
      expect(Buffer.from(deliveryId.slice(4), 'base64url')).toHaveLength(24);
      expect(deliveryId.slice(4, 14)).not.toBe(keyId.slice(4, 14)); // no shared timestamp part
      const guesses = [`dlv_${keyId.slice(4)}`, `dlv_${keyId.slice(4, -1)}${String.fromCharCode(keyId.at(-1)!.charCodeAt(0) + 1)}`, deliveryId.slice(0, -1)];
      for (const guess of guesses) {
        const res2 = await asMember(`${base}/${keyId}`, { action: 'resume-delivery', deliveryId: guess });
        expect(res2.statusCode).toBe(400);
        expect(res2.body).not.toContain(res.json().secret);
      }
    }
    expect(new Set(created.map((r) => r.json().deliveryId)).size).toBe(5);
  });
});
