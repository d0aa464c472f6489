import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// The real `geo` binary as a child process, for the CLI's integration tests: the caller's
// credentials are dropped from the environment, so that each test says which server, key and
// workspace it means; output is collected whole.

const BIN = fileURLToPath(new URL('../../bin/geo.js', import.meta.url));

export interface CliResult { code: number | null; stdout: string; stderr: string }

export function runGeo(args: string[], options: { env: Record<string, string>; stdin?: string }): Promise<CliResult> {
  const { GEO_API_KEY: _k, GEO_WORKSPACE: _w, ...inherited } = process.env;
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { ...inherited, NO_COLOR: '1', ...options.env },
    stdio: [options.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => { stdout += d; });
  child.stderr!.on('data', (d) => { stderr += d; });
  if (options.stdin !== undefined) child.stdin!.end(options.stdin);
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}
