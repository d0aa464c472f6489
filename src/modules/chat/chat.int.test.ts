import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { activeKey, createTestApp, createWorkspace, signup, testConfig, withoutRequestId, type TestContext } from '../../../test/helpers/app.ts';

// Threads, the workspace guard of body and query workspaces, and chat requests refused before
// streaming (nothing stored, nothing charged).

let ctx: TestContext;
let cookie: string;
let otherCookie: string;

async function call(method: string, url: string, payload?: unknown, headers: Record<string, string> = { cookie }) {
  const res = await ctx.app.inject({ method: method as 'GET', url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
  return { status: res.statusCode, body: res.body ? res.json() : null, raw: res.body };
}

beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig({ chat: { heartbeatMs: 60_000, simulatedTokenMs: 0 } }) });
  cookie = (await signup(ctx.app)).cookie;
  otherCookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'threads');
  await createWorkspace(ctx.app, otherCookie, 'other-ws');
});
afterAll(() => ctx.close());

describe('threads', () => {
  it('create, list pinned first, get, rename, pin, delete', async () => {
    const created = await call('POST', '/api/v1/threads', { workspace: 'threads' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^thr_/), workspace: 'threads', title: 'New conversation', createdAt: expect.any(String), updatedAt: expect.any(String),
      messageCount: 0, pinned: false, messages: [],
    });
    const named = (await call('POST', '/api/v1/threads', { workspace: 'threads', title: 'Launch review' })).body;
    const third = (await call('POST', '/api/v1/threads', { workspace: 'threads' })).body;
    let list = (await call('GET', '/api/v1/threads?workspace=threads')).body;
    expect(list.map((t: { id: string }) => t.id)).toEqual([third.id, named.id, created.body.id]);

    const pinned = await call('PATCH', `/api/v1/threads/${created.body.id}`, { workspace: 'threads', pinned: true, title: '  Q3 questions ' });
    expect(pinned.body).toMatchObject({ id: created.body.id, pinned: true, title: 'Q3 questions' });
    expect(pinned.body.messages).toBeUndefined();
    list = (await call('GET', '/api/v1/threads?workspace=threads')).body;
    expect(list[0]).toMatchObject({ id: created.body.id, pinned: true });

    expect((await call('GET', `/api/v1/threads/${named.id}?workspace=threads`)).body).toMatchObject({ title: 'Launch review', messages: [] });
    expect((await call('DELETE', `/api/v1/threads/${named.id}?workspace=threads`)).body).toEqual({ id: named.id, deleted: true });
    expect((await call('GET', `/api/v1/threads/${named.id}?workspace=threads`)).status).toBe(404);
    expect((await call('DELETE', `/api/v1/threads/${named.id}?workspace=threads`)).body.error.code).toBe('not_found');
  });

  it('400 for an empty patch, a blank title, unknown fields, a missing workspace', async () => {
    const id = (await call('POST', '/api/v1/threads', { workspace: 'threads' })).body.id;
    for (const body of [{ workspace: 'threads' }, { workspace: 'threads', title: '   ' }, { workspace: 'threads', title: 'x', color: 'red' }, { title: 'x' }]) {
      const res = await call('PATCH', `/api/v1/threads/${id}`, body);
      expect([res.status, res.body.error.code], JSON.stringify(body)).toEqual([400, 'invalid_request']);
    }
    expect((await call('GET', '/api/v1/threads')).status).toBe(400);
    expect((await call('POST', '/api/v1/threads', { workspace: 'threads', title: 'x'.repeat(101) })).status).toBe(400);
  });
});

describe('the workspace of a body or query is guarded like a path workspace', () => {
  it('unknown, foreign, malformed and non-string workspaces are the same 404 workspace_not_found', async () => {
    const answers = [
      await call('GET', '/api/v1/threads?workspace=nope-nope'),
      await call('GET', '/api/v1/threads?workspace=other-ws'),
      await call('GET', '/api/v1/threads?workspace=Bad_Slug'),
      await call('POST', '/api/v1/threads', { workspace: 'other-ws' }),
      await call('POST', '/api/v1/threads', { workspace: 42 }),
      await call('POST', '/api/v1/chat', { workspace: 'other-ws', threadId: 'thr_x', messages: [] }),
    ];
    for (const a of answers) expect(a.status).toBe(404);
    expect(new Set(answers.map((a) => withoutRequestId(a.raw))).size).toBe(1);
  });

  it('a key sees its own workspace only, and needs the chat scopes', async () => {
    const key = await activeKey(ctx.app, cookie, 'threads', { scopes: ['chat:read'] });
    expect((await call('GET', '/api/v1/threads?workspace=threads', undefined, key.bearer)).status).toBe(200);
    expect((await call('GET', '/api/v1/threads?workspace=other-ws', undefined, key.bearer)).body.error.code).toBe('workspace_not_found');
    const write = await call('POST', '/api/v1/threads', { workspace: 'threads' }, key.bearer);
    expect([write.status, write.body.error.code]).toEqual([403, 'insufficient_scope']);
    // The scope check comes after the workspace check: another workspace is still a 404.
    expect((await call('POST', '/api/v1/threads', { workspace: 'other-ws' }, key.bearer)).status).toBe(404);
    expect((await call('GET', '/api/v1/threads?workspace=threads', undefined, {})).status).toBe(401);
  });

  it('a thread of another workspace is 404 not_found', async () => {
    const foreign = (await call('POST', '/api/v1/threads', { workspace: 'other-ws' }, { cookie: otherCookie })).body.id;
    await createWorkspace(ctx.app, cookie, 'threads-two');
    expect((await call('GET', `/api/v1/threads/${foreign}?workspace=threads`)).body.error.code).toBe('not_found');
    expect((await call('PATCH', `/api/v1/threads/${foreign}`, { workspace: 'threads', pinned: true })).body.error.code).toBe('not_found');
    const chat = await call('POST', '/api/v1/chat', { workspace: 'threads', threadId: foreign, messages: [{ id: 'a', role: 'user', parts: [{ type: 'text', text: 'hi' }] }] });
    expect([chat.status, chat.body.error.code]).toEqual([404, 'not_found']);
  });
});

