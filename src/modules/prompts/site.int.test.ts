import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import { createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';
import { html, mappedFetcher, startFixtureSite, type FixtureSite, type Route } from '../../../test/helpers/fixture-site.ts';
import { CRM_SITE } from './proposals.fixtures.ts';
import { SITE_READ_LIMIT } from './proposals.service.ts';

// How the prompt routes read the workspace's site: a page written to make a regular
// expression backtrack is parsed in linear time, a read serves the day (per workspace and domain),
// and the routes that read share a rate limit. Sites are fixture servers on loopback, reached
// through the domain → site mapping; each counts the requests it serves.

const DAY = 24 * 3600 * 1000;
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
const crm = counted(CRM_SITE);
const moved = counted({
  '/': (_req, res) => html(res, '<!doctype html><html lang="en"><head><title>Acme Clinic — the dental clinic of Springfield</title></head><body><h1>Dental implants in one day</h1></body></html>'),
});

const clock = manualClock(new Date('2026-03-02T09:00:00Z'));
let ctx: TestContext;
let cookie: string;
let sites: FixtureSite[] = [];

const get = (slug: string, path: 'categories' | 'proposals') =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/workspaces/${slug}/prompts/${path}`, headers: { cookie } });
const siteProposal = async (slug: string) => ((await get(slug, 'categories')).json().proposals as Array<{ source: string; singular: string }>).find((p) => p.source === 'site');

beforeAll(async () => {
  sites = [await startFixtureSite(hostile.routes), await startFixtureSite(crm.routes), await startFixtureSite(moved.routes)];
  ctx = await createTestApp({ clock, fetcher: mappedFetcher({ 'hostile-crm.com': sites[0]!, 'acme-crm.com': sites[1]!, 'acme-clinic.com': sites[2]! }) });
  cookie = (await signup(ctx.app)).cookie;
  const en = { languages: ['en'], regions: ['us'], activeSetSize: 20 };
  await createWorkspace(ctx.app, cookie, 'hostile', { ...en, displayName: 'Acme CRM', domains: ['hostile-crm.com'] });
  await createWorkspace(ctx.app, cookie, 'cached', { ...en, displayName: 'Acme CRM', domains: ['acme-crm.com'] });
  await createWorkspace(ctx.app, cookie, 'limited', { ...en, displayName: 'Acme CRM', domains: ['acme-crm.com'] });
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  for (const site of sites) await site.close();
});

describe('a page made to make a regular expression backtrack', () => {
  // With the old regular expression each of these calls held the event loop for minutes (every tenant waited) and
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

describe('the site read', () => {
  it('serves the day: a second call does not fetch the site again, a call a day later does', async () => {
    const before = crm.hits;
    expect(await siteProposal('cached')).toMatchObject({ singular: 'CRM platform' });
    const read = crm.hits - before;
    expect(read).toBe(2); // the home page and the FAQ page it links (HTTPS is refused before the server)
    expect(await siteProposal('cached')).toMatchObject({ singular: 'CRM platform' });
    expect((await get('cached', 'proposals')).json().sources[0]).toMatchObject({ status: 'ok', detail: '2 pages read from acme-crm.com' });
    expect(crm.hits - before).toBe(read);
    clock.advance(DAY - 1000);
    await get('cached', 'categories');
    expect(crm.hits - before).toBe(read);
    clock.advance(1000);
    expect(await siteProposal('cached')).toMatchObject({ singular: 'CRM platform' });
    expect(crm.hits - before).toBe(2 * read);
  });

  it('is not served for another domain: the new site is read at once', async () => {
    const patched = await ctx.app.inject({ method: 'PATCH', url: '/api/v1/workspaces/cached/settings', headers: { cookie }, payload: { domains: ['acme-clinic.com'] } });
    expect(patched.statusCode).toBe(200);
    const before = crm.hits;
    expect(await siteProposal('cached')).toMatchObject({ singular: 'clinic' }); // from the new site's title, no longer "CRM platform"
    expect(moved.hits).toBe(1);
    expect(crm.hits).toBe(before);
  });
});

describe('the rate limit of the routes that read the site', () => {
  it(`answers 429 rate_limited with Retry-After past ${SITE_READ_LIMIT.limit} requests per 10 minutes per workspace, categories and proposals together`, async () => {
    for (let i = 0; i < SITE_READ_LIMIT.limit - 1; i++) expect((await get('limited', 'categories')).statusCode).toBe(200);
    expect((await get('limited', 'proposals')).statusCode).toBe(200);
    const hits = crm.hits;
    for (const path of ['categories', 'proposals'] as const) {
      const refused = await get('limited', path);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ error: expect.objectContaining({ code: 'rate_limited', message: expect.stringContaining(`At most ${SITE_READ_LIMIT.limit}`), requestId: expect.any(String) }) });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(SITE_READ_LIMIT.windowMs / 1000);
    }
    expect(crm.hits).toBe(hits); // a refused request reads nothing
    expect((await get('cached', 'categories')).statusCode).toBe(200); // another workspace has its own count
    clock.advance(SITE_READ_LIMIT.windowMs);
    expect((await get('limited', 'categories')).statusCode).toBe(200);
  });

  it('is in the OpenAPI document: the three routes that read the site declare the 429 and say the limit and the day', () => {
    const paths = (ctx.app.swagger() as unknown as { paths: Record<string, Record<string, { description: string; responses: Record<string, { description: string }> }>> }).paths;
    const W = '/api/v1/workspaces/{workspace}/prompts';
    for (const op of [paths[`${W}/categories`]!.get!, paths[`${W}/proposals`]!.get!, paths[`${W}/proposals/rewrite`]!.post!]) {
      expect(op.responses['429']?.description).toContain('rate_limited');
      expect(op.description).toContain(`${SITE_READ_LIMIT.limit} requests per 10 minutes`);
      expect(op.description).toContain('at most once a day per workspace');
    }
  });
});
