import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkspace, signup, workspaceBody, type TestContext } from '../../../test/helpers/app.ts';

// Spec 7 pins the error envelope `{error:{code, message, requestId}}`, all strings. Later
// additions (every validation failure in `details.errors`, the add-credits hint in
// `details.addCredits`) sit beside those three fields and must never replace or retype them:
// this walks one real failure of each kind and checks the envelope around its details.

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await createTestApp();
  cookie = (await signup(ctx.app)).cookie;
  // The user's first workspace takes the free credit; the second starts at zero.
  await createWorkspace(ctx.app, cookie, 'funded');
  await createWorkspace(ctx.app, cookie, 'envelope');
});
afterAll(() => ctx.close());

type Call = { method: 'GET' | 'POST'; url: string; payload?: object; auth?: 'session' | 'badKey' };
const CASES: Array<[string, Call, number, string]> = [
  ['400 with every failure', { method: 'POST', url: '/api/v1/workspaces', payload: workspaceBody('Bad', { slug: 'NO SPACES', displayName: '' }) }, 400, 'invalid_request'],
  ['401 bad key', { method: 'GET', url: '/api/v1/workspaces/envelope/score', auth: 'badKey' }, 401, 'invalid_key'],
  ['402 with the add-credits hint', { method: 'POST', url: '/api/v1/workspaces/envelope/runs', payload: { preset: 'smoke' } }, 402, 'insufficient_credits'],
  ['404 unknown workspace', { method: 'GET', url: '/api/v1/workspaces/nowhere/runs' }, 404, 'workspace_not_found'],
];

describe('spec 7 error envelope', () => {
  it.each(CASES)('%s keeps {error:{code, message, requestId}} as strings', async (_name, call, status, code) => {
    const headers = call.auth === 'badKey' ? { authorization: 'Bearer geo_live_nope' } : { cookie };
    const res = await ctx.app.inject({ method: call.method, url: call.url, headers, ...(call.payload ? { payload: call.payload } : {}) });
    expect(res.statusCode).toBe(status);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['error']);
    const { error } = body;
    expect(error.code).toBe(code);
    expect(typeof error.message).toBe('string');
    expect(error.message.length).toBeGreaterThan(0);
    expect(error.requestId).toBe(res.headers['x-request-id']);
    if ('details' in error) expect(error.details).toBeTypeOf('object');
  });

  it('402 carries the spec fields next to the hint, as integers', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/envelope/runs', headers: { cookie }, payload: { preset: 'smoke' } });
    const { details } = res.json().error;
    expect(Number.isInteger(details.requiredMicrousd) && details.requiredMicrousd > 0).toBe(true);
    expect(details.availableMicrousd).toBe(0);
    expect(details.addCredits).toMatchObject({ credential: 'session' });
  });

  it('400 names each failed field in details.errors and repeats each in the message', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces', headers: { cookie }, payload: workspaceBody('Bad', { slug: 'NO SPACES', displayName: '' }) });
    const { message, details } = res.json().error;
    expect(details.errors.length).toBeGreaterThanOrEqual(2);
    for (const item of details.errors) {
      expect(typeof item.field).toBe('string');
      expect(message).toContain(item.field);
    }
  });
});
