import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeKey, createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';
import { jobWhenDone } from '../../../test/helpers/fixture-site.ts';
import { manualClock } from '../../lib/clock.ts';

// Log uploads through the API on a real database: counts, idempotency, gzip, unparsed samples,
// verified and spoofed agents, and the views over the aggregates.

let ctx: TestContext;
let cookie: string;
const slug = 'traffic';
const clock = manualClock(new Date('2026-11-20T12:00:00Z'));

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, slug);
});
afterAll(() => ctx.close());

const GPTBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';
const PERPLEXITY = 'Mozilla/5.0 (compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:130.0) Gecko/20100101 Firefox/130.0';
const line = (ip: string, day: string, path: string, status: number, ua: string, ref = '-') =>
  `${ip} - - [${day}/Nov/2026:10:00:00 +0000] "GET ${path} HTTP/1.1" ${status} 1000 "${ref}" "${ua}"`;

const LOG = [
  line('20.171.207.1', '18', '/pricing', 200, GPTBOT), // verified GPTBot
  line('20.171.207.2', '18', '/pricing', 404, GPTBOT), // verified, 4xx
  line('198.51.100.9', '18', '/pricing', 200, GPTBOT), // spoofed: claimed
  line('3.211.124.183', '19', '/blog/a', 403, PERPLEXITY), // verified, 4xx
  line('2001:db8::1', '19', '/blog/b', 200, BROWSER, 'https://chatgpt.com/'), // AI referral (IPv6)
  line('192.0.2.1', '19', '/', 200, BROWSER), // human: counted, not stored
  'garbage line',
  '{"broken json',
  line('20.171.207.3', '01', '/old', 200, GPTBOT).replace('01/Nov/2026', '01/Jan/2026'), // past 90 days: expired
].join('\n');

