import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The compiled bundles (scripts/build.mjs) are built with GEO_DIST defined as their folder,
// relative to the package root; the sources, run by tsx or vitest, never see it.
declare const GEO_DIST: string | undefined;

// This file's address is its source file's in the bundles too (scripts/build.mjs), so the root
// is two folders up either way.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ProcessEntry {
  /** The file to fork. */
  file: string;
  /** Node's flags for it: the TypeScript loader for a source file, nothing more for a bundle. */
  execArgv: string[];
}

/**
 * How to start a file of src/ as a process of its own (child_process.fork). Compiled, it is the
 * bundle of the same name in dist/ (scripts/build.mjs lists it among the entries), run by plain
 * node; from the sources (development, tests), the TypeScript file through tsx, a development
 * dependency, which is installed wherever the sources are run.
 */
export function processEntry(source: URL): ProcessEntry {
  const file = fileURLToPath(source);
  if (typeof GEO_DIST === 'string') {
    return { file: path.join(ROOT, GEO_DIST, path.basename(file).replace(/\.ts$/, '.js')), execArgv: ['--enable-source-maps'] };
  }
  return { file, execArgv: ['--import', 'tsx'] };
}

/** The compiled build's folder when this code runs from it (dist/), else null (the sources). */
export function compiledDir(): string | null {
  return typeof GEO_DIST === 'string' ? path.join(ROOT, GEO_DIST) : null;
}
