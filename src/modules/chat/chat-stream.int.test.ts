import { createFormatter } from '../../lib/format/format.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeKey, createTestApp, createWorkspace, signup, testConfig, type TestContext } from '../../../test/helpers/app.ts';
import { listen, postChat, userMessage, type ChatCall } from '../../../test/helpers/sse.ts';
import { STEP_LEASE_MICROUSD } from './chat.fns.ts';
import { ended } from '../../../test/helpers/wait.ts';

// The chat stream through a real HTTP client on a loopback port, with the simulated model
// (no provider key): event order and shapes, credits, idempotent replay, disconnects, scopes.

let ctx: TestContext;
let base: string;
let cookie: string;
let n = 0;
const nextId = () => `m${++n}`;

async function call(method: string, url: string, payload?: unknown, headers: Record<string, string> = { cookie }) {
  const res = await ctx.app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload: payload as object } : {}) });
  return { status: res.statusCode, body: res.body ? res.json() : null };
}
async function newThread(workspace: string, headers: Record<string, string> = { cookie }) {
  return (await call('POST', '/api/v1/threads', { workspace }, headers)).body.id as string;
}
const balance = async (ws: string) => (await call('GET', `/api/v1/workspaces/${ws}/credits/balance`)).body;
const chatOps = async (ws: string) => (await call('GET', `/api/v1/workspaces/${ws}/credits/usage`)).body.operations.filter((o: { operation: string }) => o.operation === 'chat');
const ask = (workspace: string, threadId: string, text: string, headers: Record<string, string> = { cookie }, onEvent?: Parameters<typeof postChat>[3]) =>
  postChat(base, { workspace, threadId, messages: [userMessage(nextId(), text)] }, headers, onEvent);
const textOf = (c: ChatCall) => c.events.filter((e) => e.event === 'text-delta').map((e) => e.data.text).join('');

async function runSmoke(ws: string) {
  const started = (await call('POST', `/api/v1/workspaces/${ws}/runs`, { preset: 'smoke' })).body;
  return ended(async () => (await call('GET', `/api/v1/workspaces/${ws}/runs/${started.id}`)).body, 'the run');
}

beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig({ chat: { heartbeatMs: 60_000, simulatedTokenMs: 2 } }) });
  base = await listen(ctx.app);
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'chatty');
  await call('POST', '/api/v1/workspaces/chatty/credits/top-up', { amountMicrousd: 50_000_000, idempotencyKey: 'chat' });
  expect((await runSmoke('chatty')).status).toBe('succeeded');
}, 240_000); // a smoke run on a busy machine
afterAll(() => ctx.close());

describe('POST /api/v1/chat streams a turn', () => {
  it('sends start, text-delta, tool events and finish last, in the 6.2 shapes, and stores the answer', async () => {
    const threadId = await newThread('chatty');
    const res = await ask('chatty', threadId, 'What is our GEO score?');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('cache-control')).toMatch(/no-cache/);
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    expect(res.malformed).toEqual([]);
    const names = res.events.map((e) => e.event);
    expect(names[0]).toBe('start');
    expect(names.at(-1)).toBe('finish');
    expect(names.filter((x) => x === 'finish')).toHaveLength(1);
    expect(names).toContain('tool-call');
    const deltas = res.events.filter((e) => e.event === 'text-delta');
    deltas.forEach((e, i) => expect(e.data).toEqual({ type: 'text-delta', text: expect.any(String), index: i }));
    const finish = res.events.at(-1)!.data;
    expect(finish).toEqual({ type: 'finish', finishReason: 'stop', usage: { promptTokens: expect.any(Number), completionTokens: expect.any(Number) } });
    expect(finish.usage.promptTokens).toBeGreaterThan(0);

    const score = (await call('GET', '/api/v1/workspaces/chatty/score')).body;
    const text = textOf(res);
    const english = createFormatter({ locale: 'en' });
    expect(text).toContain(`GEO score on ${english.date(score.date)}: ${english.score(score.score)} out of 100`);
    expect(text).toMatch(/n = \d+/);

    const thread = (await call('GET', `/api/v1/threads/${threadId}?workspace=chatty`)).body;
    expect(thread.messageCount).toBe(2);
    expect(thread.title).toBe('What is our GEO score?');
    const [user, answer] = thread.messages;
    expect(user).toMatchObject({ role: 'user', parts: [{ type: 'text', text: 'What is our GEO score?' }] });
    expect(answer.role).toBe('assistant');
    expect(answer.metadata).toMatchObject({ model: 'geo-simulated-v1', simulated: true, standsInFor: 'openai:gpt-4.1-mini', finishReason: 'stop', usage: finish.usage, steps: 2 });
    expect(answer.parts.filter((p: { type: string }) => p.type === 'text').map((p: { text: string }) => p.text).join('')).toBe(text);
    expect(answer.parts.some((p: { type: string; state?: string }) => p.type === 'tool-get_geo_score' && p.state === 'output-available')).toBe(true);
  });
});

