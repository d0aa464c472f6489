import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { manualClock } from '../../lib/clock.ts';
import { createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';
import { authorizeUrl, callbackServer, consent, openOAuthApp, pkce, postForm, postJson, type Callback } from '../../../test/helpers/oauth.ts';
import { oauthClients, oauthCodes, oauthGrants, oauthTokens } from './oauth.tables.ts';

// OAuth for /mcp as a hosted client uses it, over real HTTP on loopback: discovery from the 401,
// registration, consent (the form a browser would post; Chromium drives the same page in
// test/web/oauth-consent.browser.test.ts), tokens, tools, refresh, revocation, and every refusal.

const clock = manualClock(new Date());
let ctx: TestContext;
let base: string;
let callback: Callback;
let owner: string;
let stranger: string;
const clients: Client[] = [];

beforeAll(async () => {
  ({ ctx, base } = await openOAuthApp({ clock }));
  callback = await callbackServer();
  owner = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, owner, 'oauth-a');
  await createWorkspace(ctx.app, owner, 'oauth-b');
  stranger = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, stranger, 'oauth-other');
}, 90_000);
afterAll(async () => {
  for (const c of clients) await c.close().catch(() => {});
  await callback.close();
  await ctx.close();
}, 90_000);

const rows = async () => {
  const db = ctx.database.db;
  const n = async (t: typeof oauthClients | typeof oauthCodes | typeof oauthGrants | typeof oauthTokens) => (await db.select({ n: count() }).from(t))[0]!.n;
  return { clients: await n(oauthClients), codes: await n(oauthCodes), grants: await n(oauthGrants), tokens: await n(oauthTokens) };
};

