import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';
import { systemClock } from '../../lib/clock.ts';
import { createEmailService } from '../email/email.service.ts';
import { createWorkspacesRepo } from '../workspaces/workspaces.repo.ts';
import { createWorkspacesService } from '../workspaces/workspaces.service.ts';
import { createDesignService, type Fetcher } from './design.service.ts';
import { createProfileService } from './profile.service.ts';
import { createRateLimiter } from '../../lib/rate-limit/rate-limit.ts';
import { makePng, pngIco } from './test-images.ts';

// The service against fixture sites on loopback. The production fetcher is the safe fetcher
// (src/lib/safe-fetch); here a loopback-only stand-in implements the same interface, mapping the
// workspace's domain to the fixture server and refusing HTTPS as an unreachable port would.

const sites: Record<string, Record<string, { type: string; body: string | Buffer; status?: number; delayMs?: number }>> = {};
let server: http.Server;
let port: number;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const site = sites[(req.headers.host ?? '').split(':')[0]!] ?? {};
    const page = site[req.url ?? '/'];
    if (!page) return void res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>not found</h1>');
    setTimeout(() => res.writeHead(page.status ?? 200, { 'content-type': page.type }).end(page.body), page.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const loopbackFetcher: Fetcher = {
  async fetch(url, opts = {}) {
    const target = new URL(url);
    if (target.protocol === 'https:') throw new Error('connect ECONNREFUSED (no TLS on the fixture)');
    const res = await new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path: `${target.pathname}${target.search}`, headers: { ...(opts.headers ?? {}), host: target.hostname }, timeout: opts.timeoutMs ?? 5000 }, (r) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => resolve({ status: r.statusCode ?? 0, headers: r.headers as Record<string, string>, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
    });
    const body = res.body;
    const max = opts.maxBytes ?? Infinity;
    return { url, status: res.status, headers: res.headers, body: body.subarray(0, max), redirects: [], truncated: body.length > max };
  },
};

let ctx: TestContext;
let design: ReturnType<typeof createDesignService>;
let cookie: string;
const ws = async (slug: string) => ({ ...(await createWorkspacesRepo(ctx.database.db).idBySlug(slug))!, role: 'owner' });

beforeAll(async () => {
  ctx = await createTestApp();
  cookie = (await signup(ctx.app)).cookie;
  const workspaces = createWorkspacesService({ repo: createWorkspacesRepo(ctx.database.db), email: createEmailService({ db: ctx.database.db, inboxProvider: null, log: ctx.app.log }), clock: systemClock, defaultModel: 'x' });
  const profile = createProfileService({ db: ctx.database.db, clock: systemClock, workspaces, limiter: createRateLimiter({ db: ctx.database.db, clock: systemClock }), publicBaseUrl: 'http://127.0.0.1:3000' });
  design = createDesignService({ workspaces, profile, fetcher: loopbackFetcher, clock: systemClock });
});
afterAll(() => ctx.close());

