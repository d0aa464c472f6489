import { readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkspace, signup, testConfig, type TestContext } from '../../../test/helpers/app.ts';
import { listen } from '../../../test/helpers/sse.ts';
import { until } from '../../../test/helpers/wait.ts';
import { SPOOL_LIMITS } from './spool-gate.fns.ts';

// Unbounded, three concurrent 30 MB drain pushes with a wrong signature would hold 90 MB on
// disk before each got 401. Over real sockets on loopback, from several client addresses
// (127.0.0.0/8 is all loopback on Linux): a body declared over the limit is refused from its
// Content-Length before anything is read; unverified spools are bounded per drain, per client
// address and in total (429 with Retry-After, nothing written); refused pushes leave no spool.

let ctx: TestContext;
let cookie: string;
let base: string;
const config = testConfig();

beforeAll(async () => {
  ctx = await createTestApp({ config });
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'spools');
  base = await listen(ctx.app);
});
afterAll(() => ctx.close());

const spoolFiles = () => {
  try {
    return readdirSync(path.join(config.dataDir, 'traffic', 'uploads'));
  } catch {
    return [];
  }
};
const spools = (n: number) => until(async () => spoolFiles().length, (count) => count === n, `${n} spool files`);

async function createDrain(name: string) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/spools/traffic/drains', headers: { cookie }, payload: { name } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; secret: string };
}

interface Answer { status: number; headers: http.IncomingHttpHeaders; body: { error: { code: string; message: string; details?: Record<string, unknown> } } }

/**
 * A push with a wrong signature whose body is still arriving: its first megabyte is sent, the
 * rest when `end()` is called. `answer` resolves when the server answers, whether or not the body
 * was all sent (a refusal before reading answers at once).
 */
function openPush(url: string, from: string, headers: Record<string, string> = {}, at = base) {
  const req = http.request(`${at}${url}`, {
    method: 'POST', localAddress: from,
    headers: { 'content-type': 'application/x-ndjson', 'x-geo-signature': 'ab'.repeat(32), ...headers },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: JSON.parse(text) }));
    });
    req.on('error', reject);
  });
  req.write(Buffer.alloc(1 << 20, 'x'));
  return { answer, end: () => req.end(), abort: () => req.destroy() };
}
const pushUrl = (id: string) => `/api/v1/traffic/drains/${id}/push`;
/** A whole small push (wrong signature) from `from`. */
async function push(id: string, from: string) {
  const p = openPush(pushUrl(id), from);
  p.end();
  return p.answer;
}

function expectBusy(res: Answer, scope: 'drain' | 'address' | 'total', limit: number) {
  expect(res.status).toBe(429);
  expect(res.headers['retry-after']).toBe('10');
  expect(res.body.error).toMatchObject({ code: 'rate_limited', details: { scope, limit } });
  expect(res.body.error.message).toMatch(/not yet verified/);
}

