import { readFile, rename, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { AGENTS_FILE, createClassifier, type AgentData } from '../traffic/classify.fns.ts';
import { bumpVersion, formatAgentData, parseRangeList, prefixDiff, sourceUrl } from './ranges.fns.ts';

// `npm run traffic:refresh-ranges [-- --base <url>] [--file <path>] [--dry-run]` (entry point:
// refresh-ranges.cli.ts): fetches each
// range list of traffic/data/ai-agents.json from its `source` (or the same host and path under `--base`,
// a mirror), refuses an empty or malformed list (the old one is kept and the refusal printed),
// writes the others with today's `observed` date and `via`, bumps `version`, and prints what
// changed. Exit status 1 when any list was refused, so that a cron job notices.
// The addresses are the operators' own, from the shipped file (or the operator's --base): this
// is an operator's command, not a fetch of a user-given address, so it uses plain fetch.

const MAX_LIST_BYTES = 5 * 1024 * 1024;
const TIMEOUT_MS = 30_000;

export interface RefreshDeps {
  file: string;
  base?: string;
  dryRun?: boolean;
  /** YYYY-MM-DD, the `observed` date written. */
  today: string;
  fetch: typeof fetch;
  log(line: string): void;
}

async function fetchList(url: string, fetcher: typeof fetch): Promise<unknown> {
  const res = await fetcher(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > MAX_LIST_BYTES) throw new Error(`${declared} bytes, more than ${MAX_LIST_BYTES}`);
  const text = await res.text();
  if (text.length > MAX_LIST_BYTES) throw new Error(`more than ${MAX_LIST_BYTES} bytes`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Error('the answer is not JSON');
  }
}

/** Refreshes every list; answers which were refreshed and which refused. */
export async function refreshRanges(deps: RefreshDeps) {
  const data = JSON.parse(await readFile(deps.file, 'utf8')) as AgentData & Record<string, unknown>;
  const refreshed: string[] = [];
  const refused: string[] = [];
  for (const [name, list] of Object.entries(data.ranges)) {
    const url = sourceUrl(list.source, deps.base);
    let reading;
    try {
      reading = parseRangeList(await fetchList(url, deps.fetch));
    } catch (err) {
      const cause = (err as { cause?: { code?: string } }).cause?.code; // fetch says only "fetch failed"; the cause says why
      reading = { error: `${(err as Error).message}${cause ? ` (${cause})` : ''}` };
    }
    if ('error' in reading) {
      refused.push(name);
      deps.log(`${name}: REFUSED (${url}: ${reading.error}); kept its ${list.prefixes.length} prefixes observed ${list.observed}`);
      continue;
    }
    const { added, removed } = prefixDiff(list.prefixes, reading.prefixes);
    deps.log(added.length || removed.length
      ? `${name}: ${list.prefixes.length} → ${reading.prefixes.length} prefixes (+${added.length} −${removed.length})${added.length ? `; added ${added.slice(0, 5).join(', ')}${added.length > 5 ? ', …' : ''}` : ''}`
      : `${name}: unchanged (${list.prefixes.length} prefixes)`);
    data.ranges[name] = { ...list, observed: deps.today, via: deps.base ? `refresh (mirror ${deps.base})` : 'refresh', prefixes: reading.prefixes };
    refreshed.push(name);
  }
  if (!refreshed.length) {
    deps.log('nothing refreshed: the file is unchanged');
    return { refreshed, refused };
  }
  const version = bumpVersion(data.version, deps.today);
  deps.log(`version ${data.version} → ${version}`);
  data.version = version;
  createClassifier(data); // every prefix written must load: the service reads this file at start
  if (deps.dryRun) deps.log(`dry run: ${deps.file} not written`);
  else {
    // Written whole, then renamed: a reader never sees half a file.
    await writeFile(`${deps.file}.tmp`, formatAgentData(data));
    await rename(`${deps.file}.tmp`, deps.file);
    deps.log(`wrote ${deps.file}`);
  }
  return { refreshed, refused };
}

/** The command: its arguments in, its exit status out (0: all refreshed; 1: a list refused; 2: could not run). */
export async function runRefreshRanges(argv: string[], io: { fetch: typeof fetch; now: Date; log(line: string): void; error(line: string): void }): Promise<number> {
  try {
    const { values } = parseArgs({ args: argv, options: { base: { type: 'string' }, file: { type: 'string' }, 'dry-run': { type: 'boolean' } } });
    const result = await refreshRanges({
      file: values.file ?? fileURLToPath(AGENTS_FILE), base: values.base, dryRun: values['dry-run'],
      today: io.now.toISOString().slice(0, 10), fetch: io.fetch, log: io.log,
    });
    return result.refused.length ? 1 : 0;
  } catch (err) {
    io.error(`traffic:refresh-ranges: ${(err as Error).message}`);
    return 2;
  }
}
