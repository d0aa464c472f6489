import { createHmac } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkspace, signup, testConfig, withoutRequestId, type TestContext } from '../../../test/helpers/app.ts';
import { jobWhenDone } from '../../../test/helpers/fixture-site.ts';
import { listen } from '../../../test/helpers/sse.ts';
import { manualClock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { signDrainBody } from './drains.fns.ts';

// Log drains through the API on a real database: creation shows the secret once, a signed push is
// ingested as an upload into the drain's workspace only, and every refused push (unsigned, wrong
// signature, unknown or revoked drain) is the same 401 whatever the reason.

let ctx: TestContext;
let cookie: string;
let base: string;
const config = testConfig();
const clock = manualClock(new Date('2026-11-20T12:00:00Z'));

beforeAll(async () => {
  ctx = await createTestApp({ config, clock });
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'drained');
  await createWorkspace(ctx.app, cookie, 'bystander');
  base = await listen(ctx.app);
});
afterAll(() => ctx.close());

const GPTBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';
const LOG = [
  `20.171.207.1 - - [18/Nov/2026:10:00:00 +0000] "GET /pricing HTTP/1.1" 200 1000 "-" "${GPTBOT}"`,
  `198.51.100.9 - - [18/Nov/2026:10:00:01 +0000] "GET /pricing HTTP/1.1" 200 1000 "-" "${GPTBOT}"`,
  `203.0.113.5 - - [18/Nov/2026:10:00:02 +0000] "GET /blog HTTP/1.1" 200 1000 "https://chatgpt.com/" "Mozilla/5.0 Firefox/130.0"`,
  'not a log line',
].join('\n');