describe('drain pushes: bounded before their signature is checked', () => {
  it('a body declared over 100 MB is 413 at once, before any of it is read, for a drain push and an upload', async () => {
    const drain = await createDrain('declared');
    const declared = String(200 * 2 ** 20);
    for (const url of [pushUrl(drain.id), '/api/v1/workspaces/spools/traffic/logs']) {
      const p = openPush(url, '127.0.0.2', { 'content-length': declared, cookie, origin: base });
      const res = await p.answer; // answered with 199 MB still unsent
      p.abort();
      expect(res.status, url).toBe(413);
      expect(res.body.error).toMatchObject({ code: 'payload_too_large', details: { maxBytes: 100 * 2 ** 20 } });
      expect(res.body.error.message).toMatch(/at most 104857600 bytes \(100 MB\)/);
    }
    expect(spoolFiles()).toEqual([]);
  });

  it(`per drain: with ${SPOOL_LIMITS.perDrain} unverified pushes arriving, another to that drain is 429 and writes nothing; all leave no spool`, async () => {
    const drain = await createDrain('per-drain');
    const open = [openPush(pushUrl(drain.id), '127.0.0.3'), openPush(pushUrl(drain.id), '127.0.0.4')];
    await spools(2);
    expectBusy(await push(drain.id, '127.0.0.5'), 'drain', SPOOL_LIMITS.perDrain);
    expect(spoolFiles()).toHaveLength(2);
    for (const p of open) p.end();
    for (const p of open) expect((await p.answer).body.error.code).toBe('invalid_key');
    expect(spoolFiles()).toEqual([]);
    // The places are free again: the next push is judged by its signature.
    expect((await push(drain.id, '127.0.0.5')).status).toBe(401);
  });

  it(`per client address: ${SPOOL_LIMITS.perAddress} unverified pushes from one address, the next from it is 429 whatever the drain`, async () => {
    const drains = [await createDrain('a1'), await createDrain('a2'), await createDrain('a3')];
    const open = [openPush(pushUrl(drains[0]!.id), '127.0.0.6'), openPush(pushUrl(drains[1]!.id), '127.0.0.6')];
    await spools(2);
    expectBusy(await push(drains[2]!.id, '127.0.0.6'), 'address', SPOOL_LIMITS.perAddress);
    for (const p of open) p.end();
    for (const p of open) expect((await p.answer).status).toBe(401);
    expect(spoolFiles()).toEqual([]);
  });

  it(`in total: ${SPOOL_LIMITS.total} unverified pushes in the process, the next from anywhere is 429`, async () => {
    const drains = await Promise.all(Array.from({ length: SPOOL_LIMITS.total / 2 + 1 }, (_, i) => createDrain(`t${i}`)));
    // Each drain twice, each address twice: every per-drain and per-address bound is full only at its own limit.
    const open = Array.from({ length: SPOOL_LIMITS.total }, (_, i) => openPush(pushUrl(drains[Math.floor(i / 2)]!.id), `127.0.1.${1 + ((i + Math.floor(i / 2)) % (SPOOL_LIMITS.total / 2))}`));
    await spools(SPOOL_LIMITS.total);
    expectBusy(await push(drains.at(-1)!.id, '127.0.2.1'), 'total', SPOOL_LIMITS.total);
    expect(spoolFiles()).toHaveLength(SPOOL_LIMITS.total);
    for (const p of open) p.end();
    for (const p of open) expect((await p.answer).status).toBe(401);
    expect(spoolFiles()).toEqual([]);
  });

  it('a push that hangs up mid-body leaves no spool and frees its place', async () => {
    const drain = await createDrain('hang-up');
    const p = openPush(pushUrl(drain.id), '127.0.0.7');
    p.answer.catch(() => {}); // the socket is destroyed by the client itself
    await spools(1);
    p.abort();
    await spools(0);
    const again = [openPush(pushUrl(drain.id), '127.0.0.7'), openPush(pushUrl(drain.id), '127.0.0.7')];
    await spools(2);
    for (const q of again) q.end();
    for (const q of again) expect((await q.answer).status).toBe(401);
  });
});

describe('drain pushes that stall are cut: a trickle cannot hold a place', () => {
  // Its own app, whose unverified pushes may pause 300 ms (30 s in production, SPOOL_DEADLINES).
  let slow: TestContext;
  let slowBase: string;
  const slowConfig = testConfig();
  beforeAll(async () => {
    slow = await createTestApp({ config: slowConfig, spoolDeadlines: { idleMs: 300, totalMs: 60_000 } });
    const owner = (await signup(slow.app)).cookie;
    await createWorkspace(slow.app, owner, 'stalls');
    slowBase = await listen(slow.app);
    const res = await slow.app.inject({ method: 'POST', url: '/api/v1/workspaces/stalls/traffic/drains', headers: { cookie: owner }, payload: { name: 'stalled' } });
    drainId = res.json().id;
  });
  afterAll(() => slow.close());
  let drainId: string;
  const slowSpools = () => {
    try {
      return readdirSync(path.join(slowConfig.dataDir, 'traffic', 'uploads'));
    } catch {
      return [];
    }
  };

  it('two pushes that send a megabyte and stop hold the drain only until the pause bound: then they are closed, their spools deleted, and the drain takes pushes again', async () => {
    const stalled = [openPush(pushUrl(drainId), '127.0.3.1', {}, slowBase), openPush(pushUrl(drainId), '127.0.3.2', {}, slowBase)];
    // The server closes them without an answer: each request ends in an error on this side.
    const ended = stalled.map((p) => p.answer.then(() => 'answered', () => 'closed'));
    expect(await Promise.all(ended)).toEqual(['closed', 'closed']);
    await until(async () => slowSpools().length, (n) => n === 0, 'the stalled spools deleted');
    // Both places are free: two whole pushes are read and judged by their signature (401), none is 429.
    const next = [openPush(pushUrl(drainId), '127.0.3.3', {}, slowBase), openPush(pushUrl(drainId), '127.0.3.4', {}, slowBase)];
    for (const p of next) p.end();
    for (const p of next) expect((await p.answer).status).toBe(401);
  });
});
