import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';
import { jobWhenDone } from '../../../test/helpers/fixture-site.ts';
import { manualClock } from '../../lib/clock.ts';

// GET …/traffic/uploads: every upload with its counts and status, newest first; an empty list
// when no log was ever sent (the dashboard's empty state).

let ctx: TestContext;
let cookie: string;
const clock = manualClock(new Date('2026-11-20T12:00:00Z'));
const GPTBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';
const LOG = `20.171.207.1 - - [19/Nov/2026:10:00:00 +0000] "GET /pricing HTTP/1.1" 200 1000 "-" "${GPTBOT}"\nnot a log line\n`;

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'uploads');
});
afterAll(() => ctx.close());

const list = async () => (await ctx.app.inject({ method: 'GET', url: '/api/v1/workspaces/uploads/traffic/uploads', headers: { cookie } })).json();
async function upload(payload: string | Buffer) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/uploads/traffic/logs', headers: { cookie, 'content-type': 'application/octet-stream' }, payload });
  expect(res.statusCode, res.body).toBe(202);
  return jobWhenDone(ctx.app, 'uploads', res.json().id, { cookie });
}

describe('GET …/traffic/uploads', () => {
  it('is empty before any log, then lists each upload newest first with its counts and status', async () => {
    expect(await list()).toEqual([]);
    const ok = await upload(LOG);
    clock.set(new Date('2026-11-20T13:00:00Z'));
    const broken = await upload(Buffer.concat([gzipSync(Buffer.from(LOG)).subarray(0, 20), Buffer.alloc(40, 7)]));
    expect(broken.status).toBe('failed');
    const rows = await list();
    expect(rows.map((r: { id: string; status: string }) => [r.id, r.status])).toEqual([[broken.id, 'failed'], [ok.id, 'succeeded']]);
    expect(rows[1]).toMatchObject({ source: 'upload', createdAt: '2026-11-20T12:00:00.000Z', counts: { lines: 2, verified: 1, unparsed: 1 }, unparsedSample: [{ line: 2 }] });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/workspaces/uploads/traffic/uploads?limit=1', headers: { cookie } })).json()).toHaveLength(1);
  });
});

describe('POST …/traffic/logs over a real connection', () => {
  it('takes the body as it streams (the request is never walked as parsed data)', { timeout: 60_000 }, async () => {
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
    const res = await fetch(`${base}/api/v1/workspaces/uploads/traffic/logs`, { method: 'POST', headers: { cookie, origin: base, 'content-type': 'application/octet-stream' }, body: LOG.repeat(200) });
    expect(res.status, await res.clone().text()).toBe(202);
    const job = await jobWhenDone(ctx.app, 'uploads', (await res.json()).id, { cookie });
    expect(job.status, job.lastLines.join('\n')).toBe('succeeded');
  });
});
