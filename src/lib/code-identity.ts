import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// What a figure kept in the database was computed by: the service's sources and the locked
// versions of its packages. A figure stored by other code (an older deploy, whose body or stamp
// may have another shape or other numbers) is never served by this one (scores/stored-reads.ts).
// By content, not by modification time: two machines running one release agree, so their
// processes share what either stored.

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LOCK = path.resolve(SRC, '..', 'package-lock.json');
/** What the code is made of: tests and the files tests read are not. */
const counts = (name: string) => /\.(ts|js|mjs|json|sql)$/.test(name) && !/\.(test|d)\.ts$/.test(name);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return filesUnder(full);
    return Promise.resolve(e.isFile() && counts(e.name) ? [full] : []);
  }));
  return nested.flat();
}

let identity: Promise<string> | null = null;

/** A digest of the running code (computed once per process, some tens of milliseconds). */
export function codeIdentity(): Promise<string> {
  identity ??= (async () => {
    const files = [...(await filesUnder(SRC)).sort(), LOCK];
    const contents = await Promise.all(files.map((file) => readFile(file).catch(() => Buffer.alloc(0))));
    const hash = createHash('sha256');
    files.forEach((file, i) => hash.update(path.relative(SRC, file)).update(contents[i]!));
    return hash.digest('base64url').slice(0, 16);
  })();
  return identity;
}
