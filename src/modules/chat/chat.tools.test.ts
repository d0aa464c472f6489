import { describe, expect, it } from 'vitest';
import { chatToolSpecs, toolSetFor, type ChatToolServices } from './chat.tools.ts';

// The tool layer's rules, over typed stand-ins for the services (no database): which tools a
// credential is offered, a refused call, inputs validated like request bodies, service errors
// handed to the model. The services themselves are exercised by the integration tests.

const ws = { id: 'ws_1', slug: 'acme', role: null };
const services = {
  scores: { score: async () => ({ score: 50 }) },
  runs: {}, prompts: {}, credits: { balance: async () => ({ availableMicrousd: 5 }) },
} as unknown as ChatToolServices;
const key = (scopes: string[]) => ({ kind: 'key' as const, keyId: 'key_1', workspaceId: 'ws_1', scopes: scopes as never[] });
const session = { kind: 'session' as const, userId: 'usr_1', sessionId: 'ses_1' };

describe('tools offered by scope', () => {
  it('a session gets every tool; a key only those of its scopes', () => {
    const specs = chatToolSpecs(services);
    expect(Object.keys(toolSetFor(specs, session, { ws }))).toEqual(specs.map((s) => s.name));
    expect(Object.keys(toolSetFor(specs, key(['chat:write', 'credits:read']), { ws }))).toEqual(['get_credits_balance']);
    expect(Object.keys(toolSetFor(specs, key(['chat:write', 'metrics:read']), { ws }))).toEqual(['get_geo_score', 'get_scoreboard', 'get_entity_timeseries', 'get_timeseries', 'get_metrics', 'get_top_cited_domains']);
  });

  it('recommendations and SEO exist only once their services are passed, each with its scope', () => {
    expect(chatToolSpecs(services).map((s) => s.name)).not.toContain('list_recommendations');
    const withMore = chatToolSpecs({ ...services, recs: { list: async (id) => ({ proposed: [id] }) }, seo: { dashboard: async () => ({}) } });
    expect(withMore.filter((s) => ['list_recommendations', 'get_seo_dashboard'].includes(s.name)).map((s) => [s.name, s.scope])).toEqual([['list_recommendations', 'recs:read'], ['get_seo_dashboard', 'metrics:read']]);
    expect(Object.keys(toolSetFor(withMore, key(['chat:write', 'recs:read']), { ws }))).toEqual(['list_recommendations']);
  });
});

describe('a tool call', () => {
  const set = toolSetFor(chatToolSpecs(services), session, { ws });
  const run = (name: string, input: unknown) => (set[name]!.execute as (i: unknown, o: unknown) => Promise<unknown>)(input, { toolCallId: 't', messages: [] });
  it('calls the service with the workspace', async () => {
    expect(await run('get_credits_balance', {})).toEqual({ availableMicrousd: 5 });
  });
  it('validates its input like a request body', async () => {
    const schema = set.get_geo_score!.inputSchema as unknown as { validate(v: unknown): Promise<{ success: boolean }> };
    expect((await schema.validate({ date: '2026-01-01' })).success).toBe(true);
    expect((await schema.validate({ date: 'yesterday' })).success).toBe(false);
    expect((await schema.validate({ extra: 1 })).success).toBe(false);
  });
  it('hands a service error to the model as data', async () => {
    const failing = { ...services, credits: { balance: async () => { const { AppError } = await import('../../lib/errors.ts'); throw new AppError('not_found', 'gone'); } } } as unknown as ChatToolServices;
    const s = toolSetFor(chatToolSpecs(failing), session, { ws });
    expect(await (s.get_credits_balance!.execute as (i: unknown, o: unknown) => Promise<unknown>)({}, { toolCallId: 't', messages: [] })).toEqual({ error: { code: 'not_found', message: 'gone' } });
  });
});