describe('design extraction from a site', () => {
  it('stores colours, fonts, logo, about and designMd', async () => {
    sites['design-site.com'] = {
      '/': { type: 'text/html; charset=utf-8', body: `<html><head><title>Fixture</title><meta name="theme-color" content="#0a7cff"><meta name="description" content="We build fixtures.">
        <link rel="stylesheet" href="/main.css"><link rel="stylesheet" href="/missing.css"></head><body><img src="/logo.png" alt="Fixture logo"></body></html>` },
      '/main.css': { type: 'text/css', body: ':root{--brand-accent:#ff5a1f} body{font-family:Inter,sans-serif;background:#fdfdfd;color:#101010} .b{background:#2a9d8f}' },
    };
    await createWorkspace(ctx.app, cookie, 'design-a', { domains: ['design-site.com'] });
    const res = await design.extract(await ws('design-a'));
    expect(res).toMatchObject({
      ok: true, extractionRan: true, about: 'We build fixtures.',
      brandColors: { primary: '#0a7cff', accent: '#ff5a1f', secondary: '#2a9d8f', background: '#fdfdfd', text: '#101010' },
      brandMeta: { logoUrl: 'http://design-site.com/logo.png', fontNames: ['Inter'] },
    });
    expect(res.designMd).toContain('- primary: #0a7cff');
  });

  it('stores the site icon as brandMeta.faviconUrl too, as part of the site design', async () => {
    sites['design-icon.com'] = {
      '/': { type: 'text/html', body: '<title>Icons</title><link rel="icon" href="/i.png">' },
      '/i.png': { type: 'image/png', body: await makePng(64, 64) },
    };
    await createWorkspace(ctx.app, cookie, 'design-c', { domains: ['design-icon.com'] });
    const res = await design.extract(await ws('design-c'));
    expect(res).toMatchObject({ ok: true, brandMeta: { faviconUrl: expect.stringContaining('/api/v1/workspaces/design-c/profile/icon?v=') } });
    const icon = await ctx.app.inject({ method: 'GET', url: '/api/v1/workspaces/design-c/profile/icon', headers: { cookie } });
    expect(icon.statusCode).toBe(200);
  });

  it('answers ok:false with the stored values when the site answers garbage or errors', async () => {
    sites['broken-site.com'] = { '/': { type: 'application/octet-stream', body: Buffer.from([0, 1, 2, 3]) } };
    await createWorkspace(ctx.app, cookie, 'design-b', { domains: ['broken-site.com'] });
    const res = await design.extract(await ws('design-b'));
    expect(res).toMatchObject({ ok: false, extractionRan: false, designMd: '', brandColors: { primary: '' } });
  });
});

describe('icon refresh from a site', () => {
  it('takes the best icon that is an image, skipping broken candidates', async () => {
    sites['icon-site.com'] = {
      '/': { type: 'text/html', body: '<link rel="apple-touch-icon" href="/apple.png"><link rel="manifest" href="/m.json"><link rel="icon" href="/icon.svg" type="image/svg+xml">' },
      '/m.json': { type: 'application/manifest+json', body: JSON.stringify({ icons: [{ src: '/big.png', sizes: '512x512' }] }) },
      '/big.png': { type: 'image/png', body: '<html>not really a png</html>' },
      '/apple.png': { type: 'image/png', body: await makePng(180, 180) },
    };
    await createWorkspace(ctx.app, cookie, 'icon-a', { domains: ['icon-site.com'] });
    const res = await design.refreshIcon(await ws('icon-a'));
    expect(res).toMatchObject({ ok: true, extractionRan: true, brandMeta: { faviconUrl: expect.stringContaining('/api/v1/workspaces/icon-a/profile/icon?v=') } });
    const icon = await ctx.app.inject({ method: 'GET', url: '/api/v1/workspaces/icon-a/profile/icon', headers: { cookie } });
    expect((await sharp(icon.rawPayload).metadata()).width).toBe(256);
  });

  it('falls back to /favicon.ico', async () => {
    sites['ico-site.com'] = { '/': { type: 'text/html', body: '<title>no icons</title>' }, '/favicon.ico': { type: 'image/x-icon', body: await pngIco() } };
    await createWorkspace(ctx.app, cookie, 'icon-b', { domains: ['ico-site.com'] });
    expect(await design.refreshIcon(await ws('icon-b'))).toMatchObject({ ok: true });
  });

  it('answers ok:false when no candidate is an image', async () => {
    sites['no-icon-site.com'] = { '/': { type: 'text/html', body: '<link rel="icon" href="/x.png">' }, '/x.png': { type: 'image/png', body: 'nope' } };
    await createWorkspace(ctx.app, cookie, 'icon-c', { domains: ['no-icon-site.com'] });
    expect(await design.refreshIcon(await ws('icon-c'))).toMatchObject({ ok: false, extractionRan: true, brandMeta: { faviconUrl: '' } });
  });
});
