import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';
import { seedRun, type SeedResult } from '../../../test/helpers/runs-seed.ts';
import { analyzeAnswer } from '../analysis/analyze.fns.ts';
import { storedAnalysis } from '../runs/stored-analysis.fns.ts';
import { workspaces } from '../workspaces/workspaces.tables.ts';

// Answers in which an engine says it does not know the brand, analysed as a run writes them and
// counted as a run's success counts them: not mentions, no sentiment, listed apart, and each
// engine's share of them with its interval ("engines that do not know you").

let ctx: TestContext;
let cookie: string;
const slug = 'recognition-a';
const get = (url: string) => ctx.app.inject({ method: 'GET', url: `/api/v1/workspaces/${slug}${url}`, headers: { cookie } });
const PROFILE = {
  brand: { name: 'Acme Analytics', aliases: [], domains: ['acme.com'], ambiguous: false },
  competitors: [{ name: 'Globex', aliases: [], domains: ['globex.com'], ambiguous: false }],
};
const UNKNOWN = {
  en: "I'm not familiar with Acme Analytics. For product analytics, Globex is the usual choice.",
  es: 'No tengo información sobre Acme Analytics. Quizá te refieres a Globex, que es muy popular.',
};
const KNOWN = 'Acme Analytics is the best choice for product teams; Globex is cheaper.';
const FINISHED = new Date('2026-03-10T12:00:00Z');

function result(engine: string, answer: string, language = 'en'): SeedResult {
  const a = analyzeAnswer(PROFILE, answer, [], { language });
  return { engine, promptId: `p-${language}`, language, answer, brandMentioned: a.brand.mentioned, brandSentiment: a.brand.sentiment, analysis: storedAnalysis(a) };
}

beforeAll(async () => {
  ctx = await createTestApp();
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, slug);
  const [ws] = await ctx.database.db.select().from(workspaces).where(eq(workspaces.slug, slug));
  await seedRun(ctx.database.db, ws!.id, {
    finishedAt: FINISHED,
    results: [
      result('chatgpt', UNKNOWN.en), result('chatgpt', UNKNOWN.es, 'es'), result('chatgpt', KNOWN), result('chatgpt', KNOWN),
      result('perplexity', KNOWN), result('perplexity', KNOWN),
    ],
  });
}, 90_000);
afterAll(async () => ctx?.close());

describe('engines that do not know the brand', () => {
  it('counts each engine’s answers that do not know it, with the interval, the least knowing first', async () => {
    const res = await get('/answers/recognition?from=2026-03-01&to=2026-03-31');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ answers: 6, unknown: 2, simulated: false });
    expect(body.engines.map((e: { engine: { id: string }; unknown: number; answers: number }) => [e.engine.id, e.unknown, e.answers])).toEqual([['chatgpt', 2, 4], ['perplexity', 0, 2]]);
    const [chatgpt] = body.engines;
    expect(chatgpt.engine.name).toBe('ChatGPT');
    expect(chatgpt.share.value).toBe(50);
    expect(chatgpt.share.n).toBe(4);
    expect(chatgpt.share.interval[0]).toBeLessThan(50);
    expect(chatgpt.share.interval[1]).toBeGreaterThan(50);
  });

  it('leaves runs outside the window out', async () => {
    const body = (await get('/answers/recognition?from=2026-04-01&to=2026-04-30')).json();
    expect(body).toMatchObject({ answers: 0, unknown: 0, engines: [] });
  });

  it('lists those answers apart, as no mention of the brand and no tone, with the sentence that says so', async () => {
    const res = await get('/answers?mentions=unknown');
    expect(res.statusCode).toBe(200);
    const answers = res.json().answers as Array<{ text: string; unknownToEngine: { start: number; end: number }; entities: Array<{ entityId: string }>; sentiment: { label: string | null } }>;
    expect(answers.map((a) => a.text.slice(a.unknownToEngine.start, a.unknownToEngine.end)).sort()).toEqual(["I'm not familiar with Acme Analytics.", 'No tengo información sobre Acme Analytics.']);
    for (const a of answers) {
      expect(a.entities.map((e) => e.entityId)).toEqual(['competitor:0']);
      expect(a.sentiment.label).toBeNull();
    }
    const known = (await get('/answers?mentions=brand')).json().answers as Array<{ unknownToEngine: unknown }>;
    expect(known).toHaveLength(4);
    expect(known.every((a) => a.unknownToEngine === null)).toBe(true);
  });

  it('refuses a window that ends before it starts, and names the new filter value in the error', async () => {
    const bad = await get('/answers/recognition?from=2026-03-31&to=2026-03-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details?.field ?? bad.json().error.field).toBe('from');
    const filter = await get('/answers?mentions=someone');
    expect(filter.statusCode).toBe(400);
    expect(filter.json().error.message).toContain('unknown');
  });
});
