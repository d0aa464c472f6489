import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.ts';
import { createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';
import { ended } from '../../../test/helpers/wait.ts';

// The kept reads (src/lib/reads-cache.ts) under a run's commit: readers hammer every kept route
// while a second run of the day writes its answers and commits; every read asked after the run
// was read `succeeded` (its status commits with its snapshots) must show it (two runs pooled, the run's every answer), whatever was kept before.

const clock = manualClock(new Date('2026-09-01T10:00:00Z'));
let ctx: TestContext;
let cookie: string;
const ws = '/api/v1/workspaces/racing';
const get = async (path: string) => {
  const res = await ctx.app.inject({ url: `${ws}${path}`, headers: { cookie } });
  expect(res.statusCode, `${path}: ${res.body.slice(0, 200)}`).toBe(200);
  return res.json();
};

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'racing');
  await ctx.app.inject({ method: 'POST', url: `${ws}/credits/top-up`, headers: { cookie }, payload: { amountMicrousd: 100_000_000, idempotencyKey: 'racing' } });
}, 90_000);
afterAll(() => ctx.close());

async function run(preset: string) {
  const res = await ctx.app.inject({ method: 'POST', url: `${ws}/runs`, headers: { cookie }, payload: { preset } });
  expect(res.statusCode, res.body).toBe(202);
  return res.json().id as string;
}

/** How many runs of the day each kept figure pools. */
const FIGURES: Array<[string, (body: any) => number]> = [
  ['/score', (b) => b.runs],
  ['/timeseries?range=28d', (b) => b.points.at(-1).runs],
  ['/timeseries?range=all', (b) => b.points.at(-1).runs],
  ['/scoreboard', (b) => b.runs],
  ['/metrics', (b) => b.runs],
];

