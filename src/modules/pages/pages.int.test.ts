import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeKey, createTestApp, createWorkspace, signup, testConfig, type TestContext } from '../../../test/helpers/app.ts';
import { html, jobWhenDone, startFixtureSite, text, type FixtureSite } from '../../../test/helpers/fixture-site.ts';
import { DEFAULT_SEO_CONFIG } from './pages.service.ts';

// Page evaluation through the API on both databases. The paths here end before Lighthouse (the
// audits themselves are in pages.browser.test.ts): refusals, failures with their reason, limits.

let ctx: TestContext;
let site: FixtureSite;
let cookie: string;
const slug = 'pages';

beforeAll(async () => {
  site = await startFixtureSite({
    '/to-trap': (_req, res, { trap }) => void res.writeHead(302, { location: `http://${trap}/` }).end(),
    '/to-trap-decimal': (_req, res, { trap }) => void res.writeHead(302, { location: `http://2130706433:${trap.split(':')[1]}/` }).end(),
    '/loop': (_req, res) => void res.writeHead(302, { location: '/loop' }).end(),
    '/pdf': (_req, res) => text(res, '%PDF-1.4', 'application/pdf'),
    '/gone': (_req, res) => html(res, 'gone', 410),
    '/slow': () => {}, // never answers
  });
  ctx = await createTestApp({ fetcher: site.fetcher, config: testConfig({ seo: { ...DEFAULT_SEO_CONFIG, loadTimeoutMs: 1_000 } }) });
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, slug);
});
afterAll(async () => {
  await ctx.close();
  await site.close();
});

const post = (url: unknown, headers: Record<string, string> = { cookie }, ws = slug) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/workspaces/${ws}/page-evaluation`, headers, payload: { url } });
const finished = (id: string, app = ctx.app, headers: Record<string, string> = { cookie }) => jobWhenDone(app, slug, id, headers);

describe('POST …/page-evaluation', () => {
  it.each([
    'http://127.0.0.1/', 'http://2130706433/', 'http://0x7f.0.0.1/', 'http://017700000001/', 'http://127.1/', 'http://[::1]/',
    'http://[::ffff:127.0.0.1]/', 'http://169.254.169.254/latest/meta-data/', 'http://10.0.0.1/', 'http://localhost:3000/',
    'http://127.0.0.1./', 'http://user:secret@example.com/', 'ftp://example.com/', 'file:///etc/passwd', 'not a url', '',
  ])('refuses %s with 400 and starts nothing', async (url) => {
    const res = await post(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_request');
  });

  it('refuses a trap address literal even on the fixture’s own host, and unknown fields', async () => {
    expect((await post(`http://${site.trap}/`)).statusCode).toBe(400);
    const extra = await ctx.app.inject({ method: 'POST', url: `/api/v1/workspaces/${slug}/page-evaluation`, headers: { cookie }, payload: { url: `${site.origin}/`, extra: 1 } });
    expect(extra.statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/workspaces/${slug}/page-evaluation`, headers: { cookie } })).json()).toEqual([]);
    expect(site.trapHits()).toBe(0);
  });

  it.each([
    ['/to-trap', /private_address.*loopback/],
    ['/to-trap-decimal', /private_address/],
    ['/loop', /too_many_redirects/],
    ['/pdf', /not an HTML page \(content-type "application\/pdf"\)/],
    ['/gone', /answered HTTP 410/],
    ['/slow', /timeout/],
  ])('%s: the job fails with the reason, nothing stored, the trap untouched', async (path, reason) => {
    const res = await post(`${site.origin}${path}`);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ kind: 'page_evaluation', status: 'running', brand: slug });
    const job = await finished(res.json().id);
    expect(job.status).toBe('failed');
    expect(job.lastLines.at(-1)).toMatch(reason);
    expect(site.trapHits()).toBe(0);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/workspaces/${slug}/page-evaluation`, headers: { cookie } })).json()).toEqual([]);
  });

  it('one running evaluation per workspace', async () => {
    const first = await post(`${site.origin}/slow`);
    const second = await post(`${site.origin}/slow`);
    expect(first.statusCode).toBe(202);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('job_already_running');
    await finished(first.json().id);
  });

  it('scopes: runs:write starts, reports:read lists; other workspaces are 404', async () => {
    const writer = await activeKey(ctx.app, cookie, slug, { scopes: ['reports:read'] });
    expect((await post(`${site.origin}/gone`, writer.bearer)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/workspaces/${slug}/page-evaluation`, headers: writer.bearer })).statusCode).toBe(200);
    expect((await post(`${site.origin}/gone`, {})).statusCode).toBe(401);
    const other = (await signup(ctx.app)).cookie;
    expect((await post(`${site.origin}/gone`, { cookie: other })).statusCode).toBe(404);
    const runner = await activeKey(ctx.app, cookie, slug, { scopes: ['runs:write', 'runs:read'] });
    const started = await post(`${site.origin}/gone`, runner.bearer);
    expect(started.statusCode).toBe(202);
    await finished(started.json().id, ctx.app, runner.bearer);
  });
});

describe('without Chromium', () => {
  it('fails the job with a line saying how to install it, and stores nothing', async () => {
    const bare = await createTestApp({ fetcher: site.fetcher, config: testConfig({ seo: { ...DEFAULT_SEO_CONFIG, chromePath: '/nonexistent/chromium' } }) });
    try {
      const owner = (await signup(bare.app)).cookie;
      await createWorkspace(bare.app, owner, slug);
      const res = await bare.app.inject({ method: 'POST', url: `/api/v1/workspaces/${slug}/page-evaluation`, headers: { cookie: owner }, payload: { url: `${site.origin}/` } });
      const job = await finished(res.json().id, bare.app, { cookie: owner });
      expect(job.status).toBe('failed');
      expect(job.lastLines.at(-1)).toMatch(/Chromium is not installed at \/nonexistent\/chromium: install it \(Debian\/Ubuntu: `apt-get install chromium`\)/);
      expect((await bare.app.inject({ method: 'GET', url: `/api/v1/workspaces/${slug}/page-evaluation`, headers: { cookie: owner } })).json()).toEqual([]);
    } finally {
      await bare.close();
    }
  });
});
