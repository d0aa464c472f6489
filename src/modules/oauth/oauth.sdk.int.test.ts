import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { manualClock } from '../../lib/clock.ts';
import { createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';
import { callbackServer, consent, openOAuthApp, type Callback } from '../../../test/helpers/oauth.ts';

// The MCP SDK's own client with its OAuth provider, against the running server on loopback: it
// meets the 401, discovers, registers, sends the person to consent, exchanges the code, lists
// tools, and refreshes by itself when the access token has expired.

const clock = manualClock(new Date());
let ctx: TestContext;
let base: string;
let callback: Callback;
let owner: string;
const clients: Client[] = [];

beforeAll(async () => {
  ({ ctx, base } = await openOAuthApp({ clock }));
  callback = await callbackServer();
  owner = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, owner, 'sdk-ws');
}, 90_000);
afterAll(async () => {
  for (const c of clients) await c.close().catch(() => {});
  await callback.close();
  await ctx.close();
}, 90_000);

/** What a host application keeps for one server: its registration, tokens and the PKCE verifier. */
class MemoryProvider implements OAuthClientProvider {
  client: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  sentTo: URL | undefined;
  constructor(readonly redirectUrl: string) {}
  get clientMetadata(): OAuthClientMetadata {
    return { client_name: 'SDK test host', redirect_uris: [this.redirectUrl], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' };
  }
  state() { return 'sdk-state-1'; }
  clientInformation() { return this.client; }
  saveClientInformation(info: OAuthClientInformationMixed) { this.client = info; }
  tokens() { return this.saved; }
  saveTokens(tokens: OAuthTokens) { this.saved = tokens; }
  redirectToAuthorization(url: URL) { this.sentTo = url; }
  saveCodeVerifier(verifier: string) { this.verifier = verifier; }
  codeVerifier() { return this.verifier; }
}

describe('the MCP SDK client with its OAuth provider', () => {
  it('connects through discovery, registration, consent and code exchange; refreshes on its own', async () => {
    const provider = new MemoryProvider(callback.url);
    const url = new URL(`${base}/mcp`);
    const first = new StreamableHTTPClientTransport(url, { authProvider: provider });
    await expect(new Client({ name: 'sdk-host', version: '1.0.0' }).connect(first)).rejects.toBeInstanceOf(UnauthorizedError);

    // The SDK registered and sent the person to the authorization endpoint with PKCE, state and resource.
    expect(provider.client?.client_id).toMatch(/^oac_/);
    const sentTo = provider.sentTo!;
    expect(sentTo.origin + sentTo.pathname).toBe(`${base}/oauth/authorize`);
    expect(Object.fromEntries(['code_challenge_method', 'state', 'resource', 'redirect_uri'].map((k) => [k, sentTo.searchParams.get(k)])))
      .toEqual({ code_challenge_method: 'S256', state: 'sdk-state-1', resource: `${base}/mcp`, redirect_uri: callback.url });

    // The person allows (the form the consent page posts), and the browser lands on the host's redirect URI.
    const { answer } = await consent(base, owner, sentTo.toString());
    const back = new URL(answer!.location!);
    expect(back.searchParams.get('state')).toBe('sdk-state-1');
    await first.finishAuth(back.searchParams.get('code')!);
    expect(provider.saved?.access_token).toMatch(/^gp_oat_/);

    const client = new Client({ name: 'sdk-host', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(url, { authProvider: provider }));
    clients.push(client);
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain('get_score');
    expect(names).not.toContain('start_run');
    expect((await client.callTool({ name: 'workspace_summary', arguments: {} })).structuredContent).toMatchObject({ id: 'sdk-ws' });

    // An hour later the access token is refused; the SDK refreshes (a rotated pair) and carries on.
    const before = provider.saved!;
    clock.advance(3601_000);
    expect((await client.listTools()).tools.length).toBe(names.length);
    expect(provider.saved!.access_token).not.toBe(before.access_token);
    expect(provider.saved!.refresh_token).not.toBe(before.refresh_token);
  });
});
