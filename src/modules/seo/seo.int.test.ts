import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeKey, createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';
import { configWithGoogle, startFakeGoogle, type FakeGoogle } from '../../../test/helpers/fake-google.ts';
import { html, jobWhenDone, startFixtureSite, type FixtureSite } from '../../../test/helpers/fixture-site.ts';
import { periods } from './seo.service.ts';

// The SEO dashboard and refresh on both databases, against a Google fake speaking the wire
// format. The home page here answers 404, so no Lighthouse audit runs (those are in
// seo.browser.test.ts): the page components say so and Search Console and GA4 still count.

let ctx: TestContext;
let site: FixtureSite;
let google: FakeGoogle;
let cookie: string;
const slug = 'seo';
const price = { pagePriceMicrousd: 20_000, googleCallPriceMicrousd: 2_000, samplePages: 2 };

beforeAll(async () => {
  site = await startFixtureSite({ '/missing': (_req, res) => html(res, 'no such page', 404) });
  google = await startFakeGoogle();
  ctx = await createTestApp({ fetcher: site.fetcher, config: configWithGoogle(google, price) });
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, slug);
});
afterAll(async () => {
  await ctx.close();
  await site.close();
  await google.close();
});

const api = (method: 'GET' | 'POST', path: string, payload?: unknown, headers: Record<string, string> = { cookie }) =>
  ctx.app.inject({ method, url: `/api/v1/workspaces/${slug}${path}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const finished = (id: string) => jobWhenDone(ctx.app, slug, id, { cookie });
const available = async () => (await api('GET', '/credits/balance')).json().availableMicrousd as number;

describe('GET …/seo before any refresh', () => {
  it('answers the envelope with null scores and every component not_refreshed', async () => {
    const res = await api('GET', '/seo');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ schemaVersion: 'page-envelope.v1', workspace: slug, data: { seoScoreBp: null, geoScoreBp: null, combinedScoreBp: null, insights: [], technicalChecks: [] } });
    expect(body.data.components).toHaveLength(5);
    for (const c of body.data.components) expect(c).toMatchObject({ available: false, unavailableReason: 'not_refreshed', signalRefs: [] });
  });

  it('checks credentials: metrics:read reads, runs:write refreshes', async () => {
    const reader = await activeKey(ctx.app, cookie, slug, { scopes: ['metrics:read'] });
    expect((await api('GET', '/seo', undefined, reader.bearer)).statusCode).toBe(200);
    expect((await api('POST', '/seo', undefined, reader.bearer)).statusCode).toBe(403);
    expect((await api('GET', '/seo', undefined, {})).statusCode).toBe(401);
    expect((await api('GET', '/seo', undefined, { cookie: (await signup(ctx.app)).cookie })).statusCode).toBe(404);
  });
});

describe('POST …/seo', () => {
  it('refuses a forbidden home page and unknown fields with 400', async () => {
    expect((await api('POST', '/seo', { url: 'http://169.254.169.254/' })).statusCode).toBe(400);
    expect((await api('POST', '/seo', { url: 'http://[::ffff:10.0.0.1]/' })).statusCode).toBe(400);
    expect((await api('POST', '/seo', { other: 1 })).statusCode).toBe(400);
  });

  it('without a Google credential: the refresh succeeds, charges the page it tried, and says what is missing', async () => {
    const before = await available();
    const res = await api('POST', '/seo', { url: `${site.origin}/missing` });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ kind: 'seo_refresh', status: 'running' });
    const job = await finished(res.json().id);
    expect(job.status).toBe('succeeded');
    expect(job.lastLines.join('\n')).toMatch(/not evaluated: .*answered HTTP 404/);
    expect(await available()).toBe(before - price.pagePriceMicrousd);
    const { data } = (await api('GET', '/seo')).json();
    expect(data.components.map((c: { key: string; unavailableReason: string }) => [c.key, c.unavailableReason])).toEqual([
      ['technical_health', 'no_page_evaluation'], ['core_web_vitals', 'no_page_evaluation'], ['ai_readiness', 'no_page_evaluation'],
      ['search_performance', 'gsc_not_connected'], ['ai_referrals', 'ga4_not_connected'],
    ]);
    expect(data).toMatchObject({ seoScoreBp: null, combinedScoreBp: null, refreshJobId: job.id, scoreVersion: 'seo-score-v1' });
    expect(data.scoreId).toMatch(/^seo_/);
  });

  it('with the stored service account: Search Console and GA4 through the official clients, this period against the previous', async () => {
    const stored = await api('POST', '/credentials', { connector: 'google', key: 'service_account_json', value: google.serviceAccountJson, rotate: true });
    expect(stored.statusCode).toBeLessThan(300);
    google.requests.length = 0;
    const before = await available();
    const job = await finished((await api('POST', '/seo', { url: `${site.origin}/missing` })).json().id);
    expect(job.status, job.lastLines.join('\n')).toBe('succeeded');
    expect(await available()).toBe(before - price.pagePriceMicrousd - 4 * price.googleCallPriceMicrousd);

    const { current, previous } = periods(new Date());
    expect(google.requests.map((r) => r.path)).toEqual([
      '/token', '/webmasters/v3/sites/sc-domain:acme.com/searchAnalytics/query', '/webmasters/v3/sites/sc-domain:acme.com/searchAnalytics/query',
      '/v1beta/properties/123456789:runReport', '/v1beta/properties/123456789:runReport',
    ]);
    expect(google.requests[1]!.body).toMatchObject({ startDate: current[0], endDate: current[1], dimensions: ['query', 'page'] });
    expect(google.requests[2]!.body).toMatchObject({ startDate: previous[0], endDate: previous[1] });
    expect(google.requests[3]!.body).toMatchObject({ dimensions: [{ name: 'sessionSource' }], metrics: [{ name: 'sessions' }] });
    expect(google.requests[4]!.body).toMatchObject({
      dateRanges: [{ startDate: current[0], endDate: current[1] }], metrics: [{ name: 'sessions' }, { name: 'keyEvents' }],
      dimensions: [{ name: 'date' }, { name: 'sessionSource' }, { name: 'landingPage' }, { name: 'sessionDefaultChannelGroup' }],
    });

    // GA4's AI referrals land in the traffic views: per day, engine and landing page (paths as access logs write them).
    const ga4 = (await api('GET', `/traffic/referrals/ga4?from=${current[0]}&to=${current[1]}`)).json();
    expect(ga4).toMatchObject({ property: '123456789', syncedAt: expect.any(String) });
    expect(ga4.rows.map((r: Record<string, unknown>) => [r.engine, r.path, r.source, r.sessions, r.keyEvents])).toEqual([
      ['assistant.example', '/', 'assistant.example', 2, 1], ['chatgpt', '/pricing', 'chatgpt.com', 15, 2], ['perplexity', '/blog', 'perplexity', 5, 0],
    ]);
    const chain = (await api('GET', `/traffic/chain?from=${current[0]}&to=${current[1]}&engine=chatgpt&path=/pricing`)).json();
    expect(chain.ga4).toMatchObject({ property: '123456789' });
    expect(chain.rows[0].visits).toEqual({ accessLogs: null, ga4: 15 });

    const { data } = (await api('GET', '/seo')).json();
    const byKey = Object.fromEntries(data.components.map((c: { key: string }) => [c.key, c]));
    // 0.7 × (21 − 9)/20 + 0.3 × 0.5 = 0.57 of 20 points; 360 of 10,000 sessions from AI engines = 0.72 of 10
    expect(byKey.search_performance).toMatchObject({ available: true, points: 11.4, maximum: 20, percent: 57 });
    expect(byKey.ai_referrals).toMatchObject({ available: true, points: 7.2, maximum: 10, percent: 72 });
    expect(data.seoScoreBp).toBe(Math.round((10_000 * (11.4 + 7.2)) / 30));
    expect(data.geoScoreBp).toBeNull(); // no measurement yet
    expect(data.combinedScoreBp).toBeNull();
    expect(data.insights.map((i: { subject: string; importanceBp: number; positionChange: number | null }) => [i.subject, i.importanceBp, i.positionChange]))
      .toEqual([['acme pricing', 5000, null], ['best dashboards', 5000, 1]]);
  });

  it('a measurement gives the GEO score and the combined score', async () => {
    const run = await api('POST', '/runs', { preset: 'smoke' });
    expect(run.statusCode).toBe(202);
    expect((await finished(run.json().id)).status).toBe('succeeded');
    const { data } = (await api('GET', '/seo')).json();
    const geo = (await api('GET', '/score')).json().score as number;
    expect(data.geoScoreBp).toBe(Math.round(geo * 100));
    expect(data.combinedScoreBp).toBe(Math.round(0.4 * data.seoScoreBp + 0.6 * data.geoScoreBp));
  });

  it('one refresh at a time, and 402 when credits are short', async () => {
    const first = await api('POST', '/seo', { url: `${site.origin}/missing` });
    const second = await api('POST', '/seo', { url: `${site.origin}/missing` });
    expect([first.statusCode, second.statusCode]).toEqual([202, 409]);
    await finished(first.json().id);
    await createWorkspace(ctx.app, cookie, 'seo-poor'); // no second free grant for this user
    const poor = await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/seo-poor/seo', headers: { cookie }, payload: { url: `${site.origin}/missing` } });
    expect(poor.statusCode).toBe(402);
    expect(poor.json().error).toMatchObject({ code: 'insufficient_credits', details: { requiredMicrousd: 3 * 20_000 + 4 * 2_000, availableMicrousd: 0 } });
    // No body at all is the spec's request: the home page is https://<first domain>/.
    const bare = await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/seo-poor/seo', headers: { cookie } });
    expect(bare.statusCode).toBe(402);
  });

  it('a service account Google refuses: the Google components say so', async () => {
    // Another account's key: the token endpoint finds its signature invalid.
    const other = JSON.parse(google.serviceAccountJson);
    other.private_key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    {
      await api('POST', '/credentials', { connector: 'google', key: 'service_account_json', value: JSON.stringify(other), rotate: true });
      const job = await finished((await api('POST', '/seo', { url: `${site.origin}/missing` })).json().id);
      expect(job.status).toBe('succeeded');
      expect(job.lastLines.join('\n')).toMatch(/Google refused the service account \(HTTP 400: invalid_grant\)/);
      const { data } = (await api('GET', '/seo')).json();
      expect(data.components.slice(3).map((c: { unavailableReason: string }) => c.unavailableReason)).toEqual(['google_auth_failed', 'google_auth_failed']);
    }
  });
});
