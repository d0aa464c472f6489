// Chat streaming benchmark.
//   npx tsx bench/chat.bench.ts                         # embedded database (PGlite, in memory)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/chat.bench.ts
// A local OpenAI-compatible provider (loopback, same process) streams chat-completion tokens;
// the real `@ai-sdk/openai` client reads it inside `POST /api/v1/chat`, and a real HTTP client
// reads our SSE. Baseline in the same run: the same client reading the provider directly.
//  1. time to first text-delta over the provider's own first token (paced 10 ms/token); target ≤ 20 ms
//  2. per-token overhead with the provider streaming as fast as it can (2,000 tokens); target < 0.2 ms
//  3. 50 concurrent streams (100 tokens at 10 ms): every delta present and in order; first-token
//     overhead and total time against the ideal.
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openPglite, openPostgres, type Database } from '../src/lib/db.ts';
import { startFakeOpenAI, type Reply } from '../test/helpers/fake-openai.ts';
import { readSse, userMessage } from '../test/helpers/sse.ts';

const url = process.env.BENCH_DATABASE_URL;
let database: Database;
let dropDb = async () => {};
if (url) {
  const name = `geo_bench_chat_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  database = openPostgres(target.toString(), 20);
  dropDb = async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
} else {
  database = await openPglite(undefined);
}
await database.migrate();

let reply: Reply = { text: ['x'] };
const fake = await startFakeOpenAI(() => reply);
const config = loadConfig({
  GEO_ENV: 'test', DATA_DIR: '/tmp/geo-bench-chat', LOG_LEVEL: 'silent', GEO_WORKERS: 'off', AUTH_RATE_LIMIT: '100000',
  OPENAI_API_KEY: 'sk-bench-local', OPENAI_BASE_URL: fake.url,
});
const app = await buildApp({ config, database, logger: false });
const base = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
const signup = await app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: { email: 'bench@example.com', password: 'bench password 1' } });
const cookie = `geo.session=${signup.cookies.find((c) => c.name === 'geo.session')!.value}`;
await app.inject({ method: 'POST', url: '/api/v1/workspaces', headers: { cookie }, payload: {
  brand: 'benchchat', displayName: 'Bench Co', domains: ['benchco.com'], languages: ['en'], regions: [],
  competitors: [{ name: 'Rival A', domains: ['rivala.com'], aliases: ['RA'], ambiguous: false }, { name: 'Rival B', domains: ['rivalb.com'], aliases: ['RB'], ambiguous: false }],
  gscProperty: 'sc-domain:benchco.com', ga4Property: '123456', activeSetSize: 20, complianceProfile: 'none',
  quotas: { discovery: 0.2, problem_solution: 0.2, use_case: 0.2, comparison: 0.2, expert: 0.1, brand_research: 0.1 },
} });
await app.inject({ method: 'POST', url: '/api/v1/workspaces/benchchat/credits/top-up', headers: { cookie }, payload: { amountMicrousd: 500_000_000, idempotencyKey: 'bench' } });

const tokens = (n: number) => Array.from({ length: n }, (_, i) => `t${i} `);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!;
const f = (x: number, d = 2) => x.toFixed(d);
/** CPU time of this process (user + system), in ms: robust to other processes loading the machine. */
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
let seq = 0;

/** One turn through the server: receive times of every text-delta, and what arrived. */
async function turn() {
  const t0 = performance.now();
  const threadId = (await app.inject({ method: 'POST', url: '/api/v1/threads', headers: { cookie }, payload: { workspace: 'benchchat' } })).json().id;
  const marker = `turn-${++seq}`;
  const res = await fetch(`${base}/api/v1/chat`, {
    method: 'POST', headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ workspace: 'benchchat', threadId, messages: [userMessage(marker, `Say the tokens (${marker})`)] }),
  });
  if (res.status !== 200) throw new Error(`chat answered ${res.status}: ${await res.text()}`);
  const headersAt = performance.now() - t0;
  const times: number[] = [];
  const cpu: number[] = [];
  const deltas: Array<{ text: string; index: number }> = [];
  let finish = '';
  await readSse(res.body!, (e, at) => {
    if (e.event === 'text-delta') {
      times.push(at);
      deltas.push(e.data);
      if (deltas.length === 1) cpu.push(cpuMs());
    }
    if (e.event === 'finish') cpu.push(cpuMs());
    if (e.event === 'finish') finish = e.data.finishReason;
  });
  // The provider call of this turn, found by the marker in its question (turns run concurrently).
  const call = fake.requests.findIndex((r) => JSON.stringify(r.body.messages ?? null).includes(`(${marker})`));
  return { times, deltas, finish, cpu, headersAt, provider: () => fake.tokenTimes[call]! };
}

/** The baseline: the same kind of client reading the provider's own stream, no server between. */
async function directTimes() {
  const call = fake.tokenTimes.length;
  const res = await fetch(`${fake.url}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ model: 'm', stream: true }) });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const times: number[] = [];
  const cpu: number[] = [];
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    const at = performance.now();
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (line === 'data: [DONE]') continue;
      const chunk = JSON.parse(line.slice(6));
      if (chunk.choices[0]?.delta?.content) {
        times.push(at);
        if (times.length === 1) cpu.push(cpuMs());
      }
    }
  }
  cpu.push(cpuMs());
  return { times, cpu, provider: fake.tokenTimes[call]! };
}

