#!/usr/bin/env node
// The `geo` command (package.json "bin"). The CLI is TypeScript run through tsx, a dependency
// of this package, so it works from a checkout (`npx geo`) and from a global install alike.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
