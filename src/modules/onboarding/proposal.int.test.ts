import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkspace, signup, workspaceBody, type TestContext } from '../../../test/helpers/app.ts';
import { html, mappedFetcher, startFixtureSite, type FixtureSite } from '../../../test/helpers/fixture-site.ts';

// POST /api/v1/workspace-proposals against a fixture site on loopback (the domain mapped to it
// through the safe fetcher), then the proposal, with a GA4 id added, creates the workspace.

const CLINIC = `<!doctype html><html lang="es-ES"><head><title>Clínica Sonrisa | Dentistas en Barcelona</title>
<link rel="alternate" hreflang="ca" href="/ca/"><link rel="alternate" hreflang="x-default" href="/">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Dentist","name":"Clínica Sonrisa"}</script></head>
<body><h1>Dentistas</h1><a href="https://www.vitaldent.com/">Clínica Sonrisa vs Vitaldent</a> <a href="https://dentix.es/">Alternativa a Dentix</a></body></html>`;

let ctx: TestContext;
let site: FixtureSite;
let cookie: string;

beforeAll(async () => {
  site = await startFixtureSite({ '/': (_req, res) => html(res, CLINIC) });
  ctx = await createTestApp({ fetcher: mappedFetcher({ 'sonrisa.es': site }) });
  cookie = (await signup(ctx.app)).cookie;
});
afterAll(async () => {
  await ctx.close();
  await site.close();
});

const propose = (payload: unknown, headers: Record<string, string> = { cookie }) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/workspace-proposals', headers, payload: payload as object });

describe('POST /api/v1/workspace-proposals', () => {
  it('proposes every field but the GA4 id from the site, for free, and the proposal creates the workspace', async () => {
    await createWorkspace(ctx.app, cookie, 'clinica-sonrisa');
    const res = await propose({ brandName: 'Clínica Sonrisa', domain: 'sonrisa.es' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      proposal: {
        brand: 'clinica-sonrisa-2', displayName: 'Clínica Sonrisa', domains: ['sonrisa.es'], languages: ['es', 'ca'], regions: ['es'],
        gscProperty: 'sc-domain:sonrisa.es', activeSetSize: 50, complianceProfile: 'eu_medical',
      },
      site: { read: true }, simulated: true, chargedMicrousd: 0,
    });
    // Only what the site names, each with its source; the simulated engine invents nobody.
    expect(body.proposal.competitors).toEqual([
      { name: 'Vitaldent', domains: ['vitaldent.com'], aliases: ['Vitaldent'], ambiguous: false },
      { name: 'Dentix', domains: ['dentix.es'], aliases: ['Dentix'], ambiguous: false },
    ]);
    expect(body.competitorSources.map((c: { name: string; source: string }) => [c.name, c.source])).toEqual([['Vitaldent', 'site'], ['Dentix', 'site']]);
    expect(body.competitorSources[0].detail).toContain('Clínica Sonrisa vs Vitaldent');
    const created = await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces', headers: { cookie }, payload: { ...body.proposal, ga4Property: '123456789' } });
    expect(created.statusCode).toBe(201);
    expect(created.json().slug).toBe('clinica-sonrisa-2');
  });

  it('still proposes when the site does not answer, and says so', async () => {
    const res = await propose({ brandName: 'Nowhere', domain: 'nowhere.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ proposal: { brand: 'nowhere', displayName: 'Nowhere', languages: ['en'], regions: [] }, site: { read: false, url: null } });
  });

  it('proposes no competitor without a source: the list is empty and the form asks', async () => {
    const body = (await propose({ brandName: 'Nowhere', domain: 'nowhere.com' })).json();
    expect(body.proposal.competitors).toEqual([]);
    expect(body.competitorSources).toEqual([]);
    expect(body.reasons.competitors).toMatch(/Who do you lose deals to/);
  });

  it.each([
    [{ brandName: 'Acme', domain: 'https://acme.com/' }, 'body.domain'],
    [{ brandName: 'A', domain: 'acme.com' }, 'body.brandName'],
    [{ domain: 'acme.com' }, 'brandName'],
    [{ brandName: 'Acme', domain: 'acme.com', extra: 1 }, 'extra'],
  ])('400 naming the field for %j', async (payload, field) => {
    const res = await propose(payload);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(field);
  });

  it('needs a session', async () => {
    expect((await propose({ brandName: 'Acme', domain: 'acme.com' }, {})).statusCode).toBe(401);
  });
});
