import { createWriteStream } from 'node:fs';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { Command, Option } from 'commander';
import { errorOf } from '../client.ts';
import { contextOf } from '../context.ts';
import { CliError, EXIT } from '../exit.fns.ts';
import { cellText, keyValues, table } from '../output.ts';
import { positiveInt } from './runs.ts';

// `geo answers list|search|show|export`: what the engines said, whole (docs/answers.md).

type ListAnswer = {
  id: string; createdAt: string; engine: { id: string; name: string }; surface: string; prompt: string; simulated: boolean; language: string; text: string;
  entities: Array<{ entityId: string; name: string; kind: string; rank: number | null; sentiment: string | null }>;
  mentions: Array<{ entityId: string; name: string; start: number; end: number }>;
  citations: Array<{ url: string; domain: string; class: string; cited: boolean }>;
  fanOutQueries: string[]; sentiment: { label: string | null };
};
type Detail = { answer: ListAnswer; previous: ListAnswer | null; changes: null | { entered: Array<{ name: string }>; left: Array<{ name: string }>; citationsGained: string[]; citationsLost: string[]; sentiment: { from: string | null; to: string | null; changed: boolean } } };
interface Filters { run?: string; prompt?: string; engine?: string; surface?: 'api' | 'product'; from?: string; to?: string; mentions?: string; cited?: string; sentiment?: 'positive' | 'neutral' | 'negative' | 'mixed'; limit?: number; cursor?: string }

const short = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** The list's query string from the command's options (names as the API has them). */
export function answersQuery(opts: Filters, q?: string) {
  const query = {
    runId: opts.run, promptId: opts.prompt, engine: opts.engine, surface: opts.surface, from: opts.from, to: opts.to,
    mentions: opts.mentions, cited: opts.cited, sentiment: opts.sentiment, limit: opts.limit, cursor: opts.cursor, q,
  };
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined));
}

function withFilters(cmd: Command, paging = true) {
  const filtered = cmd
    .option('--run <id>', 'only this run')
    .option('--prompt <id>', 'only this prompt')
    .option('--engine <id>', 'only this engine')
    .addOption(new Option('--surface <surface>', 'only this surface').choices(['api', 'product']))
    .option('--from <date>', 'stored on or after (2026-03-01 or an ISO time)')
    .option('--to <date>', 'stored before, or through the end of a day')
    .option('--mentions <who>', 'brand, none, or an entity id (competitor:0)')
    .option('--cited <domain>', 'only answers citing this domain')
    .addOption(new Option('--sentiment <label>', 'the tone toward the brand').choices(['positive', 'neutral', 'negative', 'mixed']));
  return paging
    ? filtered.option('--limit <n>', 'answers per page (1-100, default 20)', positiveInt).option('--cursor <cursor>', 'the next page, as the previous one printed it')
    : filtered;
}

/** The export's bytes, as they arrive, to the file or to standard output: never held whole. */
async function exportAnswers(cmd: Command, opts: Filters & { format: string; output?: string; search?: string }) {
  const ctx = await contextOf(cmd);
  const { response: res, error } = await ctx.api.client.GET('/api/v1/workspaces/{workspace}/answers/export', {
    params: { path: ctx.ws, query: { ...answersQuery(opts, opts.search), format: opts.format } as never }, parseAs: 'stream',
  });
  if (!res.ok) throw errorOf(res, error);
  if (!res.body) throw new CliError('bad_response: the export answered no body.', EXIT.server, 'bad_response');
  const body = Readable.fromWeb(res.body as WebReadableStream<Uint8Array>);
  // Standard output is not closed at the end: the process may still print a note to it.
  const out = opts.output ? createWriteStream(opts.output) : new Writable({ write: (chunk, _enc, done) => (process.stdout.write(chunk) ? done() : process.stdout.once('drain', () => done())) });
  await pipeline(body, out);
  if (opts.output) ctx.out.note(`Wrote ${opts.output} (${res.headers.get('x-export-schema') ?? 'answers export'}).`);
}

