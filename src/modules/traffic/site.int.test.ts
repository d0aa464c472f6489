import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';
import { jobWhenDone } from '../../../test/helpers/fixture-site.ts';
import { newId } from '../../lib/ids.ts';
import { robotsCheck } from '../pages/checks.fns.ts';
import { pageEvaluations } from '../pages/pages.tables.ts';
import { pathKey } from '../sources/owned-paths.fns.ts';

// The views that join access logs to the rest: robots.txt verdicts (from a page evaluation) beside
// what each agent fetched, pages no AI crawler fetched, and the chain per page and engine, whose
// retrieved and cited figures must equal the sources module's own for the same answers.

let ctx: TestContext;
let cookie: string;
const slug = 'site';
const today = new Date().toISOString().slice(0, 10);
const logDay = (() => {
  const [y, m, d] = today.split('-');
  return `${d}/${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(m) - 1]}/${y}`;
})();
const line = (ip: string, path: string, status: number, ua: string, ref = '-', time = '09:00:00') =>
  `${ip} - - [${logDay}:${time} +0000] "GET ${path} HTTP/1.1" ${status} 500 "${ref}" "${ua}"`;
/** Log lines at `at` + i seconds (distinct lines, so none collapses into another). */
const stamped = (at: Date, count: number, make: (time: string) => string) => Array.from({ length: count }, (_, i) => {
  const t = new Date(at.getTime() + i * 1000);
  return make(t.toISOString().slice(11, 19)).replace(logDay, `${String(t.getUTCDate()).padStart(2, '0')}/${t.toUTCString().slice(8, 11)}/${t.getUTCFullYear()}`);
});
const UA = {
  perplexity: 'Mozilla/5.0 (compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)',
  search: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot',
  gptbot: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
  browser: 'Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0',
};
const ROBOTS = 'User-agent: PerplexityBot\nDisallow: /pricing\n\nUser-agent: Claude-User\nUser-agent: Claude-SearchBot\nDisallow: /pricing\n\nUser-agent: *\nAllow: /\n';

const get = (path: string, ws = slug) => ctx.app.inject({ method: 'GET', url: `/api/v1/workspaces/${ws}/${path}`, headers: { cookie } });
const post = (path: string, payload: unknown, ws = slug) => ctx.app.inject({ method: 'POST', url: `/api/v1/workspaces/${ws}/${path}`, headers: { cookie }, payload: payload as object });
async function uploaded(ws: string, log: string) {
  const res = await ctx.app.inject({ method: 'POST', url: `/api/v1/workspaces/${ws}/traffic/logs`, headers: { cookie, 'content-type': 'text/plain' }, payload: log });
  expect(res.statusCode, res.body).toBe(202);
  expect((await jobWhenDone(ctx.app, ws, res.json().id, { cookie })).status).toBe('succeeded');
}

beforeAll(async () => {
  ctx = await createTestApp();
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, slug);
  const workspaceId = ((await ctx.database.executeSql(`select id from workspaces where slug = '${slug}'`)).rows[0] as { id: string }).id;
  const run = await ctx.app.inject({ method: 'POST', url: `/api/v1/workspaces/${slug}/runs`, headers: { cookie }, payload: { preset: 'smoke' } });
  expect(run.statusCode, run.body).toBe(202);
  expect((await jobWhenDone(ctx.app, slug, run.json().id, { cookie })).status).toBe('succeeded');

  // One evaluated page, its verdicts made by the real robots.txt check.
  const page = 'https://acme.com/pricing';
  const verdicts = robotsCheck('https://acme.com/robots.txt', { status: 200, contentType: 'text/plain', text: ROBOTS }, page);
  await ctx.database.db.insert(pageEvaluations).values({
    id: newId('pev'), workspaceId, jobId: null, url: page, finalUrl: page, status: 'complete', fetchedAt: new Date(),
    scores: { performance: 90, accessibility: 90, bestPractices: 90, seo: 90 }, metrics: {} as never, checks: { llmsTxt: { passed: false, value: '', suggestion: '' } } as never,
    details: {
      redirects: [], bots: verdicts.bots, agents: verdicts.agents, structuredData: { blocks: 0, types: [] }, sitemapUrl: 'https://acme.com/sitemap.xml',
      sitemapUrls: ['https://acme.com/pricing', 'https://acme.com/blog', 'https://acme.com/about'], problems: [], refusedRequests: [], lighthouseVersion: null,
    },
  });

  const log = [
    line('3.211.124.183', '/pricing', 200, UA.perplexity), // verified, though robots.txt blocks it
    line('20.42.10.180', '/blog', 403, UA.search), // verified OAI-SearchBot, refused
    line('20.171.206.10', '/robots.txt', 200, UA.gptbot), // verified GPTBot reads robots.txt
    line('198.51.100.7', '/about', 200, UA.search), // spoofed OAI-SearchBot: claimed only
    line('192.0.2.44', '/docs', 200, UA.browser, 'https://chatgpt.com/'), // a visit ChatGPT sent
  ].join('\n');
  await uploaded(slug, log);
}, 120_000);
afterAll(() => ctx.close());

