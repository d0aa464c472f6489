import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signup, workspaceBody, type TestContext } from '../../../test/helpers/app.ts';

// Spec 2.1-2.4: every constraint of the creation body, with its boundary on both sides.

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await createTestApp();
  cookie = (await signup(ctx.app)).cookie;
});
afterAll(() => ctx.close());

let n = 0;
const uniqueBrand = () => `b${++n}-${Math.random().toString(36).slice(2, 8)}`;
const create = (body: Record<string, unknown>) => ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces', headers: { cookie }, payload: body });

const base = () => workspaceBody('placeholder');
const competitor = (over: Record<string, unknown> = {}) => ({ name: 'Rival', domains: ['rival.com'], aliases: ['Rival'], ambiguous: false, ...over });
const competitors = (count: number) => Array.from({ length: count }, (_, i) => competitor({ name: `Rival ${i}` }));
const quotas = (over: Record<string, unknown> = {}) => ({ ...base().quotas, ...over });
const times = (count: number, make: (i: number) => string) => Array.from({ length: count }, (_, i) => make(i));
const letters = (count: number) => 'x'.repeat(count);

type Case = [string, Record<string, unknown>, boolean];
const cases: Case[] = [
  ['brand of 2 characters', { brand: 'ab' }, true],
  ['brand of 1 character', { brand: 'a' }, false],
  ['brand of 20 characters', { brand: 'b'.repeat(20) }, true],
  ['brand of 21 characters', { brand: 'c'.repeat(21) }, false],
  ['brand with uppercase', { brand: 'Acme' }, false],
  ['brand with underscore', { brand: 'acme_x' }, false],
  ['displayName of 2', { displayName: 'AB' }, true],
  ['displayName of 1', { displayName: 'A' }, false],
  ['displayName of 60', { displayName: letters(60) }, true],
  ['displayName of 61', { displayName: letters(61) }, false],
  ['no domains', { domains: [] }, false],
  ['8 domains', { domains: times(8, (i) => `d${i}.com`) }, true],
  ['9 domains', { domains: times(9, (i) => `d${i}.com`) }, false],
  ['domain with subdomain and digits', { domains: ['shop.acme-2.co.uk'] }, true],
  ['domain with inner double hyphen', { domains: ['x--y.com'] }, true],
  ['domain with uppercase', { domains: ['Acme.com'] }, false],
  ['label starting with a hyphen', { domains: ['-acme.com'] }, false],
  ['label ending with a hyphen', { domains: ['acme-.com'] }, false],
  ['one-letter top label', { domains: ['acme.c'] }, false],
  ['top label with a digit', { domains: ['acme.c0m'] }, false],
  ['single label', { domains: ['acme'] }, false],
  ['trailing dot', { domains: ['acme.com.'] }, false],
  ['empty label', { domains: ['acme..com'] }, false],
  ['URL instead of domain', { domains: ['https://acme.com'] }, false],
  ['no languages', { languages: [] }, false],
  ['all four languages', { languages: ['en', 'es', 'ca', 'fr'] }, true],
  ['unsupported language', { languages: ['de'] }, false],
  ['no regions', { regions: [] }, true],
  ['8 regions', { regions: times(8, (i) => `r${'abcdefgh'[i]}`) }, true],
  ['9 regions', { regions: times(9, (i) => `r${'abcdefghi'[i]}`) }, false],
  ['region of 1 character', { regions: ['u'] }, false],
  ['region of 20 characters', { regions: ['a'.repeat(20)] }, true],
  ['region of 21 characters', { regions: ['a'.repeat(21)] }, false],
  ['region with a digit', { regions: ['us1'] }, false],
  ['1 competitor', { competitors: competitors(1) }, false],
  ['2 competitors', { competitors: competitors(2) }, true],
  ['12 competitors', { competitors: competitors(12) }, true],
  ['13 competitors', { competitors: competitors(13) }, false],
  ['competitor name of 1', { competitors: [competitor({ name: 'R' }), competitor()] }, false],
  ['competitor name of 60', { competitors: [competitor({ name: letters(60) }), competitor()] }, true],
  ['competitor name of 61', { competitors: [competitor({ name: letters(61) }), competitor()] }, false],
  ['competitor without domains', { competitors: [competitor({ domains: [] }), competitor()] }, false],
  ['competitor with 5 domains', { competitors: [competitor({ domains: times(5, (i) => `c${i}.com`) }), competitor()] }, true],
  ['competitor with 6 domains', { competitors: [competitor({ domains: times(6, (i) => `c${i}.com`) }), competitor()] }, false],
  ['competitor with a bad domain', { competitors: [competitor({ domains: ['rival'] }), competitor()] }, false],
  ['competitor without aliases', { competitors: [competitor({ aliases: [] }), competitor()] }, false],
  ['competitor with 8 aliases', { competitors: [competitor({ aliases: times(8, (i) => `a${i}`) }), competitor()] }, true],
  ['competitor with 9 aliases', { competitors: [competitor({ aliases: times(9, (i) => `a${i}`) }), competitor()] }, false],
  ['empty alias', { competitors: [competitor({ aliases: [''] }), competitor()] }, false],
  ['alias of 1', { competitors: [competitor({ aliases: ['R'] }), competitor()] }, true],
  ['alias of 60', { competitors: [competitor({ aliases: [letters(60)] }), competitor()] }, true],
  ['alias of 61', { competitors: [competitor({ aliases: [letters(61)] }), competitor()] }, false],
  ['competitor without ambiguous', { competitors: [{ name: 'Rival', domains: ['rival.com'], aliases: ['R'] }, competitor()] }, false],
  ['competitor with a string ambiguous', { competitors: [competitor({ ambiguous: 'yes' }), competitor()] }, false],
  ['competitor with an extra field', { competitors: [competitor({ url: 'https://rival.com' }), competitor()] }, false],
  ['gscProperty sc-domain', { gscProperty: 'sc-domain:acme.co.uk' }, true],
  ['gscProperty without prefix', { gscProperty: 'acme.com' }, false],
  ['gscProperty URL prefix', { gscProperty: 'https://acme.com/' }, false],
  ['gscProperty with empty domain', { gscProperty: 'sc-domain:' }, false],
  ['gscProperty with a bad domain', { gscProperty: 'sc-domain:Acme.com' }, false],
  ['ga4Property of 6 digits', { ga4Property: '123456' }, true],
  ['ga4Property of 5 digits', { ga4Property: '12345' }, false],
  ['ga4Property of 12 digits', { ga4Property: '123456789012' }, true],
  ['ga4Property of 13 digits', { ga4Property: '1234567890123' }, false],
  ['ga4Property with a letter', { ga4Property: '12345a' }, false],
  ['ga4Property as a number', { ga4Property: 123456 }, false],
  ['activeSetSize 20', { activeSetSize: 20 }, true],
  ['activeSetSize 19', { activeSetSize: 19 }, false],
  ['activeSetSize 300', { activeSetSize: 300 }, true],
  ['activeSetSize 301', { activeSetSize: 301 }, false],
  ['activeSetSize not an integer', { activeSetSize: 50.5 }, false],
  ['activeSetSize as a string', { activeSetSize: '50' }, false],
  ['complianceProfile eu_medical', { complianceProfile: 'eu_medical' }, true],
  ['unknown complianceProfile', { complianceProfile: 'hipaa' }, false],
  ['quotas summing to 1.0001', { quotas: quotas({ discovery: 0.2001 }) }, true],
  ['quotas summing to 0.9999', { quotas: quotas({ discovery: 0.1999 }) }, true],
  ['quotas summing to 1.00011', { quotas: quotas({ discovery: 0.20011 }) }, false],
  ['quotas summing to 0.99989', { quotas: quotas({ discovery: 0.19989 }) }, false],
  ['quotas summing to 0.9', { quotas: quotas({ discovery: 0.1 }) }, false],
  ['quota below 0', { quotas: quotas({ discovery: -0.1, expert: 0.4 }) }, false],
  ['quota above 1', { quotas: { discovery: 1.5, problem_solution: -0.1, use_case: -0.1, comparison: -0.1, expert: -0.1, brand_research: -0.1 } }, false],
  ['quota 1 with the rest 0', { quotas: { discovery: 1, problem_solution: 0, use_case: 0, comparison: 0, expert: 0, brand_research: 0 } }, true],
  ['quota as a string', { quotas: quotas({ discovery: '0.2' }) }, false],
  ['quotas with an extra key', { quotas: quotas({ other: 0 }) }, false],
  ['extra top-level field', { plan: 'pro' }, false],
];

