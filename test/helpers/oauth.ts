import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import type { AppDeps } from '../../src/app.ts';
import { createTestApp, testConfig, type TestContext } from './app.ts';

// An OAuth client's world on loopback: the app listening on the port its PUBLIC_BASE_URL names
// (the issuer and the MCP resource are absolute URLs), and a client's redirect endpoint that
// records what the authorization server sends to it.

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface Callback { url: string; hits: URL[]; close(): Promise<void> }

/** A client's redirect URI: answers a small page and keeps every URL it was sent to. */
export async function callbackServer(): Promise<Callback> {
  const hits: URL[] = [];
  const server = http.createServer((req, res) => {
    hits.push(new URL(req.url ?? '/', 'http://127.0.0.1'));
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Connected</title><p id="done">You can close this window.</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/callback`, hits,
    // Browsers keep connections alive: they are ended, or close() would wait for them.
    close: () => new Promise((resolve) => { server.close(() => resolve()); server.closeAllConnections(); }),
  };
}

export async function openOAuthApp(deps: Partial<AppDeps> = {}): Promise<{ ctx: TestContext; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const ctx = await createTestApp({ ...deps, config: testConfig({ publicBaseUrl: base }) });
  await ctx.app.listen({ host: '127.0.0.1', port });
  return { ctx, base };
}

export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export async function postJson(url: string, body: unknown) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, headers: res.headers, body: await res.json().catch(() => null) };
}

export async function postForm(url: string, form: Record<string, string | undefined>, headers: Record<string, string> = {}) {
  const body = new URLSearchParams(Object.entries(form).filter((e): e is [string, string] => e[1] !== undefined));
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body, redirect: 'manual' });
  const text = await res.text();
  let json: any = null;
  try { json = JSON.parse(text); } catch { /* a page, or empty */ }
  return { status: res.status, headers: res.headers, body: json, text };
}

export function authorizeUrl(base: string, params: Record<string, string | undefined>) {
  const url = new URL('/oauth/authorize', base);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}

const unescape = (s: string) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** What the consent page offers: its hidden fields, the ticked and unticked scopes, the workspaces. */
export function readConsent(html: string) {
  const hidden = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, unescape(m[2]!)]));
  const boxes = [...html.matchAll(/<input type="checkbox" name="grant" value="([^"]+)"( checked)?>/g)].map((m) => ({ scope: m[1]!, checked: Boolean(m[2]) }));
  const workspaces = [...html.matchAll(/<option value="([^"]+)"/g)].map((m) => m[1]!);
  return { hidden, ticked: boxes.filter((b) => b.checked).map((b) => b.scope), unticked: boxes.filter((b) => !b.checked).map((b) => b.scope), workspaces };
}

/** A signed-in person's browser without the rendering: open the consent page, answer it as told. */
export async function consent(base: string, cookie: string, url: string, answer: { decision?: 'allow' | 'deny'; workspace?: string; grant?: string[] } = {}) {
  const page = await fetch(url, { headers: { cookie }, redirect: 'manual' });
  const html = await page.text();
  if (page.status !== 200) return { page: { status: page.status, location: page.headers.get('location'), html }, answer: null };
  const seen = readConsent(html);
  const body = new URLSearchParams({ ...seen.hidden, decision: answer.decision ?? 'allow', workspace: answer.workspace ?? seen.workspaces[0] ?? '' });
  for (const scope of answer.grant ?? seen.ticked) body.append('grant', scope);
  const res = await fetch(`${base}/oauth/authorize`, { method: 'POST', headers: { cookie, origin: base, 'content-type': 'application/x-www-form-urlencoded' }, body, redirect: 'manual' });
  return { page: { status: 200, location: null, html, seen }, answer: { status: res.status, location: res.headers.get('location'), html: await res.text() } };
}
