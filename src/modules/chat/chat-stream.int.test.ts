import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeKey, createTestApp, createWorkspace, signup, testConfig, type TestContext } from '../../../test/helpers/app.ts';
import { listen, postChat, userMessage, type ChatCall } from '../../../test/helpers/sse.ts';
import { STEP_LEASE_MICROUSD } from './chat.fns.ts';

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
  for (let i = 0; i < 500; i++) {
    const s = (await call('GET', `/api/v1/workspaces/${ws}/runs/${started.id}`)).body;
    if (s.status !== 'running') return s;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('run did not finish');
}

beforeAll(async () => {
  ctx = await createTestApp({ config: testConfig({ chat: { heartbeatMs: 60_000, simulatedTokenMs: 2 } }) });
  base = await listen(ctx.app);
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'chatty');
  await call('POST', '/api/v1/workspaces/chatty/credits/top-up', { amountMicrousd: 50_000_000, idempotencyKey: 'chat' });
  expect((await runSmoke('chatty')).status).toBe('succeeded');
});
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
    expect(text).toContain(`Your GEO score on ${score.date} is ${Number(score.score.toFixed(1))}/100`);
    expect(text).toMatch(/n=\d+/);

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