async function listAnswers(cmd: Command, opts: Filters, q?: string) {
  const ctx = await contextOf(cmd);
  const page = (await ctx.api.data(ctx.api.client.GET('/api/v1/workspaces/{workspace}/answers', { params: { path: ctx.ws, query: answersQuery(opts, q) as never } }))) as unknown as { answers: ListAnswer[]; nextCursor: string | null };
  ctx.out.emit(page, () => {
    if (!page.answers.length) return 'No answers match.';
    const rows = page.answers.map((a) => [
      a.id, a.createdAt.slice(0, 16).replace('T', ' '), a.engine.name, short(a.prompt, 40), a.entities.map((e) => e.name).join(', ') || '—', a.sentiment.label, a.simulated ? 'simulated' : '',
    ]);
    const more = page.nextCursor ? `\nMore: --cursor ${page.nextCursor}` : '';
    return `${table(['id', 'stored', 'engine', 'prompt', 'names', 'tone', ''], rows)}${more}`;
  });
}

/** The answer's text with each mention in [brackets], for a terminal. */
export function marked(text: string, mentions: Array<{ start: number; end: number }>): string {
  let out = '';
  let at = 0;
  for (const m of mentions) {
    out += `${text.slice(at, m.start)}[${text.slice(m.start, m.end)}]`;
    at = m.end;
  }
  return out + text.slice(at);
}

export function registerAnswers(program: Command) {
  const answers = program.command('answers').description('What the engines said: stored answers, whole');

  withFilters(answers.command('list').description('Answers, newest first'))
    .action(async (opts: Filters, cmd: Command) => listAnswers(cmd, opts));

  withFilters(answers.command('search <text>').description('Answers whose text matches, in each answer’s language (stems: “platforms” finds “platform”)'))
    .action(async (text: string, opts: Filters, cmd: Command) => listAnswers(cmd, opts, text));

  withFilters(answers.command('export').description('Every answer the filters keep, as one NDJSON, CSV or Parquet file (schema answers-export/v1), streamed'), false)
    .addOption(new Option('--format <format>', 'file format').choices(['ndjson', 'csv', 'parquet']).default('ndjson'))
    .option('--search <text>', 'only answers whose text matches, as `geo answers search` finds them')
    .option('--output <file>', 'write to this file (default: standard output)')
    .action(async (opts: Filters & { format: string; output?: string; search?: string }, cmd: Command) => exportAnswers(cmd, opts));

  answers.command('show <id>')
    .description('One answer, whole, with its names marked, its sources and what changed since the previous one')
    .action(async (id: string, _opts: unknown, cmd: Command) => {
      const ctx = await contextOf(cmd);
      const detail = (await ctx.api.data(ctx.api.client.GET('/api/v1/workspaces/{workspace}/answers/{id}', { params: { path: { ...ctx.ws, id } } }))) as unknown as Detail;
      ctx.out.emit(detail, () => {
        const a = detail.answer;
        const parts = [
          keyValues({ id: a.id, stored: a.createdAt, engine: `${a.engine.name} (${a.surface})`, prompt: a.prompt, language: a.language, tone: a.sentiment.label, simulated: a.simulated }),
          marked(a.text, a.mentions),
        ];
        if (a.citations.length) parts.push(table(['source', 'domain', 'class', 'cited'], a.citations.map((c) => [c.url, c.domain, c.class, c.cited ? 'cited' : 'retrieved only'])));
        if (a.fanOutQueries.length) parts.push(`Searched: ${a.fanOutQueries.join(' · ')}`);
        const c = detail.changes;
        if (detail.previous && c) {
          const names = (xs: Array<{ name: string }>) => xs.map((x) => x.name).join(', ') || '—';
          parts.push(`Since the previous answer (${detail.previous.id}, ${detail.previous.createdAt.slice(0, 10)}): named now ${names(c.entered)}; no longer ${names(c.left)}; ` +
            `sources gained ${c.citationsGained.join(', ') || '—'}; lost ${c.citationsLost.join(', ') || '—'}; tone ${cellText(c.sentiment.from)} → ${cellText(c.sentiment.to)}.`);
        } else parts.push('No previous answer to this prompt on this engine.');
        return parts.join('\n\n');
      });
    });
}
