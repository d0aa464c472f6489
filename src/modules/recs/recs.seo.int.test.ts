import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';
import { configWithGoogle, GSC_ROWS, startFakeGoogle, type FakeGoogle } from '../../../test/helpers/fake-google.ts';
import { html, jobWhenDone, startFixtureSite, type FixtureSite } from '../../../test/helpers/fixture-site.ts';

// The seo lane end to end on both databases: an SEO refresh reads Search Console through the
// official googleapis client (a loopback fake speaking its wire format), then generation turns
// its insights into items — here the home page losing clicks (50 → 40 between the periods) and
// a query with many impressions and a low CTR.

let ctx: TestContext;
let site: FixtureSite;
let google: FakeGoogle;
let cookie: string;
const slug = 'recs-seo';

beforeAll(async () => {
  site = await startFixtureSite({ '/missing': (_req, res) => html(res, 'no such page', 404) });
  google = await startFakeGoogle();
  ctx = await createTestApp({ fetcher: site.fetcher, config: configWithGoogle(google, { pagePriceMicrousd: 20_000, googleCallPriceMicrousd: 2_000, samplePages: 0 }) });
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, slug);
});
afterAll(async () => {
  await ctx.close();
  await site.close();
  await google.close();
});

const api = (method: 'GET' | 'POST', path: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1/workspaces/${slug}${path}`, headers: { cookie }, ...(payload ? { payload } : {}) });
const finished = (id: string) => jobWhenDone(ctx.app, slug, id, { cookie });

describe('seo lane from a Search Console refresh', () => {
  it('derives pages losing clicks (and low-CTR queries) and creates search_losing_clicks items', async () => {
    await api('POST', '/credits/top-up', { amountMicrousd: 5_000_000, idempotencyKey: 'recs-seo-top-up' });
    expect((await api('POST', '/credentials', { connector: 'google', key: 'service_account_json', value: google.serviceAccountJson, rotate: true })).statusCode).toBeLessThan(300);
    const refresh = await finished((await api('POST', '/seo', { url: `${site.origin}/missing` })).json().id);
    expect(refresh.status, refresh.lastLines.join('\n')).toBe('succeeded');
    expect(google.requests.filter((r) => r.path.endsWith('/searchAnalytics/query')).map((r) => r.body.dimensions)).toEqual([['query', 'page'], ['query', 'page']]);

    const generated = await finished((await api('POST', '/recs/generate', { lane: 'seo' })).json().id);
    expect(generated.status, generated.lastLines.join('\n')).toBe('succeeded');
    const items = Object.values((await api('GET', '/recs')).json()).flat() as Array<Record<string, any>>;
    const home = GSC_ROWS.current[0]!;
    const losing = items.filter((i) => i.type === 'search_losing_clicks');
    expect(losing).toHaveLength(1);
    expect(losing[0]).toMatchObject({
      lane: 'seo', status: 'proposed', topic: `gsc:losing_clicks:${home.keys[1]}`,
      evidence: { urls: [home.keys[1]], facts: { kind: 'losing_clicks', page: home.keys[1] }, metric: { name: 'ctr', scope: { page: home.keys[1] }, source: 'seo' } },
    });
    // The page is said by its path in words, never as a URL or a key (texts.fns.ts).
    expect(losing[0]).toMatchObject({ title: 'Win back the clicks the home page is losing', why: 'Clicks from the home page fell from 50 to 40.' });
    expect(losing[0]!.evidence.summary).toBe('Clicks from the home page fell from 50 to 40.');
    expect(losing[0]!.evidence.figures).toEqual(expect.arrayContaining([
      expect.objectContaining({ label: 'Previous clicks', value: 50, n: 1000 }),
      expect.objectContaining({ label: 'Click-through rate', k: 40, n: 1000 }),
    ]));
    expect(items.map((i) => i.type).sort()).toEqual(['search_losing_clicks', 'search_low_ctr']);

    // Accepting it snapshots the page's CTR from the same signals, with its n.
    const accepted = await api('POST', `/recs/${losing[0]!.rec_id}/transition`, { action: 'accept', expectedStatus: 'proposed', expectedVersion: 1, idempotencyKey: 'accept-losing' });
    expect(accepted.statusCode).toBe(200);
    const detail = (await api('GET', `/recs/${losing[0]!.rec_id}`)).json();
    expect(detail.effect).toMatchObject({ verdict: 'pending', before: { k: 40, n: 1000, value: 4 } });
  });
});