describe('kept reads racing a commit', () => {
  it('serve no figure older than a run that committed before they were asked', { timeout: 180_000 }, async () => {
    const first = await run('smoke');
    expect((await ended(() => get(`/runs/${first}`), 'the first run')).status).toBe('succeeded');
    // Every read is kept from here.
    for (const [path, runs] of FIGURES) expect(runs(await get(path))).toBe(1);

    let second = '';
    const deadline = Date.now() + 150_000;
    const seen: Array<{ afterCommit: boolean; path: string; runs: number }> = [];
    const answersSeen: Array<{ afterCommit: boolean; n: number }> = [];
    // The model versions' answers of the day, kept with the answers' reads (sources.service.ts).
    const versionsSeen: Array<{ afterCommit: boolean; n: number }> = [];
    const versionAnswers = (b: { engines: Array<{ days: Array<{ date: string; answers: number }> }> }) =>
      b.engines.reduce((sum, e) => sum + e.days.filter((d) => d.date === '2026-09-01').reduce((s, d) => s + d.answers, 0), 0);
    const versionsBefore = versionAnswers(await get('/model-versions?range=28d'));
    expect(versionsBefore).toBeGreaterThan(0);
    // Six readers at once, over and over, from before the run starts until after it has committed.
    const readers = (async () => {
      let after = 0;
      while (after < 5 && Date.now() < deadline) {
        // The run's status is written by its commit: read `succeeded` before the figures are asked, it committed before them.
        const afterCommit = second !== '' && (await get(`/runs/${second}`)).status === 'succeeded';
        if (afterCommit) after++;
        await Promise.all([
          ...FIGURES.map(async ([path, runs]) => seen.push({ afterCommit, path, runs: runs(await get(path)) })),
          ...(second ? [get(`/answers?runId=${second}&limit=100`).then((b) => answersSeen.push({ afterCommit, n: b.answers.length }))] : []),
          get('/model-versions?range=28d').then((b) => versionsSeen.push({ afterCommit, n: versionAnswers(b) })),
        ]);
        // Room for the run between rounds (the embedded database answers one statement at a time).
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    second = await run('smoke');
    const done = await ended(() => get(`/runs/${second}`), 'the second run');
    expect(done.status).toBe('succeeded');
    await readers;

    const total = (await get(`/answers?runId=${second}&limit=100`)).answers.length;
    expect(total).toBeGreaterThan(0);
    const late = seen.filter((s) => s.afterCommit);
    expect(late.length).toBeGreaterThanOrEqual(5 * FIGURES.length);
    for (const s of late) expect(s, s.path).toMatchObject({ runs: 2 });
    for (const s of answersSeen.filter((a) => a.afterCommit)) expect(s.n).toBe(total);
    // The second run's answers joined the day's model versions for every read after its commit.
    const versionsAfter = versionAnswers(await get('/model-versions?range=28d'));
    expect(versionsAfter).toBeGreaterThan(versionsBefore);
    for (const s of versionsSeen.filter((v) => v.afterCommit)) expect(s.n).toBe(versionsAfter);
    // And every figure read before it showed one run or both, nothing else.
    for (const s of seen) expect([1, 2]).toContain(s.runs);
  });

  it('drops the kept answers list when answers are written, and the kept figures when a re-derivation writes', { timeout: 180_000 }, async () => {
    const before = (await get('/answers?limit=100')).answers.length;
    const third = await run('smoke');
    expect((await ended(() => get(`/runs/${third}`), 'the third run')).status).toBe('succeeded');
    expect((await get('/answers?limit=100')).answers.length).toBeGreaterThan(before === 100 ? 99 : before);
    expect((await get(`/answers?runId=${third}&limit=100`)).answers.length).toBeGreaterThan(0);
    // A re-derivation under geo-score-v2 rewrites every day's snapshots: the series, score and
    // scoreboard kept before it name v1; read after the job, each names v2.
    for (const path of ['/timeseries?range=all', '/score', '/scoreboard']) expect((await get(path)).version).toBe('geo-score-v1');
    const job = await ctx.app.inject({ method: 'POST', url: `${ws}/scores/rederive`, headers: { cookie }, payload: { metricVersion: 'geo-score-v2' } });
    expect(job.statusCode, job.body).toBe(202);
    expect((await ended(() => get(`/jobs/${job.json().id}`), 'the re-derivation')).status).toBe('succeeded');
    for (const path of ['/timeseries?range=all', '/score', '/scoreboard']) expect((await get(path)).version, path).toBe('geo-score-v2');
  });

  // Figures and answers keep the names they were measured with; what a competitor edit changes in
  // a kept read is which competitors exist: a filter by a removed one is refused from then on.
  it('refuses a filter by a competitor in every read asked after its removal answered, readers racing the removal', { timeout: 120_000 }, async () => {
    const competitors = (await get('/competitors')).competitors as unknown[];
    const added = await ctx.app.inject({ method: 'POST', url: `${ws}/competitors`, headers: { cookie }, payload: { name: 'Umbrella Corp', domains: ['umbrella.example'], aliases: ['Umbrella'], ambiguous: false } });
    expect(added.statusCode, added.body).toBe(200);
    const url = `${ws}/answers?limit=10&mentions=competitor:${competitors.length}`;
    const status = async () => (await ctx.app.inject({ url, headers: { cookie } })).statusCode;
    expect(await status()).toBe(200);
    expect(await status()).toBe(200); // kept
    let removed = false;
    const late: number[] = [];
    const readers = Promise.all(Array.from({ length: 4 }, async () => {
      for (let i = 0; i < 30; i++) {
        const afterRemoval = removed;
        const code = await status();
        if (afterRemoval) late.push(code);
        else expect([200, 400]).toContain(code);
      }
    }));
    const res = await ctx.app.inject({ method: 'DELETE', url: `${ws}/competitors`, headers: { cookie }, payload: { index: competitors.length } });
    expect(res.statusCode, res.body).toBe(200);
    removed = true;
    await readers;
    late.push(await status());
    expect(late.every((code) => code === 400), late.join(' ')).toBe(true);
  });
});
