import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '../../lib/db.ts';
import { newId } from '../../lib/ids.ts';
import { createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';
import type { MailMessage } from '../email/email.service.ts';
import type { DomainEvent } from '../events/events.hub.ts';
import { firedEventId } from './alerts.service.ts';
import { alertEvents, alertFirings } from './alerts.tables.ts';

// Alert jobs are retried by the queue (JOB_RETRIES) and idempotent on retry: a mail transport
// that fails is tried again without mailing anyone twice, and an evaluation that stopped after
// recording a firing announces it on retry, once.

let ctx: TestContext;
let cookie: string;
let email: string;
const seen: DomainEvent[] = [];
const sent: MailMessage[] = [];
let failNext = 0;
let calls = 0;
let n = 0;

beforeAll(async () => {
  ctx = await createTestApp({
    mailer: {
      async send(m) {
        calls++;
        if (failNext > 0) {
          failNext--;
          throw new Error('mail server unavailable');
        }
        sent.push(m);
      },
    },
    // pg-boss's smallest delay (1 s, doubling): the same policy shape as production, quicker.
    jobRetries: { alerts_eval: { retryLimit: 2, retryDelaySeconds: 1 }, alerts_mail: { retryLimit: 2, retryDelaySeconds: 1 } },
  });
  ({ cookie, email } = await signup(ctx.app));
  ctx.app.events.subscribe((e) => void seen.push(e));
});
afterAll(() => ctx.close());

async function workspace() {
  const slug = `ar-${++n}`;
  await createWorkspace(ctx.app, cookie, slug);
  const [row] = await rawRows<{ id: string }>(ctx.database.db, sql`select id from workspaces where slug = ${slug}`);
  const res = await ctx.app.inject({ method: 'POST', url: `/api/v1/workspaces/${slug}/alerts`, headers: { cookie }, payload: { kind: 'run_failed' } });
  expect(res.statusCode, res.body).toBe(201);
  return { slug, id: row!.id, ruleId: res.json().id as string };
}
async function until<T>(check: () => Promise<T | null | undefined | false>, what: string): Promise<T> {
  for (const end = Date.now() + 25_000; Date.now() < end;) {
    const value = await check();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${what} never held`);
}
const firingsOf = (ruleId: string) => rawRows<{ id: string; mail_status: string; mail_sent_to: string[]; announced_at: Date | null }>(
  ctx.database.db, sql`select id, mail_status, mail_sent_to, announced_at from alert_firings where rule_id = ${ruleId}`);
const mailJob = async (firingId: string) => (await rawRows<{ state: string; retry_count: number }>(
  ctx.database.db, sql`select state, retry_count from pgboss.job where name = 'alerts_mail' and data->>'jobId' = ${firingId}`));
const failedRun = (runId: string) => ({ runId, preset: 'smoke', samples: 1, status: 'failed', error: { code: 'all_calls_failed', message: 'all 4 engine calls failed' }, totals: { totalCalls: 4 } });
const mailsAbout = (runId: string) => sent.filter((m) => m.text.includes(runId));

describe('alert jobs are retried, idempotently', { timeout: 60_000 }, () => {
  it('a mail transport that fails once, then works: the queue retries and the member gets exactly one mail', async () => {
    const ws = await workspace();
    const before = calls;
    failNext = 1;
    await ctx.app.events.publish({ type: 'run.failed', workspaceId: ws.id, data: failedRun('run_flaky_mail') });
    const [firing] = await until(async () => ((await firingsOf(ws.ruleId))[0]?.mail_status === 'sent') && firingsOf(ws.ruleId), 'mail sent');
    expect(firing).toMatchObject({ mail_status: 'sent', mail_sent_to: [email] });
    expect(mailsAbout('run_flaky_mail').map((m) => m.to)).toEqual([email]);
    expect(calls - before).toBe(2);
    // The second attempt was the queue's retry of the same job, not a second job.
    expect(await until(async () => (await mailJob(firing!.id)).find((j) => j.state === 'completed') && mailJob(firing!.id), 'job completed')).toEqual([{ state: 'completed', retry_count: 1 }]);
    expect(seen.filter((e) => e.type === 'alert.fired' && e.data.firingId === firing!.id)).toHaveLength(1);
  });

  it('a transport that keeps failing ends `failed` after the last retry, never mailing', async () => {
    const ws = await workspace();
    failNext = 3;
    await ctx.app.events.publish({ type: 'run.failed', workspaceId: ws.id, data: failedRun('run_mail_down') });
    const [firing] = await until(async () => ((await firingsOf(ws.ruleId))[0]?.mail_status === 'failed') && firingsOf(ws.ruleId), 'mail failed');
    expect(firing!.mail_sent_to).toEqual([]);
    expect(failNext).toBe(0);
    expect(mailsAbout('run_mail_down')).toEqual([]);
    // The last attempt records the failure itself (the job completes): three attempts in all.
    expect(await until(async () => (await mailJob(firing!.id)).find((j) => j.state === 'completed') && mailJob(firing!.id), 'job completed')).toEqual([{ state: 'completed', retry_count: 2 }]);
  });

  it('an evaluation that stopped after recording its firing: the retry announces it once, and later retries add nothing', async () => {
    const ws = await workspace();
    const eventId = newId('evt');
    const data = failedRun('run_crashed_eval');
    const firingId = newId('alf');
    // As the interrupted attempt left it: the stored event, and a firing never announced nor mailed.
    const storeEvent = () => ctx.database.db.insert(alertEvents).values({ id: eventId, workspaceId: ws.id, type: 'run.failed', data, occurredAt: new Date() }).onConflictDoNothing();
    await storeEvent();
    await ctx.database.db.insert(alertFirings).values({
      id: firingId, ruleId: ws.ruleId, workspaceId: ws.id, dedupeKey: 'run:run_crashed_eval', sourceEventId: eventId, sourceEventType: 'run.failed',
      reason: 'Run run_crashed_eval (smoke) failed: all 4 engine calls failed [all_calls_failed].', figures: {}, mailStatus: 'pending', createdAt: new Date(),
    });
    const retry = async () => {
      await ctx.database.executeSql(`insert into pgboss.job (name, data) values ('alerts_eval', $1::jsonb)`, [JSON.stringify({ jobId: eventId })]);
      await until(async () => (await rawRows(ctx.database.db, sql`select 1 from alert_events where id = ${eventId}`)).length === 0, 'evaluated');
    };
    await retry();
    await until(async () => (await firingsOf(ws.ruleId))[0]?.mail_status === 'sent', 'mail sent');
    // A later duplicate of the evaluation (the event stored again, the job again) changes nothing.
    await storeEvent();
    await retry();
    // The evaluation enqueues its mail job before it finishes: a second one queued by mistake is here by now.
    await expect.poll(async () => (await mailJob(firingId)).map((j) => j.state), { timeout: 20_000, interval: 50 }).toEqual(['completed']);
    const firings = await firingsOf(ws.ruleId);
    expect(firings.map((f) => [f.id, f.mail_status, f.announced_at !== null])).toEqual([[firingId, 'sent', true]]);
    expect(seen.filter((e) => e.type === 'alert.fired' && e.data.firingId === firingId).map((e) => e.id)).toEqual([firedEventId(firingId)]);
    expect(mailsAbout('run_crashed_eval').map((m) => m.to)).toEqual([email]);
  });
});
