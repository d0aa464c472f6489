import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { randomUUID } from 'node:crypto';
import { Type } from 'typebox';
import { ACCESS } from '../../lib/http/credentials.ts';
import { workspaceOf } from '../../lib/http/responses.ts';
import { idempotencyKeyOf, SSE_HEARTBEAT, sseEvent } from './chat.fns.ts';
import { ChatBody, ChatHeaders, CreateThreadBody, ThreadId, ThreadView, ThreadWithMessages, UpdateThreadBody, WorkspaceQuery } from './chat.schemas.ts';
import type { ChatService } from './chat.service.ts';
import { replayAnswer, type SseSink } from './chat.turn.ts';

const tags = ['chat'];
const IdParams = Type.Object({ id: ThreadId });

const STREAM_DESCRIPTION = [
  'Streams `text/event-stream`: each event is an `event:` line and one JSON `data:` line.',
  '`start` {threadId, messageId, model, simulated}; `text-delta` {type, text, index} (index counts the deltas of the turn from 0);',
  '`tool-call` and `tool-result` while the assistant reads the workspace\'s data; `error` {message} when the provider fails;',
  '`finish` {type, finishReason, usage: {promptTokens, completionTokens}} always last. finishReason is the model\'s (`stop`, `length`, …),',
  '`stopped_credits` when the next step\'s 120,000 micro-USD lease was refused, or `error`. Comment lines keep a silent stream alive.',
  'Refusals come before any byte is streamed, as JSON errors: 402 `insufficient_credits` (not even one step covered), 409 `job_already_running`',
  '(a turn is streaming in this thread), 409 `idempotency_conflict`, 404 `not_found` (thread), 400 for bad messages.',
].join(' ');

/** The SSE response, written straight to the socket: no buffering by Fastify or by proxies. */
function openStream(request: FastifyRequest, reply: FastifyReply, idempotencyKey: string): SseSink {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
    'x-request-id': request.id,
    'idempotency-key': idempotencyKey,
  });
  res.flushHeaders();
  const closed = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) closed.abort();
  });
  const write = (chunk: string) => {
    if (!res.destroyed && !res.writableEnded) res.write(chunk);
  };
  return {
    event: (name, data) => write(sseEvent(name, data)),
    comment: () => write(SSE_HEARTBEAT),
    closed: closed.signal,
    end: () => {
      if (!res.writableEnded) res.end();
    },
  };
}

export function chatRoutes(app: FastifyInstance, deps: { chat: ChatService }) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { chat } = deps;

  r.post('/api/v1/chat', {
    config: { credential: ACCESS.chat.write, workspaceIn: 'body' },
    schema: {
      operationId: 'chat', tags, summary: 'Ask the assistant: one streamed turn in a thread', description: STREAM_DESCRIPTION,
      body: ChatBody, headers: ChatHeaders,
      response: { 200: { description: 'The turn as Server-Sent Events', content: { 'text/event-stream': { schema: Type.String() } } } },
    },
  }, async (request, reply) => {
    const key = idempotencyKeyOf(request.headers['idempotency-key']) ?? randomUUID();
    const started = await chat.startTurn(workspaceOf(request), request.principal!, request.body, key);
    const sink = openStream(request, reply, key);
    if (started.kind === 'replay') return replayAnswer(started.threadId, started.message, sink);
    await started.run(sink);
  });

  r.get('/api/v1/threads', {
    config: { credential: ACCESS.chat.read, workspaceIn: 'query' },
    schema: { operationId: 'listThreads', tags, summary: 'Threads of a workspace: pinned first, then most recently updated', querystring: WorkspaceQuery, response: { 200: Type.Array(ThreadView) } },
  }, async (request) => chat.listThreads(workspaceOf(request)));

  r.post('/api/v1/threads', {
    config: { credential: ACCESS.chat.write, workspaceIn: 'body' },
    schema: { operationId: 'createThread', tags, summary: 'Start a thread (title `New conversation` unless given)', body: CreateThreadBody, response: { 201: ThreadWithMessages } },
  }, async (request, reply) => reply.status(201).send(await chat.createThread(workspaceOf(request), request.body.title)));

  r.get('/api/v1/threads/:id', {
    config: { credential: ACCESS.chat.read, workspaceIn: 'query' },
    schema: { operationId: 'getThread', tags, summary: 'A thread with all its messages', params: IdParams, querystring: WorkspaceQuery, response: { 200: ThreadWithMessages } },
  }, async (request) => chat.getThread(workspaceOf(request), request.params.id));

  r.patch('/api/v1/threads/:id', {
    config: { credential: ACCESS.chat.write, workspaceIn: 'body' },
    schema: { operationId: 'updateThread', tags, summary: 'Rename, pin or unpin a thread', params: IdParams, body: UpdateThreadBody, response: { 200: ThreadView } },
  }, async (request) => chat.updateThread(workspaceOf(request), request.params.id, request.body));

  r.delete('/api/v1/threads/:id', {
    config: { credential: ACCESS.chat.write, workspaceIn: 'query' },
    schema: {
      operationId: 'deleteThread', tags, summary: 'Delete a thread and its messages', params: IdParams, querystring: WorkspaceQuery,
      response: { 200: Type.Object({ id: Type.String(), deleted: Type.Literal(true) }) },
    },
  }, async (request) => chat.deleteThread(workspaceOf(request), request.params.id));
}
