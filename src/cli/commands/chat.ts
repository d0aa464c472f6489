import { randomUUID } from 'node:crypto';
import type { Command } from 'commander';
import { EventSourceParserStream, type EventSourceMessage } from 'eventsource-parser/stream';
import { errorOf } from '../client.ts';
import { contextOf } from '../context.ts';
import { CliError, EXIT } from '../exit.fns.ts';

// `geo chat "question"`: one turn of the workspace chat, the answer printed as it streams
// (spec 6.2). `--json` prints one JSON line per event instead (NDJSON), for scripts.

interface Finish { type: 'finish'; finishReason: string; usage: { promptTokens: number; completionTokens: number } }

/** Reads SSE events from a response body as they arrive. */
export async function* sseEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<{ event: string; data: Record<string, unknown> }> {
  const events = body.pipeThrough(new TextDecoderStream() as unknown as ReadableWritablePair<string, Uint8Array>).pipeThrough(new EventSourceParserStream());
  for await (const message of events as unknown as AsyncIterable<EventSourceMessage>) {
    let data: Record<string, unknown>;
    try {
      data = JSON.parse(message.data) as Record<string, unknown>;
    } catch {
      continue; // not one of the 6.2 events
    }
    yield { event: message.event ?? 'message', data };
  }
}

/** Exit code for a finish reason: a turn cut short by credits is a payment failure. */
export function exitForFinish(reason: string): number {
  if (reason === 'stopped_credits') return EXIT.credits;
  if (reason === 'error') return EXIT.server;
  if (reason === 'aborted') return EXIT.interrupted;
  return EXIT.ok;
}

export function registerChat(program: Command) {
  program.command('chat <question>')
    .description('Ask the workspace assistant; the answer streams as it is written')
    .option('--thread <id>', 'continue an existing thread (default: a new one)')
    .action(async (question: string, opts: { thread?: string }, cmd: Command) => {
      const ctx = await contextOf(cmd);
      const threadId = opts.thread ?? (await ctx.api.data(ctx.api.client.POST('/api/v1/threads', { body: { workspace: ctx.workspace } }))).id;
      const abort = new AbortController();
      const onSigint = () => abort.abort();
      process.on('SIGINT', onSigint);
      try {
        const { response: res, error } = await ctx.api.client.POST('/api/v1/chat', {
          parseAs: 'stream',
          body: { workspace: ctx.workspace, threadId, messages: [{ id: randomUUID(), role: 'user', parts: [{ type: 'text', text: question }] }] },
          headers: { accept: 'text/event-stream', 'idempotency-key': randomUUID() },
          signal: abort.signal,
        });
        if (!res.ok) throw errorOf(res, error);
        if (!res.body || !res.headers.get('content-type')?.startsWith('text/event-stream')) {
          throw new CliError('bad_response: the chat route did not answer an event stream.', EXIT.server, 'bad_response');
        }
        let finish: Finish | null = null;
        let failure: string | null = null;
        for await (const { event, data } of sseEvents(res.body)) {
          if (ctx.out.json) process.stdout.write(`${JSON.stringify({ event, ...data })}\n`);
          else if (event === 'text-delta' && typeof data.text === 'string') process.stdout.write(data.text);
          else if (event === 'tool-call' && typeof data.toolName === 'string') process.stderr.write(`\n[${data.toolName}]\n`);
          if (event === 'error') failure = typeof data.message === 'string' ? data.message : 'the turn failed';
          if (event === 'finish') finish = data as unknown as Finish;
        }
        if (!ctx.out.json) process.stdout.write('\n');
        if (!finish) throw new CliError('network: the stream ended before its finish event.', EXIT.server, 'network');
        if (!ctx.out.json) ctx.out.note(`thread ${threadId} · ${finish.finishReason} · ${finish.usage.promptTokens}+${finish.usage.completionTokens} tokens`);
        const code = exitForFinish(finish.finishReason);
        if (code !== EXIT.ok) {
          throw new CliError(`${finish.finishReason}: ${failure ?? (finish.finishReason === 'stopped_credits' ? 'the turn stopped: not enough credits for the next step.' : 'the turn did not finish.')}`, code as never, finish.finishReason);
        }
      } catch (err) {
        if (abort.signal.aborted) throw new CliError(`interrupted: stopped reading the answer (thread ${threadId}).`, EXIT.interrupted, 'interrupted');
        throw err;
      } finally {
        process.off('SIGINT', onSigint);
      }
    });
}