// Warm-up: JIT, connection pools, first-use paths.
reply = { text: tokens(20) };
for (let i = 0; i < 5; i++) await turn();

// 1. Time to first text-delta over the provider's first token, paced provider.
reply = { text: tokens(50), paceMs: 10, firstTokenMs: 30 };
const firstOver: number[] = [];
const firstDirect: number[] = [];
const startSequential: number[] = [];
for (let i = 0; i < 20; i++) {
  const t = await turn();
  firstOver.push(t.times[0]! - t.provider()[0]!);
  startSequential.push(t.headersAt);
  const d = await directTimes();
  firstDirect.push(d.times[0]! - d.provider[0]!);
}

// 2. Per-token overhead: the provider as fast as it can; spread of first-to-last delta per token.
const N = 2_000;
reply = { text: tokens(N) };
const perTokenServer: number[] = [];
const perTokenDirect: number[] = [];
const cpuTokenServer: number[] = [];
const cpuTokenDirect: number[] = [];
for (let i = 0; i < 5; i++) {
  const t = await turn();
  if (t.deltas.length !== N) throw new Error(`expected ${N} deltas, got ${t.deltas.length}`);
  perTokenServer.push((t.times.at(-1)! - t.times[0]!) / (N - 1));
  cpuTokenServer.push((t.cpu[1]! - t.cpu[0]!) / (N - 1));
  const d = await directTimes();
  perTokenDirect.push((d.times.at(-1)! - d.times[0]!) / (N - 1));
  cpuTokenDirect.push((d.cpu[1]! - d.cpu[0]!) / (N - 1));
}

// 3. 50 concurrent streams, each checked for every delta in order.
const STREAMS = 50;
const TOKENS = 100;
reply = { text: tokens(TOKENS), paceMs: 10 };
const started = performance.now();
const results = await Promise.all(Array.from({ length: STREAMS }, () => turn()));
const wall = performance.now() - started;
let broken = 0;
for (const r of results) {
  const inOrder = r.deltas.every((d, i) => d.index === i && d.text === `t${i} `);
  if (!inOrder || r.deltas.length !== TOKENS || r.finish !== 'stop') broken++;
}
const concurrentFirst = results.map((r) => r.times[0]! - r.provider()[0]!);
const lastLag = results.map((r) => r.times.at(-1)! - r.provider().at(-1)!);
const toHeaders = results.map((r) => r.headersAt);

const serverFirst = median(firstOver);
const serverToken = median(perTokenServer);
const directToken = median(perTokenDirect);
console.log(`database: ${url ? 'PostgreSQL' : 'PGlite (in memory)'}; provider, server and client share one process\n`);
console.log('1. time to first text-delta over the provider\'s first token (20 turns, 10 ms/token)');
console.log(`   through the server: median ${f(serverFirst)} ms, p95 ${f(p95(firstOver))} ms (target ≤ 20 ms: ratio ${f(serverFirst / 20)})`);
console.log(`   thread created + turn started (response headers), one at a time: median ${f(median(startSequential), 1)} ms`);
console.log(`   baseline, provider read directly: median ${f(median(firstDirect))} ms`);
console.log('2. per-token time, provider unpaced, 2,000 tokens (5 turns)');
console.log(`   through the server: ${f(serverToken, 4)} ms/token; direct: ${f(directToken, 4)} ms/token`);
console.log(`   CPU time of the process per token: through the server ${f(median(cpuTokenServer), 4)} ms; direct ${f(median(cpuTokenDirect), 4)} ms; overhead ${f(median(cpuTokenServer) - median(cpuTokenDirect), 4)} ms`);
console.log(`   overhead: ${f(serverToken - directToken, 4)} ms/token (target < 0.2 ms: ratio ${f((serverToken - directToken) / 0.2)})`);
console.log(`3. ${STREAMS} concurrent streams × ${TOKENS} tokens at 10 ms`);
console.log(`   streams with a missing or reordered delta: ${broken}`);
console.log(`   first-delta overhead: median ${f(median(concurrentFirst))} ms, p95 ${f(p95(concurrentFirst))} ms; last-delta lag: median ${f(median(lastLag))} ms, p95 ${f(p95(lastLag))} ms`);
console.log(`   thread created + turn started (response headers): median ${f(median(toHeaders), 0)} ms, max ${f(Math.max(...toHeaders), 0)} ms`);
console.log(`   wall time ${f(wall, 0)} ms for an ideal of ~${TOKENS * 10} ms of provider streaming (ratio ${f(wall / (TOKENS * 10))})`);

await app.close();
await fake.close();
await database.close();
await dropDb();
if (broken) process.exitCode = 1;