async function registerClient(redirect = callback.url, name = 'Test Agent') {
  const res = await postJson(`${base}/oauth/register`, { client_name: name, redirect_uris: [redirect], token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'] });
  expect(res.status).toBe(201);
  return res.body.client_id as string;
}

/** Registration, consent and code: what a connection starts with. */
async function codeFor(clientId: string, options: { workspace?: string; grant?: string[]; scope?: string; state?: string; who?: string } = {}) {
  const { verifier, challenge } = pkce();
  const state = options.state ?? 'st-' + Math.random().toString(36).slice(2);
  const url = authorizeUrl(base, {
    response_type: 'code', client_id: clientId, redirect_uri: callback.url, code_challenge: challenge, code_challenge_method: 'S256', state, resource: `${base}/mcp`, scope: options.scope,
  });
  const { answer } = await consent(base, options.who ?? owner, url, { workspace: options.workspace ?? 'oauth-a', grant: options.grant });
  expect(answer?.status).toBe(303);
  const location = new URL(answer!.location!);
  expect(location.searchParams.get('state')).toBe(state);
  return { code: location.searchParams.get('code')!, verifier };
}

const exchange = (clientId: string, code: string, verifier: string, extra: Record<string, string | undefined> = {}) =>
  postForm(`${base}/oauth/token`, { grant_type: 'authorization_code', client_id: clientId, code, code_verifier: verifier, redirect_uri: callback.url, resource: `${base}/mcp`, ...extra });
const refresh = (clientId: string, token: string) => postForm(`${base}/oauth/token`, { grant_type: 'refresh_token', client_id: clientId, refresh_token: token, resource: `${base}/mcp` });

async function mcpClient(accessToken: string) {
  const client = new Client({ name: 'oauth-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { authorization: `Bearer ${accessToken}` } } }));
  clients.push(client);
  return client;
}
const mcpStatus = async (token: string) => (await fetch(`${base}/mcp`, {
  method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
})).status;

describe('discovery', () => {
  it('/mcp without a token: 401 naming the resource metadata, which names this server as authorization server', async () => {
    const res = await fetch(`${base}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{"jsonrpc":"2.0","id":1,"method":"ping"}' });
    expect(res.status).toBe(401);
    const challenge = res.headers.get('www-authenticate')!;
    expect(challenge).toBe(`Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`);
    const prm = await (await fetch(`${base}/.well-known/oauth-protected-resource/mcp`)).json();
    expect(prm).toMatchObject({ resource: `${base}/mcp`, authorization_servers: [base], bearer_methods_supported: ['header'] });
    expect(prm.scopes_supported).toContain('metrics:read');
    expect(await (await fetch(`${base}/.well-known/oauth-protected-resource`)).json()).toEqual(prm);

    const as = await (await fetch(`${base}/.well-known/oauth-authorization-server`)).json();
    expect(as).toMatchObject({
      issuer: base, authorization_endpoint: `${base}/oauth/authorize`, token_endpoint: `${base}/oauth/token`, registration_endpoint: `${base}/oauth/register`,
      revocation_endpoint: `${base}/oauth/revoke`, response_types_supported: ['code'], grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'], token_endpoint_auth_methods_supported: ['none'],
    });
    expect(await (await fetch(`${base}/.well-known/openid-configuration`)).json()).toEqual(as);
  });

  it('a bad token gets the challenge with error="invalid_token"; API keys keep working', async () => {
    const res = await fetch(`${base}/mcp`, { method: 'POST', headers: { authorization: 'Bearer gp_oat_' + 'x'.repeat(43), 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain('error="invalid_token"');
    const created = await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/oauth-a/api-keys', headers: { cookie: owner }, payload: { name: 'k', scopes: ['workspace:read'] } });
    const { keyId, secret, deliveryId } = created.json();
    await ctx.app.inject({ method: 'POST', url: `/api/v1/workspaces/oauth-a/api-keys/${keyId}`, headers: { cookie: owner }, payload: { action: 'acknowledge', deliveryId } });
    const tools = await (await mcpClient(secret)).listTools();
    expect(tools.tools.map((t) => t.name)).toEqual(['workspace_summary']);
  });
});

describe('the whole flow', () => {
  it('register, consent, token, tools/list, refresh (rotated), revocation', async () => {
    const clientId = await registerClient();
    const { code, verifier } = await codeFor(clientId);
    const tokens = await exchange(clientId, code, verifier);
    expect(tokens.status).toBe(200);
    expect(tokens.headers.get('cache-control')).toBe('no-store');
    expect(tokens.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, access_token: expect.stringMatching(/^gp_oat_/), refresh_token: expect.stringMatching(/^gp_ort_/) });
    // The spending scopes were offered unticked: the default grant cannot start paid work.
    const granted = tokens.body.scope.split(' ');
    expect(granted).toContain('metrics:read');
    expect(granted).not.toContain('runs:write');
    expect(granted).not.toContain('chat:write');

    const client = await mcpClient(tokens.body.access_token);
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain('get_score');
    expect(names).not.toContain('start_run');
    const summary = await client.callTool({ name: 'workspace_summary', arguments: {} });
    expect(summary.structuredContent).toMatchObject({ id: 'oauth-a' });

    // The token is for /mcp only (its audience): the REST API refuses it.
    const rest = await fetch(`${base}/api/v1/workspaces/oauth-a/score`, { headers: { authorization: `Bearer ${tokens.body.access_token}` } });
    expect(rest.status).toBe(401);

    const next = await refresh(clientId, tokens.body.refresh_token);
    expect(next.status).toBe(200);
    expect(next.body.refresh_token).not.toBe(tokens.body.refresh_token);
    expect(await mcpStatus(next.body.access_token)).toBe(200);

    const apps = await ctx.app.inject({ method: 'GET', url: '/api/v1/workspaces/oauth-a/connected-apps', headers: { cookie: owner } });
    const listed = apps.json().find((a: { clientName: string }) => a.clientName === 'Test Agent');
    expect(listed).toMatchObject({ redirectHosts: [new URL(callback.url).host], scopes: granted, lastUsedAt: expect.any(String) });

    const revoked = await postForm(`${base}/oauth/revoke`, { client_id: clientId, token: next.body.refresh_token });
    expect(revoked.status).toBe(200);
    expect(await mcpStatus(next.body.access_token)).toBe(401);
    expect((await refresh(clientId, next.body.refresh_token)).body.error).toBe('invalid_grant');
    const after = await ctx.app.inject({ method: 'GET', url: '/api/v1/workspaces/oauth-a/connected-apps', headers: { cookie: owner } });
    expect(after.json().map((a: { grantId: string }) => a.grantId)).not.toContain(listed.grantId);
  });

  it('spending scopes ticked by the person reach the tools, with the quote first', async () => {
    const clientId = await registerClient();
    const { code, verifier } = await codeFor(clientId, { workspace: 'oauth-b', grant: ['workspace:read', 'runs:write', 'runs:read'] });
    const tokens = (await exchange(clientId, code, verifier)).body;
    expect(tokens.scope).toBe('workspace:read runs:read runs:write');
    const client = await mcpClient(tokens.access_token);
    expect((await client.callTool({ name: 'workspace_summary', arguments: {} })).structuredContent).toMatchObject({ id: 'oauth-b' });
    const quoted = await client.callTool({ name: 'start_run', arguments: { preset: 'smoke' } });
    expect(quoted.structuredContent).toMatchObject({ quote: { tool: 'start_run', quoteId: expect.stringMatching(/^mcq_/) } });
  });

  it('Deny sends access_denied back with the state, and stores nothing', async () => {
    const clientId = await registerClient();
    const before = await rows();
    const { challenge } = pkce();
    const url = authorizeUrl(base, { response_type: 'code', client_id: clientId, redirect_uri: callback.url, code_challenge: challenge, code_challenge_method: 'S256', state: 'deny-me', resource: `${base}/mcp` });
    const { answer } = await consent(base, owner, url, { decision: 'deny' });
    const location = new URL(answer!.location!);
    expect([location.searchParams.get('error'), location.searchParams.get('state')]).toEqual(['access_denied', 'deny-me']);
    expect(await rows()).toEqual(before);
  });

  it('without a session the authorize endpoint sends the browser to sign in, coming back to it', async () => {
    const clientId = await registerClient();
    const url = authorizeUrl(base, { response_type: 'code', client_id: clientId, redirect_uri: callback.url, code_challenge: pkce().challenge, code_challenge_method: 'S256', resource: `${base}/mcp` });
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const signin = new URL(res.headers.get('location')!, base);
    expect(signin.pathname).toBe('/signin');
    expect(new URL(signin.searchParams.get('next')!, base).toString()).toBe(url);
  });
});

describe('refusals', () => {
  let clientId: string;
  beforeAll(async () => {
    clientId = await registerClient();
  });
  const ask = (params: Record<string, string | undefined>) => fetch(authorizeUrl(base, {
    response_type: 'code', client_id: clientId, redirect_uri: callback.url, code_challenge: pkce().challenge, code_challenge_method: 'S256', state: 's1', resource: `${base}/mcp`, ...params,
  }), { headers: { cookie: owner }, redirect: 'manual' });

  it.each([
    ['an unknown client', { client_id: 'oac_unknown' }, 'invalid_client'],
    ['a redirect URI not registered', { redirect_uri: 'https://evil.example/cb' }, 'invalid_request'],
    ['a redirect URI differing in path', { redirect_uri: 'http://127.0.0.1:1/callback/x' }, 'invalid_request'],
    ['no redirect URI', { redirect_uri: undefined }, 'invalid_request'],
  ])('%s: an error page, never a redirect', async (_name, params, error) => {
    const res = await ask(params);
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toContain(`data-error="${error}"`);
  });

  it.each([
    ['no PKCE challenge', { code_challenge: undefined }, 'invalid_request'],
    ['the plain PKCE method', { code_challenge_method: 'plain' }, 'invalid_request'],
    ['a resource of another server', { resource: 'https://other.example/mcp' }, 'invalid_target'],
    ['response_type token', { response_type: 'token' }, 'unsupported_response_type'],
  ])('%s: back to the client with the error and the state', async (_name, params, error) => {
    const before = await rows();
    const res = await ask(params);
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!);
    expect(location.origin + location.pathname).toBe(callback.url);
    expect([location.searchParams.get('error'), location.searchParams.get('state')]).toEqual([error, 's1']);
    expect(await rows()).toEqual(before);
  });

  it('scopes asked for that do not exist are ignored: the page offers the rest, or all when none is ours', async () => {
    const offered = async (scope: string) => {
      const url = authorizeUrl(base, { response_type: 'code', client_id: clientId, redirect_uri: callback.url, code_challenge: pkce().challenge, code_challenge_method: 'S256', resource: `${base}/mcp`, scope });
      const { page } = await consent(base, owner, url, { decision: 'deny' });
      const seen = (page as { seen: { ticked: string[]; unticked: string[] } }).seen;
      return [...seen.ticked, ...seen.unticked].sort();
    };
    expect(await offered('metrics:read admin runs:write')).toEqual(['metrics:read', 'runs:write']);
    expect((await offered('openid offline_access')).length).toBe(18);
  });

  it.each([
    ['plain http to another host', ['http://example.com/cb'], 'invalid_redirect_uri'],
    ['a javascript: URI', ['javascript:alert(1)'], 'invalid_redirect_uri'],
    ['a fragment', ['https://app.example/cb#x'], 'invalid_redirect_uri'],
    ['no redirect URI', [], 'invalid_client_metadata'],
  ])('registration with %s is refused, nothing stored', async (_name, uris, error) => {
    const before = await rows();
    const res = await postJson(`${base}/oauth/register`, { client_name: 'x', redirect_uris: uris });
    expect([res.status, res.body.error]).toEqual([400, error]);
    expect(await rows()).toEqual(before);
  });

  it('the consent page speaks the person\'s language, else their browser\'s, and names each permission in words', async () => {
    const url = authorizeUrl(base, { response_type: 'code', client_id: clientId, redirect_uri: callback.url, code_challenge: pkce().challenge, code_challenge_method: 'S256', resource: `${base}/mcp` });
    const open = async (acceptLanguage: string) => (await fetch(url, { headers: { cookie: owner, 'accept-language': acceptLanguage } })).text();
    const visible = (html: string) => html.replace(/<[^<>]*>/g, ' ');
    const spanish = await open('es-MX,es;q=0.9');
    expect(spanish).toContain('<html lang="es">');
    for (const words of ['¿Conectar', 'Ver las puntuaciones y las cifras', 'gasta créditos', 'Permitir', 'Denegar']) expect(spanish).toContain(words);
    // The scopes' codes stay in the form's values, never in the words a person reads.
    expect(visible(spanish)).not.toMatch(/\b(metrics|runs|workspace):(read|write)\b/);
    // A language the person chose wins over the browser's.
    const prefs = await fetch(`${base}/api/v1/account/preferences`, { method: 'PUT', headers: { cookie: owner, 'content-type': 'application/json' }, body: JSON.stringify({ language: 'fr' }) });
    expect(prefs.status).toBe(200);
    try {
      const french = await open('es');
      expect(french).toContain('<html lang="fr">');
      for (const words of ['Voir les scores et les chiffres', 'Autoriser', 'Refuser']) expect(french).toContain(words);
    } finally {
      await fetch(`${base}/api/v1/account/preferences`, { method: 'PUT', headers: { cookie: owner, 'content-type': 'application/json' }, body: JSON.stringify({ language: null }) });
    }
    // An error page before any session speaks the browser's language.
    const unknown = await fetch(authorizeUrl(base, { response_type: 'code', client_id: 'nope', redirect_uri: callback.url }), { headers: { 'accept-language': 'ca' } });
    expect([unknown.status, await unknown.text()]).toEqual([400, expect.stringContaining('Aquesta aplicació no està registrada aquí')]);
  });

  it('registration of a confidential client is refused', async () => {
    const res = await postJson(`${base}/oauth/register`, { redirect_uris: ['https://app.example/cb'], token_endpoint_auth_method: 'client_secret_basic' });
    expect([res.status, res.body.error]).toEqual([400, 'invalid_client_metadata']);
  });

  it('a wrong verifier, another redirect URI, another resource, another client: refused, and the code still works once', async () => {
    const { code, verifier } = await codeFor(clientId);
    const other = await registerClient();
    const before = await rows();
    for (const [extra, error, status] of [
      [{ code_verifier: pkce().verifier }, 'invalid_grant', 400],
      [{ code_verifier: undefined }, 'invalid_request', 400],
      [{ redirect_uri: callback.url + '?x=1' }, 'invalid_grant', 400],
      [{ resource: 'https://other.example/mcp' }, 'invalid_target', 400],
      [{ client_id: other }, 'invalid_grant', 400],
      [{ client_id: 'oac_nobody' }, 'invalid_client', 401],
      [{ grant_type: 'password' }, 'unsupported_grant_type', 400],
    ] as const) {
      const res = await exchange(clientId, code, verifier, extra);
      expect([res.status, res.body.error], JSON.stringify(extra)).toEqual([status, error]);
    }
    expect(await rows()).toEqual(before);
    expect((await exchange(clientId, code, verifier)).status).toBe(200);
  });

  it('a code used twice is refused, and what its first use obtained is revoked', async () => {
    const { code, verifier } = await codeFor(clientId);
    const first = await exchange(clientId, code, verifier);
    expect(await mcpStatus(first.body.access_token)).toBe(200);
    const again = await exchange(clientId, code, verifier);
    expect([again.status, again.body.error]).toEqual([400, 'invalid_grant']);
    expect(await mcpStatus(first.body.access_token)).toBe(401);
  });

  it('a code older than 60 seconds is refused', async () => {
    const { code, verifier } = await codeFor(clientId);
    clock.advance(61_000);
    expect((await exchange(clientId, code, verifier)).body.error).toBe('invalid_grant');
  });

  it('a rotated refresh token presented again ends the whole family', async () => {
    const { code, verifier } = await codeFor(clientId);
    const first = (await exchange(clientId, code, verifier)).body;
    const second = (await refresh(clientId, first.refresh_token)).body;
    expect(await mcpStatus(second.access_token)).toBe(200);
    const replay = await refresh(clientId, first.refresh_token);
    expect([replay.status, replay.body.error]).toEqual([400, 'invalid_grant']);
    expect(await mcpStatus(second.access_token)).toBe(401);
    expect((await refresh(clientId, second.refresh_token)).body.error).toBe('invalid_grant');
  });

  it('an access token expires after an hour; the refresh token then gets a new one', async () => {
    const { code, verifier } = await codeFor(clientId);
    const tokens = (await exchange(clientId, code, verifier)).body;
    clock.advance(3600_000);
    expect(await mcpStatus(tokens.access_token)).toBe(401);
    const next = (await refresh(clientId, tokens.refresh_token)).body;
    expect(await mcpStatus(next.access_token)).toBe(200);
  });

  it("a token of one workspace sees that workspace only; another person's workspace cannot be chosen", async () => {
    const { code, verifier } = await codeFor(clientId, { workspace: 'oauth-a' });
    const client = await mcpClient((await exchange(clientId, code, verifier)).body.access_token);
    expect((await client.callTool({ name: 'workspace_summary', arguments: {} })).structuredContent).toMatchObject({ id: 'oauth-a' });
    expect((await client.callTool({ name: 'get_score', arguments: { workspace: 'oauth-other' } })).isError).toBe(true);

    const url = authorizeUrl(base, { response_type: 'code', client_id: clientId, redirect_uri: callback.url, code_challenge: pkce().challenge, code_challenge_method: 'S256', resource: `${base}/mcp` });
    const { page, answer } = await consent(base, owner, url, { workspace: 'oauth-other' });
    expect((page as { seen: { workspaces: string[] } }).seen.workspaces).toEqual(['oauth-a', 'oauth-b']);
    expect([answer?.status, answer?.location]).toEqual([400, null]);
  });

  it('a grant stops when the person who consented leaves the workspace', async () => {
    const member = await signup(ctx.app);
    const invited = await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/oauth-a/members', headers: { cookie: owner }, payload: { email: member.email, role: 'member' } });
    expect(invited.statusCode).toBe(201);
    const token = /token is (\S+)/.exec(ctx.mails.at(-1)!.text)![1]!;
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/invitations/accept', headers: { cookie: member.cookie }, payload: { token } })).statusCode).toBe(200);
    const { code, verifier } = await codeFor(clientId, { who: member.cookie });
    const tokens = (await exchange(clientId, code, verifier)).body;
    expect(await mcpStatus(tokens.access_token)).toBe(200);
    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/workspaces/oauth-a/members/${member.user.id}`, headers: { cookie: owner } });
    expect(removed.statusCode).toBeLessThan(300);
    expect(await mcpStatus(tokens.access_token)).toBe(401);
    expect((await refresh(clientId, tokens.refresh_token)).body.error).toBe('invalid_grant');
  });

  it('the consent form without its session-bound token, or from another site, is refused', async () => {
    const url = authorizeUrl(base, { response_type: 'code', client_id: clientId, redirect_uri: callback.url, code_challenge: pkce().challenge, code_challenge_method: 'S256', resource: `${base}/mcp` });
    const html = await (await fetch(url, { headers: { cookie: owner } })).text();
    const hidden = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!.replace(/&amp;/g, '&')]));
    const post = (form: Record<string, string>, headers: Record<string, string>) => postForm(`${base}/oauth/authorize`, { ...form, decision: 'allow', workspace: 'oauth-a', grant: 'metrics:read' }, headers);
    expect((await post({ ...hidden, csrf: 'forged' }, { cookie: owner, origin: base })).status).toBe(400);
    expect((await post(hidden, { cookie: stranger, origin: base })).status).toBe(400);
    expect((await post(hidden, { cookie: owner, origin: 'https://evil.example' })).status).toBe(400);
    const ok = await post(hidden, { cookie: owner, origin: base });
    expect(ok.status).toBe(303);
  });

  it('revocation: unknown tokens answer 200, an unknown client 401 invalid_client', async () => {
    expect((await postForm(`${base}/oauth/revoke`, { client_id: clientId, token: 'nonsense' })).status).toBe(200);
    const res = await postForm(`${base}/oauth/revoke`, { client_id: 'oac_nobody', token: 'nonsense' });
    expect([res.status, res.body.error]).toEqual([401, 'invalid_client']);
  });

  it('Connected apps: a person disconnects an app, its tokens stop at once; another workspace cannot see it', async () => {
    const { code, verifier } = await codeFor(clientId, { workspace: 'oauth-b' });
    const tokens = (await exchange(clientId, code, verifier)).body;
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/v1/workspaces/oauth-b/connected-apps', headers: { cookie: owner } })).json();
    const grantId = list.at(-1).grantId;
    const foreign = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/workspaces/oauth-other/connected-apps/${grantId}`, headers: { cookie: stranger } });
    expect(foreign.statusCode).toBe(404);
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/workspaces/oauth-b/connected-apps/${grantId}`, headers: { cookie: owner } });
    expect(del.statusCode).toBe(200);
    expect(await mcpStatus(tokens.access_token)).toBe(401);
    expect((await refresh(clientId, tokens.refresh_token)).body.error).toBe('invalid_grant');
  });

  it('registrations are limited to 20 an hour per address; unused clients expire after 30 days', async () => {
    clock.advance(3600_000);
    for (let i = 0; i < 20; i++) await registerClient(callback.url, `bulk ${i}`);
    const res = await postJson(`${base}/oauth/register`, { redirect_uris: [callback.url] });
    expect([res.status, res.body.error]).toEqual([429, 'rate_limited']);
    clock.advance(31 * 24 * 3600_000);
    await ctx.app.maintenance.sweep();
    expect((await rows()).clients).toBe(0);
  });
});
