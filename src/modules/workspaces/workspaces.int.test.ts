import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkspace, signup, withoutRequestId, workspaceBody, type TestContext } from '../../../test/helpers/app.ts';
import type { InboxProvider } from '../email/email.service.ts';

let ctx: TestContext;
let owner: string;
let stranger: string;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = (await signup(ctx.app)).cookie;
  stranger = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, owner, 'acme');
  await createWorkspace(ctx.app, owner, 'acme-two', { displayName: 'Acme Two', domains: ['acme2.com', 'acme2.io'] });
  await createWorkspace(ctx.app, stranger, 'strangers');
});
afterAll(() => ctx.close());

const req = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, cookie = owner) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('list (2.5)', () => {
  it('is a plain array of the caller’s workspaces with their role', async () => {
    const res = await req('GET', '/api/v1/workspaces');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: 'acme', displayName: 'Acme Analytics', plan: 'free', role: 'owner', domains: ['acme.com'] },
      { id: 'acme-two', displayName: 'Acme Two', plan: 'free', role: 'owner', domains: ['acme2.com', 'acme2.io'] },
    ]);
    expect((await req('GET', '/api/v1/workspaces', undefined, stranger)).json().map((w: { id: string }) => w.id)).toEqual(['strangers']);
  });

  it('is empty for a new user', async () => {
    const { cookie } = await signup(ctx.app);
    expect((await req('GET', '/api/v1/workspaces', undefined, cookie)).json()).toEqual([]);
  });
});

describe('settings and profile (2.6)', () => {
  it('reads every creation field plus the profile fields', async () => {
    const res = await req('GET', '/api/v1/workspaces/acme/settings');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      slug: 'acme', brand: 'acme', displayName: 'Acme Analytics', domains: ['acme.com'], languages: ['en', 'es'],
      regions: ['us', 'eu-west'], gscProperty: 'sc-domain:acme.com', ga4Property: '123456789', activeSetSize: 50,
      complianceProfile: 'none', plan: 'free', about: null, industry: null, email: null, designMd: null,
      competitors: [expect.objectContaining({ index: 0, name: 'Globex' }), expect.objectContaining({ index: 1, name: 'Initech', ambiguous: true })],
    });
    expect(res.json().quotas.discovery).toBe(0.2);
  });

  it('changes only the supplied fields; profile is an alias of settings', async () => {
    const patch = {
      displayName: 'Acme Inc', about: 'We measure things.', industry: 'Analytics', email: 'hello@acme.com',
      brandColors: { primary: '#112233' }, brandMeta: { logoUrl: 'https://acme.com/logo.png', fontNames: ['Inter'] },
      socials: { linkedin: 'https://linkedin.com/company/acme' }, productsServices: [{ name: 'Acme Cloud' }], designMd: '# Design',
    };
    const res = await req('PATCH', '/api/v1/workspaces/acme-two/settings', patch);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...patch, domains: ['acme2.com', 'acme2.io'], languages: ['en', 'es'] });
    const profile = await req('GET', '/api/v1/workspaces/acme-two/profile');
    expect(profile.json()).toEqual({ ...res.json() });
    const cleared = await req('PATCH', '/api/v1/workspaces/acme-two/profile', { about: null, languages: ['fr'] });
    expect(cleared.json()).toMatchObject({ about: null, languages: ['fr'], industry: 'Analytics' });
  });

  it.each([
    ['an empty body', {}, 'at least 1'],
    ['an unknown field', { brand: 'renamed' }, 'body.brand'],
    ['a displayName of 1', { displayName: 'A' }, 'body.displayName'],
    ['a displayName of 61', { displayName: 'x'.repeat(61) }, 'body.displayName'],
    ['a bad domain', { domains: ['Acme.com'] }, 'body.domains[0]'],
    ['9 domains', { domains: Array.from({ length: 9 }, (_, i) => `d${i}.com`) }, 'body.domains'],
    ['no languages', { languages: [] }, 'body.languages'],
    ['a malformed email', { email: 'nope' }, 'body.email'],
    ['a non-http logo', { brandMeta: { logoUrl: 'javascript:alert(1)' } }, 'body.brandMeta.logoUrl'],
    ['an unknown colour key', { brandColors: { primary: '#fff', neon: '#0f0' } }, 'body.brandColors.neon'],
    ['null displayName', { displayName: null }, 'body.displayName'],
    ['a social network name out of pattern', { socials: { X: 'https://x.com/acme' } }, 'body.socials'],
    ['a social that is not a URL', { socials: { x: { a: 1 } } }, 'body.socials.x'],
    ['a non-http social', { socials: { x: 'javascript:alert(1)' } }, 'body.socials.x'],
  ])('400 for %s', async (_name, body, hint) => {
    const res = await req('PATCH', '/api/v1/workspaces/acme/settings', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_request');
    expect(res.json().error.message).toContain(hint);
  });
});

