import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceBody } from './helpers/app.ts';
import { logLine } from './helpers/traffic-log.ts';

// What production runs: the bundles of scripts/build.mjs on plain node, no TypeScript loader.
// The build goes to a folder of this file's own inside the checkout (the bundles find their npm
// packages in its node_modules; the checkout's dist/ belongs to npm start). The server is started
// from it as `npm start` starts dist/main.js, and serves what it reads from files beside its
// sources (migrations, the dashboard's client files, the docs, the data files).
// Every Node process it starts records its script and flags at start (a preload given through
// NODE_OPTIONS, which children inherit), so the test sees that the traffic ingestion ran as its
// own bundle too, not as the TypeScript file through tsx (tsx is installed here, so that
// mistake would otherwise pass unseen).

const ROOT = fileURLToPath(new URL('..', import.meta.url));
mkdirSync(path.join(ROOT, '.cache'), { recursive: true });
const tmp = mkdtempSync(path.join(ROOT, '.cache', 'compiled-start-'));
const dist = path.join(tmp, 'dist');
const started = path.join(tmp, 'processes.jsonl');
const probe = path.join(tmp, 'probe.mjs');
writeFileSync(probe, `import { appendFileSync } from 'node:fs';
appendFileSync(${JSON.stringify(started)}, JSON.stringify({ script: process.argv[1], execArgv: process.execArgv }) + '\\n');
`);

interface Exit { code: number | null; stdout: string; stderr: string }
async function run(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Exit> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const [code] = await once(child, 'close');
  return { code, stdout, stderr };
}

let server: ChildProcess;
let base: string;
let log = '';

beforeAll(async () => {
  const built = await run(['scripts/build.mjs', '--outdir', dist]);
  expect(built.code, built.stderr).toBe(0);
  const { NODE_OPTIONS: _inherited, ...env } = process.env;
  server = spawn(process.execPath, ['--enable-source-maps', path.join(dist, 'main.js')], {
    cwd: ROOT,
    env: { ...env, NODE_OPTIONS: `--import=${probe}`, GEO_ENV: 'test', DATA_DIR: path.join(tmp, 'data'), DATABASE_URL: '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stderr!.on('data', (d) => (log += d));
  // Fastify's own line names the port it was given.
  const lines = createInterface({ input: server.stdout! });
  base = await new Promise<string>((resolve, reject) => {
    server.once('exit', (code) => reject(new Error(`the compiled server exited (${code}): ${log}`)));
    lines.on('line', (line) => {
      log += `${line}\n`;
      const address = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1];
      if (address) resolve(address);
    });
  });
}, 300_000); // a build and a fresh database's migrations: seconds, a minute or two on a loaded machine

afterAll(async () => {
  if (server?.exitCode === null) {
    server.kill('SIGTERM');
    await once(server, 'exit');
  }
  rmSync(tmp, { recursive: true, force: true });
});

describe('the compiled server (node dist/main.js)', { timeout: 120_000 }, () => {
  it('answers health once migrated, and serves the files it reads beside its sources', async () => {
    const health = await fetch(`${base}/api/v1/health/ready`);
    expect(health.status, log).toBe(200);
    const dashboard = await (await fetch(`${base}/`)).text();
    expect(dashboard).toContain('/assets/dashboard/app.js');
    for (const asset of ['/assets/dashboard/app.js', '/assets/dashboard/app.css', '/favicon.ico', '/device']) {
      expect((await fetch(`${base}${asset}`)).status, asset).toBe(200);
    }
    // The dashboard's bundle is the one the build wrote (no bundler runs in production).
    expect(await (await fetch(`${base}/assets/dashboard/app.js`)).text()).toBe(readFileSync(path.join(dist, 'dashboard', 'app.js'), 'utf8'));
    const scoring = await fetch(`${base}/api/v1/docs/scoring`);
    expect(scoring.status).toBe(200);
    expect(await scoring.text()).toMatch(/^# /);
  });

  it('ingests an uploaded log in its ingestion process, itself a bundle run by plain node', async () => {
    const signup = await fetch(`${base}/api/v1/auth/signup`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'compiled@example.com', password: 'correct horse battery' }),
    });
    expect(signup.status).toBe(201);
    const cookie = signup.headers.get('set-cookie')!.split(';')[0]!;
    const workspace = await fetch(`${base}/api/v1/workspaces`, {
      method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(workspaceBody('compiled')),
    });
    expect(workspace.status, await workspace.clone().text()).toBe(201);

    // 100 lines within retention; the ingestion's counts depend on the lines, not on the day.
    const start = Date.now() - 86_400_000;
    const body = gzipSync(`${Array.from({ length: 100 }, (_, i) => logLine(i, start)[0]).join('\n')}\n`);
    const upload = await fetch(`${base}/api/v1/workspaces/compiled/traffic/logs`, {
      method: 'POST', headers: { cookie, 'content-type': 'application/octet-stream' }, body,
    });
    expect(upload.status, await upload.clone().text()).toBe(202);
    const { id } = (await upload.json()) as { id: string };
    let job: { status: string; lastLines: string[] };
    do {
      await new Promise((r) => setTimeout(r, 50));
      job = (await (await fetch(`${base}/api/v1/workspaces/compiled/jobs/${id}`, { headers: { cookie } })).json()) as typeof job;
    } while (job.status === 'running');
    expect(job.status, job.lastLines.join('\n')).toBe('succeeded');
    const result = (await (await fetch(`${base}/api/v1/workspaces/compiled/traffic/uploads/${id}`, { headers: { cookie } })).json()) as { counts: { lines: number } };
    expect(result.counts.lines).toBe(100);

    const processes = readFileSync(started, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { script: string; execArgv: string[] });
    expect(processes[0]).toEqual({ script: path.join(dist, 'main.js'), execArgv: ['--enable-source-maps'] });
    expect(processes).toContainEqual({ script: path.join(dist, 'ingest.child.js'), execArgv: ['--enable-source-maps', '--max-semi-space-size=8'] });
    expect(processes.filter((p) => !p.script.startsWith(dist) || p.execArgv.some((a) => a.includes('tsx')))).toEqual([]);
  });
});

// The checkout's own dist/ (bin/geo.js compiles it first if src/ changed since its build). V8's
// coverage, written when the process exits, lists every script it ran: dist/ only, no source file.
describe('the geo command (bin/geo.js)', { timeout: 120_000 }, () => {
  it('runs the compiled CLI: --help and the package version, loading no TypeScript', async () => {
    const coverage = path.join(tmp, 'cli-coverage');
    const { NODE_OPTIONS: _inherited, ...env } = process.env;
    const help = await run(['bin/geo.js', '--help'], { ...env, NODE_V8_COVERAGE: coverage });
    expect(help.code, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/^Usage: geo \[options\] \[command\]/);
    expect(help.stdout).toContain('mcp');
    const version = await run(['bin/geo.js', '--version'], env);
    expect(version.stdout.trim()).toBe((JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version);

    const scripts = readdirSync(coverage).flatMap((f) => (JSON.parse(readFileSync(path.join(coverage, f), 'utf8')) as { result: Array<{ url: string }> }).result.map((r) => r.url));
    const ours = scripts.filter((url) => url.startsWith(pathToFileURL(ROOT).href) && !url.includes('/node_modules/'));
    expect(ours).toContain(pathToFileURL(path.join(ROOT, 'dist', 'cli.js')).href);
    expect(ours.filter((url) => !/\/(bin|dist|scripts)\/[^/]+\.m?js$/.test(url))).toEqual([]);
    expect(scripts.filter((url) => url.includes('/node_modules/tsx/'))).toEqual([]);
  });
});
