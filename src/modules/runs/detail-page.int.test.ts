import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';
import { seedRun } from '../../../test/helpers/runs-seed.ts';

// Run detail a page at a time: 60 rows (three engines × 20 prompts), the filters applied by the
// API before the page is cut, the engines' summaries without their rows, and bad paging refused.

let ctx: TestContext;
let cookie: string;
let runId: string;
const slug = 'detail-page';
const get = (query: string) => ctx.app.inject({ method: 'GET', url: `/api/v1/workspaces/${slug}/runs/${runId}/detail${query}`, headers: { cookie } });

beforeAll(async () => {
  ctx = await createTestApp();
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, slug);
  const wsId = ((await ctx.database.executeSql(`select id from workspaces where slug = '${slug}'`)).rows[0] as { id: string }).id;
  runId = await seedRun(ctx.database.db, wsId, {
    finishedAt: new Date('2026-03-10T12:00:00Z'),
    results: ['chatgpt', 'claude', 'gemini'].flatMap((engine) => Array.from({ length: 20 }, (_, k) => ({
      engine, promptId: `prm_${k}`, prompt: `Which CRM fits team ${k}?`, answer: `${engine} on team ${k}: Globex, then us.`, brandMentioned: k % 2 === 0, brandSentiment: k % 4 === 0 ? 0.5 : -0.5, competitors: ['Globex'],
      citations: k < 5 ? [{ url: 'https://g2.com/crm', domain: 'g2.com', class: 'third_party' as const, entityId: null }] : [],
    }))),
  });
}, 90_000);
afterAll(async () => ctx?.close());

describe('run detail, a page at a time', () => {
  it('answers one page of the rows and the total, the engines without their rows', async () => {
    const first = (await get('?limit=50')).json();
    expect(first.rows).toMatchObject({ total: 60, limit: 50, offset: 0, sites: ['g2.com'] });
    expect(first.rows.items).toHaveLength(50);
    expect(first.engines.map((e: { engine: string; calls: number }) => [e.engine, e.calls])).toEqual([['chatgpt', 20], ['claude', 20], ['gemini', 20]]);
    expect(first.engines.every((e: { prompts?: unknown }) => e.prompts === undefined)).toBe(true);
    const second = (await get('?limit=50&offset=50')).json();
    expect(second.rows.items).toHaveLength(10);
    const ids = new Set([...first.rows.items, ...second.rows.items].map((r: { id: string }) => r.id));
    expect(ids.size).toBe(60);
  });

  it('filters before it pages: engine, naming the brand, tone, a cited site and words', async () => {
    const total = async (q: string) => (await get(`?limit=5&${q}`)).json().rows.total;
    expect(await total('engine=claude')).toBe(20);
    expect(await total('mentioned=true')).toBe(30);
    expect(await total('tone=positive')).toBe(15);
    expect(await total('tone=negative&engine=gemini')).toBe(5);
    expect(await total('site=g2.com')).toBe(15);
    expect(await total('q=team%2013')).toBe(3);
    const items = (await get('?limit=5&engine=claude&mentioned=true')).json().rows.items as Array<{ engine: string; brandMentioned: boolean }>;
    expect(items.every((r) => r.engine === 'claude' && r.brandMentioned)).toBe(true);
  });

  it('reads each row of a page with its own answer, the same as the whole detail, page after page', async () => {
    const whole = (await get('')).json() as { engines: Array<{ engine: string; prompts: Array<{ id: string; answer: string }> }> };
    const texts = new Map(whole.engines.flatMap((e) => e.prompts.map((p) => [p.id, p.answer])));
    for (const query of ['?limit=7&offset=14', '?limit=7&offset=14', '?limit=3&engine=gemini&tone=negative']) {
      const items = (await get(query)).json().rows.items as Array<{ id: string; engine: string; promptId: string; answer: string }>;
      expect(items.length).toBeGreaterThan(0);
      for (const i of items) expect(i.answer).toBe(`${i.engine} on team ${i.promptId.slice(4)}: Globex, then us.`);
      for (const i of items) expect(texts.get(i.id)).toBe(i.answer);
    }
  });

  it('without a limit answers every row under its engine, as before', async () => {
    const all = (await get('')).json();
    expect(all.rows).toBeUndefined();
    expect(all.engines.flatMap((e: { prompts: unknown[] }) => e.prompts)).toHaveLength(60);
  });

  it.each([['?limit=101', 'limit'], ['?limit=0', 'limit'], ['?limit=5&engine=altavista', 'engine'], ['?limit=5&tone=angry', 'tone'], ['?limit=5&offset=-1', 'offset']])('refuses %s with a 400 naming %s', async (query, field) => {
    const res = await get(query);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().error)).toContain(field);
  });
});
