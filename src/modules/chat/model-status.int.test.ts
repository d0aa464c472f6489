import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkspace, signup, testConfig, type TestContext } from '../../../test/helpers/app.ts';
import { startFakeOpenAI, type FakeProvider } from '../../../test/helpers/fake-openai.ts';
import { listen, postChat, userMessage } from '../../../test/helpers/sse.ts';
import { noModelSentence } from './no-model.fns.ts';

// Settings and the chat agree on whether a model is usable: what GET …/model says (and Settings
// shows) is what the next chat turn does, for a model with a key, without one, and of a provider
// the service does not know.

let fake: FakeProvider;
let ctx: TestContext;
let base: string;
let cookie: string;
const call = async (method: string, url: string, payload?: unknown) =>
  (await ctx.app.inject({ method: method as 'GET', url, headers: { cookie }, ...(payload ? { payload: payload as object } : {}) })).json();
async function ask() {
  const threadId = (await call('POST', '/api/v1/threads', { workspace: 'agree' })).id;
  const res = await postChat(base, { workspace: 'agree', threadId, messages: [userMessage(`m${threadId}`, 'How many credits do we have?')] }, { cookie });
  return { simulated: res.events[0]!.data.simulated as boolean, text: res.events.filter((e) => e.event === 'text-delta').map((e) => e.data.text).join('') };
}

beforeAll(async () => {
  fake = await startFakeOpenAI(() => ({ text: ['Hello'] }));
  // A key for OpenAI only (a local fake over loopback): Anthropic has none.
  const config = testConfig({ chat: { heartbeatMs: 60_000, simulatedTokenMs: 0 } });
  config.providers = { ...config.providers, openai: { apiKey: 'sk-test-local', baseUrl: fake.url }, anthropic: { ...config.providers.anthropic, apiKey: undefined } };
  ctx = await createTestApp({ config });
  base = await listen(ctx.app);
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'agree');
  await call('POST', '/api/v1/workspaces/agree/credits/top-up', { amountMicrousd: 5_000_000, idempotencyKey: 'agree' });
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

describe('Settings and the chat on whether a model is usable', () => {
  it.each([
    ['a key reaches the provider', 'openai:gpt-4.1-mini', { usable: true, reason: null, name: 'OpenAI · GPT-4.1 mini' }],
    ['no key for the provider', 'anthropic:claude-sonnet-4', { usable: false, reason: 'no_key', name: 'Anthropic · Claude Sonnet 4' }],
    ['a provider the service does not know', 'mistral:mistral-large', { usable: false, reason: 'unknown_provider', name: 'mistral-large' }],
  ] as const)('%s', async (_case, model, expected) => {
    await call('PUT', '/api/v1/workspaces/agree/model', { model });
    const settings = await call('GET', '/api/v1/workspaces/agree/model');
    // The model by its display name beside its id, and the workspace's language to say it in.
    expect(settings).toMatchObject({ model, ...expected, language: 'en' });
    const turn = await ask();
    expect(turn.simulated).toBe(!settings.usable);
    // Without a model the chat says first the very sentence Settings shows, naming the model as Settings does.
    if (!settings.usable) {
      expect(turn.text.startsWith(noModelSentence('en', settings.model, settings.reason))).toBe(true);
      expect(turn.text).toContain(settings.name);
      expect(turn.text).not.toContain(model);
    } else expect(turn.text).toBe('Hello');
  });
});
