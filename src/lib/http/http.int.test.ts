import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { buildApp } from '../../app.ts';
import { createTestApp, openTestDatabase, signup, testConfig, withoutRequestId, workspaceBody, type TestContext } from '../../../test/helpers/app.ts';
import { isCredential } from './credentials.ts';
import { applyRouteConventions } from './conventions.ts';

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await createTestApp();
  cookie = (await signup(ctx.app)).cookie;
});
afterAll(() => ctx.close());

describe('every route declares a credential and an operationId', () => {
  it('walks all registered routes', () => {
    const routes = ctx.app.registeredRoutes;
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      expect(isCredential(route.credential), `${route.method} ${route.url} credential`).toBe(true);
      if (!route.hidden) expect(route.operationId, `${route.method} ${route.url} operationId`).toMatch(/^[a-z][A-Za-z]+$/);
    }
  });

  it('refuses to start with a route that declares none', () => {
    const app = Fastify();
    applyRouteConventions(app);
    expect(() => app.get('/x', { schema: { operationId: 'x' } }, async () => 'x')).toThrow(/declares no credential/);
    const app2 = Fastify();
    applyRouteConventions(app2);
    expect(() => app2.get('/y', { config: { credential: 'public' } }, async () => 'y')).toThrow(/no operationId/);
  });

  it('lists every registered route in the OpenAPI description', async () => {
    const doc = (await ctx.app.inject({ url: '/api/v1/openapi.json' })).json();
    for (const route of ctx.app.registeredRoutes.filter((r) => !r.hidden)) {
      const path = route.url.replace(/:([a-zA-Z]+)/g, '{$1}');
      expect(doc.paths[path]?.[route.method.toLowerCase()], `${route.method} ${path}`).toBeDefined();
    }
  });
});

describe('error envelope', () => {
  it('gives every response an x-request-id, matching the error body', async () => {
    const ok = await ctx.app.inject({ url: '/api/v1/health' });
    expect(ok.headers['x-request-id']).toMatch(/^req_/);
    const err = await ctx.app.inject({ url: '/api/v1/nope' });
    expect(err.json().error.requestId).toBe(err.headers['x-request-id']);
  });

  it('ignores a client-sent x-request-id (ids are ours)', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/health', headers: { 'x-request-id': 'forged' } });
    expect(res.headers['x-request-id']).not.toBe('forged');
  });

  it('404 not_found for an unknown route', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v2/anything?x=1' });
    expect(res.statusCode).toBe(404);
    expect(withoutRequestId(res.body)).toBe('{"error":{"code":"not_found","message":"No route POST /api/v2/anything.","requestId":"-"}}');
  });

  it('400 invalid_request for malformed JSON', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email": ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid_request', message: expect.stringMatching(/malformed json/i) });
  });

  it('400 for an empty JSON body on a route that needs one', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_request');
  });

  it('400 for a JSON body that is not an object', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: { 'content-type': 'application/json' }, payload: '[1,2]' });
    expect(res.statusCode).toBe(400);
  });

  it('400 for a prototype-poisoning body', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"__proto__": {"x": 1}, "email": "a@b.co", "password": "x"}' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_request');
  });

  it('413 payload_too_large for a body over 1 MiB, even on a public route', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email: 'a'.repeat(1024 * 1024), password: 'x' }) });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('payload_too_large');
  });

  it('accepts a body just under 1 MiB (then validates it)', async () => {
    const designMd = 'x'.repeat(190_000);
    await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces', headers: { cookie }, payload: workspaceBody('big-ok') });
    const res = await ctx.app.inject({ method: 'PATCH', url: '/api/v1/workspaces/big-ok/settings', headers: { cookie }, payload: { designMd } });
    expect(res.statusCode).toBe(200);
  });

  it('415 for a body that is not JSON', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: { 'content-type': 'text/plain' }, payload: 'hello' });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('unsupported_media_type');
  });

  it('400 for a malformed percent-encoding in the path', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/workspaces/%E0%A4%A/settings', headers: { cookie } });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().error.requestId).toBe(res.headers['x-request-id']);
  });
});

describe('credentials before anything else', () => {
  it('401 invalid_key with no credential, before body validation', async () => {
    const res = await ctx.app.inject({ method: 'PATCH', url: '/api/v1/workspaces/acme/settings', payload: { nonsense: 1 } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('invalid_key');
  });

  it.each(['Bearer nope', 'Bearer gp_live_' + 'a'.repeat(43), 'Basic dXNlcjpwYXNz', 'Bearer'])('401 invalid_key for Authorization: %s', async (authorization) => {
    const res = await ctx.app.inject({ url: '/api/v1/workspaces', headers: { authorization } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('invalid_key');
  });

  it('public routes ignore credentials', async () => {
    expect((await ctx.app.inject({ url: '/api/v1/health', headers: { authorization: 'Bearer junk' } })).statusCode).toBe(200);
  });
});

describe('API description', () => {
  it('is OpenAPI 3.1, version 1.0.0, and lists every route with its credential and errors', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
    const settings = doc.paths['/api/v1/workspaces/{workspace}/settings'].patch;
    expect(settings['x-credential']).toBe('settings:write');
    expect(settings.security).toEqual([{ sessionCookie: [] }, { apiKey: ['settings:write'] }]);
    expect(Object.keys(settings.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404', '413']));
    expect(doc.paths['/api/v1/workspaces'].post['x-credential']).toBe('session');
    expect(doc.paths['/api/v1/health'].get.security).toEqual([]);
    const operationIds = Object.values(doc.paths).flatMap((methods) => Object.values(methods as Record<string, { operationId: string }>).map((m) => m.operationId));
    expect(new Set(operationIds).size).toBe(operationIds.length);
  });

  it('renders a human-readable reference at /docs', async () => {
    const res = await ctx.app.inject({ url: '/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('health', () => {
  it('reports ok and ready', async () => {
    expect((await ctx.app.inject({ url: '/api/v1/health' })).json()).toEqual({ status: 'ok', version: '1.0.0' });
    expect((await ctx.app.inject({ url: '/api/v1/health/ready' })).json()).toEqual({ status: 'ready', version: '1.0.0' });
  });

  it('readiness answers 503 when the database is gone', async () => {
    const database = await openTestDatabase();
    const app = await buildApp({ config: testConfig(), database, logger: false });
    await database.close();
    const res = await app.inject({ url: '/api/v1/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('not_ready');
    expect((await app.inject({ url: '/api/v1/health' })).statusCode).toBe(200);
    await app.close();
  });
});

