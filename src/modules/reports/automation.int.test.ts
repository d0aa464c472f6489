import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';
import { ended } from '../../../test/helpers/wait.ts';

// Automatic reports are opt-in per type (docs/reports.md, "Automatic reports"): a run makes none
// until the workspace chooses; a workspace on a schedule gets the weekly summary and nothing else;
// a choice is exactly what is made.

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await createTestApp();
  cookie = (await signup(ctx.app)).cookie;
  for (const slug of ['auto-none', 'auto-scheduled', 'auto-chosen']) {
    await createWorkspace(ctx.app, cookie, slug);
    await api('POST', `${slug}/credits/top-up`, { amountMicrousd: 5_000_000, idempotencyKey: `funds-${slug}` });
  }
}, 60_000);
afterAll(() => ctx.close());

const api = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, app = ctx.app) =>
  app.inject({ method, url: `/api/v1/workspaces/${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });
const run = async (slug: string) => {
  const started = await api('POST', `${slug}/runs`, { preset: 'smoke' });
  expect(started.statusCode, started.body).toBe(202);
  const done = await ended(async () => (await api('GET', `${slug}/runs/${started.json().id}`)).json(), 'the run');
  expect(done.status).toBe('succeeded');
};
const listed = async (slug: string, app = ctx.app) =>
  (await api('GET', `${slug}/reports`, undefined, app)).json().map((r: { type: string; trigger: string }) => `${r.trigger}:${r.type}`).sort();
/** The weekly sweep a week on, when the last full week holds today's run. */
const sweepAWeekLater = async () => {
  const later = await createTestApp({ clock: { now: () => new Date(Date.now() + 7 * 24 * 3600 * 1000) } }, ctx.database);
  try {
    await later.app.maintenance.sweep();
  } finally {
    await later.close();
  }
};

describe('automatic reports', () => {
  it('makes none after a run until chosen, and no weekly report without a schedule', async () => {
    expect((await api('GET', 'auto-none/reports/automatic')).json()).toEqual({ afterRun: [], weekly: [], chosen: false });
    await run('auto-none');
    expect(await listed('auto-none')).toEqual([]);
  });

  it('a workspace on a schedule gets the weekly visibility summary only', async () => {
    const scheduled = await api('PUT', 'auto-scheduled/schedule', { cron: '0 6 * * *', timeZone: 'UTC', preset: 'smoke' });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect((await api('GET', 'auto-scheduled/reports/automatic')).json()).toEqual({ afterRun: [], weekly: ['visibility_summary'], chosen: false });
    await run('auto-scheduled');
    expect(await listed('auto-scheduled')).toEqual([]);

    const chosen = await api('PUT', 'auto-chosen/reports/automatic', { afterRun: ['citation_sources', 'visibility_summary'], weekly: [] });
    expect(chosen.json()).toEqual({ afterRun: ['visibility_summary', 'citation_sources'], weekly: [], chosen: true });
    await api('PUT', 'auto-chosen/schedule', { cron: '0 6 * * *', timeZone: 'UTC', preset: 'smoke' });
    await run('auto-chosen');
    expect(await listed('auto-chosen')).toEqual(['run:citation_sources', 'run:visibility_summary']);

    await sweepAWeekLater();
    expect(await listed('auto-scheduled')).toEqual(['weekly:visibility_summary']);
    // Chosen: no weekly even with a schedule; never measured: nothing to summarise.
    expect(await listed('auto-chosen')).toEqual(['run:citation_sources', 'run:visibility_summary']);
    expect(await listed('auto-none')).toEqual([]);
  }, 120_000);

  it('refuses unknown types, repeats and missing moments with 400 naming the field', async () => {
    for (const [body, field] of [
      [{ afterRun: ['weekly_digest'], weekly: [] }, 'afterRun'],
      [{ afterRun: [], weekly: ['citation_sources', 'citation_sources'] }, 'weekly'],
      [{ afterRun: [] }, 'weekly'],
      [{ afterRun: [], weekly: [], extra: true }, 'extra'],
    ] as const) {
      const res = await api('PUT', 'auto-none/reports/automatic', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message, JSON.stringify(body)).toContain(field);
    }
    expect((await api('GET', 'auto-none/reports/automatic')).json().chosen).toBe(false);
  });
});
