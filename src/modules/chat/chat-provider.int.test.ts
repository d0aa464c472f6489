import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeKey, createTestApp, createWorkspace, signup, testConfig, type TestContext } from '../../../test/helpers/app.ts';
import { startFakeOpenAI, type FakeProvider, type Reply } from '../../../test/helpers/fake-openai.ts';
import { listen, postChat, userMessage } from '../../../test/helpers/sse.ts';
import { STEP_LEASE_MICROUSD, turnCost } from './chat.fns.ts';

// The real-provider path: the workspace's model (openai:gpt-4.1-mini) through `@ai-sdk/openai`
// against a local OpenAI-compatible server that streams chat completions over loopback.

let ctx: TestContext;
let fake: FakeProvider;
let base: string;
let cookie: string;
let script: (body: any, call: number) => Reply = () => ({ text: ['Hello'] }); // eslint-disable-line @typescript-eslint/no-explicit-any
let n = 0;

async function call(method: string, url: string, payload?: unknown) {
  const res = await ctx.app.inject({ method: method as 'GET', url, headers: { cookie }, ...(payload ? { payload: payload as object } : {}) });
  return res.json();
}
const textOf = (events: Array<{ event: string; data: { text: string } }>) => events.filter((e) => e.event === 'text-delta').map((e) => e.data.text).join('');
async function turn(text: string, headers: Record<string, string> = { cookie }) {
  const threadId = (await call('POST', '/api/v1/threads', { workspace: 'live' })).id;
  const first = fake.requests.length;
  const res = await postChat(base, { workspace: 'live', threadId, messages: [userMessage(`p${++n}`, text)] }, headers);
  return { res, threadId, requests: fake.requests.slice(first).map((r) => r.body) };
}
const lastOp = async () => (await call('GET', '/api/v1/workspaces/live/credits/usage')).operations.find((o: { operation: string }) => o.operation === 'chat');

beforeAll(async () => {
  fake = await startFakeOpenAI((body, i) => script(body, i));
  const config = testConfig({ chat: { heartbeatMs: 50, simulatedTokenMs: 0 } });
  config.providers = { ...config.providers, openai: { apiKey: 'sk-test-local', baseUrl: fake.url } };
  ctx = await createTestApp({ config });
  base = await listen(ctx.app);
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'live');
  await call('POST', '/api/v1/workspaces/live/credits/top-up', { amountMicrousd: 20_000_000, idempotencyKey: 'live' });
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

describe('a real provider through the AI SDK', () => {
  it('streams its tokens, runs the tools it calls on real data, stores model and usage, settles by tokens', async () => {
    script = (_body, i) => (i % 2 === 0 ? { toolCalls: [{ name: 'get_credits_balance', args: {} }] } : { text: ['You ', 'have ', 'credits', '.'], paceMs: 5 });
    const { res, threadId, requests } = await turn('How many credits do we have?');
    expect(res.status).toBe(200);
    expect(res.events.map((e) => e.event)).toEqual(['start', 'tool-call', 'tool-result', 'text-delta', 'text-delta', 'text-delta', 'text-delta', 'finish']);
    expect(textOf(res.events)).toBe('You have credits.');
    expect(res.events[0]!.data).toMatchObject({ model: 'openai:gpt-4.1-mini', simulated: false });
    // The provider was asked with the workspace's tools and got the tool's real output back.
    expect(requests).toHaveLength(2);
    expect(requests[0].model).toBe('gpt-4.1-mini');
    expect(requests[0].tools.map((t: { function: { name: string } }) => t.function.name)).toContain('get_geo_score');
    const toolMessage = requests[1].messages.find((m: { role: string }) => m.role === 'tool');
    expect(JSON.parse(toolMessage.content)).toMatchObject({ workspace: 'live', availableMicrousd: expect.any(Number) });

    const usage = { promptTokens: 300, completionTokens: 14 };
    expect(res.events.at(-1)!.data).toEqual({ type: 'finish', finishReason: 'stop', usage });
    const thread = await call('GET', `/api/v1/threads/${threadId}?workspace=live`);
    expect(thread.messages[1].metadata).toMatchObject({ model: 'openai:gpt-4.1-mini', simulated: false, usage, finishReason: 'stop', steps: 2 });
    const op = await lastOp();
    expect(op.settledMicrousd).toBe(turnCost(usage, 'gpt-4.1-mini', 2 * STEP_LEASE_MICROUSD));
    expect(op.settledMicrousd).toBe(Math.ceil((300 * 400 + 14 * 1_600) / 1_000));
  });

  it('a tool the credential does not allow is not offered, and a call to it is refused', async () => {
    const key = await activeKey(ctx.app, cookie, 'live', { scopes: ['chat:read', 'chat:write'] });
    script = (_body, i) => (i % 2 === 0 ? { toolCalls: [{ name: 'get_geo_score', args: {} }] } : { text: ['I cannot see the score.'] });
    const { res, requests } = await turn('What is our score?', key.bearer);
    expect(requests[0].tools ?? []).toEqual([]);
    const result = res.events.find((e) => e.event === 'tool-result')!;
    expect(result.data).toMatchObject({ toolName: 'get_geo_score', error: expect.stringMatching(/get_geo_score/) });
    expect(JSON.stringify(requests[1].messages)).not.toMatch(/"score":/);
    expect(res.events.at(-1)!.data.finishReason).toBe('stop');
  });

  it('stops after six steps, the last one asked to answer in text; six leases', async () => {
    script = (body) => (body.tool_choice === 'none' ? { text: ['Done.'] } : { toolCalls: [{ name: 'list_prompts', args: { limit: 1 } }] });
    const { res, requests } = await turn('Loop over the prompts');
    expect(requests).toHaveLength(6);
    expect(res.events.filter((e) => e.event === 'tool-call')).toHaveLength(5);
    expect(res.events.at(-1)!.data.finishReason).toBe('stop');
    expect((await lastOp()).leases).toHaveLength(6);
  });

  it('a provider error mid-stream: error event, then finish with finishReason error; the hold is settled', async () => {
    script = () => ({ text: ['One ', 'two ', 'three ', 'four ', 'five'], paceMs: 5, failAfter: 3 });
    const { res, threadId } = await turn('Tell me a story');
    const names = res.events.map((e) => e.event);
    expect(names.slice(-2)).toEqual(['error', 'finish']);
    expect(res.events.at(-1)!.data).toMatchObject({ type: 'finish', finishReason: 'error' });
    expect(textOf(res.events)).toBe('One two three ');
    const op = await lastOp();
    expect(op.status).toBe('settled');
    expect((await call('GET', '/api/v1/workspaces/live/credits/balance')).heldMicrousd).toBe(0);
    const thread = await call('GET', `/api/v1/threads/${threadId}?workspace=live`);
    expect(thread.messages[1].metadata.finishReason).toBe('error');
    expect(thread.messages[1].parts.find((p: { type: string }) => p.type === 'text').text).toBe('One two three ');
  });

  it('a silent provider gets comment heartbeats on the stream, which still ends cleanly', async () => {
    script = () => ({ text: ['Late', ' answer'], firstTokenMs: 400 });
    const { res } = await turn('Anything');
    expect(res.comments).toBeGreaterThanOrEqual(2);
    expect(res.malformed).toEqual([]);
    expect(res.events.at(-1)!.event).toBe('finish');
    expect(textOf(res.events)).toBe('Late answer');
  });
});
