import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkspace, signup, testConfig, type TestContext } from '../../../test/helpers/app.ts';
import { ended } from '../../../test/helpers/wait.ts';

// Research with the SERP engine real: a local server speaking SerpApi's `GET /search.json`.

const queries: URLSearchParams[] = [];
let failing = false;
let server: http.Server;
let ctx: TestContext;
let owner: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname !== '/search.json') return void res.writeHead(404).end();
    queries.push(url.searchParams);
    if (failing) return void res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"boom"}');
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({
      search_metadata: { status: 'Success' },
      organic_results: [
        { position: 1, title: 'Review site', link: 'https://www.reviewhub.example/best' },
        { position: 2, title: 'Acme', link: 'https://acme.com/features' },
        { position: 3, title: 'Forum', link: 'https://forum.example.org/t/1' },
      ],
      related_questions: [{ question: `Which ${url.searchParams.get('q')} is cheapest?` }],
    }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = testConfig();
  const serpapi = { apiKey: 'serp_test_key', baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  ctx = await createTestApp({ config: testConfig({ providers: { ...base.providers, serpapi } }) });
  owner = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, owner, 'serp-a', { languages: ['en'] });
});
afterAll(async () => {
  await ctx.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const req = (method: 'GET' | 'POST', url: string) => ctx.app.inject({ method, url: `/api/v1/workspaces/${url}`, headers: { cookie: owner } });
const finished = (id: string) => ended(async () => (await req('GET', `serp-a/research/${id}`)).json(), 'research');

describe('research through SerpApi', () => {
  it('sends the key and query, and counts the cited domains by class', async () => {
    const done = await finished((await req('POST', 'serp-a/research')).json().id);
    expect(done.status).toBe('succeeded');
    expect(done.simulated).toEqual({ model: true, serp: false });
    expect(queries[0]!.get('api_key')).toBe('serp_test_key');
    expect(queries[0]!.get('engine')).toBe('google');
    expect(queries[0]!.get('hl')).toBe('en');
    const sources = done.stages.find((s: { stage: string }) => s.stage === 'sources').findings;
    expect(sources).toEqual(expect.arrayContaining([
      expect.objectContaining({ domain: 'acme.com', class: 'owned', citations: 12 }),
      expect.objectContaining({ domain: 'reviewhub.example', class: 'third_party' }),
    ]));
    expect(done.stages[0].findings.some((f: { text: string }) => /cheapest/.test(f.text))).toBe(true);
  });

  it('fails the job, with the stage marked failed, when the SERP engine keeps failing', async () => {
    failing = true;
    try {
      const done = await finished((await req('POST', 'serp-a/research')).json().id);
      expect(done.status).toBe('failed');
      expect(done.stages[0]).toMatchObject({ stage: 'topics', status: 'failed' });
      expect(done.lastLines.join('\n')).toMatch(/SerpApi answered 500/);
    } finally {
      failing = false;
    }
  });
});