describe('workspace creation body', () => {
  it.each(cases)('%s', async (_name, override, ok) => {
    const body = { ...base(), brand: uniqueBrand(), ...override };
    const res = await create(body);
    if (ok) {
      expect(res.statusCode, res.body).toBe(201);
    } else {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('invalid_request');
      expect(res.json().error.message).toMatch(/^body\b/);
    }
  });

  it.each(Object.keys(base()))('rejects a body without %s, naming it', async (field) => {
    const body: Record<string, unknown> = { ...base(), brand: uniqueBrand() };
    delete body[field];
    const res = await create(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(field);
  });

  it.each(['discovery', 'problem_solution', 'use_case', 'comparison', 'expert', 'brand_research'])('rejects quotas without %s', async (key) => {
    const q: Record<string, unknown> = quotas();
    delete q[key];
    const res = await create({ ...base(), brand: uniqueBrand(), quotas: q });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(`quotas.${key}`);
  });

  it('names the nested field that failed', async () => {
    const res = await create({ ...base(), brand: uniqueBrand(), competitors: [competitor(), competitor({ domains: ['ok.com', 'BAD'] })] });
    expect(res.json().error.message).toContain('body.competitors[1].domains[1]');
  });

  it('says what the quotas sum to', async () => {
    const res = await create({ ...base(), brand: uniqueBrand(), quotas: quotas({ discovery: 0.1 }) });
    expect(res.json().error.message).toMatch(/quotas must sum to 1\.0 within 0\.0001.*0\.9/);
  });
});

describe('workspace created response (2.4)', () => {
  it('answers 201 with the slug and an honest emailProvisioning', async () => {
    const res = await create(workspaceBody('acme-created'));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      slug: 'acme-created',
      emailProvisioning: {
        workspace: 'acme-created', status: 'unconfigured', email: null, inboxId: null, attempts: 0,
        message: expect.stringMatching(/no email provider is configured/i),
      },
      freeCredit: expect.objectContaining({ status: expect.stringMatching(/^(granted|not_eligible)$/), amountMicrousd: expect.any(Number) }),
    });
  });

  it('refuses a brand that is already a slug with 409 slug_taken and writes nothing', async () => {
    await create(workspaceBody('acme-twice'));
    const res = await create(workspaceBody('acme-twice', { displayName: 'Other' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('slug_taken');
    const settings = await ctx.app.inject({ url: '/api/v1/workspaces/acme-twice/settings', headers: { cookie } });
    expect(settings.json().displayName).toBe('Acme Analytics');
  });

  it('needs a session', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces', payload: workspaceBody('no-session') });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('invalid_key');
  });
});