describe('credits', () => {
  it('holds the turn and leases 120,000 per step; the simulated model (no model configured) says so and settles 0', async () => {
    const before = await balance('chatty');
    const threadId = await newThread('chatty');
    const res = await ask('chatty', threadId, 'How much credit do we have left?');
    expect(res.events.at(-1)!.data.finishReason).toBe('stop');
    const [op] = await chatOps('chatty');
    expect(op.reservedMicrousd).toBe(720_000);
    expect(op.status).toBe('settled');
    expect(op.leases.map((l: { amountMicrousd: number }) => l.amountMicrousd)).toEqual([STEP_LEASE_MICROUSD, STEP_LEASE_MICROUSD]);
    // A template over the data is not charged; a real model's tokens are (chat-provider.int.test.ts).
    expect(op.settledMicrousd).toBe(0);
    const after = await balance('chatty');
    expect(after.heldMicrousd).toBe(0);
    expect(after.postedMicrousd).toBe(before.postedMicrousd);
    const thread = (await call('GET', `/api/v1/threads/${threadId}?workspace=chatty`)).body;
    expect(thread.messages[1].metadata).toMatchObject({ creditsMicrousd: 0, simulated: true });
    expect(textOf(res).startsWith('No language model can be used for this workspace: OpenAI · GPT-4.1 mini has no key for its provider.')).toBe(true);
    // The balance tool read the balance while the turn's hold was in place.
    expect(textOf(res)).toMatch(/Credits: \$\d+\.\d\d available/);
  });

  it('with a balance for exactly two steps, a three-step question ends with finish stopped_credits after two leases', async () => {
    await createWorkspace(ctx.app, cookie, 'two-steps'); // the user's second workspace: no free grant
    await call('POST', '/api/v1/workspaces/two-steps/credits/top-up', { amountMicrousd: 2 * STEP_LEASE_MICROUSD, idempotencyKey: 'two' });
    const threadId = await newThread('two-steps');
    // The latest run's answers: list the runs, then read the detail, then answer — three steps.
    const res = await ask('two-steps', threadId, 'Show me the answers of the latest run');
    expect(res.malformed).toEqual([]);
    expect(res.events.at(-1)).toEqual({ event: 'finish', data: { type: 'finish', finishReason: 'stopped_credits', usage: expect.any(Object) } });
    expect(res.events.filter((e) => e.event === 'tool-call').map((e) => e.data.toolName)).toEqual(['list_runs', 'get_run_detail']);
    const [op] = await chatOps('two-steps');
    expect(op.reservedMicrousd).toBe(240_000);
    expect(op.leases).toHaveLength(2);
    expect(op.status).toBe('settled');
    expect(op.settledMicrousd).toBeLessThanOrEqual(240_000);
    const thread = (await call('GET', `/api/v1/threads/${threadId}?workspace=two-steps`)).body;
    expect(thread.messages[1].metadata).toMatchObject({ finishReason: 'stopped_credits', steps: 2 });
    expect((await balance('two-steps')).heldMicrousd).toBe(0);
  });

  it('402 insufficient_credits before any stream when not even one step is covered; nothing stored', async () => {
    await createWorkspace(ctx.app, cookie, 'broke');
    await call('POST', '/api/v1/workspaces/broke/credits/top-up', { amountMicrousd: STEP_LEASE_MICROUSD - 1, idempotencyKey: 'b' });
    const threadId = await newThread('broke');
    const res = await ask('broke', threadId, 'What is our score?');
    expect(res.status).toBe(402);
    expect(res.json.error).toMatchObject({ code: 'insufficient_credits', details: { requiredMicrousd: STEP_LEASE_MICROUSD, availableMicrousd: STEP_LEASE_MICROUSD - 1 } });
    expect((await call('GET', `/api/v1/threads/${threadId}?workspace=broke`)).body).toMatchObject({ messageCount: 0, messages: [] });
    expect(await chatOps('broke')).toEqual([]);
  });
});