describe('traffic views joined to pages, answers and GA4', () => {
  it('robots: each agent\'s verdict per evaluated page beside what it fetched', async () => {
    const res = await get('traffic/robots');
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json();
    expect(view.llmsTxt).toEqual({ url: 'https://acme.com/llms.txt', present: false });
    const of = (id: string) => view.agents.find((a: { agent: string }) => a.agent === id);
    expect(of('perplexitybot').pages).toEqual([expect.objectContaining({ path: '/pricing', robots: 'blocked', verifiedHits: 1, lastStatus: 200, finding: 'fetched_while_blocked' })]);
    expect(of('perplexity-user').pages[0]).toMatchObject({ robots: 'allowed', verifiedHits: 0, finding: 'allowed_not_fetched' });
    expect(of('gptbot').robotsTxt).toMatchObject({ verifiedHits: 1, lastStatus: 200 });
    expect(of('google-extended').pages[0]).toMatchObject({ robots: 'allowed', finding: 'robots_only' });
    const csv = await get('traffic/robots?format=csv');
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(1 + view.agents.length);
  });

  it('unfetched: known pages no AI crawler fetched from a verified address; a spoofer\'s fetch does not count', async () => {
    const view = (await get('traffic/unfetched')).json();
    expect(view.logsReceived).toBe(true);
    const paths = view.rows.map((r: { path: string }) => r.path);
    expect(paths).toContain('/about');
    expect(paths).toContain('/docs');
    expect(paths).not.toContain('/pricing');
    expect(paths).not.toContain('/blog');
    expect(view.rows.find((r: { path: string }) => r.path === '/about')).toMatchObject({ claimedHits: 1, sources: expect.arrayContaining(['sitemap', 'crawled']) });
  });

  it('chain: the weakest link per page and engine; simulated answers\' paths apart, with the sources module\'s counts', async () => {
    const res = await get('traffic/chain?limit=5000');
    expect(res.statusCode, res.body).toBe(200);
    const { rows, logsReceived, ga4, window, pages, pagesTotal, summary, simulatedPaths } = res.json();
    expect(logsReceived).toBe(true);
    expect(ga4).toBeNull();
    expect(window.runIds).toHaveLength(1);
    const row = (engine: string, path: string) => rows.find((r: { engine: string; path: string }) => r.engine === engine && r.path === path);
    expect(row('chatgpt', '/blog')).toMatchObject({ weakest: 'crawl', reason: 'OAI-SearchBot gets 403 on /blog' });
    expect(row('claude', '/pricing')).toMatchObject({ weakest: 'crawl', reason: 'robots.txt blocks Claude-User, Claude-SearchBot on /pricing' });
    expect(row('perplexity', '/pricing').weakest).not.toBe('crawl');
    expect(row('perplexity', '/pricing').crawled).toMatchObject({ verifiedHits: 1, lastStatus: 200 });
    expect(row('chatgpt', '/docs').visits).toEqual({ accessLogs: 1, ga4: null });

    // The run's engines are simulated: their answers say nothing about the site's real pages.
    for (const engine of ['chatgpt', 'perplexity', 'gemini', 'claude']) expect(row(engine, '/pricing')).toMatchObject({ retrieved: null, cited: null, simulated: true });
    // What they read and cite is listed apart, labelled, with the sources module's counts.
    const owned = new Map<string, { retrieved: number; cited: number }>();
    for (const engine of ['chatgpt', 'perplexity', 'gemini', 'claude']) {
      for (const u of (await get(`sources/urls?engine=${engine}`)).json().rows.filter((r: { class: string }) => r.class === 'owned')) {
        const o = owned.get(pathKey(u.url)) ?? { retrieved: 0, cited: 0 };
        owned.set(pathKey(u.url), { retrieved: o.retrieved + u.retrieved, cited: o.cited + u.cited });
      }
    }
    expect(owned.size).toBeGreaterThan(0);
    expect(simulatedPaths.every((p: { simulated: boolean }) => p.simulated)).toBe(true);
    expect(Object.fromEntries(simulatedPaths.map((p: { path: string; retrieved: number; cited: number }) => [p.path, { retrieved: p.retrieved, cited: p.cited }]))).toEqual(Object.fromEntries(owned));
    const known = new Set(pages.map((p: { path: string }) => p.path));
    for (const p of simulatedPaths) expect(p.known, p.path).toBe(known.has(p.path));

    // One line per page, the engines side by side; the summary counts pages.
    expect(pagesTotal).toBe(known.size);
    expect(new Set(rows.map((r: { path: string }) => r.path))).toEqual(known);
    expect(pages.find((p: { path: string }) => p.path === '/blog').engines.map((e: { engine: string }) => e.engine)).toEqual([...new Set(rows.map((r: { engine: string }) => r.engine))].sort());
    expect(summary.pages).toBe(pages.length);
    expect(Object.values(summary.byLink).reduce((a: number, b) => a + (b as number), 0)).toBe(pages.length);
    const second = (await get('traffic/chain?limit=2&offset=2')).json();
    expect(second.pages.map((p: { path: string }) => p.path)).toEqual(pages.slice(2, 4).map((p: { path: string }) => p.path));
    expect((await get('traffic/chain?path=/blog/')).json().pages.map((p: { path: string }) => p.path)).toEqual(['/blog']);
    const filtered = (await get('traffic/chain?weakest=crawl&engine=chatgpt')).json();
    expect(filtered.rows.every((r: { weakest: string; engine: string }) => r.weakest === 'crawl' && r.engine === 'chatgpt')).toBe(true);
    const csv = await get('traffic/chain?format=csv');
    expect(csv.body.split('\r\n')[0]).toBe('path,engine,weakest,reason,verifiedFetches,lastStatus,robotsBlocked,retrieved,retrievalReported,cited,answers,visitsAccessLogs,visitsGa4,simulated,grade');
    expect((await get('traffic/chain?weakest=nope')).statusCode).toBe(400);
  });

  it('GA4 referrals: unknown until the SEO refresh reads them', async () => {
    expect((await get('traffic/referrals/ga4')).json()).toMatchObject({ syncedAt: null, property: null, rows: [] });
  });
});

