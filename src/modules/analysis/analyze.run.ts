import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { analyzeAnswer, type AnalysisProfile } from './analyze.fns.ts';
import { profileFromWorkspace } from './profile.fns.ts';

// The `npm run analyze` command as a function of its arguments, so that usage, exit codes and
// error lines are tested without a child process. Every failure is one line on stderr (no stack
// trace): a new user's typo in a path or a JSON file must read as what to fix.

export const USAGE = `usage: npm run analyze -- --workspace ws.json --answer answer.md [--sources sources.json] [--prompt TEXT] [--language es]

Analyses one engine answer for a brand and prints the result as JSON.

  --workspace FILE  a workspace creation body (brand, displayName, domains, competitors…) or an
                    analysis profile ({brand: {name, aliases, domains, ambiguous}, competitors, industry})
  --answer FILE     the answer text (markdown)
  --sources FILE    optional JSON array of cited sources: [{"url": "https://…", "title": "…"}]
  --prompt TEXT     optional prompt the answer replied to
  --language CODE   optional answer language: en, es, ca or fr
  -h, --help        this text`;

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  read: (file: string) => string;
}

class InputError extends Error {}

function readInput(io: CliIo, flag: string, file: string): string {
  try {
    return io.read(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : code === 'EACCES' ? 'permission denied' : (err as Error).message;
    throw new InputError(`--${flag} ${file}: ${why}`);
  }
}

function readJson(io: CliIo, flag: string, file: string): unknown {
  const text = readInput(io, flag, file);
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new InputError(`--${flag} ${file}: not valid JSON (${(err as Error).message.split('\n')[0]})`);
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isEntity = (v: unknown) => isObject(v) && typeof v.name === 'string' && Array.isArray(v.aliases) && Array.isArray(v.domains);

/** A workspace body or an analysis profile, checked enough that the analysis cannot trip over it. */
export function profileOf(raw: unknown, file: string): AnalysisProfile {
  const bad = (what: string) => new InputError(`--workspace ${file}: ${what}`);
  if (!isObject(raw)) throw bad('expected a JSON object (a workspace creation body or an analysis profile)');
  if (!Array.isArray(raw.competitors) || !raw.competitors.every(isEntity)) {
    throw bad('"competitors" must be an array of {name, aliases[], domains[], ambiguous}');
  }
  if (isObject(raw.brand)) {
    if (!isEntity(raw.brand)) throw bad('"brand" must be {name, aliases[], domains[], ambiguous}');
    return raw as unknown as AnalysisProfile;
  }
  if (typeof raw.displayName !== 'string' || !Array.isArray(raw.domains)) {
    throw bad('a workspace body needs "displayName" (string) and "domains" (array); a profile needs "brand" as an object');
  }
  return profileFromWorkspace(raw as Parameters<typeof profileFromWorkspace>[0]);
}

/** Runs the command; returns the exit code (0 done, 1 bad input file, 2 bad arguments). */
export function runAnalyze(argv: string[], io: CliIo): number {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({
      args: argv,
      options: {
        workspace: { type: 'string' }, answer: { type: 'string' }, sources: { type: 'string' },
        prompt: { type: 'string' }, language: { type: 'string' }, help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (err) {
    io.err(`analyze: ${(err as Error).message.split('\n')[0]}`);
    io.err(USAGE.split('\n')[0]!);
    return 2;
  }
  if (values.help) {
    io.out(USAGE);
    return 0;
  }
  if (typeof values.workspace !== 'string' || typeof values.answer !== 'string') {
    io.err('analyze: --workspace and --answer are required');
    io.err(USAGE.split('\n')[0]!);
    return 2;
  }
  try {
    const profile = profileOf(readJson(io, 'workspace', values.workspace), values.workspace);
    const sources = typeof values.sources === 'string' ? readJson(io, 'sources', values.sources) : [];
    if (!Array.isArray(sources) || !sources.every((s) => isObject(s) && typeof s.url === 'string')) {
      throw new InputError(`--sources ${String(values.sources)}: expected a JSON array of {"url": "…", "title": "…"}`);
    }
    const answer = readInput(io, 'answer', values.answer);
    const context = { prompt: values.prompt as string | undefined, language: values.language as string | undefined };
    io.out(JSON.stringify(analyzeAnswer(profile, answer, sources as Array<{ url: string }>, context), null, 2));
    return 0;
  } catch (err) {
    // Our own input errors are already one line; anything else is reduced to its first line.
    io.err(`analyze: ${(err as Error).message.split('\n')[0]}`);
    return 1;
  }
}

export const processIo: CliIo = {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  read: (file) => readFileSync(file, 'utf8'),
};
