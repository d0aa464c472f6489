import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { browserAvailable, launchBrowser } from '../helpers/browser.ts';
import { createWorkspace, signup, type TestContext } from '../helpers/app.ts';
import { authorizeUrl, callbackServer, openOAuthApp, pkce, postForm, postJson, type Callback } from '../helpers/oauth.ts';

// A hosted agent connecting to /mcp, with the person's part in Chromium: the agent discovers
// from the 401 and registers; the person is sent to sign in, returns to the consent page, picks
// a workspace and Allows; the agent exchanges the code, lists tools and refreshes; the person
// disconnects it in Settings → Connected apps. Screenshots: test-artifacts/oauth-*.png.

const SHOTS = process.env.SCREENSHOT_DIR ?? 'test-artifacts';
let ctx: TestContext;
let base: string;
let callback: Callback;
let browser: Browser;
const email = `oauth-browser-${Date.now()}@example.com`;

describe.skipIf(!browserAvailable)('OAuth consent in Chromium', () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    ({ ctx, base } = await openOAuthApp());
    callback = await callbackServer();
    const owner = await signup(ctx.app, email);
    await createWorkspace(ctx.app, owner.cookie, 'br-first');
    await createWorkspace(ctx.app, owner.cookie, 'br-second');
    browser = await launchBrowser();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await callback?.close();
    await ctx?.close();
  });

  it('discovery, registration, sign-in and consent, token, tools/list, refresh, Connected apps', async () => {
    // 1. The agent meets the 401 and follows it to the metadata.
    const denied = await fetch(`${base}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{"jsonrpc":"2.0","id":1,"method":"initialize"}' });
    expect(denied.status).toBe(401);
    const prmUrl = /resource_metadata="([^"]+)"/.exec(denied.headers.get('www-authenticate')!)![1]!;
    const prm = await (await fetch(prmUrl)).json();
    const as = await (await fetch(`${prm.authorization_servers[0]}/.well-known/oauth-authorization-server`)).json();
    const registered = await postJson(as.registration_endpoint, { client_name: 'Browser Agent', redirect_uris: [callback.url], token_endpoint_auth_method: 'none' });
    expect(registered.status).toBe(201);
    const clientId = registered.body.client_id as string;

    // 2. The person: sent to sign in, then back to the consent page.
    const { verifier, challenge } = pkce();
    const page = await browser.newPage({ viewport: { width: 900, height: 1000 } });
    const problems: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) problems.push(m.text()); });
    await page.goto(authorizeUrl(as.authorization_endpoint, {
      response_type: 'code', client_id: clientId, redirect_uri: callback.url, code_challenge: challenge, code_challenge_method: 'S256', state: 'browser-state', resource: prm.resource, scope: prm.scopes_supported.join(' '),
    }));
    expect(new URL(page.url()).pathname).toBe('/signin');
    await page.locator('#email').fill(email);
    await page.locator('#password').fill('correct horse battery');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL((u) => u.pathname === '/oauth/authorize');

    await expect.poll(() => page.locator('#client-name').textContent()).toBe('Browser Agent');
    expect(await page.locator('#redirect-host').textContent()).toBe(new URL(callback.url).host);
    expect(await page.locator('#workspace option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual(['br-first', 'br-second']);
    expect(await page.locator('input[name="grant"][value="metrics:read"]').isChecked()).toBe(true);
    expect(await page.locator('input[name="grant"][value="runs:write"]').isChecked()).toBe(false);
    expect(await page.locator('input[name="grant"][value="chat:write"]').isChecked()).toBe(false);
    await page.locator('#workspace').selectOption('br-second');
    await page.screenshot({ path: `${SHOTS}/oauth-consent.png`, fullPage: true });
    await page.locator('#allow').click();
    await page.waitForURL((u) => u.toString().startsWith(callback.url));
    const back = new URL(page.url());
    expect(back.searchParams.get('state')).toBe('browser-state');
    expect(back.searchParams.get('iss')).toBe(base);
    expect(problems).toEqual([]);

    // 3. The agent: code for tokens, then MCP.
    const tokens = await postForm(as.token_endpoint, { grant_type: 'authorization_code', client_id: clientId, code: back.searchParams.get('code')!, code_verifier: verifier, redirect_uri: callback.url, resource: prm.resource });
    expect(tokens.status).toBe(200);
    const client = new Client({ name: 'browser-agent', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(prm.resource), { requestInit: { headers: { authorization: `Bearer ${tokens.body.access_token}` } } }));
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain('get_scoreboard');
    expect(names).not.toContain('start_run');
    expect((await client.callTool({ name: 'workspace_summary', arguments: {} })).structuredContent).toMatchObject({ id: 'br-second' });
    await client.close();

    const refreshed = await postForm(as.token_endpoint, { grant_type: 'refresh_token', client_id: clientId, refresh_token: tokens.body.refresh_token, resource: prm.resource });
    expect(refreshed.status).toBe(200);
    const mcpStatus = async (token: string) => (await fetch(prm.resource, {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
    })).status;
    expect(await mcpStatus(refreshed.body.access_token)).toBe(200);

    // 4. The person: Settings → Connected apps shows the agent; Disconnect ends its tokens.
    await page.goto(`${base}/w/br-second/settings#connected-apps`);
    const row = page.locator('#connected-apps-table tbody tr');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.locator('th').textContent()).toBe('Browser Agent');
    expect(await row.locator('code').textContent()).toBe(new URL(callback.url).host);
    await page.locator('#connected-apps').screenshot({ path: `${SHOTS}/oauth-connected-apps.png` });
    page.once('dialog', (d) => void d.accept());
    await row.locator('button').click();
    await expect.poll(() => page.locator('#connected-apps').textContent()).toContain('No application is connected.');
    const after = await fetch(prm.resource, { method: 'POST', headers: { authorization: `Bearer ${refreshed.body.access_token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' });
    expect(after.status).toBe(401);
    expect(after.headers.get('www-authenticate')).toContain('error="invalid_token"');
    // Revoking a token of an ended connection is still the RFC 7009 200.
    expect((await postForm(as.revocation_endpoint, { client_id: clientId, token: refreshed.body.refresh_token })).status).toBe(200);
    expect(problems).toEqual([]);
  }, 90_000);
});
