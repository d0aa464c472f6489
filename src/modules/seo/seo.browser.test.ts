import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';
import { browserAvailable } from '../../../test/helpers/browser.ts';
import { configWithGoogle, startFakeGoogle, type FakeGoogle } from '../../../test/helpers/fake-google.ts';
import { goodPage, html, jobWhenDone, LLMS, ROBOTS, SITEMAP, startFixtureSite, text, type FixtureSite } from '../../../test/helpers/fixture-site.ts';

// A whole SEO refresh in Chromium: the home page and one sitemap page audited (two Lighthouse
// runs), Search Console and GA4 from the Google fake, every component available.

let ctx: TestContext;
let site: FixtureSite;
let google: FakeGoogle;
let cookie: string;

beforeAll(async () => {
  site = await startFixtureSite({
    '/': (_req, res, { origin }) => html(res, goodPage(origin)),
    '/pricing': (_req, res, { origin }) => html(res, goodPage(origin).replace(/<title>[^<]*<\/title>/, '<title>Pricing</title>').replace(/<meta name="description"[^>]*>/, '')),
    '/robots.txt': (_req, res, { origin }) => text(res, ROBOTS(origin)),
    '/sitemap.xml': (_req, res, { origin }) => text(res, SITEMAP(origin, ['/', '/pricing', '/later']).replace('</urlset>', '<url><loc>https://elsewhere.example/</loc></url></urlset>'), 'application/xml'),
    '/llms.txt': (_req, res) => text(res, LLMS),
  });
  google = await startFakeGoogle();
  ctx = await createTestApp({ fetcher: site.fetcher, config: configWithGoogle(google, { samplePages: 1 }) });
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'seo-browser');
});
afterAll(async () => {
  await ctx?.close();
  await site?.close();
  await google?.close();
});

const api = (method: 'GET' | 'POST', path: string, payload?: unknown) =>
  ctx.app.inject({ method, url: `/api/v1/workspaces/seo-browser${path}`, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

describe.skipIf(!browserAvailable)('SEO refresh in Chromium', () => {
  it('audits the home page and a sitemap sample, and fills every component', { timeout: 240_000 }, async () => {
    const stored = await api('POST', '/credentials', { connector: 'google', key: 'service_account_json', value: google.serviceAccountJson });
    expect(stored.statusCode).toBeLessThan(300);
    const started = await api('POST', '/seo', { url: `${site.origin}/` });
    expect(started.statusCode).toBe(202);
    const job = await jobWhenDone(ctx.app, 'seo-browser', started.json().id, { cookie });
    expect(job.status, job.lastLines.join('\n')).toBe('succeeded');
    expect(site.trapHits()).toBe(0);

    const evaluations = (await api('GET', '/page-evaluation')).json();
    expect(evaluations.map((e: { finalUrl: string }) => e.finalUrl).sort()).toEqual([`${site.origin}/`, `${site.origin}/pricing`]);
    expect(evaluations.every((e: { jobId: string }) => e.jobId === job.id)).toBe(true);

    const { data } = (await api('GET', '/seo')).json();
    expect(data.components.every((c: { available: boolean }) => c.available)).toBe(true);
    const byKey = Object.fromEntries(data.components.map((c: { key: string; percent: number }) => [c.key, c.percent]));
    // Home: 3 of 4 AI bots allowed (GPTBot blocked), llms.txt and structured data present.
    expect(byKey.ai_readiness).toBeCloseTo((100 * (1 + 0.75 + 1)) / 3, 0);
    // Per page the robots (GPTBot) and https checks fail; /pricing also fails title and description: 10 of 16 pass.
    expect(byKey.technical_health).toBe(62.5);
    expect(data.seoScoreBp).toEqual(expect.any(Number));
    const codes = data.technicalChecks.map((c: { pageUrl: string; code: string }) => `${new URL(c.pageUrl).pathname} ${c.code}`).sort();
    expect(codes).toEqual(['/ https', '/ robotsTxt', '/pricing description', '/pricing https', '/pricing robotsTxt', '/pricing title']);
    for (const check of data.technicalChecks) expect(check).toMatchObject({ recommendationIds: [], evidence: { providerRef: `pageEvaluation:${check.auditId}#${check.code}` } });
    expect(data.insights).toHaveLength(2);
  });
});
