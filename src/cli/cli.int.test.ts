import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeKey, createTestApp, createWorkspace, signup, testConfig, type TestContext } from '../../test/helpers/app.ts';
import { listen } from '../../test/helpers/sse.ts';

// The real `geo` binary (node bin/geo.js: the compiled CLI, rebuilt first if src/ changed) against
// a server listening on a loopback port in this process; the user's side of the device flow is
// done here with a session.

const BIN = fileURLToPath(new URL('../../bin/geo.js', import.meta.url));
const WS = 'cli-ws';
let ctx: TestContext;
const config = testConfig({ pipeline: { ...testConfig().pipeline, simulatedLatencyMs: 40 }, chat: { heartbeatMs: 60_000, simulatedTokenMs: 2 } });
let base: string;
let cookie: string;
const configHome = mkdtempSync(path.join(os.tmpdir(), 'geo-cli-config-'));

interface Result { code: number | null; stdout: string; stderr: string }
interface Running { child: ChildProcess; done: Promise<Result>; stderrUntil(re: RegExp): Promise<RegExpMatchArray> }

function start(args: string[], env: Record<string, string> = {}): Running {
  const { GEO_API_KEY: _k, GEO_WORKSPACE: _w, ...inherited } = process.env;
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { ...inherited, XDG_CONFIG_HOME: configHome, GEO_SERVER: base, GEO_CLI_POLL_MS: '50', NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const waiters: Array<() => void> = [];
  child.stdout!.on('data', (d) => { stdout += d; });
  child.stderr!.on('data', (d) => { stderr += d; waiters.forEach((w) => w()); });
  const done = new Promise<Result>((resolve) => child.on('close', (code) => { waiters.forEach((w) => w()); resolve({ code, stdout, stderr }); }));
  return {
    child, done,
    stderrUntil: (re) => new Promise((resolve, reject) => {
      const check = () => {
        const m = stderr.match(re);
        if (m) resolve(m);
        else if (child.exitCode !== null) reject(new Error(`geo exited ${child.exitCode} before ${re}: ${stderr}${stdout}`));
      };
      waiters.push(check);
      check();
    }),
  };
}
const geo = (args: string[], env?: Record<string, string>) => start(args, env).done;
const json = (r: Result) => JSON.parse(r.stdout);
const session = (method: 'GET' | 'POST', url: string, payload?: object) => ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  ctx = await createTestApp({ config });
  base = await listen(ctx.app);
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, WS);
  for (const k of ['a', 'b']) await session('POST', `/api/v1/workspaces/${WS}/credits/top-up`, { amountMicrousd: 50_000_000, idempotencyKey: `cli-${k}` });
});
afterAll(() => ctx.close());

/** Runs `geo login`, approving (or denying) the code it prints as the signed-in user would. */
async function login(decide: 'approve' | 'deny', extra: string[] = []) {
  const run = start(['--json', 'login', '--no-browser', '--workspace', WS, ...extra]);
  const [, userCode] = await run.stderrUntil(/enter the code ([A-Z]{4}-[A-Z]{4})/);
  const res = await session('POST', `/api/v1/device-authorizations/${userCode}/${decide}`, decide === 'approve' ? { workspace: WS } : undefined);
  expect(res.statusCode).toBe(200);
  return run.done;
}

