import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkspace, signup, testConfig, type TestContext } from '../../../test/helpers/app.ts';
import { startFakeDns } from '../../../test/helpers/fake-dns.ts';
import { jobWhenDone } from '../../../test/helpers/fixture-site.ts';
import { manualClock } from '../../lib/clock.ts';

// Reverse-DNS verification through the API, against a DNS server on a loopback port: an agent
// whose operator documents forward-confirmed reverse DNS (Applebot, Amazonbot) is `verified` when
// its address's PTR name is in the operator's domain and resolves back to it, `claimed` otherwise;
// a hit its operator's ranges verify, and an agent without documented DNS, are never looked up.

const APPLEBOT = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)';
const AMAZONBOT = 'Mozilla/5.0 (compatible; Amazonbot/0.1; +https://developer.amazon.com/support/amazonbot)';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const CLAUDEBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)';
const line = (ip: string, minute: number, ua: string) => `${ip} - - [19/Nov/2026:10:${String(minute).padStart(2, '0')}:00 +0000] "GET /pricing HTTP/1.1" 200 1000 "-" "${ua}"`;

let ctx: TestContext;
let cookie: string;
let dns: Awaited<ReturnType<typeof startFakeDns>>;

beforeAll(async () => {
  dns = await startFakeDns({
    ptr: { '203.0.113.7': ['crawl-203-0-113-7.applebot.apple.com.'], '203.0.113.9': ['fake.applebot.apple.com'], '2001:db8::7': ['v6.crawl.amazonbot.amazon'] },
    a: { 'crawl-203-0-113-7.applebot.apple.com': ['203.0.113.7'], 'fake.applebot.apple.com': ['198.51.100.1'] },
    aaaa: { 'v6.crawl.amazonbot.amazon': ['2001:db8::7'] },
  });
  ctx = await createTestApp({ clock: manualClock(new Date('2026-11-20T12:00:00Z')), config: testConfig({ trafficDns: [dns.server] }) });
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'rdns');
});
afterAll(async () => {
  await ctx?.close();
  await dns?.close();
});

describe('reverse-DNS verification of AI crawler hits', () => {
  it('verifies by forward-confirmed reverse DNS where the operator documents it, once per address', async () => {
    const log = [
      line('203.0.113.7', 1, APPLEBOT), // PTR in apple.com's domain, resolves back: verified
      line('203.0.113.7', 2, APPLEBOT), // the same address: not asked again
      line('203.0.113.9', 3, APPLEBOT), // its PTR name resolves elsewhere: claimed
      line('198.51.100.4', 4, APPLEBOT), // no PTR record: claimed
      line('2001:db8::7', 5, AMAZONBOT), // IPv6, AAAA back: verified
      line('66.249.66.87', 6, GOOGLEBOT), // in Google's published ranges: verified, no lookup
      line('198.51.100.5', 7, CLAUDEBOT), // no ranges, no documented DNS: claimed, no lookup
    ].join('\n');
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/rdns/traffic/logs', headers: { cookie, 'content-type': 'text/plain' }, payload: log });
    expect(res.statusCode, res.body).toBe(202);
    const job = await jobWhenDone(ctx.app, 'rdns', res.json().id, { cookie });
    expect(job.status, job.lastLines.join('\n')).toBe('succeeded');
    expect(job.lastLines.join('\n')).toContain('reverse DNS: 4 addresses checked, 2 confirmed');

    const { counts } = (await ctx.app.inject({ method: 'GET', url: `/api/v1/workspaces/rdns/traffic/uploads/${job.id}`, headers: { cookie } })).json();
    expect(counts).toMatchObject({ agentHits: 7, verified: 4, claimed: 3, inserted: 7 });
    const days = (await ctx.app.inject({ method: 'GET', url: '/api/v1/workspaces/rdns/traffic/agents?from=2026-11-19&to=2026-11-19', headers: { cookie } })).json() as Array<{ agent: string; verification: string; hits: number }>;
    const hits = (agent: string, verification: string) => days.find((d) => d.agent === agent && d.verification === verification)?.hits ?? 0;
    expect([hits('applebot', 'verified'), hits('applebot', 'claimed'), hits('amazonbot', 'verified'), hits('googlebot', 'verified'), hits('claudebot', 'claimed')]).toEqual([2, 2, 1, 1, 1]);

    const ptrs = dns.questions.filter((q) => q.type === 'PTR').map((q) => q.name).sort();
    expect(ptrs).toHaveLength(4);
    expect(ptrs.some((name) => name.startsWith('87.66.249.66'))).toBe(false);
    expect(ptrs.some((name) => name.startsWith('5.100.51.198'))).toBe(false);
  });
});
