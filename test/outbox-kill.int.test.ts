import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { manualClock } from '../src/lib/clock.ts';
import { openPglite, rawRows, wrapPglite, type Database } from '../src/lib/db.ts';
import { createTestApp, driver, openTestDatabase, signup, createWorkspace, testConfig } from './helpers/app.ts';
import { startReceiver, type Receiver } from './helpers/webhook-receiver.ts';

// The transactional outbox: an event is never lost to a process that dies after its commit.
// A worker process is killed (SIGKILL, by the event hub's test-only fault hook) right after the transaction that ends a run has committed and before
// any listener ran: no webhook delivery, no alert exists yet. Another process on the same database
// then finds the run's events in the outbox, its relay publishes them, and every one reaches the
// customer's endpoint exactly once (the relay running again changes nothing).

const CHILD = fileURLToPath(new URL('./helpers/outbox-child.ts', import.meta.url));
let rx: Receiver;
let target: string; // the database the child opens: a PGlite data directory or a PostgreSQL address
let reopen: () => Promise<Database>;
let first: Database;

beforeAll(async () => {
  rx = await startReceiver();
  if (driver() === 'postgres') {
    const db = (await openTestDatabase()) as Database & { url: string };
    first = db;
    target = db.url;
    reopen = async () => db; // its pool outlived the child; closing it drops the clone
  } else {
    // A data directory of its own, unpacked from the suite's migrated template.
    target = mkdtempSync(path.join(os.tmpdir(), 'geo-outbox-'));
    first = wrapPglite(await PGlite.create({ dataDir: target, loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) }));
    reopen = () => openPglite(target);
  }
}, 180_000);
afterAll(() => rx.close());

const config = (workers: 'off' | 'embedded') => {
  const base = testConfig({ fetch: { allowPrivate: false, allowOrigins: [rx.origin] }, webhooks: { maxAttempts: 3, retryBaseMs: 20, timeoutMs: 5_000, disableAfter: 5 } });
  // The day stays pinned for the app below that drives its own clock from the real now.
  return { ...base, pipeline: { ...base.pipeline, workers, simulatedDay: process.env.GEO_SIMULATED_DAY } };
};

/** Runs the child until it dies; resolves with its exit code and signal. */
function runChild(): Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    env: { ...process.env, OUTBOX_TEST_DATABASE: target, OUTBOX_TEST_DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'geo-outbox-data-')) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal, out })));
}

describe('transactional outbox', () => {
  it('a process killed between the commit and the publish: the relay delivers every event, once', async () => {
    // Set up on the database with no worker: the run is queued, not worked.
    const setup = await createTestApp({ config: config('off') }, first);
    const { cookie } = await signup(setup.app);
    await createWorkspace(setup.app, cookie, 'outbox');
    const api = (app: typeof setup.app, method: 'GET' | 'POST', url: string, payload?: object) =>
      app.inject({ method, url: `/api/v1/workspaces/outbox${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });
    const hook = await api(setup.app, 'POST', '/webhooks', { url: `${rx.origin}/hook`, events: ['run.succeeded', 'run.failed', 'score.changed', 'credits.low'] });
    expect(hook.statusCode).toBe(201);
    rx.route('/hook', { kind: 'ok' }, hook.json().secret);
    await api(setup.app, 'POST', '/credits/top-up', { amountMicrousd: 50_000_000, idempotencyKey: 'outbox-1' });
    const run = await api(setup.app, 'POST', '/runs', { preset: 'smoke' });
    expect(run.statusCode).toBe(202);
    const runId = run.json().id as string;
    await setup.close();
    if (driver() === 'pglite') await first.close();

    // The worker process ends the run and dies at the hook.
    const died = await runChild();
    expect([died.signal, died.out]).toEqual(['SIGKILL', 'worker ready\n']);

    const database = await reopen();
    try {
      const [job] = await rawRows<{ status: string }>(database.db, sql.raw(`select status from jobs where id = '${runId}'`));
      expect(job?.status).toMatch(/^(succeeded|failed)$/);
      const pending = await rawRows<{ id: string; type: string; data: { runId?: string } }>(database.db, sql.raw('select id, type, data from event_outbox order by recorded_at'));
      const runEvent = pending.find((e) => e.type.startsWith('run.'));
      expect(runEvent?.data.runId).toBe(runId);
      // The listeners never ran: no delivery exists, nothing was sent.
      expect(await rawRows(database.db, sql.raw('select id from webhook_deliveries'))).toEqual([]);
      expect(rx.received).toEqual([]);

      // Another process, a minute later: its relay publishes what the dead one could not.
      const clock = manualClock(new Date(Date.now() + 60_000));
      const later = await createTestApp({ clock, config: config('embedded') }, database);
      try {
        expect(await later.app.maintenance.relayEvents()).toBe(pending.length);
        const publicIds = pending.filter((e) => ['run.succeeded', 'run.failed', 'score.changed', 'credits.low'].includes(e.type)).map((e) => e.id);
        await expect.poll(() => rx.received.filter((r) => r.path === '/hook').length, { timeout: 60_000, interval: 50 }).toBe(publicIds.length);
        expect(rx.received.map((r) => r.headers['webhook-id']).sort()).toEqual([...publicIds].sort());
        expect(rx.received.every((r) => r.verified)).toBe(true);
        expect(await rawRows(database.db, sql.raw('select id from event_outbox'))).toEqual([]);
        // At least once, never twice for the customer: relaying again finds nothing to do.
        expect(await later.app.maintenance.relayEvents()).toBe(0);
        expect((await later.app.maintenance.relayEvents())).toBe(0);
        expect(rx.received.length).toBe(publicIds.length);
      } finally {
        await later.close();
      }
    } finally {
      await database.close();
    }
  }, 600_000); // two apps and a child process that loads the whole app through tsx: minutes on a loaded machine
});