describe('model', () => {
  it('starts on the server default and keeps the chosen one', async () => {
    expect((await req('GET', '/api/v1/workspaces/acme/model')).json()).toEqual({ model: 'openai:gpt-4.1-mini', name: 'OpenAI · GPT-4.1 mini', language: 'en', isDefault: true, usable: false, reason: 'no_key' });
    const put = await req('PUT', '/api/v1/workspaces/acme/model', { model: 'anthropic:claude-sonnet-4' });
    expect(put.json()).toEqual({ model: 'anthropic:claude-sonnet-4', name: 'Anthropic · Claude Sonnet 4', language: 'en', isDefault: false, usable: false, reason: 'no_key' });
    expect((await req('GET', '/api/v1/workspaces/acme/model')).json().model).toBe('anthropic:claude-sonnet-4');
  });

  it.each([[{}], [{ model: '' }], [{ model: 'has spaces' }], [{ model: 'x'.repeat(101) }], [{ model: 'a', extra: 1 }]])('400 for %j', async (body) => {
    expect((await req('PUT', '/api/v1/workspaces/acme/model', body)).statusCode).toBe(400);
  });
});

describe('competitors', () => {
  const rival = (name: string) => ({ name, domains: [`${name.toLowerCase()}.com`], aliases: [name], ambiguous: false });

  it('adds up to 12, replaces by index, deletes down to 2', async () => {
    await createWorkspace(ctx.app, owner, 'comp');
    const url = '/api/v1/workspaces/comp/competitors';
    for (let i = 3; i <= 12; i++) expect((await req('POST', url, rival(`Rival${i}`))).statusCode).toBe(200);
    const full = await req('POST', url, rival('Thirteen'));
    expect(full.statusCode).toBe(400);
    expect(full.json().error.message).toMatch(/at most 12/);

    const replaced = await req('PUT', url, { index: 1, name: 'Initech Two', domains: ['initech2.io'], aliases: ['I2'] });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().competitors[1]).toEqual({ index: 1, name: 'Initech Two', domains: ['initech2.io'], aliases: ['I2'], ambiguous: true });
    expect((await req('PUT', url, { index: 12, ...rival('Past') })).json().error.code).toBe('not_found');
    expect((await req('PUT', url, { index: 12, ...rival('Past') })).statusCode).toBe(404);

    for (let i = 12; i > 2; i--) expect((await req('DELETE', url, { index: 0 })).statusCode).toBe(200);
    const list = await req('GET', url);
    expect(list.json().competitors.map((c: { index: number }) => c.index)).toEqual([0, 1]);
    const last = await req('DELETE', url, { index: 0 });
    expect(last.statusCode).toBe(400);
    expect(last.json().error.message).toMatch(/at least 2/);
    expect((await req('DELETE', url, { index: 5 })).statusCode).toBe(404);
  });

  it.each([
    ['POST', { name: 'R', domains: ['r.com'], aliases: ['R'], ambiguous: false }],
    ['POST', { name: 'Rival', domains: ['r.com'], aliases: ['R'] }],
    ['POST', { name: 'Rival', domains: ['r.com'], aliases: ['R'], ambiguous: false, index: 0 }],
    ['PUT', { name: 'Rival', domains: ['r.com'], aliases: ['R'] }],
    ['PUT', { index: -1, name: 'Rival', domains: ['r.com'], aliases: ['R'] }],
    ['PUT', { index: 0, name: 'Rival', domains: ['r.com'], aliases: Array(9).fill('a') }],
    ['DELETE', {}],
    ['DELETE', { index: 'one' }],
    ['DELETE', { index: 1.5 }],
  ] as const)('%s with %j is 400', async (method, body) => {
    const res = await req(method, '/api/v1/workspaces/acme/competitors', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_request');
  });

  it('serialises parallel additions: at 11 competitors exactly one of five more fits', async () => {
    await createWorkspace(ctx.app, owner, 'comp-race');
    const url = '/api/v1/workspaces/comp-race/competitors';
    for (let i = 3; i <= 11; i++) await req('POST', url, rival(`Rival${i}`));
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => req('POST', url, rival(`Racer${i}`))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400, 400]);
    expect((await req('GET', url)).json().competitors).toHaveLength(12);
  });
});

