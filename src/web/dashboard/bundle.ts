import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { compiledDir } from '../../lib/process-entry.ts';

// The dashboard's browser bundle (app.js, app.css): a compiled server serves the one its build
// wrote (dist/dashboard/, scripts/build.mjs), so production needs no bundler at run time; run from
// the sources (development and tests, which need no build step) it is built in memory by esbuild,
// so an edit to the client is never hidden behind an older build. Built once per process,
// at the first request for it, so a process that never serves the dashboard never pays for it.

const dist = compiledDir();
const PREBUILT = dist ? path.join(dist, 'dashboard') : null;
// The build script sits at the same depth from src/ and from a compiled dist/.
const BUILD_SCRIPT = new URL('../../../scripts/build-dashboard.mjs', import.meta.url).href;
export const BUNDLE_FILES = ['app.js', 'app.css'] as const;

type Build = (options?: { minify?: boolean }) => Promise<Map<string, string>>;

function prebuilt(): Map<string, string> | null {
  const dir = PREBUILT;
  if (!dir || !BUNDLE_FILES.every((name) => existsSync(path.join(dir, name)))) return null;
  return new Map(BUNDLE_FILES.map((name) => [name, readFileSync(path.join(dir, name), 'utf8')]));
}

async function built(): Promise<Map<string, string>> {
  const { buildDashboard } = (await import(BUILD_SCRIPT)) as { buildDashboard: Build };
  return buildDashboard();
}

/** The bundle's files by name; `load()` reads or builds them once and answers the same map after. */
export function dashboardBundle(): { load(): Promise<Map<string, string>> } {
  let files: Promise<Map<string, string>> | undefined;
  return {
    load() {
      files ??= Promise.resolve(prebuilt()).then((found) => found ?? built());
      // A failed build is tried again at the next request instead of being kept.
      files.catch(() => { files = undefined; });
      return files;
    },
  };
}
