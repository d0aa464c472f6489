import type { Command } from 'commander';
import { createApi, type Api } from './client.ts';
import { CliError, EXIT } from './exit.fns.ts';
import { output, type Output } from './output.ts';
import { configDir, DEFAULT_SERVER, loadStore, normalizeServer, selectProfile, type Profile } from './profiles.ts';

// What a command runs with: where to print, which server, which key, which workspace.
// A stored profile (from `geo login`) is the normal source; GEO_API_KEY (with GEO_SERVER and
// GEO_WORKSPACE) lets a script use a key without storing it.

export interface GlobalOptions {
  json?: boolean;
  server?: string;
  workspace?: string;
}

export interface Context {
  out: Output;
  api: Api;
  workspace: string;
  profile: Profile | null;
  /** The `{workspace}` path parameter of the workspace's routes. */
  ws: { workspace: string };
}

export const globalsOf = (cmd: Command) => cmd.optsWithGlobals<GlobalOptions>();

export function outputOf(cmd: Command): Output {
  return output(Boolean(globalsOf(cmd).json));
}

/** Polling pace of `--wait` loops; GEO_CLI_POLL_MS lets tests go faster than a person needs. */
export function pollMs(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.GEO_CLI_POLL_MS);
  return Number.isFinite(n) && n >= 10 ? n : 1000;
}

export async function contextOf(cmd: Command, env: NodeJS.ProcessEnv = process.env): Promise<Context> {
  const opts = globalsOf(cmd);
  const out = output(Boolean(opts.json));
  const server = opts.server ?? env.GEO_SERVER;
  const wanted = opts.workspace ?? env.GEO_WORKSPACE;

  if (env.GEO_API_KEY) {
    const api = createApi(normalizeServer(server ?? DEFAULT_SERVER), env.GEO_API_KEY);
    // A key sees exactly its bound workspace, so the list answers which one it is.
    const workspace = wanted ?? (await api.data(api.client.GET('/api/v1/workspaces')))[0]?.id;
    if (!workspace) throw new CliError('GEO_API_KEY sees no workspace; set GEO_WORKSPACE.', EXIT.auth);
    return { out, api, workspace, profile: null, ws: { workspace } };
  }

  const profile = selectProfile(loadStore(configDir(env)), { server, workspace: wanted });
  if (!profile) {
    const where = [server && `server ${server}`, wanted && `workspace ${wanted}`].filter(Boolean).join(', ');
    throw new CliError(`not_logged_in: no stored key${where ? ` for ${where}` : ''}; run "geo login${server ? ` --server ${server}` : ''}${wanted ? ` --workspace ${wanted}` : ''}".`, EXIT.auth, 'not_logged_in');
  }
  const api = createApi(normalizeServer(profile.server), profile.apiKey);
  return { out, api, workspace: profile.workspace, profile, ws: { workspace: profile.workspace } };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
