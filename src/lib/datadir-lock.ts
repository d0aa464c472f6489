import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

// PGlite has no cross-process locking, so the embedded database is held by one process at a
// time through DATA_DIR/server.lock holding the owner's pid. A lock whose process is gone (it
// crashed or was killed) is taken over; a live owner makes the second process refuse to start.

export class DataDirLockedError extends Error {
  constructor(readonly dataDir: string, readonly pid: number) {
    super(
      `DATA_DIR ${dataDir} is in use by process ${pid}. The embedded database allows one process at a time: ` +
        'stop that process, use another DATA_DIR, or set DATABASE_URL to share a PostgreSQL server between processes.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// Locks this process holds: a lock file naming our own pid is ours only if we took it (after a
// container restart a new process often gets the pid its dead predecessor had).
const held = new Set<string>();

export function acquireDataDirLock(dataDir: string): { release(): void } {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'server.lock');
  if (held.has(file)) throw new DataDirLockedError(dataDir, process.pid);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      held.add(file);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          held.delete(file);
          try {
            if (readFileSync(file, 'utf8') === String(process.pid)) unlinkSync(file);
          } catch {
            /* already gone */
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(dataDir, owner);
      }
      // Stale lock (its process is gone, or the file is garbage): remove it and try again.
      try {
        unlinkSync(file);
      } catch {
        /* another process removed it first */
      }
    }
  }
  throw new Error(`could not acquire ${file}`);
}
