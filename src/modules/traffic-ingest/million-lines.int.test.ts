import { createReadStream, readFileSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { createTestApp, createWorkspace, driver, openTestDatabase, signup, type TestContext } from '../../../test/helpers/app.ts';
import { writeLog, type LogComposition } from '../../../test/helpers/traffic-log.ts';
import { wrapPglite, type Database } from '../../lib/db.ts';

// A generated 1,000,000-line access log (test/helpers/traffic-log.ts: verified and
// spoofed AI crawlers, ClaudeBot, AI-referred visits, unparsable lines, ordinary requests) is
// uploaded gzip through POST …/traffic/logs. Every count must equal the generator's own account
// of what it wrote, in the upload's result and in the views over the aggregates; and neither the
// API process nor the ingestion process (which reads and parses the log, and reports its peak in
// the job's log) may grow by anything near the size of the log (it is streamed, never held whole).
//
// Memory: the API process's RSS is read after a full collection once a second while the job runs,
// so the figure is what the ingestion holds, not garbage V8 has not collected yet. On PGlite the
// database runs in this process and an in-memory one would keep its growing files in memory too,
// so this file's database lives on disk, as the embedded default does (DATA_DIR).

const LINES = 1_000_000;
/** RSS growth allowed while ingesting: under half the uncompressed log (≈ 209 MB), which held whole would not fit. */
const RSS_GROWTH_BOUND_MB = 100;
/** Peak RSS of the ingestion process (the bound the traffic benchmark targets; about 160-180 MB measured, runtime included). */
const CHILD_PEAK_BOUND_MB = 300;

let ctx: TestContext;
let database: Database;
let cookie: string;
let dir: string;
let file: string;
let truth: LogComposition;
const start = Date.now() - 20 * 86_400_000; // the 11.6 days of the log end well within retention

/** A clone of the migrated template in a data directory on disk (PostgreSQL runs in its own process anyway). */
async function diskDatabase(): Promise<Database> {
  if (driver() === 'postgres') return openTestDatabase();
  const client = await PGlite.create({ dataDir: path.join(dir, 'pg'), loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) });
  return wrapPglite(client);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'geo-million-'));
  file = path.join(dir, 'access.log.gz');
  truth = await writeLog(file, LINES, start);
  database = await diskDatabase();
  ctx = await createTestApp({}, database);
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'million');
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await database?.close();
  await rm(dir, { recursive: true, force: true });
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url: `/api/v1/workspaces/million/${url}`, headers: { cookie } });
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

describe('a 1,000,000-line gzip log through the API', () => {
  it('counts exactly what the generator wrote, with bounded memory', { timeout: 600_000 }, async () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    gc();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sample = () => {
      gc();
      peak = Math.max(peak, process.memoryUsage().rss);
    };

    const res = await ctx.app.inject({
      method: 'POST', url: '/api/v1/workspaces/million/traffic/logs', headers: { cookie, 'content-type': 'application/gzip' }, payload: createReadStream(file),
    });
    expect(res.statusCode, res.body).toBe(202);
    let job: { id: string; status: string; lastLines: string[] };
    for (let polls = 0; ; polls++) {
      if (polls % 4 === 0) sample(); // a full collection a second is enough, and cheap beside the job
      job = (await get(`jobs/${res.json().id}`)).json();
      if (job.status !== 'running') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    sample();
    expect(job.status, job.lastLines.join('\n')).toBe('succeeded');

    const { counts } = (await get(`traffic/uploads/${job.id}`)).json();
    const kept = truth.verified + truth.claimed + truth.referrals;
    expect(counts).toEqual({
      lines: LINES, skipped: 0, unparsed: truth.unparsed, agentHits: truth.verified + truth.claimed, verified: truth.verified, claimed: truth.claimed,
      referrals: truth.referrals, other: truth.other, expired: 0, inserted: kept, duplicates: 0,
    });

    // The aggregates the views read hold the same totals.
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const range = `from=${day(start)}&to=${day(Date.now())}`;
    const agentDays = (await get(`traffic/agents?${range}`)).json() as Array<{ verification: string; hits: number }>;
    const hits = (v: string) => agentDays.filter((d) => d.verification === v).reduce((n, d) => n + d.hits, 0);
    expect([hits('verified'), hits('claimed')]).toEqual([truth.verified, truth.claimed]);
    const referrals = (await get(`traffic/referrals?${range}`)).json() as Array<{ visits: number }>;
    expect(referrals.reduce((n, r) => n + r.visits, 0)).toBe(truth.referrals);

    // The lines are read and parsed by an ingestion process of its own, which reports its peak.
    const reported = /ingestion process of its own \(peak memory (\d+) MB\)/.exec(job.lastLines.join('\n'));
    expect(reported, job.lastLines.join('\n')).not.toBeNull();
    expect(Number(reported![1]), 'peak RSS of the ingestion process, MB').toBeLessThan(CHILD_PEAK_BOUND_MB);
    const growth = mb(peak - before);
    expect(growth, `RSS grew ${growth} MB (from ${mb(before)} MB) ingesting a ${mb((await stat(file)).size)} MB gzip of about 209 MB of text`).toBeLessThan(RSS_GROWTH_BOUND_MB);
  });
});