describe('anti-enumeration', () => {
  const variants = ['strangers', 'does-not-exist', 'UPPER', 'bad_slug', 'x'.repeat(300), '%41cme', 'a%20b', 'acme%00'];
  it.each([
    ['GET', '/settings', undefined],
    ['PATCH', '/profile', { displayName: 'Hacked' }],
    ['PUT', '/model', { model: 'x' }],
    ['DELETE', '/competitors', { index: 0 }],
  ] as const)('%s %s answers the same 404 for foreign, unknown and malformed slugs', async (method, suffix, body) => {
    const bodies = new Set<string>();
    for (const slug of variants) {
      const res = await req(method, `/api/v1/workspaces/${slug}${suffix}`, body);
      expect(res.statusCode, slug).toBe(404);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      bodies.add(withoutRequestId(res.body));
    }
    expect([...bodies], [...bodies].join('\n')).toEqual(['{"error":{"code":"workspace_not_found","message":"Workspace not found.","requestId":"-"}}']);
  });

  it('checks the workspace before validating the body', async () => {
    const res = await req('PATCH', '/api/v1/workspaces/strangers/settings', { nonsense: true });
    expect(res.statusCode).toBe(404);
  });
});

describe('email provisioning through a provider adapter', () => {
  const provider = (behaviour: (attempt: number) => ReturnType<InboxProvider['createInbox']>): InboxProvider => {
    let attempt = 0;
    return { name: 'fakemail', createInbox: () => behaviour(++attempt) };
  };
  const createWith = async (inboxProvider: InboxProvider, brand: string) => {
    const other = await createTestApp({ inboxProvider }, ctx.database);
    try {
      return (await other.app.inject({ method: 'POST', url: '/api/v1/workspaces', headers: { cookie: owner }, payload: workspaceBody(brand) })).json();
    } finally {
      await other.close();
    }
  };

  it('reports provisioned with the inbox', async () => {
    const body = await createWith(provider(async () => ({ status: 'provisioned', email: 'mail-ok@inbox.example', inboxId: 'inb_1' })), 'mail-ok');
    expect(body.emailProvisioning).toEqual({ workspace: 'mail-ok', status: 'provisioned', email: 'mail-ok@inbox.example', inboxId: 'inb_1', attempts: 1, message: expect.any(String) });
  });

  it('retries a failing provider and reports failed after 3 attempts', async () => {
    const body = await createWith(provider(async () => { throw new Error('upstream 503'); }), 'mail-fail');
    expect(body.emailProvisioning).toMatchObject({ status: 'failed', email: null, inboxId: null, attempts: 3 });
    expect(body.emailProvisioning.message).toContain('upstream 503');
  });

  it('succeeds on a retry', async () => {
    const body = await createWith(provider(async (n) => { if (n < 2) throw new Error('timeout'); return { status: 'provisioned', email: 'm@inbox.example', inboxId: 'inb_2' }; }), 'mail-retry');
    expect(body.emailProvisioning).toMatchObject({ status: 'provisioned', attempts: 2 });
  });

  it('reports a username conflict', async () => {
    const body = await createWith(provider(async () => ({ status: 'username_conflict', message: 'mail-taken is taken' })), 'mail-taken');
    expect(body.emailProvisioning).toMatchObject({ status: 'username_conflict', email: null, attempts: 1, message: 'mail-taken is taken' });
  });
});
