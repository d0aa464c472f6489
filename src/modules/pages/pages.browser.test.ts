import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';
import { browserAvailable } from '../../../test/helpers/browser.ts';
import { goodPage, html, jobWhenDone, LLMS, ROBOTS, SITEMAP, startFixtureSite, text, type FixtureSite } from '../../../test/helpers/fixture-site.ts';

// One real Lighthouse audit in Chromium of a loopback page whose subresources and an iframe's
// redirect point at a trap listener in every spelling: the page is audited, the trap never sees
// a connection, and the refused requests are reported. (One audit takes 7-9 s: keep them few.)

let ctx: TestContext;
let site: FixtureSite;
let cookie: string;

beforeAll(async () => {
  site = await startFixtureSite({
    '/': (_req, res, { origin, trap }) => {
      const port = trap.split(':')[1];
      html(res, goodPage(origin, `<img src="http://${trap}/pixel.png" alt="pixel" width="1" height="1">
<link rel="stylesheet" href="http://[::ffff:127.0.0.1]:${port}/s.css">
<script src="http://2130706433:${port}/a.js"></script>
<iframe src="/to-trap" title="frame"></iframe>
<script>fetch('http://localhost:${port}/beacon').catch(() => {}); new Image().src = 'http://0x7f.1:${port}/img';</script>`));
    },
    '/to-trap': (_req, res, { trap }) => void res.writeHead(302, { location: `http://${trap}/framed` }).end(),
    '/robots.txt': (_req, res, { origin }) => text(res, ROBOTS(origin)),
    '/sitemap.xml': (_req, res, { origin }) => text(res, SITEMAP(origin, ['/', '/pricing']), 'application/xml'),
    '/llms.txt': (_req, res) => text(res, LLMS, 'text/markdown'),
  });
  ctx = await createTestApp({ fetcher: site.fetcher });
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'browser');
});
afterAll(async () => {
  await ctx?.close();
  await site?.close();
});

describe.skipIf(!browserAvailable)('page evaluation in Chromium', () => {
  it('audits the page through the proxy without any request reaching the trap', { timeout: 120_000 }, async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/browser/page-evaluation', headers: { cookie }, payload: { url: `${site.origin}/` } });
    expect(res.statusCode).toBe(202);
    const job = await jobWhenDone(ctx.app, 'browser', res.json().id, { cookie });
    expect(job.status, job.lastLines.join('\n')).toBe('succeeded');
    expect(site.trapHits()).toBe(0);

    const [evaluation, ...rest] = (await ctx.app.inject({ method: 'GET', url: '/api/v1/workspaces/browser/page-evaluation', headers: { cookie } })).json();
    expect(rest).toEqual([]);
    expect(evaluation).toMatchObject({ workspace: 'browser', url: `${site.origin}/`, finalUrl: `${site.origin}/`, jobId: job.id });
    for (const value of Object.values(evaluation.scores)) expect(value).toEqual(expect.any(Number));
    expect(evaluation.metrics.fcp).toBeGreaterThan(0);
    expect(evaluation.metrics.lcp).toBeGreaterThan(0);
    expect(evaluation.metrics.cls).toBeGreaterThanOrEqual(0);
    expect(evaluation.metrics.tbt).toBeGreaterThanOrEqual(0);
    expect(evaluation.checks).toMatchObject({
      robotsTxt: { passed: false, value: expect.stringContaining('blocks GPTBot') }, sitemapXml: { passed: true, value: '2 URLs' },
      llmsTxt: { passed: true, value: 'Acme Analytics' }, metaRobots: { passed: true }, canonical: { passed: true }, title: { passed: true },
      description: { passed: true }, viewport: { passed: true }, https: { passed: false, value: `${site.origin}/` },
    });
    expect(evaluation.details.bots).toEqual({ GPTBot: false, ClaudeBot: true, PerplexityBot: true, 'Google-Extended': true, Googlebot: true });
    expect(evaluation.details.structuredData.types).toEqual(['Organization']);
    const port = site.trap.split(':')[1];
    const refused = evaluation.details.refusedRequests.map((r: { target: string }) => r.target);
    for (const target of [`http://${site.trap}/pixel.png`, `http://127.0.0.1:${port}/a.js`, `http://${site.trap}/framed`]) expect(refused).toContain(target);
  });
});
