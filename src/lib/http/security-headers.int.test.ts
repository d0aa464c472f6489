import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';
import { makePng, multipartBody } from '../../modules/profile/test-images.ts';
import { STRICT_HTML_CSP, unframeable } from './security-headers.ts';

// nosniff on every response; every HTML page unframeable under a CSP.

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await createTestApp();
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'headers');
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

describe('X-Content-Type-Options: nosniff on every response', () => {
  it.each([
    ['health (JSON)', '/api/v1/health', 200],
    ['the OpenAPI document', '/api/v1/openapi.json', 200],
    ['an unknown route', '/api/v1/nowhere', 404],
    ['a missing credential', '/api/v1/workspaces/headers/runs', 401],
    ['a malformed URL', '/api/v1/workspaces/%E0%A4%A', 400],
    ['a document (markdown)', '/api/v1/docs', 200],
    ['a Swagger UI script', '/docs/static/swagger-initializer.js', 200],
  ])('%s', async (_label, url, status) => {
    const res = await get(url);
    expect(res.statusCode).toBe(status);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('the workspace icon', async () => {
    const body = multipartBody('file', 'icon.png', 'image/png', await makePng());
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/v1/workspaces/headers/profile/icon', payload: body.payload, headers: { ...body.headers, cookie } })).statusCode).toBe(200);
    const icon = await get('/api/v1/workspaces/headers/profile/icon', { cookie });
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('HTML pages may not be framed', () => {
  it('/docs has a CSP with frame-ancestors none, and scripts only from itself', async () => {
    let res = await get('/docs');
    if (res.statusCode >= 300 && res.statusCode < 400) res = await get(String(res.headers.location));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each([
    ['a CSP without frame-ancestors gains it', "default-src 'none'; img-src data:", "default-src 'none'; img-src data:; frame-ancestors 'none'"],
    ['a trailing semicolon is not doubled', "default-src 'none';", "default-src 'none'; frame-ancestors 'none'"],
    ['a page setting its own keeps it', "default-src 'self'; frame-ancestors 'self'", "default-src 'self'; frame-ancestors 'self'"],
  ])('unframeable: %s', (_label, csp, expected) => {
    expect(unframeable(csp)).toBe(expected);
  });

  it('the strict default loads and runs nothing and may not be framed', () => {
    expect(STRICT_HTML_CSP).toMatch(/^default-src 'none'/);
    expect(STRICT_HTML_CSP).toMatch(/frame-ancestors 'none'/);
    expect(STRICT_HTML_CSP).not.toMatch(/script-src/);
  });
});
