// Fails on an import circle anywhere under src/, and on a module that reaches into another
// module's internals. A module's public face is its service, its pure functions (*.fns.ts),
// its schemas and types; its repo, routes and jobs are its own. Tables may reference other
// modules' tables (foreign keys) and nothing else may import another module's tables.
// Run by .ci/run: `npx tsx scripts/check-imports.ts`.
import path from 'node:path';
import madge from 'madge';

const root = path.resolve(import.meta.dirname, '..', 'src');
const result = await madge(root, { fileExtensions: ['ts', 'js'], excludeRegExp: [/\.test\.ts$/], detectiveOptions: { ts: { skipTypeImports: false } } });

const problems: string[] = [];
for (const circle of result.circular()) problems.push(`import circle: ${circle.join(' > ')} > ${circle[0]}`);

const moduleOf = (file: string) => /^modules\/([^/]+)\//.exec(file)?.[1] ?? null;
const INTERNAL = /\.(repo|routes|jobs)\.ts$/;
for (const [file, deps] of Object.entries(result.obj())) {
  const from = moduleOf(file);
  if (!from) continue;
  for (const dep of deps) {
    const to = moduleOf(dep);
    if (!to || to === from) continue;
    const tablesToTables = /\.tables\.ts$/.test(file) && /\.tables\.ts$/.test(dep);
    if (INTERNAL.test(dep) || (/\.tables\.ts$/.test(dep) && !tablesToTables)) {
      problems.push(`${file} imports ${dep}: another module's internals (use its service or fns)`);
    }
  }
}

if (problems.length) {
  console.error(problems.join('\n'));
  console.error(`${problems.length} import problem(s)`);
  process.exit(1);
}
console.log(`imports: ${Object.keys(result.obj()).length} files, no circle, no module reaching into another's internals`);
