#!/usr/bin/env node
// The `geo` command (package.json "bin"): the CLI compiled to dist/cli.js by scripts/build.mjs,
// run by plain node. In a checkout (a .git beside it) it is rebuilt first when src/ changed since
// the last build, as `npm start` does, so `npx geo` after a pull or an edit runs the code as it
// is. An installed package (`npm pack`, then `npm install -g`) carries the build made when it was
// packed and runs it as it is, without looking at its sources on every command.
import { existsSync } from 'node:fs';

process.setSourceMapsEnabled(true); // an internal error's stack names the source files
if (existsSync(new URL('../.git', import.meta.url))) {
  const { buildIfStale } = await import('../scripts/build.mjs');
  try {
    await buildIfStale();
  } catch (err) {
    process.stderr.write(`geo: the CLI could not be compiled: ${err.message}\n`);
    process.exit(6); // EXIT.server (src/cli/exit.fns.ts), as for an internal error
  }
}
await import('../dist/cli.js');
