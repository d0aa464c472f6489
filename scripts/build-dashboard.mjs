// The dashboard's browser bundle: src/web/dashboard/client/app.js and everything it imports
// (Preact, htm, uPlot, the shared formatter and lists, the generated API client) as one script
// and one style sheet, so the browser makes two requests instead of forty and the sources can be
// TypeScript or checked JavaScript. A compiled server serves the bundle `npm run build` wrote to
// dist/dashboard/; run from the sources it builds one in memory at its first asset request
// (src/web/dashboard/bundle.ts), which is how development and the tests run without a build step.
//
//   node scripts/build-dashboard.mjs [outdir]   writes app.js and app.css (npm run build writes them to dist/dashboard)
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DASHBOARD_ENTRY = path.join(root, 'src/web/dashboard/client/app.js');
export const DEFAULT_OUTDIR = path.join(root, 'dist/dashboard');

/**
 * Bundles the dashboard; answers its files by name (`app.js`, `app.css`) and, with `outdir`,
 * also writes them there.
 * @param {{ outdir?: string, minify?: boolean }} [options]
 * @returns {Promise<Map<string, string>>}
 */
export async function buildDashboard({ outdir, minify = true } = {}) {
  const result = await build({
    entryPoints: [DASHBOARD_ENTRY],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    // The browsers the dashboard supports (docs/dashboard.md): current evergreen ones.
    target: ['es2022'],
    minify,
    legalComments: 'none',
    // Output names only; nothing is written here (write: false), whatever the caller asked.
    outdir: DEFAULT_OUTDIR,
    entryNames: '[name]',
    write: false,
    logLevel: 'silent',
  });
  const files = new Map(result.outputFiles.map((f) => [path.basename(f.path), f.text]));
  if (outdir) {
    await mkdir(outdir, { recursive: true });
    await Promise.all([...files].map(([name, text]) => writeFile(path.join(outdir, name), text)));
  }
  return files;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outdir = path.resolve(process.argv[2] ?? DEFAULT_OUTDIR);
  const files = await buildDashboard({ outdir });
  console.log(`dashboard bundle: ${[...files].map(([name, text]) => `${name} ${(text.length / 1024).toFixed(0)} KiB`).join(', ')} in ${path.relative(process.cwd(), outdir) || '.'}`);
}
