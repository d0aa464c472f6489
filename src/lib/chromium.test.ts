import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_FLAGS, chromiumCommand, passwdEntry, wrapperScript } from './chromium.ts';
import { CHROME_FLAGS } from '../modules/pages/lighthouse.ts';
import { createPdfRenderer } from '../modules/reports/pdf.ts';

// Chromium loads attacker-chosen pages; it runs sandboxed, never as root.

const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';
const isRoot = process.getuid?.() === 0;

/** This process's children: pid, uid and command line (Linux /proc). */
function children(): Array<{ pid: number; uid: number; cmdline: string[] }> {
  const out = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      if (Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]) !== process.pid) continue;
      out.push({ pid: Number(entry), uid: Number(/^Uid:\s+(\d+)/m.exec(status)?.[1]), cmdline: readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0') });
    } catch { /* gone meanwhile */ }
  }
  return out;
}

describe('Chromium is started sandboxed', () => {
  it('no launch flag turns the sandbox off (page evaluation and PDFs share them)', () => {
    expect(CHROMIUM_FLAGS).not.toContain('--no-sandbox');
    expect(CHROME_FLAGS).not.toContain('--no-sandbox');
    expect(CHROME_FLAGS).toEqual(expect.arrayContaining([...CHROMIUM_FLAGS]));
  });

  it('reads users from /etc/passwd', () => {
    expect(passwdEntry('nobody', 'root:x:0:0::/root:/bin/sh\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n')).toEqual({ uid: 65534, gid: 65534 });
    expect(passwdEntry('absent', 'root:x:0:0::/root:/bin/sh')).toBeNull();
  });

  it.runIf(isRoot)('as root, the wrapper hands the profile to the user and runs the binary as that user', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'geo-wrap-'));
    await chmod(dir, 0o755);
    // A stand-in for Chromium that says who it runs as and where its HOME is.
    const fake = path.join(dir, 'fake-chromium');
    await writeFile(fake, '#!/bin/sh\necho "$(id -u) $HOME"\n');
    await chmod(fake, 0o755);
    const script = path.join(dir, 'run');
    await writeFile(script, wrapperScript(fake, 65534, 65534));
    await chmod(script, 0o700);
    const profile = await mkdtemp(path.join(os.tmpdir(), 'geo-profile-'));
    expect(execFileSync(script, ['--headless', `--user-data-dir=${profile}`], { encoding: 'utf8' }).trim()).toBe(`65534 ${profile}`);
    expect(execFileSync('stat', ['-c', '%u', profile], { encoding: 'utf8' }).trim()).toBe('65534');
    expect((await chromiumCommand(CHROME)).user).toMatchObject({ name: 'nobody', uid: 65534 });
  });

  it.runIf(existsSync(CHROME))('a report PDF is rendered by a Chromium that is not root and has its sandbox on', async () => {
    const pdf = createPdfRenderer({ chromePath: CHROME });
    try {
      const bytes = await pdf.render('<h1>sandboxed</h1>');
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      const browsers = children().filter((c) => c.cmdline.some((a) => a.startsWith('--user-data-dir=')) && c.cmdline.includes('--remote-debugging-pipe'));
      expect(browsers.length).toBeGreaterThan(0);
      for (const b of browsers) {
        expect(b.cmdline).not.toContain('--no-sandbox');
        expect(b.uid).not.toBe(0);
      }
    } finally {
      await pdf.close();
    }
  }, 60_000);
});
