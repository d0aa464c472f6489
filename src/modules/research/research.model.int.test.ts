import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkspace, signup, testConfig, type TestContext } from '../../../test/helpers/app.ts';
import { startFakeOpenAI, type FakeProvider } from '../../../test/helpers/fake-openai.ts';
import { ended } from '../../../test/helpers/wait.ts';

// Research with the workspace model real: a loopback OpenAI-compatible server (fake-openai)
// answers through the AI SDK. Its recommendations name a brand the workspace does not track,
// with a page that says so: research proposes it with that answer as its source, and accepting
// it makes it a tracked competitor, once however often it is accepted.

const RIVAL = 'Northwind Insights';
const RIVAL_PAGE = 'https://www.northwind-insights.example/compare/acme';
let fake: FakeProvider;
let ctx: TestContext;
let owner: string;

const lastUserText = (body: { messages: Array<{ role: string; content: unknown }> }) => {
  const m = [...body.messages].reverse().find((x) => x.role === 'user')!;
  return typeof m.content === 'string' ? m.content : (m.content as Array<{ text?: string }>).map((p) => p.text ?? '').join('');
};

beforeAll(async () => {
  fake = await startFakeOpenAI((body) => {
    const prompt = lastUserText(body);
    const listed = /^List (\d+) questions/.exec(prompt);
    if (listed) {
      // Questions: distinct per request (intent and language are in the prompt), so none is a repeat.
      const about = /intent: ([a-z ]+)/.exec(prompt)?.[1] ?? 'buying';
      const language = /in language "([a-z]{2})"/.exec(prompt)?.[1] ?? 'en';
      return { text: Array.from({ length: Number(listed[1]) }, (_, i) => `${i + 1}. Which analytics tool fits ${about} need number ${i + 1} (${language})?\n`) };
    }
    return { text: [`1. ${RIVAL} - strong for small teams, see ${RIVAL_PAGE}\n`, '2. Globex - the incumbent\n', '3. Acme Analytics - the workspace itself\n'] };
  });
  const config = testConfig();
  config.providers = { ...config.providers, openai: { apiKey: 'sk-test-local', baseUrl: fake.url } };
  ctx = await createTestApp({ config });
  owner = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, owner, 'research-m', { languages: ['en'] });
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

const req = (method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1/workspaces/${url}`, headers: { cookie: owner }, ...(payload ? { payload } : {}) });
type Competitor = { id: string; kind: string; name: string; mentions: number; probes: number; accepted: boolean; source: { question: string; line: string; url: string | null } };

describe('research with a real model', () => {
  let job: { id: string; status: string; simulated: { model: boolean }; stages: Array<{ stage: string; findings: Competitor[] }> };

  beforeAll(async () => {
    const started = await req('POST', 'research-m/research');
    expect(started.statusCode, started.body).toBe(202);
    job = await ended(async () => (await req('GET', `research-m/research/${started.json().id}`)).json(), 'research');
  });

  it('proposes the untracked brand its answers name, with the answer it came from, and nothing it tracks', () => {
    expect(job.status).toBe('succeeded');
    expect(job.simulated.model).toBe(false);
    const found = job.stages.find((s) => s.stage === 'competitors')!.findings;
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ kind: 'competitor', name: RIVAL, accepted: false, mentions: found[0]!.probes });
    expect(found[0]!.probes).toBeGreaterThan(0);
    expect(found[0]!.source).toEqual({ question: expect.stringMatching(/\?$/), line: `${RIVAL} - strong for small teams, see ${RIVAL_PAGE}`, url: RIVAL_PAGE });
    // The source's question is one research asked the model.
    expect(fake.requests.some((r) => lastUserText(r.body).startsWith(found[0]!.source.question))).toBe(true);
  });

  it('tracks it once accepted, and accepting it again adds nothing', async () => {
    const finding = job.stages.find((s) => s.stage === 'competitors')!.findings[0]!;
    const body = { competitors: [{ findingId: finding.id, domains: ['northwind-insights.example'] }] };
    const first = await req('POST', `research-m/research/${job.id}/accept-competitors`, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().stages.find((s: { stage: string }) => s.stage === 'competitors').findings[0]).toMatchObject({ id: finding.id, accepted: true });
    const tracked = async () => (await req('GET', 'research-m/competitors')).json().competitors as Array<{ name: string; domains: string[]; aliases: string[] }>;
    expect((await tracked()).filter((c) => c.name === RIVAL)).toEqual([expect.objectContaining({ name: RIVAL, domains: ['northwind-insights.example'], aliases: [RIVAL] })]);

    const again = await req('POST', `research-m/research/${job.id}/accept-competitors`, body);
    expect(again.statusCode, again.body).toBe(200);
    expect((await tracked()).filter((c) => c.name === RIVAL)).toHaveLength(1);
    expect((await tracked()).map((c) => c.name)).toEqual(['Globex', 'Initech', RIVAL]);
  });
});
