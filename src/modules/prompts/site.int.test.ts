import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';
import { html, mappedFetcher, startFixtureSite, type FixtureSite, type Route } from '../../../test/helpers/fixture-site.ts';

// How the prompt routes read the workspace's site (issue 40): a page written to make a regular
// expression backtrack is parsed in linear time. Sites are fixture servers on loopback, reached
// through the domain → site mapping; each counts the requests it serves.

/** ~50 KB of an opening tag that never closes: the old `<a\s[^>]*href="…"[^>]*>` took minutes on it. */
const UNCLOSED = '<a href="x" '.repeat(4200);

/** A fixture site's routes, each request counted in `hits`. */
function counted(routes: Record<string, Route>) {
  const counter = { hits: 0, routes: {} as Record<string, Route> };
  for (const [path, route] of Object.entries(routes)) counter.routes[path] = (req, res, c) => { counter.hits++; route(req, res, c); };
  return counter;
}

const hostile = counted({
  '/': (_req, res) => html(res, `<!doctype html><html lang="en"><head><title>Acme CRM — the CRM platform for small sales teams</title></head>
<body><h1>Pipeline management for small sales teams</h1><a href="/faq">FAQ</a>${UNCLOSED}`),
  '/faq': (_req, res) => html(res, '<html lang="en"><body><h2>Can I cancel my plan at any time?</h2></body></html>'),
});

let ctx: TestContext;
let cookie: string;
let sites: FixtureSite[] = [];

const get = (slug: string, path: 'categories' | 'proposals') =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/workspaces/${slug}/prompts/${path}`, headers: { cookie } });
const siteProposal = async (slug: string) => ((await get(slug, 'categories')).json().proposals as Array<{ source: string; singular: string }>).find((p) => p.source === 'site');

beforeAll(async () => {
  sites = [await startFixtureSite(hostile.routes)];
  ctx = await createTestApp({ fetcher: mappedFetcher({ 'hostile-crm.com': sites[0]! }) });
  cookie = (await signup(ctx.app)).cookie;
  const en = { languages: ['en'], regions: ['us'], activeSetSize: 20 };
  await createWorkspace(ctx.app, cookie, 'hostile', { ...en, displayName: 'Acme CRM', domains: ['hostile-crm.com'] });
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  for (const site of sites) await site.close();
});

describe('a page made to make a regular expression backtrack', () => {
  // Before issue 40 each of these calls held the event loop for minutes (every tenant waited) and
  // the test timed out; no timing is asserted: the answers are.
  it('is read like any page: the category from its title, proposals from its headings and the FAQ page it links', async () => {
    expect(await siteProposal('hostile')).toMatchObject({ singular: 'CRM platform', plural: 'CRM platforms' });
    const res = await get('hostile', 'proposals');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.sources[0]).toMatchObject({ source: 'site', status: 'ok', detail: '2 pages read from hostile-crm.com' });
    expect(body.proposals.map((p: { text: string }) => p.text)).toContain('Can I cancel my plan at any time?');
  });
});
