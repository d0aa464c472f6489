import { createServer, type Server } from 'node:http';
import { createVerify, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { activeKey, createTestApp, createWorkspace, signup, testConfig, type TestContext } from '../../../test/helpers/app.ts';
import { storedCredentials } from './connections.tables.ts';

// A local server speaking just enough of each provider's API to accept or refuse a credential.
const GOOD = 'sk-good-key-0123456789';
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const serviceAccount = (over: Record<string, unknown> = {}) => JSON.stringify({
  type: 'service_account', client_email: 'geo@project.iam.gserviceaccount.com',
  private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }), token_uri: 'http://169.254.169.254/steal', ...over,
});
const seen: string[] = [];
let server: Server;
let base: string;

function fakeProviders(): Server {
  return createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const url = new URL(req.url!, 'http://x');
      const ok = (() => {
        switch (url.pathname) {
          case '/openai/models': return req.headers.authorization === `Bearer ${GOOD}`;
          case '/anthropic/models': return req.headers['x-api-key'] === GOOD && req.headers['anthropic-version'] === '2023-06-01';
          case '/gemini/models': return req.headers['x-goog-api-key'] === GOOD;
          case '/serpapi/account.json': return url.searchParams.get('api_key') === GOOD;
          case '/dataforseo/v3/appendix/user_data': return req.headers.authorization === `Basic ${Buffer.from('geo@example.com:dfs-pass-123').toString('base64')}`;
          case '/google/token': {
            const assertion = new URLSearchParams(body).get('assertion') ?? '';
            const [h, p, sig] = assertion.split('.');
            const claims = JSON.parse(Buffer.from(p ?? '', 'base64url').toString() || '{}');
            return createVerify('RSA-SHA256').update(`${h}.${p}`).verify(publicKey, Buffer.from(sig ?? '', 'base64url')) && claims.aud === `${base}/google/token`;
          }
          default: return false;
        }
      })();
      res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' }).end(ok ? '{"data":[],"access_token":"t"}' : '{"error":"nope"}');
    });
  });
}

let ctx: TestContext;
let cookie: string;
const url = (path: string) => `/api/v1/workspaces/conn${path}`;
const post = (path: string, payload: unknown, headers: Record<string, string> = { cookie }) => ctx.app.inject({ method: 'POST', url: url(path), headers, payload: payload as object });

beforeAll(async () => {
  server = fakeProviders();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const providers = testConfig().providers;
  const local = Object.fromEntries(Object.entries(providers).map(([name, p]) => [name, { ...p, baseUrl: name === 'google' ? `${base}/google/token` : `${base}/${name}` }])) as Config['providers'];
  local.openai.apiKey = undefined;
  local.perplexity.apiKey = 'pplx-from-environment-123';
  ctx = await createTestApp({ config: testConfig({ providers: local }) });
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'conn');
});
afterAll(async () => {
  await ctx.close();
  server.close();
});

describe('stored credentials (2.9)', () => {
  it('stores sealed, answers a masked value, and never echoes the raw value', async () => {
    const res = await post('/credentials', { connector: 'openai', key: 'api_key', value: GOOD });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ workspace: 'conn', connector: 'openai', key: 'api_key', maskedValue: '****6789', createdAt: expect.any(String), updatedAt: expect.any(String) });
    expect(res.body).not.toContain(GOOD);
    const [row] = await ctx.database.db.select().from(storedCredentials).where(eq(storedCredentials.connector, 'openai'));
    expect(row!.ciphertext).not.toContain(GOOD);
    expect(row!.ciphertext.startsWith('v1.')).toBe(true);
  });

  it('refuses to overwrite without rotate, replaces with rotate', async () => {
    await post('/credentials', { connector: 'anthropic', key: 'api_key', value: 'sk-ant-first-value-1111' });
    const again = await post('/credentials', { connector: 'anthropic', key: 'api_key', value: GOOD });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('credential_exists');
    const rotated = await post('/credentials', { connector: 'anthropic', key: 'api_key', value: GOOD, rotate: true });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().maskedValue).toBe('****6789');
    expect((await post('/connections/reveal', { connector: 'anthropic', key: 'api_key' })).json().value).toBe(GOOD);
  });

  it('reveals the raw value to a session only, with no-store', async () => {
    const res = await post('/connections/reveal', { connector: 'openai', key: 'api_key' });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toBe(GOOD);
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await post('/connections/reveal', { connector: 'gemini', key: 'api_key' })).statusCode).toBe(404);
  });

  it('binds each ciphertext to its workspace and connector', async () => {
    await post('/credentials', { connector: 'gemini', key: 'api_key', value: GOOD });
    const rows = await ctx.database.db.select().from(storedCredentials);
    const openai = rows.find((r) => r.connector === 'openai')!;
    const gemini = rows.find((r) => r.connector === 'gemini')!;
    // Swap ciphertexts between rows: neither decrypts in the other's place.
    await ctx.database.db.update(storedCredentials).set({ ciphertext: openai.ciphertext }).where(eq(storedCredentials.id, gemini.id));
    const test = await post('/connections/test', { connector: 'gemini' });
    expect(test.json().checks.find((c: { name: string }) => c.name === 'decrypts').status).toBe('failed');
    await ctx.database.db.update(storedCredentials).set({ ciphertext: gemini.ciphertext }).where(eq(storedCredentials.id, gemini.id));
  });

  it.each([
    [{ connector: 'openai', key: 'api_key' }, 'body.value'],
    [{ connector: 'mystery', key: 'api_key', value: 'x'.repeat(20) }, 'body.connector'],
    [{ connector: 'openai', key: 'service_account_json', value: 'x'.repeat(20) }, 'body.key'],
    [{ connector: 'openai', key: 'api_key', value: 'has white space in it' }, 'white space'],
    [{ connector: 'google', key: 'service_account_json', value: '{"type":"user"}' }, 'service account'],
    [{ connector: 'openai', key: 'api_key', value: GOOD, rotate: 'yes' }, 'body.rotate'],
    [{ connector: 'openai', key: 'api_key', value: GOOD, extra: 1 }, 'body.extra'],
  ])('400 for %j', async (payload, hint) => {
    const res = await post('/credentials', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(hint);
  });
});

