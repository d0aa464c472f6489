// The second half of `npm run lint:regex` (docs/security.md "Regular expressions"): every regex
// literal of the code that runs (src, bin, scripts; tests aside, whose patterns read our own
// short outputs) through recheck, which fuzzes each one with attack strings. ESLint's regexp
// rules reason about quantifiers that trade characters; recheck also finds what they miss, e.g.
// /^(.+?) vs (.+)$/ on "a vs a vs …" plus a line break, or "](" repeated before a long target.
// A literal under a comment beginning `// bounded:` is not checked: its input is short, and
// the bound is enforced in code right before the match.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { check } from 'recheck';
import ts from 'typescript';

interface Literal { file: string; line: number; source: string; flags: string }

const files = execFileSync('git', ['ls-files', 'src', 'bin', 'scripts'], { encoding: 'utf8' })
  .split('\n')
  .filter((f) => /\.(?:ts|js|cjs)$/.test(f) && !/\.test\.ts$/.test(f));

/** Whether the comment lines right above line `i` (0-based) include one beginning "// bounded:". */
function bounded(lines: string[], i: number): boolean {
  for (let j = i - 1; j >= 0 && lines[j]!.trimStart().startsWith('//'); j--) {
    if (lines[j]!.trimStart().startsWith('// bounded: ')) return true;
  }
  return false;
}

const literals: Literal[] = [];
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS);
  const visit = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const literal = node.getText(source);
      const slash = literal.lastIndexOf('/');
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      if (!bounded(lines, line)) literals.push({ file, line: line + 1, source: literal.slice(1, slash), flags: literal.slice(slash + 1) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

// The same pattern is checked once; a few at a time, each given 10 s (a timeout is a failure:
// a pattern that cannot be shown linear is rewritten or bounded).
const verdicts = new Map<string, Promise<string | null>>();
const verdict = (l: Literal) => {
  const key = `/${l.source}/${l.flags}`;
  if (!verdicts.has(key)) {
    verdicts.set(key, check(l.source, l.flags, { timeout: 10_000 }).then((d) =>
      d.status === 'safe' ? null : d.status === 'vulnerable' ? `${d.complexity.summary}, e.g. ${JSON.stringify(d.attack.pattern ?? d.attack.string.slice(0, 60))}` : `not shown linear (${d.error.kind})`));
  }
  return verdicts.get(key)!;
};
const problems: string[] = [];
for (let i = 0; i < literals.length; i += 8) {
  const batch = literals.slice(i, i + 8);
  const found = await Promise.all(batch.map(verdict));
  batch.forEach((l, k) => found[k] && problems.push(`${l.file}:${l.line} /${l.source}/${l.flags}: ${found[k]}`));
}
for (const p of problems) console.log(p);
console.log(`recheck: ${literals.length} regex literals in ${files.length} files, ${problems.length} super-linear`);
process.exit(problems.length ? 1 : 0);