describe('Idempotency-Key', () => {
  it('a replay streams the stored answer again without a second charge; another body is 409', async () => {
    const threadId = await newThread('chatty');
    const body = { workspace: 'chatty', threadId, messages: [userMessage('idem-1', 'Which domains are cited most?')] };
    const first = await postChat(base, body, { cookie, 'idempotency-key': 'turn-1' });
    expect(first.headers.get('idempotency-key')).toBe('turn-1');
    const opsAfterFirst = await chatOps('chatty');
    const balanceAfterFirst = await balance('chatty');
    const replay = await postChat(base, body, { cookie, 'idempotency-key': 'turn-1' });
    expect(replay.status).toBe(200);
    expect(textOf(replay)).toBe(textOf(first));
    expect(replay.events.at(-1)).toEqual(first.events.at(-1));
    expect(replay.events[0]!.data.replayed).toBe(true);
    expect(await chatOps('chatty')).toHaveLength(opsAfterFirst.length);
    expect(await balance('chatty')).toEqual(balanceAfterFirst);
    expect((await call('GET', `/api/v1/threads/${threadId}?workspace=chatty`)).body.messageCount).toBe(2);

    const other = await postChat(base, { ...body, messages: [userMessage('idem-2', 'Something else')] }, { cookie, 'idempotency-key': 'turn-1' });
    expect([other.status, other.json.error.code]).toEqual([409, 'idempotency_conflict']);
    const generated = await ask('chatty', threadId, 'And the prompts?');
    expect(generated.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('400 for a malformed Idempotency-Key', async () => {
    const threadId = await newThread('chatty');
    const res = await postChat(base, { workspace: 'chatty', threadId, messages: [userMessage(nextId(), 'hi')] }, { cookie, 'idempotency-key': 'x'.repeat(201) });
    expect(res.status).toBe(400);
  });
});

describe('one turn at a time, and disconnects', () => {
  it('a client that disconnects stops the turn; the partial answer is kept, the hold settled, the thread free', async () => {
    const threadId = await newThread('chatty');
    let deltas = 0;
    let second: Promise<ChatCall> | undefined;
    const res = await ask('chatty', threadId, 'Why did our visibility drop on Perplexity last week?', { cookie }, (e) => {
      if (e.event !== 'text-delta') return;
      deltas++;
      // While this turn streams, another one in the same thread is refused.
      if (deltas === 1) second = ask('chatty', threadId, 'And on Gemini?');
      if (deltas === 12) return 'close';
    });
    expect(res.events.some((e) => e.event === 'finish')).toBe(false);
    const busy = await second!;
    expect([busy.status, busy.json.error.code]).toEqual([409, 'job_already_running']);

    let answer: { parts: Array<{ type: string; text?: string }>; metadata: Record<string, unknown> } | undefined;
    for (let i = 0; i < 200 && !answer?.metadata.finishReason; i++) {
      await new Promise((r) => setTimeout(r, 20));
      answer = (await call('GET', `/api/v1/threads/${threadId}?workspace=chatty`)).body.messages[1];
    }
    expect(answer!.metadata.finishReason).toBe('aborted');
    const kept = answer!.parts.filter((p) => p.type === 'text').map((p) => p.text).join('');
    expect(kept.length).toBeGreaterThan(0);
    // The server may have written a few words more than the client read before it noticed.
    expect(kept.startsWith(textOf(res))).toBe(true);
    const [op] = await chatOps('chatty');
    expect(op.status).toBe('settled');
    const next = await ask('chatty', threadId, 'Why did our visibility drop on Perplexity last week?');
    expect(next.events.at(-1)!.data.finishReason).toBe('stop');
    expect(textOf(next)).toMatch(/Perplexity/);
    // The model call stopped: the whole answer is much longer than what was kept.
    expect(textOf(next).length).toBeGreaterThan(kept.length + 50);
  });
});

describe('deleting a thread while it streams', () => {
  it('stops the turn: finish aborted is still the last event, and the hold is settled', async () => {
    const threadId = await newThread('chatty');
    let deleted: Promise<unknown> | undefined;
    const res = await ask('chatty', threadId, 'Why did our visibility drop on Perplexity last week?', { cookie }, (e) => {
      if (e.event === 'text-delta' && e.data.index === 2) deleted = call('DELETE', `/api/v1/threads/${threadId}?workspace=chatty`);
    });
    expect((await deleted) as { status: number }).toMatchObject({ status: 200 });
    expect(res.events.at(-1)).toMatchObject({ event: 'finish', data: { finishReason: 'aborted' } });
    const [op] = await chatOps('chatty');
    expect(op.status).toBe('settled');
    expect((await call('GET', `/api/v1/threads/${threadId}?workspace=chatty`)).status).toBe(404);
  });
});

describe('tools honour the caller\'s credential', () => {
  it('a key without metrics:read is offered no score tool and says which scope it lacks; with it, gets the score', async () => {
    const limited = await activeKey(ctx.app, cookie, 'chatty', { scopes: ['chat:read', 'chat:write'] });
    const threadId = await newThread('chatty', limited.bearer);
    const res = await ask('chatty', threadId, 'What is our GEO score?', limited.bearer);
    expect(res.events.at(-1)!.data.finishReason).toBe('stop');
    expect(res.events.filter((e) => e.event === 'tool-call')).toEqual([]);
    expect(textOf(res)).toContain('This key may not read the figures.');
    expect(textOf(res)).not.toMatch(/GEO score on/);

    const full = await activeKey(ctx.app, cookie, 'chatty', { scopes: ['chat:read', 'chat:write', 'metrics:read'] });
    const allowed = await ask('chatty', threadId, 'What is our GEO score?', full.bearer);
    expect(allowed.events.filter((e) => e.event === 'tool-call').map((e) => e.data.toolName)).toEqual(['get_geo_score', 'get_timeseries']);
    expect(textOf(allowed)).toMatch(/GEO score on \w{3} \d{1,2}, \d{4}: [\d.]+ out of 100/);
  });

  it('a key without chat:write cannot post a turn (403 after the workspace check)', async () => {
    const reader = await activeKey(ctx.app, cookie, 'chatty', { scopes: ['chat:read', 'metrics:read'] });
    const threadId = await newThread('chatty');
    const res = await ask('chatty', threadId, 'What is our GEO score?', reader.bearer);
    expect([res.status, res.json.error.code]).toEqual([403, 'insufficient_scope']);
    const elsewhere = await ask('two-steps', threadId, 'What is our GEO score?', reader.bearer);
    expect([elsewhere.status, elsewhere.json.error.code]).toEqual([404, 'workspace_not_found']);
  });
});
