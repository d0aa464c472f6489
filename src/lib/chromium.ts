import { chmod, mkdtemp, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// How every Chromium of this service starts (page evaluation through Lighthouse, report PDFs
// through Playwright): sandboxed, never with --no-sandbox (it loads attacker-chosen
// pages, and a renderer exploit would otherwise run as the service's user). Debian's Chromium
// sandboxes itself with unprivileged user namespaces, which it refuses to do as root. So:
// - the service runs as an ordinary user (recommended, docs/operations.md): Chromium is started
//   as is and sandboxes itself;
// - the service runs as root (a bare container): Chromium is started through a wrapper that
//   hands its profile directory to CHROMIUM_USER (`nobody`) and drops to that user (setpriv,
//   no groups, no capabilities) before exec, so it sandboxes itself as that user.

export const CHROMIUM_USER = 'nobody';

/** Flags every launch shares; callers add their own (proxy, …). No --no-sandbox, ever. */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
];

export interface ChromiumCommand {
  /** The binary to start: Chromium itself, or the privilege-dropping wrapper when this process is root. */
  executablePath: string;
  /** The user Chromium runs as (null: this process's own user). */
  user: { name: string; uid: number; gid: number } | null;
}

/** A user's uid and gid from /etc/passwd. */
export function passwdEntry(name: string, passwd = readFileSync('/etc/passwd', 'utf8')): { uid: number; gid: number } | null {
  for (const line of passwd.split('\n')) {
    const [user, , uid, gid] = line.split(':');
    if (user === name && uid && gid) return { uid: Number(uid), gid: Number(gid) };
  }
  return null;
}

const shellQuote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

/**
 * A POSIX sh wrapper: it gives the profile directory Chromium is started with (its
 * --user-data-dir, made by chrome-launcher or Playwright as root) to the user, then execs the
 * binary as that user. exec keeps the pid, so launchers still stop the browser they started.
 */
export function wrapperScript(binary: string, uid: number, gid: number): string {
  return `#!/bin/sh
# Chromium sandboxed as uid ${uid} (src/lib/chromium.ts): never as root, never with --no-sandbox.
home=/tmp
for arg in "$@"; do
  case "$arg" in
    --user-data-dir=*) home="\${arg#--user-data-dir=}"; chown -R ${uid}:${gid} "$home" ;;
  esac
done
exec setpriv --reuid=${uid} --regid=${gid} --clear-groups --inh-caps=-all -- env HOME="$home" ${shellQuote(binary)} "$@"
`;
}

const wrappers = new Map<string, Promise<ChromiumCommand>>();

/** How to start `chromePath` sandboxed from this process (memoised per binary). */
export function chromiumCommand(chromePath: string): Promise<ChromiumCommand> {
  const known = wrappers.get(chromePath);
  if (known) return known;
  const made = (async (): Promise<ChromiumCommand> => {
    if (process.getuid?.() !== 0) return { executablePath: chromePath, user: null };
    const ids = passwdEntry(CHROMIUM_USER);
    if (!ids || ids.uid === 0) throw new Error(`This process runs as root and Chromium must not: create the user ${CHROMIUM_USER}, or run the service as an unprivileged user (docs/operations.md)`);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'geo-chromium-'));
    const executablePath = path.join(dir, 'chromium');
    await writeFile(executablePath, wrapperScript(chromePath, ids.uid, ids.gid));
    await chmod(executablePath, 0o700);
    return { executablePath, user: { name: CHROMIUM_USER, ...ids } };
  })();
  wrappers.set(chromePath, made);
  made.catch(() => wrappers.delete(chromePath));
  return made;
}