describe('the crawl_error recommendation', () => {
  it('a page an engine\'s crawler gets 403 on, from its operator\'s addresses, is an item; its effect is measured from later logs', async () => {
    const ws = 'crawl';
    await createWorkspace(ctx.app, cookie, ws);
    const hour = 3600_000;
    // Twelve refused verified fetches an hour ago, and a spoofer's refused fetches, which are no item.
    await uploaded(ws, [
      ...stamped(new Date(Date.now() - hour), 12, (t) => line('20.42.10.180', '/blog', 403, UA.search, '-', t)),
      ...stamped(new Date(Date.now() - hour), 5, (t) => line('198.51.100.7', '/admin', 403, UA.search, '-', t)),
    ].join('\n'));
    const started = await post('recs/generate', { lane: 'geo' }, ws);
    expect(started.statusCode).toBe(202);
    expect((await jobWhenDone(ctx.app, ws, started.json().id, { cookie })).status).toBe('succeeded');
    const items = Object.values((await get('recs', ws)).json()).flat() as Array<Record<string, any>>;
    expect(items.map((i) => i.topic)).toEqual(['crawl_error:oai-searchbot:/blog']);
    const [item] = items;
    expect(item).toMatchObject({ type: 'crawl_error', title: 'Let OAI-SearchBot read /blog', priorityLevel: 'high' });
    expect(item!.evidence.summary).toBe('OAI-SearchBot failed to read /blog in 100.0% of its verified visits.');

    const steps = [['accept', 'proposed', 1], ['submit', 'todo', 2], ['verify', 'in_review', 3]] as const;
    for (const [action, expectedStatus, expectedVersion] of steps) {
      expect((await post(`recs/${item!.rec_id}/transition`, { action, expectedStatus, expectedVersion, idempotencyKey: `c-${action}` }, ws)).statusCode).toBe(200);
    }
    const pending = (await get(`recs/${item!.rec_id}`, ws)).json().effect;
    expect(pending).toMatchObject({ verdict: 'pending', before: { k: 0, n: 12 }, after: null });
    // After the fix: the crawler's fetches succeed.
    await uploaded(ws, stamped(new Date(Date.now() + 60_000), 12, (t) => line('20.42.10.181', '/blog', 200, UA.search, '-', t)).join('\n'));
    expect((await get(`recs/${item!.rec_id}`, ws)).json().effect).toMatchObject({ verdict: 'improved', metric: { name: 'crawl_success_rate' }, before: { k: 0, n: 12 }, after: { k: 12, n: 12 } });
  });
});
