import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';

// The dashboard's server side without a browser: which shell each address answers, session
// gating, the static files (fixed maps only), the CSP, and the run quote the Runs page shows.

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await createTestApp();
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'dash');
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

describe('dashboard pages', () => {
  it('GET / is the sign-in page without a session and the agency overview with one', async () => {
    const anonymous = await get('/');
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['content-type']).toMatch(/^text\/html/);
    expect(anonymous.body).toContain('data-page="signin"');
    expect((await get('/', { cookie: 'geo.session=forged' })).body).toContain('data-page="signin"');
    expect((await get('/', { cookie })).body).toContain('data-page="agency"');
  });

  it('speaks the browser\'s language until the person chooses one, then theirs on every page', async () => {
    const spanish = await get('/signin', { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' });
    expect(spanish.body).toContain('<html lang="es">');
    expect(spanish.body).toContain('<title>Iniciar sesión · GEO visibility</title>');
    expect((await get('/signin', { 'accept-language': 'de-DE' })).body).toContain('<html lang="en">');
    expect((await get('/w/dash', { cookie, 'accept-language': 'ca' })).body).toContain('<h1>Resum</h1>');

    const put = (language: unknown) => ctx.app.inject({ method: 'PUT', url: '/api/v1/account/preferences', headers: { cookie }, payload: { language } });
    const chosen = await put('fr');
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().user.language).toBe('fr');
    const french = await get('/w/dash/settings', { cookie, 'accept-language': 'es' });
    expect(french.body).toContain('<html lang="fr">');
    expect(french.body).toContain('<h1>Paramètres</h1>');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/session', headers: { cookie } })).json().user.language).toBe('fr');

    for (const bad of ['de', 'FR', '', 42]) {
      const res = await put(bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().error.message, String(bad)).toMatch(/language/);
    }
    expect((await put(null)).json().user.language).toBeNull();
    expect((await get('/w/dash/settings', { cookie, 'accept-language': 'es' })).body).toContain('<html lang="es">');
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/v1/account/preferences', payload: { language: 'fr' } })).statusCode).toBe(401);
  });

  it('sends a visitor without a session to sign in and back; renders the section with one', async () => {
    const res = await get('/w/dash/recs');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/signin?next=%2Fw%2Fdash%2Frecs');
    const page = await get('/w/dash/runs/run_123', { cookie });
    expect(page.body).toContain('data-page="run" data-workspace="dash" data-id="run_123"');
    expect((await get('/w/dash/nowhere', { cookie })).statusCode).toBe(404);
    for (const section of ['answers', 'reports', 'research', 'email']) {
      expect((await get(`/w/dash/${section}`, { cookie })).body, section).toContain(`data-page="${section}" data-workspace="dash"`);
    }
  });

  it('answers an unknown dashboard address with an HTML page, an unknown API route with JSON', async () => {
    const accept = 'text/html,application/xhtml+xml,*/*;q=0.8';
    for (const url of ['/nowhere', '/w/dash/nowhere', '/w/Not_A_Slug', '/w/dash/runs/bad%20id']) {
      const res = await get(url, { cookie, accept });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain('Page not found');
      expect(res.body, url).toContain('href="/"');
    }
    const api = await get('/api/v1/nowhere', { accept });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('not_found');
    expect((await get('/nowhere')).json().error.code).toBe('not_found'); // a client that did not ask for HTML
  });

  it('serves a favicon, linked from every page', async () => {
    const icon = await get('/favicon.ico');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await get('/signin')).body).toContain('<link rel="icon" href="/favicon.ico"');
  });

  it('answers every page under a CSP without inline script or style', async () => {
    const csp = String((await get('/signin')).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toMatch(/unsafe/);
    expect((await get('/signin')).body).not.toMatch(/<script>|<style>|style="/);
  });

  it('serves the bundled script and style sheet, and nothing else', async () => {
    const app = await get('/assets/dashboard/app.js');
    expect(app.statusCode).toBe(200);
    expect(app.headers['content-type']).toMatch(/^text\/javascript/);
    // One file: every import (Preact, htm, uPlot, the shared formatter) is inside it.
    expect(app.body).not.toMatch(/^import[\s{*"']/m);
    expect(app.body).not.toContain('/assets/vendor/');
    expect(app.body).toContain('Skip to content'); // the entry itself is in there, not only its libraries
    const css = await get('/assets/dashboard/app.css');
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.body).toContain('.uplot'); // uPlot's sheet, bundled with ours
    expect(css.body).toContain('--accent');
    expect((await get('/signin')).body).not.toContain('/assets/vendor/');
    for (const url of ['/assets/dashboard/none.js', '/assets/vendor/preact.js', '/assets/dashboard/pages/runs.js', '/assets/dashboard/lib.js']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    for (const url of ['/assets/dashboard/..%2fdashboard.page.ts', '/assets/dashboard/package.json', '/assets/dashboard/%2e%2e']) {
      expect(Math.floor((await get(url)).statusCode / 100), url).toBe(4);
    }
  });
});

describe('run quote', () => {
  it('quotes the plan a run would make without reserving credit', async () => {
    const before = (await get('/api/v1/workspaces/dash/credits/balance', { cookie })).json();
    const res = await get('/api/v1/workspaces/dash/runs/quote?preset=smoke&samples=2', { cookie });
    expect(res.statusCode).toBe(200);
    const quote = res.json();
    expect(quote).toMatchObject({ preset: 'smoke', samples: 2, promptCount: 2, totalCalls: 20 });
    expect(quote.estimateMicrousd).toBeGreaterThan(0);
    expect(quote.engines).toHaveLength(5);
    expect((await get('/api/v1/workspaces/dash/credits/balance', { cookie })).json()).toEqual(before);
    const started = await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/dash/runs', headers: { cookie }, payload: { preset: 'smoke', samples: 2 } });
    expect(started.json().progress.totalCalls).toBe(quote.totalCalls);
    expect((await get('/api/v1/workspaces/dash/runs/quote?preset=huge', { cookie })).statusCode).toBe(400);
  });
});
