import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CliError, EXIT } from './exit.fns.ts';
import { trimTrailingSlashes } from '../lib/text/trim.ts';

// Stored keys: one profile per server and workspace in `$XDG_CONFIG_HOME/geo/profiles.json`
// (else `~/.config/geo`), the file mode 0600 and its directory 0700 because it holds secrets.

export interface Profile {
  server: string;
  workspace: string;
  apiKey: string;
  keyId: string;
  scopes: string[];
  createdAt: string;
}
export interface Store {
  version: 1;
  current: string | null;
  profiles: Record<string, Profile>;
}

export const DEFAULT_SERVER = 'http://127.0.0.1:3000';

/** XDG rule of docs/cli.md: `$XDG_CONFIG_HOME/geo`, else `~/.config/geo` (an empty variable counts as unset). */
export function configDir(env: NodeJS.ProcessEnv = process.env, home = os.homedir()): string {
  const xdg = env.XDG_CONFIG_HOME;
  return path.join(xdg && path.isAbsolute(xdg) ? xdg : path.join(home, '.config'), 'geo');
}

/** The server's origin plus any base path, without a trailing slash: the same server has one id. */
export function normalizeServer(server: string): string {
  let url: URL;
  try {
    url = new URL(server);
  } catch {
    throw new CliError(`Invalid server address "${server}": give a URL such as ${DEFAULT_SERVER}.`, EXIT.usage);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CliError(`Invalid server address "${server}": use http or https.`, EXIT.usage);
  return `${url.origin}${trimTrailingSlashes(url.pathname)}`;
}

export const profileId = (server: string, workspace: string) => `${normalizeServer(server)}#${workspace}`;

const emptyStore = (): Store => ({ version: 1, current: null, profiles: {} });
const storePath = (dir: string) => path.join(dir, 'profiles.json');

export function loadStore(dir: string): Store {
  let text: string;
  try {
    text = readFileSync(storePath(dir), 'utf8');
  } catch {
    return emptyStore();
  }
  try {
    const parsed = JSON.parse(text) as Partial<Store>;
    return { ...emptyStore(), ...parsed, profiles: parsed.profiles ?? {} };
  } catch {
    throw new CliError(`${storePath(dir)} is not valid JSON; fix or delete it, then run "geo login".`, EXIT.usage);
  }
}

/** Writes beside the file then renames, so a crash never leaves half a file; 0600 from the first byte. */
export function saveStore(dir: string, store: Store): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const tmp = `${storePath(dir)}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(store, null, 2)}\n`, { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, storePath(dir));
}

export function withProfile(store: Store, profile: Profile): Store {
  const id = profileId(profile.server, profile.workspace);
  return { ...store, current: id, profiles: { ...store.profiles, [id]: profile } };
}

export function withoutProfile(store: Store, profile: Profile): Store {
  const id = profileId(profile.server, profile.workspace);
  const { [id]: _gone, ...rest } = store.profiles;
  return { ...store, current: store.current === id ? null : store.current, profiles: rest };
}

/**
 * The profile a command uses: the one matching --server/--workspace, else the current one.
 * Several matches and no current among them → a usage error naming them.
 */
export function selectProfile(store: Store, want: { server?: string; workspace?: string }): Profile | null {
  const server = want.server ? normalizeServer(want.server) : undefined;
  const all = Object.entries(store.profiles);
  if (!server && !want.workspace) return (store.current && store.profiles[store.current]) || (all.length === 1 ? all[0]![1] : null);
  const matches = all.filter(([, p]) => (!server || normalizeServer(p.server) === server) && (!want.workspace || p.workspace === want.workspace));
  if (matches.length === 0) return null;
  if (matches.length === 1) return matches[0]![1];
  const current = matches.find(([id]) => id === store.current);
  if (current) return current[1];
  throw new CliError(`Several profiles match (${matches.map(([id]) => id).join(', ')}); pass --server and --workspace.`, EXIT.usage);
}
