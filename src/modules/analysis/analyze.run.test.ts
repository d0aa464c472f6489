import { describe, expect, it } from 'vitest';
import { runAnalyze, USAGE, type CliIo } from './analyze.run.ts';

// `--help` prints usage; every bad input is one line on stderr and a non-zero exit.

const workspace = JSON.stringify({
  brand: 'acme', displayName: 'Acme', domains: ['acme.com'],
  competitors: [{ name: 'Globex', domains: ['globex.com'], aliases: ['Globex'], ambiguous: false }],
});

function run(argv: string[], files: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    out: (l) => out.push(l), err: (l) => err.push(l),
    read: (file) => {
      if (file === 'dir') throw Object.assign(new Error('EISDIR: illegal operation on a directory, read'), { code: 'EISDIR' });
      if (!(file in files)) throw Object.assign(new Error(`ENOENT: no such file or directory, open '${file}'`), { code: 'ENOENT' });
      return files[file]!;
    },
  };
  const code = runAnalyze(argv, io);
  return { code, out: out.join('\n'), err };
}

describe('npm run analyze arguments and input errors', () => {
  it.each([['--help'], ['-h']])('%s prints the usage on stdout and exits 0', (flag) => {
    const res = run([flag]);
    expect(res).toMatchObject({ code: 0, out: USAGE, err: [] });
    expect(res.out).toMatch(/^usage: npm run analyze -- --workspace/);
  });

  const files = { 'ws.json': workspace, 'a.md': 'Acme is great.', 'bad.json': '{"brand": ', 'list.json': '[1]', 'empty.json': '{}', 'src.json': '{"url": 1}' };
  it.each([
    ['no arguments', [], 2, /--workspace and --answer are required/],
    ['an unknown option', ['--workspce', 'ws.json'], 2, /Unknown option '--workspce'/],
    ['a missing workspace file', ['--workspace', 'nope.json', '--answer', 'a.md'], 1, /^analyze: --workspace nope.json: no such file$/],
    ['a directory as answer', ['--workspace', 'ws.json', '--answer', 'dir'], 1, /^analyze: --answer dir: is a directory$/],
    ['a missing answer file', ['--workspace', 'ws.json', '--answer', 'none.md'], 1, /^analyze: --answer none.md: no such file$/],
    ['malformed JSON', ['--workspace', 'bad.json', '--answer', 'a.md'], 1, /^analyze: --workspace bad.json: not valid JSON \(/],
    ['a JSON array as workspace', ['--workspace', 'list.json', '--answer', 'a.md'], 1, /expected a JSON object/],
    ['an object without competitors', ['--workspace', 'empty.json', '--answer', 'a.md'], 1, /"competitors" must be an array/],
    ['sources that are not an array', ['--workspace', 'ws.json', '--answer', 'a.md', '--sources', 'src.json'], 1, /--sources src.json: expected a JSON array/],
  ])('%s → one line on stderr, exit %s', (_name, argv, code, message) => {
    const res = run(argv as string[], files);
    expect(res.code).toBe(code);
    expect(res.out).toBe('');
    expect(res.err[0]).toMatch(message);
    for (const line of res.err) expect(line).not.toMatch(/\n|    at /);
  });

  it('a good input prints the analysis as JSON', () => {
    const res = run(['--workspace', 'ws.json', '--answer', 'a.md'], files);
    expect(res.code).toBe(0);
    expect(JSON.parse(res.out).brand).toMatchObject({ mentioned: true });
  });
});
