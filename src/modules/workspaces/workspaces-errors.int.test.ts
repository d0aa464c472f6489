import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signup, workspaceBody, type TestContext } from '../../../test/helpers/app.ts';
import { DOMAIN_PATTERN, SLUG_PATTERN } from './workspaces.schemas.ts';

// A first request should be fixable in one go: one answer lists every failure of the creation
// body, and a pattern failure says in words what is expected instead of quoting the regular expression.

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await createTestApp();
  cookie = (await signup(ctx.app)).cookie;
});
afterAll(() => ctx.close());

const create = (body: Record<string, unknown>) => ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces', headers: { cookie }, payload: body });

describe('workspace creation errors', () => {
  it('reports every failing field at once, each in details.errors', async () => {
    const body = workspaceBody('Bad_Brand', {
      displayName: 'A', domains: ['Acme.com'], regions: ['us1'], gscProperty: 'acme.com', ga4Property: '12', activeSetSize: 5,
      quotas: { ...workspaceBody('x').quotas, discovery: 0.9 }, extra: true,
    });
    const res = await create(body);
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('invalid_request');
    const fields = (error.details.errors as Array<{ field: string }>).map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining([
      'body', 'body.brand', 'body.displayName', 'body.domains[0]', 'body.regions[0]', 'body.gscProperty', 'body.ga4Property', 'body.activeSetSize', 'body.quotas',
    ]));
    for (const e of error.details.errors as Array<{ message: string }>) expect(error.message).toContain(e.message);
  });

  it.each([
    ['brand', { brand: 'Acme' }, 'body.brand must be 2 to 20 lowercase letters'],
    ['domain', { domains: ['-acme.com'] }, 'body.domains[0] must be a lowercase domain name such as example.com'],
    ['region', { regions: ['us1'] }, 'body.regions[0] must be 2 to 20 lowercase letters (a-z) or hyphens'],
    ['Search Console property', { gscProperty: 'example.com' }, 'body.gscProperty must be "sc-domain:" followed by a domain'],
    ['GA4 property', { ga4Property: 'G-123' }, 'body.ga4Property must be 6 to 12 digits'],
    ['competitor domain', { competitors: [{ name: 'Rival', domains: ['rival'], aliases: ['R'], ambiguous: false }, workspaceBody('x').competitors[1]] }, 'body.competitors[0].domains[0] must be a lowercase domain'],
  ])('a bad %s is explained in words, never as the regular expression', async (_name, over, words) => {
    const res = await create(workspaceBody('words-ok', over));
    expect(res.statusCode).toBe(400);
    const { message } = res.json().error;
    expect(message).toContain(words);
    for (const regex of [SLUG_PATTERN, DOMAIN_PATTERN, '^[a-z-]{2,20}$', '^[0-9]{6,12}$']) expect(message).not.toContain(regex);
  });

  it('a single failure keeps the one-message shape', async () => {
    const res = await create(workspaceBody('single', { activeSetSize: 301 }));
    expect(res.json().error).toMatchObject({
      code: 'invalid_request', message: 'body.activeSetSize must be <= 300',
      details: { errors: [{ field: 'body.activeSetSize', keyword: 'maximum', message: 'body.activeSetSize must be <= 300' }] },
    });
  });
});
