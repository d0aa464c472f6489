import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeKey, createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';

// DELETE /api/v1/api-keys/self: the one key action a key may take — giving itself up (`geo logout`).

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await createTestApp();
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'selfish');
});
afterAll(() => ctx.close());

const revokeSelf = (headers: Record<string, string>) => ctx.app.inject({ method: 'DELETE', url: '/api/v1/api-keys/self', headers });
const codeOf = (res: { statusCode: number; json(): { error: { code: string } } }) => [res.statusCode, res.json().error.code];

describe('a key revokes itself', () => {
  it('revokes exactly the presented key, whatever its scopes, and it stops working at once', async () => {
    const mine = await activeKey(ctx.app, cookie, 'selfish', { scopes: ['runs:read'] });
    const other = await activeKey(ctx.app, cookie, 'selfish');
    const res = await revokeSelf(mine.bearer);
    expect([res.statusCode, res.json()]).toEqual([200, { keyId: mine.keyId, state: 'revoked' }]);
    expect(codeOf(await ctx.app.inject({ url: '/api/v1/workspaces/selfish/runs', headers: mine.bearer }))).toEqual([401, 'invalid_key']);
    expect((await ctx.app.inject({ url: '/api/v1/workspaces', headers: other.bearer })).statusCode).toBe(200);
    const keys = (await ctx.app.inject({ url: '/api/v1/workspaces/selfish/api-keys', headers: { cookie } })).json();
    expect(keys.find((k: { keyId: string }) => k.keyId === mine.keyId).state).toBe('revoked');
    expect(codeOf(await revokeSelf(mine.bearer))).toEqual([401, 'invalid_key']);
  });

  it('needs a key: nothing, a malformed header or a session cookie is 401 invalid_key', async () => {
    expect(codeOf(await revokeSelf({}))).toEqual([401, 'invalid_key']);
    expect(codeOf(await revokeSelf({ authorization: 'Basic abc' }))).toEqual([401, 'invalid_key']);
    expect(codeOf(await revokeSelf({ authorization: 'Bearer gp_live_nope' }))).toEqual([401, 'invalid_key']);
    expect(codeOf(await revokeSelf({ cookie }))).toEqual([401, 'invalid_key']);
  });

  it('holds the key to its allowed addresses', async () => {
    const fenced = await activeKey(ctx.app, cookie, 'selfish', { allowedCidrs: ['10.0.0.0/8'] });
    expect(codeOf(await revokeSelf(fenced.bearer))).toEqual([403, 'ip_forbidden']);
  });

  it('answers hostile bodies and headers with 4xx, never 5xx', async () => {
    for (const [type, payload] of [['application/json', '{"a":'], ['application/json', 'null'], ['multipart/form-data; boundary=x', '--x--'], ['text/plain', 'x']]) {
      for (const authorization of ['Bearer gp_live_x', 'Bearer \u0000', '']) {
        const res = await ctx.app.inject({ method: 'DELETE', url: '/api/v1/api-keys/self?x=%ZZ', headers: { 'content-type': type!, ...(authorization ? { authorization } : {}) }, payload });
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
      }
    }
  });
});