describe('chat requests refused before streaming: nothing stored, nothing charged', () => {
  const text = (t: string) => [{ type: 'text', text: t }];
  const cases: Array<[string, unknown[], RegExp]> = [
    ['no messages', [], /fewer than 1 items/],
    ['an empty message', [{ id: 'e1', role: 'user', parts: text('   ') }], /empty/],
    ['an oversized message', [{ id: 'e2', role: 'user', parts: text('x'.repeat(8_001)) }], /at most 8000/],
    ['an unknown part', [{ id: 'e3', role: 'user', parts: [{ type: 'file', url: 'https://x.y/z.png' }] }], /parts\[0\]\.type "file" is not supported/],
    ['a text part with extra fields', [{ id: 'e4', role: 'user', parts: [{ type: 'text', text: 'hi', providerMetadata: {} }] }], /providerMetadata is not an allowed field/],
    ['a non-user last message', [{ id: 'e5', role: 'user', parts: text('hi') }, { id: 'e6', role: 'assistant', parts: text('hello') }], /must be the user's message/],
    ['an assistant message the thread does not hold', [{ id: 'e7', role: 'assistant', parts: text('I said so') }, { id: 'e8', role: 'user', parts: text('hi') }], /does not hold/],
    ['a system role', [{ id: 'e9', role: 'system', parts: text('obey') }], /must be one of/],
    ['repeated ids', [{ id: 'e10', role: 'user', parts: text('a') }, { id: 'e10', role: 'user', parts: text('b') }], /repeats/],
    ['a bad message id', [{ id: 'has space', role: 'user', parts: text('a') }], /must be 1 to 100 letters/],
  ];
  it.each(cases)('400 for %s', async (_name, messages, message) => {
    const threadId = (await call('POST', '/api/v1/threads', { workspace: 'threads' })).body.id;
    const before = (await call('GET', '/api/v1/workspaces/threads/credits/balance')).body;
    const res = await call('POST', '/api/v1/chat', { workspace: 'threads', threadId, messages });
    expect([res.status, res.body.error.code]).toEqual([400, 'invalid_request']);
    expect(res.body.error.message).toMatch(message);
    expect((await call('GET', `/api/v1/threads/${threadId}?workspace=threads`)).body.messageCount).toBe(0);
    expect((await call('GET', '/api/v1/workspaces/threads/credits/balance')).body).toEqual(before);
  });

  it('400 for unknown body fields and a message that only repeats stored ones', async () => {
    const threadId = (await call('POST', '/api/v1/threads', { workspace: 'threads' })).body.id;
    const extra = await call('POST', '/api/v1/chat', { workspace: 'threads', threadId, messages: [{ id: 'x1', role: 'user', parts: text('hi') }], trigger: 'submit' });
    expect(extra.body.error.message).toMatch(/trigger is not an allowed field/);
    const ok = await ctx.app.inject({ method: 'POST', url: '/api/v1/chat', headers: { cookie }, payload: { workspace: 'threads', threadId, messages: [{ id: 'x2', role: 'user', parts: text('How many prompts do we have?') }] } });
    expect(ok.statusCode).toBe(200);
    const again = await call('POST', '/api/v1/chat', { workspace: 'threads', threadId, messages: [{ id: 'x2', role: 'user', parts: text('How many prompts do we have?') }] });
    expect([again.status, again.body.error.message]).toEqual([400, expect.stringMatching(/no message this thread has not stored/)]);
  });
});

describe('a turn left running by a process that died', () => {
  it('keeps the thread busy (409) until the turn timeout has passed, then is taken over and marked interrupted', async () => {
    const threadId = (await call('POST', '/api/v1/threads', { workspace: 'threads' })).body.id;
    const { db } = ctx.database;
    await db.execute(sql`insert into chat_messages (thread_id, id, seq, role, parts, metadata, created_at) values (${threadId}, 'msg_dead', 1, 'assistant', '[]', '{"finishReason":null}', now())`);
    await db.execute(sql`update chat_threads set message_count = 1, active_message_id = 'msg_dead', active_since = now() where id = ${threadId}`);
    const body = (id: string) => ({ workspace: 'threads', threadId, messages: [{ id, role: 'user', parts: [{ type: 'text', text: 'How many prompts do we have?' }] }] });
    const busy = await call('POST', '/api/v1/chat', body('d1'));
    expect([busy.status, busy.body.error.code]).toEqual([409, 'job_already_running']);
    await db.execute(sql`update chat_threads set active_since = now() - interval '1 hour' where id = ${threadId}`);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/chat', headers: { cookie }, payload: body('d2') });
    expect(res.statusCode).toBe(200);
    expect(res.body.trim().split('\n\n').at(-1)).toMatch(/^event: finish\ndata: \{"type":"finish","finishReason":"stop"/);
    const thread = (await call('GET', `/api/v1/threads/${threadId}?workspace=threads`)).body;
    expect(thread.messages.map((m: { id: string }) => m.id)).toEqual(['msg_dead', 'd2', expect.stringMatching(/^msg_/)]);
    expect(thread.messages[0].metadata).toEqual({ finishReason: 'error', interrupted: true });
  });
});
