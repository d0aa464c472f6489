import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeKey, createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';
import { until } from '../../../test/helpers/wait.ts';

// Agency settings once (issue 44): a person sets agency name, logo, white-label, time zone and
// language at the account level; every workspace they created inherits each field it does not
// set itself, and says which fields are inherited. Another person's workspaces are untouched.

let ctx: TestContext;
let agency: string;
beforeAll(async () => {
  ctx = await createTestApp();
  agency = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, agency, 'ag-es', { languages: ['es'] });
  await createWorkspace(ctx.app, agency, 'ag-fr', { languages: ['fr'] });
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'PUT', url: string, payload?: object, cookie = agency) =>
  ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const settings = async (slug: string) => (await call('GET', `/api/v1/workspaces/${slug}/reports/settings`)).json();
const ALL = ['agencyName', 'agencyLogo', 'agencyColor', 'whiteLabel', 'timeZone', 'language'];

describe('agency settings', () => {
  it('before any are set, a workspace reads in its own language, in UTC, with no agency', async () => {
    expect(await settings('ag-es')).toEqual({ agencyName: null, agencyLogo: null, agencyColor: null, whiteLabel: false, timeZone: 'UTC', language: 'es', inherited: ALL });
    expect((await call('GET', '/api/v1/account/agency')).json()).toEqual({ agencyName: null, agencyLogo: null, agencyColor: null, whiteLabel: false, timeZone: 'UTC', language: 'en' });
  });

  it('are set once and inherited by every workspace the person created', async () => {
    const put = await call('PUT', '/api/v1/account/agency', { agencyName: 'Norte Digital', whiteLabel: true, timeZone: 'Europe/Madrid', language: 'fr' });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ agencyName: 'Norte Digital', agencyLogo: null, agencyColor: null, whiteLabel: true, timeZone: 'Europe/Madrid', language: 'fr' });
    for (const slug of ['ag-es', 'ag-fr']) {
      expect(await settings(slug)).toEqual({ agencyName: 'Norte Digital', agencyLogo: null, agencyColor: null, whiteLabel: true, timeZone: 'Europe/Madrid', language: 'fr', inherited: ALL });
    }
  });

  it('a workspace overrides the fields it sets, keeps inheriting the rest, and an empty body inherits all again', async () => {
    const own = await call('PUT', '/api/v1/workspaces/ag-es/reports/settings', { language: 'es', timeZone: 'Atlantic/Canary' });
    expect(own.json()).toEqual({ agencyName: 'Norte Digital', agencyLogo: null, agencyColor: null, whiteLabel: true, timeZone: 'Atlantic/Canary', language: 'es', inherited: ['agencyName', 'agencyLogo', 'agencyColor', 'whiteLabel'] });
    // A later change of the agency reaches what the workspace inherits, not what it set.
    await call('PUT', '/api/v1/account/agency', { agencyName: 'Norte & Co', timeZone: 'Europe/Paris', language: 'fr' });
    expect(await settings('ag-es')).toMatchObject({ agencyName: 'Norte & Co', whiteLabel: false, timeZone: 'Atlantic/Canary', language: 'es' });
    expect(await settings('ag-fr')).toMatchObject({ agencyName: 'Norte & Co', timeZone: 'Europe/Paris', language: 'fr' });
    expect((await call('PUT', '/api/v1/workspaces/ag-es/reports/settings', {})).json()).toMatchObject({ timeZone: 'Europe/Paris', language: 'fr', inherited: ALL });
  });

  it('an on-demand report without a language is made in the inherited one, with the agency on it', async () => {
    await call('PUT', '/api/v1/account/agency', { agencyName: 'Norte Digital', language: 'ca' });
    const made = await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/ag-fr/reports', headers: { cookie: agency }, payload: { type: 'visibility_summary', idempotencyKey: 'ag-1' } });
    expect(made.statusCode).toBe(202);
    expect(made.json().language).toBe('ca');
  });

  it('the agency\'s colour colours every client\'s report unless the client sets its own; too light a colour is refused', async () => {
    expect((await call('PUT', '/api/v1/account/agency', { agencyName: 'Norte Digital', agencyColor: '#7C2D12', language: 'ca' })).json().agencyColor).toBe('#7c2d12');
    expect(await settings('ag-fr')).toMatchObject({ agencyColor: '#7c2d12', inherited: ALL });
    const html = async (slug: string, key: string) => {
      const made = await ctx.app.inject({ method: 'POST', url: `/api/v1/workspaces/${slug}/reports`, headers: { cookie: agency }, payload: { type: 'competitor_comparison', idempotencyKey: key } });
      const id = made.json().id as string;
      const get = (format: string) => ctx.app.inject({ method: 'GET', url: `/api/v1/workspaces/${slug}/reports/${id}?format=${format}`, headers: { cookie: agency } });
      await until(async () => (await get('json')).json(), (r) => r.status === 'ready' || r.status === 'failed');
      return (await get('html')).body;
    };
    expect(await html('ag-fr', 'color-1')).toContain('h2 { font-size: 15px; margin: 0 0 8px; color: #7c2d12;');
    await call('PUT', '/api/v1/workspaces/ag-es/reports/settings', { agencyColor: '#1d4ed8' });
    expect(await html('ag-es', 'color-2')).toContain('color: #1d4ed8;');
    const light = await call('PUT', '/api/v1/account/agency', { agencyColor: '#ffee58' });
    expect(light.statusCode).toBe(400);
    expect(light.json().error.message).toMatch(/body\.agencyColor #ffee58 is too light/);
    expect((await call('PUT', '/api/v1/account/agency', { agencyColor: 'red' })).statusCode).toBe(400);
    expect((await call('GET', '/api/v1/account/agency')).json().agencyColor).toBe('#7c2d12');
    await call('PUT', '/api/v1/workspaces/ag-es/reports/settings', {});
    await call('PUT', '/api/v1/account/agency', { agencyName: 'Norte Digital', language: 'ca' });
  });

  it('do not reach another person’s workspaces', async () => {
    const other = (await signup(ctx.app)).cookie;
    await createWorkspace(ctx.app, other, 'ag-other', { languages: ['en'] });
    const theirs = (await call('GET', '/api/v1/workspaces/ag-other/reports/settings', undefined, other)).json();
    expect(theirs).toMatchObject({ agencyName: null, language: 'en', timeZone: 'UTC' });
  });

  it('refuses an unknown language, an unknown zone and an API key, in the error envelope', async () => {
    const lang = await call('PUT', '/api/v1/account/agency', { language: 'xx' });
    expect(lang.statusCode).toBe(400);
    expect(JSON.stringify(lang.json().error)).toContain('language');
    const zone = await call('PUT', '/api/v1/account/agency', { timeZone: 'Mars/Olympus' });
    expect(zone.statusCode).toBe(400);
    expect(JSON.stringify(zone.json().error)).toContain('timeZone');
    const { bearer } = await activeKey(ctx.app, agency, 'ag-es', { scopes: ['settings:read'] });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/account/agency', headers: bearer })).statusCode).toBe(403);
    expect((await call('GET', '/api/v1/account/agency')).json().agencyName).toBe('Norte Digital');
  });
});
