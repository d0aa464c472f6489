import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENTS_FILE, type AgentData } from '../traffic/classify.fns.ts';
import { runRefreshRanges } from './ranges.refresh.ts';

// `npm run traffic:refresh-ranges` against a loopback server standing in for the operators (the
// lists are fetched under --base, host and path kept), on a copy of the shipped file: good lists
// are written with the date and `via`, broken ones refused and kept, the version bumped.

const shipped = JSON.parse(readFileSync(AGENTS_FILE, 'utf8')) as AgentData;
const dir = mkdtempSync(path.join(os.tmpdir(), 'geo-ranges-'));
const NEW_GPTBOT = ['20.171.206.0/23', '52.230.152.0/24', '2603:1030:c04::/48'];
// What each operator's address answers (by host and path), status and body.
let answers: Record<string, [number, string]>;
const good = (cidrs: string[]) => JSON.stringify({ creationTime: '2026-11-27T00:00:00', prefixes: cidrs.map((c) => (c.includes(':') ? { ipv6Prefix: c } : { ipv4Prefix: c })) });
const setAnswers = () => {
  answers = {
    '/openai.com/gptbot.json': [200, good(NEW_GPTBOT)],
    '/openai.com/searchbot.json': [200, '{"prefixes": []}'],
    '/openai.com/chatgpt-user.json': [200, '{"prefixes": [{"ipv4Prefix": "4.151.71.176/28"}, {"ipv4Prefix": "0.0.0.0/0"}]}'],
    '/www.perplexity.ai/perplexitybot.json': [404, 'not found'],
    '/developers.google.com/static/search/apis/ipranges/googlebot.json': [200, good(shipped.ranges['google-googlebot']!.prefixes)],
    '/www.bing.com/toolbox/bingbot.json': [200, '<html>moved</html>'],
  };
};

let server: http.Server;
let base: string;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const [status, body] = answers[req.url ?? ''] ?? [404, ''];
    res.writeHead(status, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

function copy(name: string) {
  const file = path.join(dir, name);
  copyFileSync(AGENTS_FILE, file);
  return file;
}
// After the shipped table's version date, so a refresh bumps it to that day's first version.
async function run(args: string[], now = new Date('2026-12-01T10:00:00Z')) {
  const out: string[] = [];
  const code = await runRefreshRanges(args, { fetch, now, log: (l) => out.push(l), error: (l) => out.push(`error: ${l}`) });
  return { code, out };
}
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as AgentData;

describe('traffic:refresh-ranges', () => {
  it('writes good lists, refuses empty or malformed ones (kept as they were), bumps the version, says what changed, exits 1', async () => {
    setAnswers();
    const file = copy('agents.json');
    const { code, out } = await run(['--base', base, '--file', file]);
    expect(code).toBe(1);
    const after = read(file);
    expect(after.ranges['openai-gptbot']).toEqual({ ...shipped.ranges['openai-gptbot'], prefixes: NEW_GPTBOT, observed: '2026-12-01', via: `refresh (mirror ${base})` });
    expect(after.ranges['google-googlebot']).toMatchObject({ prefixes: shipped.ranges['google-googlebot']!.prefixes, observed: '2026-12-01' });
    for (const name of ['openai-searchbot', 'openai-chatgpt-user', 'perplexity-bot', 'bing-bingbot']) expect(after.ranges[name], name).toEqual(shipped.ranges[name]);
    expect(after.version).toBe('2026-12-01.1');
    expect({ ...after, version: shipped.version, ranges: shipped.ranges }).toEqual(shipped); // agents, referrers, notes untouched
    expect(out).toEqual([
      `openai-gptbot: 15 → 3 prefixes (+1 −13); added 2603:1030:c04::/48`,
      `openai-searchbot: REFUSED (${base}/openai.com/searchbot.json: the list is empty); kept its 17 prefixes observed 2026-05-21`,
      `openai-chatgpt-user: REFUSED (${base}/openai.com/chatgpt-user.json: prefixes[1]: "0.0.0.0/0" is broader than /8); kept its 21 prefixes observed 2026-05-21`,
      `perplexity-bot: REFUSED (${base}/www.perplexity.ai/perplexitybot.json: HTTP 404); kept its 4 prefixes observed 2026-05-21`,
      `google-googlebot: unchanged (12 prefixes)`,
      `bing-bingbot: REFUSED (${base}/www.bing.com/toolbox/bingbot.json: the answer is not JSON); kept its 5 prefixes observed 2025-09-12`,
      `version ${shipped.version} → 2026-12-01.1`,
      `wrote ${file}`,
    ]);

    // Everything good the same day: exit 0, the version's second edition.
    for (const key of Object.keys(answers)) answers[key] = [200, good(['192.0.2.0/24'])];
    const again = await run(['--base', base, '--file', file]);
    expect([again.code, read(file).version]).toEqual([0, '2026-12-01.2']);
    expect(Object.values(read(file).ranges).map((r) => r.prefixes)).toEqual(Array(6).fill(['192.0.2.0/24']));
  });

  it('--dry-run and an all-refused run leave the file byte for byte; an unreachable mirror is refused, not a crash', async () => {
    setAnswers();
    const file = copy('dry.json');
    expect((await run(['--base', base, '--file', file, '--dry-run'])).out.at(-1)).toBe(`dry run: ${file} not written`);
    expect(readFileSync(file, 'utf8')).toBe(readFileSync(AGENTS_FILE, 'utf8'));

    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const gone = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    const down = await run(['--base', gone, '--file', file]);
    expect(down.code).toBe(1);
    expect(down.out.at(-1)).toBe('nothing refreshed: the file is unchanged');
    expect(down.out[0]).toMatch(/^openai-gptbot: REFUSED \(.*fetch failed \(ECONNREFUSED\)\)/);
    expect(readFileSync(file, 'utf8')).toBe(readFileSync(AGENTS_FILE, 'utf8'));

    expect(await run(['--bogus'])).toEqual({ code: 2, out: [expect.stringMatching(/^error: traffic:refresh-ranges: Unknown option '--bogus'/)] });
  });

  it('npm run traffic:refresh-ranges runs the command', async () => {
    setAnswers();
    const file = copy('script.json');
    const exec = promisify(execFile);
    const result = await exec('npm', ['run', '--silent', 'traffic:refresh-ranges', '--', '--base', base, '--file', file]).catch((err: { code: number; stdout: string }) => err);
    expect((result as { code?: number }).code).toBe(1);
    expect(result.stdout).toContain('openai-gptbot: 15 → 3 prefixes');
    expect(read(file).ranges['openai-gptbot']!.prefixes).toEqual(NEW_GPTBOT);
  }, 60_000);
});