describe('connections', () => {
  it('configure sets the properties (connections:write) and status shows them with the engine sources', async () => {
    const key = await activeKey(ctx.app, cookie, 'conn', { scopes: ['connections:write', 'connections:read'] });
    const res = await post('/connections/configure', { gscProperty: 'sc-domain:shop.acme.com', ga4Property: '987654' }, key.bearer);
    expect(res.statusCode).toBe(200);
    const status = (await ctx.app.inject({ url: url('/connections'), headers: key.bearer })).json();
    expect(status.google).toMatchObject({ gscProperty: 'sc-domain:shop.acme.com', ga4Property: '987654', credential: null });
    expect(status.engines).toEqual(expect.arrayContaining([
      { engine: 'chatgpt', connector: 'openai', source: 'workspace' },
      { engine: 'perplexity', connector: 'perplexity', source: 'environment' },
      { engine: 'google-aio', connector: 'serpapi', source: 'simulated' },
    ]));
    expect(JSON.stringify(status)).not.toContain(GOOD);
    expect((await ctx.app.inject({ url: url('/settings'), headers: { cookie } })).json().ga4Property).toBe('987654');
  });

  it.each([[{}], [{ ga4Property: '12345' }], [{ gscProperty: 'acme.com' }], [{ gscProperty: 'sc-domain:acme.com', other: 1 }]])('configure 400 for %j', async (body) => {
    expect((await post('/connections/configure', body)).statusCode).toBe(400);
  });

  it('test asks the provider and reports each check', async () => {
    const res = await post('/connections/test', { connector: 'openai' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ connector: 'openai', ok: true, reason: null });
    expect(res.json().checks.map((c: { name: string; status: string }) => `${c.name}:${c.status}`)).toEqual(['stored:passed', 'decrypts:passed', 'shape:passed', 'provider:passed']);
    expect(seen).toContain('GET /openai/models');
  });

  it('test reports a key the provider refuses', async () => {
    await post('/credentials', { connector: 'serpapi', key: 'api_key', value: 'serp-wrong-key-000' });
    const res = await post('/connections/test', { connector: 'serpapi' });
    expect(res.json().ok).toBe(false);
    expect(res.json().checks.at(-1)).toMatchObject({ name: 'provider', status: 'failed', message: expect.stringMatching(/rejected/) });
  });

  it('test of a DataForSEO login:password asks its free account endpoint with HTTP Basic', async () => {
    await post('/credentials', { connector: 'dataforseo', key: 'api_key', value: 'geo@example.com:dfs-pass-123' });
    expect((await post('/connections/test', { connector: 'dataforseo' })).json()).toMatchObject({ connector: 'dataforseo', ok: true });
    expect(seen).toContain('GET /dataforseo/v3/appendix/user_data');
    await post('/credentials', { connector: 'dataforseo', key: 'api_key', value: 'geo@example.com:wrong-pass', rotate: true });
    expect((await post('/connections/test', { connector: 'dataforseo' })).json().checks.at(-1)).toMatchObject({ name: 'provider', status: 'failed', message: expect.stringMatching(/DataForSEO rejected/) });
  });

  it('test of a Google service account signs a token request to the configured endpoint only', async () => {
    await post('/credentials', { connector: 'google', key: 'service_account_json', value: serviceAccount() });
    const res = await post('/connections/test', { connector: 'google' });
    expect(res.json()).toMatchObject({ ok: true });
    expect(seen.some((s) => s.includes('steal'))).toBe(false);
  });

  it('test without any credential fails at `stored`; an environment key is used when none is stored', async () => {
    await createWorkspace(ctx.app, cookie, 'conn-empty');
    const none = await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/conn-empty/connections/test', headers: { cookie }, payload: { connector: 'openai' } });
    expect(none.json()).toMatchObject({ ok: false, checks: [{ name: 'stored', status: 'failed' }] });
    const env = await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/conn-empty/connections/test', headers: { cookie }, payload: { connector: 'perplexity' } });
    expect(env.json().checks.map((c: { status: string }) => c.status)).toEqual(['passed', 'passed', 'skipped']);
    // Not checked is not confirmed: ok is false and the reason says why.
    expect(env.json()).toMatchObject({ ok: false, reason: expect.stringMatching(/Perplexity has no free endpoint/) });
  });

  it('an unreachable provider is a failed check, not an error', async () => {
    const providers = { ...testConfig().providers, openai: { apiKey: undefined, baseUrl: 'http://127.0.0.1:1' } };
    const other = await createTestApp({ config: testConfig({ providers }) }, ctx.database);
    try {
      const res = await other.app.inject({ method: 'POST', url: url('/connections/test'), headers: { cookie }, payload: { connector: 'openai' } });
      expect(res.statusCode).toBe(200);
      expect(res.json().checks.at(-1)).toMatchObject({ status: 'failed', message: expect.stringMatching(/could not reach/i) });
    } finally {
      await other.close();
    }
  });
});