const upload = (payload: Buffer | string, headers: Record<string, string> = { cookie }) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/workspaces/${slug}/traffic/logs`, headers: { 'content-type': 'application/octet-stream', ...headers }, payload });
const get = (path: string) => ctx.app.inject({ method: 'GET', url: `/api/v1/workspaces/${slug}/traffic/${path}`, headers: { cookie } });

async function ingested(payload: Buffer | string) {
  const res = await upload(payload);
  expect(res.statusCode, res.body).toBe(202);
  const job = await jobWhenDone(ctx.app, slug, res.json().id, { cookie });
  expect(job.status, job.lastLines.join('\n')).toBe('succeeded');
  return (await get(`uploads/${job.id}`)).json();
}

describe('POST …/traffic/logs', () => {
  it('counts every line, stores AI hits and referrals, samples what did not parse', async () => {
    const result = await ingested(LOG);
    expect(result.counts).toEqual({ lines: 9, skipped: 0, unparsed: 2, agentHits: 4, verified: 3, claimed: 1, referrals: 1, other: 1, expired: 1, inserted: 5, duplicates: 0 });
    expect(result.unparsedSample).toEqual([
      { line: 7, reason: 'not a common or combined log line', text: 'garbage line' },
      { line: 8, reason: 'invalid JSON', text: '{"broken json' },
    ]);
    expect(result.status).toBe('succeeded');
  });

  it('the same lines again (gzip this time) count once', async () => {
    const result = await ingested(gzipSync(Buffer.from(LOG)));
    expect(result.counts).toMatchObject({ lines: 9, agentHits: 4, inserted: 0, duplicates: 5 });
    const days = (await get('agents?from=2026-11-01&to=2026-11-20')).json();
    expect(days).toEqual([
      { day: '2026-11-18', agent: 'gptbot', operator: 'OpenAI', purpose: 'training', verification: 'claimed', hits: 1, s2xx: 1, s3xx: 0, s4xx: 0, s5xx: 0, bytes: 1000 },
      { day: '2026-11-18', agent: 'gptbot', operator: 'OpenAI', purpose: 'training', verification: 'verified', hits: 2, s2xx: 1, s3xx: 0, s4xx: 1, s5xx: 0, bytes: 2000 },
      { day: '2026-11-19', agent: 'perplexitybot', operator: 'Perplexity', purpose: 'search_index', verification: 'verified', hits: 1, s2xx: 0, s3xx: 0, s4xx: 1, s5xx: 0, bytes: 1000 },
    ]);
  });

  it('per page: last crawl, error rate and folder; referrals per engine and landing page; CSV', async () => {
    const pages = (await get('pages?agent=gptbot')).json();
    expect(pages.find((p: { verification: string }) => p.verification === 'verified')).toMatchObject({ path: '/pricing', folder: '/', hits: 2, errors: 1, errorRate: 0.5, lastAt: '2026-11-18T10:00:00.000Z' });
    expect((await get('pages?folder=/blog/')).json().map((p: { path: string }) => p.path)).toEqual(['/blog/a']);
    expect((await get('referrals?from=2026-11-01&to=2026-11-20')).json()).toEqual([{ day: '2026-11-19', engine: 'chatgpt', path: '/blog/b', visits: 1 }]);
    const csv = await get('referrals?from=2026-11-01&to=2026-11-20&format=csv');
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body).toBe('day,engine,path,visits\r\n2026-11-19,chatgpt,/blog/b,1\r\n');
  });

  it('refuses an empty body, a bad range, and a key without settings:write', async () => {
    const empty = await upload('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe('invalid_request');
    expect((await get('agents?from=2026-11-20&to=2026-11-01')).statusCode).toBe(400);
    const key = await activeKey(ctx.app, cookie, slug, { scopes: ['settings:read'] });
    const denied = await upload(LOG, key.bearer);
    expect(denied.statusCode).toBe(403);
  });

  it('a corrupt gzip stream fails the job with the reason; a non-log body is all unparsed, never a failure', async () => {
    const res = await upload(Buffer.concat([gzipSync(Buffer.from(LOG)).subarray(0, 40), Buffer.alloc(50, 7)]));
    const job = await jobWhenDone(ctx.app, slug, res.json().id, { cookie });
    expect(job.status).toBe('failed');
    expect(job.lastLines.at(-1)).toMatch(/gzip data is corrupt/);
    const json = await ingested('{"hello": "world"}');
    expect(json.counts).toMatchObject({ lines: 1, unparsed: 1 });
  });

  it('a gzip that inflates past 100 times the upload fails the job naming the limit, not a success with 0 lines', async () => {
    const bomb = gzipSync(Buffer.alloc(50 * 2 ** 20), { level: 9 }); // 50 MiB of zeros in about 50 KB
    expect(bomb.length).toBeLessThan(100_000);
    const res = await upload(bomb);
    expect(res.statusCode, res.body).toBe(202);
    const job = await jobWhenDone(ctx.app, slug, res.json().id, { cookie });
    expect(job.status, job.lastLines.join('\n')).toBe('failed');
    expect(job.lastLines.at(-1)).toContain(`the gzip data inflates past ${100 * bomb.length} bytes, 100 times the upload's ${bomb.length} bytes (the limit is 100 times the upload or 2 GiB, whichever is smaller)`);
    expect((await get(`uploads/${job.id}`)).json()).toMatchObject({ status: 'failed', finishedAt: null });
  });

  it('a NUL in an unparsed line is shown as U+FFFD in the sample; it failed the job with a database error before', async () => {
    const json = await ingested('not\u0000a log line\n');
    expect(json.counts).toMatchObject({ lines: 1, unparsed: 1 });
    expect(json.unparsedSample[0].text).toBe('not\uFFFDa log line');
  });

  it('retention: raw hits past it are swept, aggregates stay', async () => {
    await ctx.app.inject({ method: 'PUT', url: `/api/v1/workspaces/${slug}/traffic/settings`, headers: { cookie }, payload: { retentionDays: 1 } });
    expect((await get('settings')).json()).toEqual({ retentionDays: 1 });
    const raw = async () => Number((await ctx.database.executeSql('select count(*)::int as n from traffic_hits')).rows.map((r) => (r as { n: number }).n)[0]);
    expect(await raw()).toBe(5);
    await ctx.app.maintenance.sweep();
    expect(await raw()).toBe(0);
    const days = (await get('agents?from=2026-11-01&to=2026-11-20')).json();
    expect(days.reduce((n: number, d: { hits: number }) => n + d.hits, 0)).toBe(4);
  });
});
