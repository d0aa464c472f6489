// Fails on an import circle anywhere under src/, and on a module that reaches into another
// module's internals (the rules: scripts/import-rules.ts, tested in test/import-rules.test.ts).
// Run by .ci/run: `npm run check:imports`.
import path from 'node:path';
import madge from 'madge';
import { importProblems } from './import-rules.ts';

const root = path.resolve(import.meta.dirname, '..', 'src');
const result = await madge(root, { fileExtensions: ['ts', 'js'], excludeRegExp: [/\.test\.ts$/], detectiveOptions: { ts: { skipTypeImports: false } } });
const graph = result.obj();
const problems = importProblems(graph);

if (problems.length) {
  console.error(problems.join('\n'));
  console.error(`${problems.length} import problem(s)`);
  process.exit(1);
}
console.log(`imports: ${Object.keys(graph).length} files, no circle, no two modules importing each other, no module reaching into another's internals`);