const api = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1/workspaces/${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });
const push = (id: string, body: Buffer | string, headers: Record<string, string>) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/traffic/drains/${id}/push`, headers: { 'content-type': 'application/x-ndjson', ...headers }, payload: body });
const signed = (secret: string, body: Buffer | string) => ({ 'x-geo-signature': signDrainBody(secret, body) });

async function createDrain(workspace = 'drained', name = 'nginx on web-1') {
  const res = await api('POST', `${workspace}/traffic/drains`, { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; secret: string; pushUrl: string };
}

async function ingested(res: { statusCode: number; body: string; json(): { id: string } }) {
  expect(res.statusCode, res.body).toBe(202);
  const job = await jobWhenDone(ctx.app, 'drained', res.json().id, { cookie });
  expect(job.status, job.lastLines.join('\n')).toBe('succeeded');
  return (await api('GET', `drained/traffic/uploads/${job.id}`)).json();
}

const spoolFiles = () => {
  try {
    return readdirSync(path.join(config.dataDir, 'traffic', 'uploads'));
  } catch {
    return [];
  }
};

describe('log drains', () => {
  it('creation shows the secret once; the list never does; the stored secret is sealed', async () => {
    const drain = await createDrain();
    expect(drain).toEqual({
      id: expect.stringMatching(/^drn_/), name: 'nginx on web-1', pushUrl: `/api/v1/traffic/drains/${drain.id}/push`, vercelVerify: null,
      createdAt: '2026-11-20T12:00:00.000Z', revokedAt: null, secret: expect.stringMatching(/^drsec_/),
    });
    const list = (await api('GET', 'drained/traffic/drains')).json();
    expect(list).toContainEqual({ id: drain.id, name: 'nginx on web-1', pushUrl: drain.pushUrl, vercelVerify: null, createdAt: '2026-11-20T12:00:00.000Z', revokedAt: null });
    expect(JSON.stringify(list)).not.toContain(drain.secret);
    const stored = await ctx.database.executeSql(`select secret_sealed from traffic_drains where id = '${drain.id}'`);
    expect(JSON.stringify(stored.rows)).not.toContain(drain.secret.slice(6));
    expect((await api('GET', 'bystander/traffic/drains')).json()).toEqual([]);
  });

  it('a signed push is ingested as an upload into the drain’s workspace only, idempotently', async () => {
    const drain = await createDrain();
    const first = await ingested(await push(drain.id, LOG, signed(drain.secret, LOG)));
    expect(first).toMatchObject({ source: `drain:${drain.id}`, counts: { lines: 4, unparsed: 1, agentHits: 2, verified: 1, claimed: 1, referrals: 1, inserted: 3, duplicates: 0 } });
    // The same lines again, gzip this time: the signature is over the compressed bytes as sent.
    const gz = gzipSync(Buffer.from(LOG));
    expect((await ingested(await push(drain.id, gz, signed(drain.secret, gz)))).counts).toMatchObject({ lines: 4, inserted: 0, duplicates: 3 });
    const hits = async (slug: string) => (await api('GET', `${slug}/traffic/agents?from=2026-11-01&to=2026-11-20`)).json().reduce((n: number, d: { hits: number }) => n + d.hits, 0);
    expect([await hits('drained'), await hits('bystander')]).toEqual([2, 0]);
  });

  it('a Vercel drain: a JSON array signed with HMAC-SHA1 in x-vercel-signature', async () => {
    const drain = await createDrain('drained', 'vercel');
    const at = Date.parse('2026-11-19T08:00:00Z');
    const records = [
      { id: '1', source: 'lambda', message: 'build output, not a request', timestamp: at },
      { id: '2', source: 'static', timestamp: at, proxy: { timestamp: at, method: 'GET', path: '/docs?x=1', statusCode: 200, clientIp: '3.211.124.183', userAgent: ['Mozilla/5.0 (compatible; PerplexityBot/1.0)'] } },
      { id: '3', source: 'static', timestamp: at + 1, proxy: { timestamp: at + 1, method: 'GET', path: '/', statusCode: 200, clientIp: '2001:db8::9', userAgent: ['Mozilla/5.0'], referer: 'https://www.perplexity.ai/search' } },
    ];
    const body = JSON.stringify(records);
    const sha1 = createHmac('sha1', drain.secret).update(body).digest('hex');
    const result = await ingested(await push(drain.id, body, { 'content-type': 'application/json', 'x-vercel-signature': sha1 }));
    expect(result.counts).toMatchObject({ lines: 3, skipped: 1, unparsed: 0, agentHits: 1, verified: 1, referrals: 1, inserted: 2 });
  });

  it('Vercel’s endpoint check: the push URL answers the drain’s code in x-vercel-verify, to GET and to pushes', async () => {
    const created = await api('POST', 'drained/traffic/drains', { name: 'vercel', vercelVerify: 'a1b2c3d4e5' });
    expect(created.statusCode, created.body).toBe(201);
    const drain = created.json() as { id: string; secret: string; vercelVerify: string };
    expect(drain.vercelVerify).toBe('a1b2c3d4e5');
    const check = () => ctx.app.inject({ method: 'GET', url: `/api/v1/traffic/drains/${drain.id}/push` });
    let res = await check();
    expect([res.statusCode, res.headers['x-vercel-verify'], res.json()]).toEqual([200, 'a1b2c3d4e5', { ok: true }]);
    const body = LOG.split('\n')[0]!;
    const pushed = await push(drain.id, body, signed(drain.secret, body));
    expect([pushed.statusCode, pushed.headers['x-vercel-verify']]).toEqual([202, 'a1b2c3d4e5']);
    await jobWhenDone(ctx.app, 'drained', pushed.json().id, { cookie });

    // Changed, then cleared, with PATCH; a bad code is 400; another workspace's drain is 404.
    const patch = (url: string, payload: object) => ctx.app.inject({ method: 'PATCH', url: `/api/v1/workspaces/${url}`, headers: { cookie }, payload });
    expect((await patch(`drained/traffic/drains/${drain.id}`, { vercelVerify: 'next-code' })).json()).toMatchObject({ id: drain.id, name: 'vercel', vercelVerify: 'next-code' });
    expect((await check()).headers['x-vercel-verify']).toBe('next-code');
    expect((await patch(`drained/traffic/drains/${drain.id}`, { vercelVerify: null })).json()).toMatchObject({ vercelVerify: null });
    res = await check();
    expect([res.statusCode, res.headers['x-vercel-verify']]).toEqual([200, undefined]);
    expect((await patch(`drained/traffic/drains/${drain.id}`, { vercelVerify: 'a code; with spaces' })).statusCode).toBe(400);
    expect((await patch(`drained/traffic/drains/${drain.id}`, {})).statusCode).toBe(400);
    expect((await patch(`bystander/traffic/drains/${drain.id}`, { name: 'x' })).statusCode).toBe(404);

    // Unknown, malformed or revoked: the same 401 as a refused push.
    await api('DELETE', `drained/traffic/drains/${drain.id}`);
    for (const id of [drain.id, newId('drn'), 'not-a-drain']) {
      res = await ctx.app.inject({ method: 'GET', url: `/api/v1/traffic/drains/${id}/push` });
      expect([res.statusCode, res.json().error.code, res.headers['x-vercel-verify']]).toEqual([401, 'invalid_key', undefined]);
    }
  });

  it('unsigned, wrongly signed, unknown, malformed and revoked: the same 401, nothing spooled, no job', async () => {
    const drain = await createDrain();
    const other = await createDrain('bystander');
    const jobsBefore = (await ctx.database.executeSql('select count(*)::int as n from jobs')).rows;
    const refusals = [
      await push(drain.id, LOG, {}),
      await push(drain.id, LOG, { 'x-geo-signature': 'ab'.repeat(32) }),
      await push(drain.id, LOG, signed(other.secret, LOG)), // another drain's secret
      await push(drain.id, LOG, signed(drain.secret, `${LOG}\n`)), // a body changed after signing
      await push(drain.id, LOG, { 'x-vercel-signature': signDrainBody(drain.secret, LOG) }), // SHA-256 where SHA-1 is read
      await push(newId('drn'), LOG, signed(drain.secret, LOG)),
      await push('drn_../../etc', LOG, signed(drain.secret, LOG)),
    ];
    expect((await api('DELETE', `drained/traffic/drains/${drain.id}`)).statusCode).toBe(204);
    refusals.push(await push(drain.id, LOG, signed(drain.secret, LOG)));
    for (const res of refusals) {
      expect([res.statusCode, res.json().error.code]).toEqual([401, 'invalid_key']);
      expect(withoutRequestId(res.body)).toBe(withoutRequestId(refusals[0]!.body));
    }
    expect(spoolFiles()).toEqual([]);
    expect((await ctx.database.executeSql('select count(*)::int as n from jobs')).rows).toEqual(jobsBefore);
  });

  it('revoking: listed with its date, twice is a no-op, another workspace’s drain or an unknown one is 404', async () => {
    const drain = await createDrain();
    const other = await createDrain('bystander');
    clock.advance(60_000);
    expect((await api('DELETE', `drained/traffic/drains/${drain.id}`)).statusCode).toBe(204);
    expect((await api('DELETE', `drained/traffic/drains/${drain.id}`)).statusCode).toBe(204);
    const listed = (await api('GET', 'drained/traffic/drains')).json().find((d: { id: string }) => d.id === drain.id);
    expect(listed.revokedAt).toBe('2026-11-20T12:01:00.000Z');
    for (const id of [other.id, newId('drn')]) {
      const res = await api('DELETE', `drained/traffic/drains/${id}`);
      expect([res.statusCode, res.json().error.code]).toEqual([404, 'not_found']);
    }
    // Revoking one drain leaves the others (here the bystander's) pushing.
    const res = await push(other.id, LOG, signed(other.secret, LOG));
    expect(res.statusCode, res.body).toBe(202);
    expect((await jobWhenDone(ctx.app, 'bystander', res.json().id, { cookie })).status).toBe('succeeded');
  });

  it('refuses a bad name, an empty signed body with 400, and answers over a real socket without reading a refused body', async () => {
    for (const payload of [{}, { name: '' }, { name: 'x'.repeat(101) }, { name: 'a', extra: 1 }]) {
      const res = await api('POST', 'drained/traffic/drains', payload);
      expect([res.statusCode, res.json().error.code], JSON.stringify(payload)).toEqual([400, 'invalid_request']);
    }
    const drain = await createDrain();
    const empty = await push(drain.id, '', signed(drain.secret, ''));
    expect([empty.statusCode, empty.json().error.code]).toEqual([400, 'invalid_request']);

    const big = Buffer.alloc(4 << 20, 'x'); // larger than the socket buffers: the answer must not wait on it
    const refused = await fetch(`${base}/api/v1/traffic/drains/${drain.id}/push`, { method: 'POST', body: big });
    expect([refused.status, (await refused.json()).error.code]).toEqual([401, 'invalid_key']);
    const accepted = await fetch(`${base}${drain.pushUrl}`, { method: 'POST', body: LOG, headers: signed(drain.secret, LOG) });
    expect(accepted.status).toBe(202);
    expect((await jobWhenDone(ctx.app, 'drained', (await accepted.json()).id, { cookie })).status).toBe('succeeded');
  });
});
