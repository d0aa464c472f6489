#!/usr/bin/env node
// Compiles the service to JavaScript in dist/, so that production, `npm start`, the worker and
// the `geo` command run on plain `node` (tsx, which runs the sources, is a development tool).
//
//   node scripts/build.mjs              build (npm run build; `prepare` runs it on npm install)
//   node scripts/build.mjs --if-stale   build only when dist/ is missing or older than src/
//   node scripts/build.mjs --entry bench/runs.bench.ts --outdir .cache/bench
//                                       the same with one more entry (a benchmark of the compiled
//                                       code), elsewhere: inside the package, whose node_modules
//                                       the bundles import their npm packages from
//
// One esbuild bundle per process entry, with the npm packages left as imports (node_modules is
// there at run time) and the shared code split into chunks, so a module that is imported lazily
// (the MCP relay in the CLI, the page evaluation) still loads only when used. Without keepNames,
// which tsx's transform applies (it names every function created in a function body, each time
// the closure is made): a measurement run takes 0.74-0.81 of the CPU it takes through tsx
// (bench/README.md, "runs, compiled").
//
// Files read at run time (migrations, docs, the dashboard's client files, data files, the icon
// decoder's worker) stay where they are in the repository: every source module's
// `import.meta.url` is compiled to the address of its own source file (`src/…/x.ts`, relative to
// the bundle), so `new URL('./data.json', import.meta.url)` and `path.dirname(fileURLToPath(
// import.meta.url))` mean in dist/ what they mean in src/, with nothing copied and nothing to keep
// in step (src/ ships with the package). What must be compiled instead of read — a process the
// code forks — goes through src/lib/process-entry.ts, which finds its bundle here by the
// GEO_DIST this script defines.
import { mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DIST = path.join(ROOT, 'dist');
const SRC = path.join(ROOT, 'src');
/**
 * Written when the build starts, so its modification time (the file system's clock, not this
 * process's, which a test may shift) is what --if-stale compares the sources against: a source
 * saved during the build counts as newer.
 */
const STAMP = '.built';

/**
 * The processes, by the name of their bundle in dist/. A file the code forks
 * (src/lib/process-entry.ts) keeps its own file name: dist/<name>.js for src/…/<name>.ts.
 */
export const ENTRIES = {
  main: 'src/main.ts',
  worker: 'src/worker.ts',
  cli: 'src/cli/main.ts',
  'ingest.child': 'src/modules/traffic-ingest/ingest.child.ts',
  'mcp.stdio.main': 'src/modules/mcp/mcp.stdio.main.ts',
};

const toPosix = (p) => p.split(path.sep).join('/');

/**
 * Every `import.meta.url` of a source module becomes its source file's address, seen from the
 * bundle. A file the module forks through processEntry must be one of the entries, under its own
 * file name, or the compiled process would fork a bundle that is not there.
 */
function sourceAddresses(outdir, entries) {
  const bundled = new Set(Object.entries(entries).map(([out, file]) => `${out}:${path.resolve(ROOT, file)}`));
  return {
    name: 'source-addresses',
    setup(build) {
      build.onLoad({ filter: /\.[cm]?[jt]s$/ }, async (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const { readFile } = await import('node:fs/promises');
        const text = await readFile(args.path, 'utf8');
        const loader = /\.[cm]?ts$/.test(args.path) ? 'ts' : 'js';
        // import.meta.dirname and .filename would need the same treatment; the code uses the URL.
        const other = /import\.meta\.(?!url\b)[A-Za-z]+/.exec(text);
        if (other) throw new Error(`${path.relative(ROOT, args.path)}: ${other[0]} is not compiled to the source's address; use import.meta.url`);
        for (const [, forked] of text.matchAll(/processEntry\(new URL\('([^']+)', import\.meta\.url\)/g)) {
          const file = path.resolve(path.dirname(args.path), forked);
          if (!bundled.has(`${path.basename(file).replace(/\.ts$/, '')}:${file}`)) {
            throw new Error(`${path.relative(ROOT, args.path)} forks ${path.relative(ROOT, file)}: add it to ENTRIES in scripts/build.mjs under its file name`);
          }
        }
        if (!text.includes('import.meta.url')) return { contents: text, loader };
        const address = `new URL(${JSON.stringify(toPosix(path.relative(outdir, args.path)))}, import.meta.url).href`;
        return { contents: text.replaceAll('import.meta.url', address), loader };
      });
    },
  };
}

/** The newest modification time under a directory, directories included (a deleted file changes its directory's). */
function newest(dir) {
  let latest = statSync(dir).mtimeMs;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

/** Missing, or built before the last change to src/ or to this script. */
export function isStale(outdir = DIST) {
  let built;
  try {
    built = statSync(path.join(outdir, STAMP)).mtimeMs;
  } catch {
    return true;
  }
  return Math.max(newest(SRC), statSync(fileURLToPath(import.meta.url)).mtimeMs) > built;
}

/**
 * Builds into a sibling folder, then puts it in place of `outdir` by renaming: a process starting
 * meanwhile sees the old build or the new one, never half of one, and two builds at once (two
 * `npm start`s after a pull) each put a complete build in place.
 */
export async function build({ entries = ENTRIES, outdir = DIST } = {}) {
  const { build: esbuild } = await import('esbuild');
  const id = `${process.pid}-${Date.now()}`;
  const temp = `${outdir}.tmp-${id}`;
  try {
    mkdirSync(temp, { recursive: true });
    writeFileSync(path.join(temp, STAMP), '');
    await esbuild({
      absWorkingDir: ROOT,
      entryPoints: Object.entries(entries).map(([out, file]) => ({ in: file, out })),
      outdir: temp,
      bundle: true,
      splitting: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: 'linked',
      chunkNames: 'chunk-[hash]',
      define: { GEO_DIST: JSON.stringify(toPosix(path.relative(ROOT, outdir))) },
      plugins: [sourceAddresses(outdir, entries)],
      logLevel: 'warning',
    });
    // The dashboard's browser bundle, served by the compiled server from dist/dashboard/ (bundle.ts).
    const { buildDashboard } = await import('./build-dashboard.mjs');
    await buildDashboard({ outdir: path.join(temp, 'dashboard') });
    const old = `${outdir}.old-${id}`;
    try {
      renameSync(outdir, old);
    } catch (err) {
      if (err.code !== 'ENOENT') throw err;
    }
    try {
      renameSync(temp, outdir);
    } catch (err) {
      // Another build put its own in place between the two renames: as new as this one.
      if (err.code !== 'ENOTEMPTY' && err.code !== 'EEXIST') throw err;
    }
    rmSync(old, { recursive: true, force: true });
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

/** `--if-stale`: builds when needed; without esbuild (a production install) it keeps what is there. */
export async function buildIfStale(outdir = DIST) {
  if (!isStale(outdir)) return;
  try {
    await import('esbuild');
  } catch {
    if (statSync(path.join(outdir, 'main.js'), { throwIfNoEntry: false })) return;
    throw new Error(`${toPosix(path.relative(process.cwd(), outdir)) || outdir} is missing and esbuild is not installed: run npm install (with the development dependencies), then npm run build`);
  }
  process.stderr.write('Compiling src/ to dist/ (changed since the last build)…\n');
  await build({ outdir });
}

function parseArgs(argv) {
  const options = { ifStale: false, entries: null, outdir: DIST };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--if-stale') options.ifStale = true;
    else if (arg === '--entry') {
      const file = argv[++i];
      options.entries ??= {};
      options.entries[path.basename(file).replace(/\.[cm]?[jt]s$/, '')] = file;
    } else if (arg === '--outdir') options.outdir = path.resolve(argv[++i]);
    else throw new Error(`unknown argument ${arg} (--if-stale, --entry FILE, --outdir DIR)`);
  }
  return options;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const options = parseArgs(process.argv.slice(2));
    mkdirSync(path.dirname(options.outdir), { recursive: true });
    if (options.ifStale) await buildIfStale(options.outdir);
    else await build({ entries: { ...ENTRIES, ...options.entries }, outdir: options.outdir });
  } catch (err) {
    process.stderr.write(`build: ${err.message}\n`);
    process.exit(1);
  }
}
