import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeKey, createTestApp, createWorkspace, signup, type TestContext } from '../../test/helpers/app.ts';
import { jobWhenDone } from '../../test/helpers/fixture-site.ts';
import { listen } from '../../test/helpers/sse.ts';
import { runGeo } from '../../test/helpers/cli.ts';
import { logLine } from '../../test/helpers/traffic-log.ts';

// `geo traffic push <file|->`, the real binary against a server listening on a loopback port in
// this process: a gzip file and standard input are streamed to POST …/traffic/logs, `--wait`
// follows the job and prints the upload's counts, and a second push of the same lines counts once.

const WS = 'cli-traffic';
const dir = mkdtempSync(path.join(os.tmpdir(), 'geo-cli-traffic-'));
let ctx: TestContext;
let base: string;
let key: string;

// 200 generated lines (two of each slot of test/helpers/traffic-log.ts) within retention.
const start = Date.now() - 2 * 86_400_000;
const LOG = `${Array.from({ length: 200 }, (_, i) => logLine(i, start)[0]).join('\n')}\n`;
const COUNTS = { lines: 200, skipped: 0, unparsed: 2, agentHits: 26, verified: 16, claimed: 10, referrals: 4, other: 168, expired: 0 };

const geo = (args: string[], options: { env?: Record<string, string>; stdin?: string } = {}) =>
  runGeo(args, { stdin: options.stdin, env: { XDG_CONFIG_HOME: dir, GEO_SERVER: base, GEO_API_KEY: key, GEO_WORKSPACE: WS, GEO_CLI_POLL_MS: '50', ...options.env } });

beforeAll(async () => {
  ctx = await createTestApp();
  base = await listen(ctx.app);
  const { cookie } = await signup(ctx.app);
  await createWorkspace(ctx.app, cookie, WS);
  key = (await activeKey(ctx.app, cookie, WS, { scopes: ['settings:write', 'settings:read', 'runs:read'] })).secret;
});
afterAll(() => ctx.close());

describe('geo traffic push', () => {
  it('a gzip file with --wait prints the counts as JSON; the same lines from standard input count once, as a table', async () => {
    const file = path.join(dir, 'access.log.gz');
    writeFileSync(file, gzipSync(LOG));
    const first = await geo(['--json', 'traffic', 'push', file, '--wait']);
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ status: 'succeeded', source: 'upload', counts: { ...COUNTS, inserted: 30, duplicates: 0 } });

    const again = await geo(['traffic', 'push', '-', '--wait'], { stdin: LOG }); // `zcat … | geo traffic push -`
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/duplicates\s*│\s*30/);
    expect(again.stdout).toMatch(/inserted\s*│\s*0/);
    expect(again.stdout).toContain('Lines that did not parse (sample):');
  }, 120_000); // two CLI processes (and a build first if src/ changed): seconds apiece on a loaded machine

  it('without --wait it says the job is running; a missing file is a usage error; a key without settings:write exits 2', async () => {
    const quick = await geo(['--json', 'traffic', 'push', '-'], { stdin: LOG });
    expect(quick.code, quick.stderr).toBe(0);
    expect(JSON.parse(quick.stdout)).toMatchObject({ id: expect.stringMatching(/^job_/), kind: 'traffic_ingest' });
    expect((await jobWhenDone(ctx.app, WS, JSON.parse(quick.stdout).id, { authorization: `Bearer ${key}` })).status).toBe('succeeded');

    const missing = await geo(['traffic', 'push', path.join(dir, 'nope.log')]);
    expect([missing.code, missing.stderr]).toEqual([1, expect.stringMatching(/^geo: invalid_request: cannot read .*nope\.log \(ENOENT\)/)]);

    const { cookie } = await signup(ctx.app);
    await createWorkspace(ctx.app, cookie, 'cli-traffic-ro');
    const readOnly = (await activeKey(ctx.app, cookie, 'cli-traffic-ro', { scopes: ['settings:read'] })).secret;
    const denied = await geo(['traffic', 'push', '-'], { stdin: LOG, env: { GEO_API_KEY: readOnly, GEO_WORKSPACE: 'cli-traffic-ro' } });
    expect([denied.code, denied.stderr]).toEqual([2, expect.stringMatching(/^geo: insufficient_scope: /)]);
  }, 120_000);
});
