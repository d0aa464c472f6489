import type { Command } from 'commander';
import { createApi, errorOf, type Api } from '../client.ts';
import { globalsOf, contextOf, outputOf, sleep } from '../context.ts';
import { CliError, EXIT } from '../exit.fns.ts';
import type { Output } from '../output.ts';
import { keyValues } from '../output.ts';
import { configDir, DEFAULT_SERVER, loadStore, normalizeServer, profileId, saveStore, withoutProfile, withProfile, type Profile } from '../profiles.ts';

// `geo login` runs the device authorization of spec 4.3/5.4 (docs/access.md "Device
// authorization"); `geo logout` revokes the stored key on the server and forgets it.

/** What the CLI asks for by default: everything a key may hold that its commands use. */
export const DEFAULT_SCOPES = [
  'workspace:read', 'settings:read', 'prompts:read', 'runs:read', 'runs:write', 'recs:read', 'recs:write',
  'reports:read', 'reports:write', 'metrics:read', 'chat:read', 'chat:write', 'credits:read',
];

interface DeviceStart { deviceCode: string; userCode: string; verificationUri: string; verificationUriComplete: string; expiresIn: number; interval: number }
interface IssuedKey { apiKey: string; keyId: string; workspace: string; scopes: string[] }

/** The next poll interval (seconds) after an answer of the token route (RFC 8628 §3.5). */
export function nextInterval(current: number, code: string | undefined, details?: Record<string, unknown>): number {
  if (code === 'slow_down' || code === 'rate_limited') return typeof details?.interval === 'number' ? details.interval : current + 5;
  return current;
}

async function openBrowser(url: string, out: Output): Promise<void> {
  try {
    const { default: open } = await import('open');
    const child = await open(url, { wait: false });
    child.on('error', () => out.note('Could not open a browser; open the address above yourself.'));
    child.unref();
  } catch {
    out.note('Could not open a browser; open the address above yourself.');
  }
}

/** Polls the token route until the user decides or the code expires. */
export async function pollForKey(api: Api, start: DeviceStart, wait = sleep): Promise<IssuedKey> {
  let interval = start.interval;
  const deadline = Date.now() + start.expiresIn * 1000;
  for (;;) {
    await wait(interval * 1000);
    const { data, error, response } = await api.client.POST('/api/v1/device-authorizations/{code}/token', { params: { path: { code: start.deviceCode } } });
    if (response.ok) return data as unknown as IssuedKey;
    const err = errorOf(response, error);
    if (err.code === 'authorization_pending' || err.code === 'slow_down' || err.code === 'rate_limited') {
      interval = nextInterval(interval, err.code, err.details);
      if (Date.now() > deadline) throw new CliError('expired_token: the code expired before it was approved; run "geo login" again.', EXIT.expired, 'expired_token');
      continue;
    }
    if (err.code === 'access_denied') throw new CliError('access_denied: the authorization was denied in the browser.', EXIT.denied, err.code);
    if (err.code === 'expired_token') throw new CliError('expired_token: the code expired before it was approved; run "geo login" again.', EXIT.expired, err.code);
    throw err;
  }
}

export function registerAuth(program: Command) {
  program.command('login')
    .description('Sign in through the browser (device authorization) and store a key for this server and workspace')
    .option('--scopes <scopes>', 'comma-separated scopes to request', DEFAULT_SCOPES.join(','))
    .option('--no-browser', 'only print the address and code; do not open a browser')
    .action(async (opts: { scopes: string; browser: boolean }, cmd: Command) => {
      const globals = globalsOf(cmd);
      const out = outputOf(cmd);
      const server = normalizeServer(globals.server ?? process.env.GEO_SERVER ?? DEFAULT_SERVER);
      const workspace = globals.workspace ?? process.env.GEO_WORKSPACE;
      const scopes = opts.scopes.split(',').map((s) => s.trim()).filter(Boolean);
      const api = createApi(server, undefined);

      const start = (await api.data(api.client.POST('/api/v1/device-authorizations', { body: { clientName: 'geo-cli', scopes, ...(workspace ? { workspace } : {}) } as never }))) as unknown as DeviceStart;
      out.note(`To sign in, open ${start.verificationUri} and enter the code ${start.userCode}`);
      out.note(`(or open ${start.verificationUriComplete}); waiting for approval…`);
      if (opts.browser && process.stderr.isTTY) await openBrowser(start.verificationUriComplete, out);

      const key = await pollForKey(api, start);
      const profile: Profile = { server, workspace: key.workspace, apiKey: key.apiKey, keyId: key.keyId, scopes: key.scopes, createdAt: new Date().toISOString() };
      const dir = configDir();
      const store = loadStore(dir);
      const replaced = store.profiles[profileId(server, key.workspace)];
      saveStore(dir, withProfile(store, profile));
      // Logging in again replaces the stored key: the old one is revoked rather than left live.
      if (replaced && replaced.keyId !== key.keyId) await createApi(server, replaced.apiKey).client.DELETE('/api/v1/api-keys/self').catch(() => undefined);
      const { apiKey: _secret, ...shown } = profile;
      out.emit(shown, () => `Logged in to ${key.workspace} on ${server} (key ${key.keyId}; scopes ${key.scopes.join(', ')}).`);
    });

  program.command('logout')
    .description('Revoke the stored key on the server and forget it')
    .option('--local', 'only forget the key here (when the server cannot be reached)')
    .action(async (opts: { local?: boolean }, cmd: Command) => {
      const ctx = await contextOf(cmd);
      if (!ctx.profile) throw new CliError('GEO_API_KEY is set: there is no stored key to forget.', EXIT.usage);
      let revoked = false;
      if (!opts.local) {
        const { response: res, error } = await ctx.api.client.DELETE('/api/v1/api-keys/self');
        if (res.ok) revoked = true;
        else {
          const err = errorOf(res, error);
          // Already revoked (or deleted): nothing left to revoke, forgetting is all that remains.
          if (err.code !== 'invalid_key') throw err;
        }
      }
      const dir = configDir();
      saveStore(dir, withoutProfile(loadStore(dir), ctx.profile));
      const result = { server: ctx.profile.server, workspace: ctx.profile.workspace, keyId: ctx.profile.keyId, revoked };
      ctx.out.emit(result, () => `${revoked ? 'Revoked and forgot' : 'Forgot'} key ${ctx.profile!.keyId} for ${ctx.profile!.workspace} on ${ctx.profile!.server}.`);
    });

  program.command('whoami')
    .description('The stored profile in use (never the secret)')
    .action(async (_opts: unknown, cmd: Command) => {
      const ctx = await contextOf(cmd);
      const p = ctx.profile;
      const data = p ? { server: p.server, workspace: p.workspace, keyId: p.keyId, scopes: p.scopes, createdAt: p.createdAt } : { server: ctx.api.server, workspace: ctx.workspace, keyId: null, scopes: null, source: 'GEO_API_KEY' };
      ctx.out.emit(data, () => keyValues(data));
    });
}