describe('geo CLI against a live server', () => {
  it('usage errors exit 1; without a stored key, 2', async () => {
    const unknown = await geo(['frobnicate']);
    expect([unknown.code, unknown.stderr]).toEqual([1, expect.stringContaining("unknown command 'frobnicate'")]);
    expect((await geo(['run', 'start', '--preset', 'huge'])).code).toBe(1);
    const none = await geo(['score']);
    expect([none.code, none.stderr.trim()]).toEqual([2, expect.stringMatching(/^geo: not_logged_in: /)]);
  }, 120_000); // three CLI processes (and a build first if src/ changed): seconds apiece on a loaded machine

  it('a denied device authorization exits 7 with one line', async () => {
    const denied = await login('deny');
    expect([denied.code, denied.stderr.trim().split('\n').at(-1)]).toEqual([7, 'geo: access_denied: the authorization was denied in the browser.']);
  }, 120_000);

  it('login through the device flow stores one 0600 profile for server and workspace', async () => {
    const res = await login('approve');
    expect(res.code).toBe(0);
    expect(json(res)).toMatchObject({ server: base, workspace: WS, keyId: expect.stringMatching(/^key_/), scopes: expect.arrayContaining(['runs:write', 'chat:write']) });
    expect(res.stdout).not.toContain('gp_live_');
    const file = path.join(configHome, 'geo', 'profiles.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    const store = JSON.parse(readFileSync(file, 'utf8'));
    expect(Object.keys(store.profiles)).toEqual([`${base}#${WS}`]);
    expect(store.profiles[store.current].apiKey).toMatch(/^gp_live_/);

    expect(json(await geo(['--json', 'workspaces']))).toEqual([expect.objectContaining({ id: WS, role: 'api_key' })]);

    // Logging in again to the same server and workspace replaces the key and revokes the old one.
    const again = json(await login('approve'));
    const after = JSON.parse(readFileSync(file, 'utf8'));
    expect([Object.keys(after.profiles), after.profiles[after.current].keyId]).toEqual([[`${base}#${WS}`], again.keyId]);
    const keys = (await session('GET', `/api/v1/workspaces/${WS}/api-keys`)).json();
    expect(keys.find((k: { keyId: string }) => k.keyId === json(res).keyId).state).toBe('revoked');
  }, 180_000);

  it('run start --wait follows the run to success; reads print JSON or tables', async () => {
    const res = await geo(['--json', 'run', 'start', '--preset', 'smoke', '--wait']);
    expect(res.code).toBe(0);
    const run = json(res);
    expect(run).toMatchObject({ status: 'succeeded', kind: 'measurement', brand: WS });
    expect(run.progress.completedCalls).toBe(run.progress.totalCalls);

    expect(json(await geo(['--json', 'run', 'list'])).map((r: { id: string }) => r.id)).toContain(run.id);
    expect(json(await geo(['--json', 'run', 'detail', run.id])).engines.length).toBeGreaterThan(0);
    const table = await geo(['run', 'show', run.id]); // a table for people
    expect([table.code, table.stdout]).toEqual([0, expect.stringMatching(new RegExp(`${run.id}[\\s\\S]*succeeded`))]);
    expect(json(await geo(['--json', 'score']))).toMatchObject({ version: 'geo-score-v1', score: expect.any(Number) });
    expect(json(await geo(['--json', 'scoreboard'])).entities.length).toBeGreaterThan(1);
    expect(json(await geo(['--json', 'timeseries', '--range', '7d'])).points).toHaveLength(1);
    expect(json(await geo(['--json', 'credits']))).toMatchObject({ workspace: WS, availableMicrousd: expect.any(Number) });
    expect(json(await geo(['--json', 'recs', 'list', '--all']))).toHaveProperty('archived');
    expect(json(await geo(['--json', 'page-eval']))).toEqual([]);

    const missing = await geo(['run', 'show', 'run_nope']);
    expect([missing.code, missing.stderr]).toEqual([3, expect.stringMatching(/^geo: not_found: .*\(request .+\)\n$/)]);
  }, 300_000);

  it('run start --adaptive passes the sampling option; run detail lists where the extra samples went', async () => {
    const run = json(await geo(['--json', 'run', 'start', '--preset', 'smoke', '--adaptive', '--target-width', '60', '--max-samples-per-cell', '4', '--wait']));
    expect(run).toMatchObject({ status: 'succeeded', sampling: { mode: 'adaptive', targetWidth: 60, maxSamplesPerCell: 4 } });
    const detail = await geo(['run', 'detail', run.id]);
    expect([detail.code, detail.stdout]).toEqual([0, expect.stringContaining('Extra samples (adaptive)')]);
    expect(detail.stdout).toContain('wider than 60 points');
    // An adaptive setting without --adaptive is the server's 400, in its words.
    const bad = await geo(['run', 'start', '--preset', 'smoke', '--target-width', '30']);
    expect([bad.code, bad.stderr]).toEqual([1, expect.stringMatching(/invalid_request: sampling\.targetWidth applies to adaptive sampling only/)]);
  }, 300_000);

  it('recs transition reads the version, then moves the recommendation', async () => {
    const job = (await session('POST', `/api/v1/workspaces/${WS}/recs/generate`, { lane: 'geo' })).json();
    await expect.poll(async () => (await session('GET', `/api/v1/workspaces/${WS}/jobs/${job.id}`)).json().status, { timeout: 90_000, interval: 50 }).not.toBe('running');
    const proposed = json(await geo(['--json', 'recs', 'list', '--status', 'proposed'])).proposed;
    expect(proposed.length).toBeGreaterThan(0);
    const moved = await geo(['recs', 'transition', proposed[0].rec_id, 'accept', '--note', 'from the CLI']);
    expect([moved.code, moved.stdout]).toEqual([0, expect.stringContaining(`${proposed[0].rec_id}: proposed → todo`)]);
    const stale = await geo(['recs', 'transition', proposed[0].rec_id, 'submit', '--expected-status', 'todo', '--expected-version', String(proposed[0].state_version)]);
    expect([stale.code, stale.stderr]).toEqual([5, expect.stringMatching(/^geo: stale_state: /)]);
  }, 120_000);

  it('chat streams the answer to stdout as it arrives', async () => {
    const res = await geo(['chat', 'What is our GEO score?']);
    expect(res.code).toBe(0);
    expect(res.stdout.trim().length).toBeGreaterThan(0);
    const events = (await geo(['--json', 'chat', 'And the scoreboard?'])).stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(events.filter((e) => e.event === 'text-delta').length).toBeGreaterThan(0);
    expect(events.at(-1)).toMatchObject({ event: 'finish', finishReason: expect.any(String) });
  }, 120_000);

  it('Ctrl-C during run start --wait cancels the run on the server and exits 130', async () => {
    // A run that cannot finish before the signal arrives: every simulated call waits ten minutes
    // (aborted by the cancel), so the outcome does not depend on how fast the machine is.
    const pipeline = config.pipeline;
    const latency = pipeline.simulatedLatencyMs;
    pipeline.simulatedLatencyMs = 600_000;
    try {
      const run = start(['--json', 'run', 'start', '--preset', 'lite', '--samples', '10', '--wait']);
      const [, id] = await run.stderrUntil(/Started run (\S+) /);
      run.child.kill('SIGINT');
      const res = await run.done;
      expect([res.code, res.stderr.trim().split('\n').at(-1)]).toEqual([130, `geo: interrupted: cancelled run ${id}.`]);
      expect((await session('GET', `/api/v1/workspaces/${WS}/runs/${id}`)).json().status).toBe('cancelled');
    } finally {
      pipeline.simulatedLatencyMs = latency;
    }
  }, 120_000);

  it('a key without the scope exits 2 with the server code; a revoked key exits 2; a lost server 6', async () => {
    const narrow = await activeKey(ctx.app, cookie, WS, { scopes: ['workspace:read'] });
    const scoped = await geo(['score'], { GEO_API_KEY: narrow.secret });
    expect([scoped.code, scoped.stderr]).toEqual([2, expect.stringMatching(/^geo: insufficient_scope: .*metrics:read/)]);
    await session('POST', `/api/v1/workspaces/${WS}/api-keys/${narrow.keyId}`, { action: 'revoke' });
    const revoked = await geo(['workspaces'], { GEO_API_KEY: narrow.secret, GEO_WORKSPACE: WS });
    expect([revoked.code, revoked.stderr]).toEqual([2, expect.stringMatching(/^geo: invalid_key: /)]);

    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const lost = await geo(['score'], { GEO_API_KEY: narrow.secret, GEO_WORKSPACE: WS, GEO_SERVER: `http://127.0.0.1:${port}` });
    expect([lost.code, lost.stderr.trim()]).toEqual([6, expect.stringMatching(/^geo: network: cannot reach .*ECONNREFUSED/)]);
  }, 120_000);

  it('a server that is not GEO (404 without the envelope) exits 6 as not_a_geo_server, not as not found', async () => {
    const other = http.createServer((_req, res) => res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found'));
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', () => r()));
    const origin = `http://127.0.0.1:${(other.address() as net.AddressInfo).port}`;
    try {
      const res = await geo(['score'], { GEO_API_KEY: 'gp_live_x', GEO_WORKSPACE: WS, GEO_SERVER: origin });
      expect([res.code, res.stderr.trim()]).toEqual([6, `geo: not_a_geo_server: ${origin} answered 404 without the GEO API's error envelope; check the server address (--server, GEO_SERVER)`]);
    } finally {
      await new Promise((r) => other.close(r));
    }
  });

  it('logout revokes the stored key on the server and forgets it', async () => {
    const out = await geo(['--json', 'logout']);
    expect([out.code, json(out)]).toEqual([0, expect.objectContaining({ workspace: WS, revoked: true })]);
    const keys = (await session('GET', `/api/v1/workspaces/${WS}/api-keys`)).json();
    expect(keys.find((k: { keyId: string }) => k.keyId === json(out).keyId).state).toBe('revoked');
    expect(JSON.parse(readFileSync(path.join(configHome, 'geo', 'profiles.json'), 'utf8')).profiles).toEqual({});
    expect((await geo(['score'])).code).toBe(2);
  }, 120_000);
});
