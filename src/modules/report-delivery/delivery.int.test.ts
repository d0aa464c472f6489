import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';
import { browserAvailable } from '../../../test/helpers/browser.ts';
import { decodeWords, header, part, plainText, startSmtpSink, unsubscribeUrl } from '../../../test/helpers/smtp-sink.ts';
import { manualClock } from '../../lib/clock.ts';
import { createSmtpMailer } from '../email/smtp.ts';

// Scheduled report delivery through a real SMTP conversation with a local sink: the due slot
// (an injected clock, never the wall clock) makes the report with the on-demand job, the mail
// carries the PDF, an unsubscribed recipient is skipped, a refusing SMTP server is retried by the
// queue, a PDF over the limit is linked (signed) instead, and without SMTP the settings say so.

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let ctx: TestContext;
let owner: string;
let mailer: ReturnType<typeof createSmtpMailer>;
const clock = manualClock(new Date('2026-11-20T09:00:00Z'));
const A = 'ana@client.test';
const B = 'bo@client.test';

const req = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1/workspaces/${url}`, headers: { cookie: owner }, ...(payload ? { payload } : {}) });
const poll = { timeout: 60_000, interval: 50 };
const mailsTo = (to: string) => sink.mailsTo(to);
const log = async () => (await req('GET', 'deliv/reports/deliveries')).json() as Array<{ slot: string; recipient: string; status: string; via: string | null; attempts: number; error: string | null }>;
beforeAll(async () => {
  sink = await startSmtpSink();
  mailer = createSmtpMailer({ url: sink.url, from: 'Reports <reports@geo.test>' });
  ctx = await createTestApp({ clock, mailer, jobRetries: { report_delivery: { retryLimit: 2, retryDelaySeconds: 1 } } });
  owner = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, owner, 'deliv', { displayName: 'Delivery Dynamics' });
  const run = await req('POST', 'deliv/runs', { preset: 'smoke', idempotencyKey: 'day-1' });
  expect(run.statusCode, run.body).toBe(202);
  for (let status = 'running'; status === 'running';) {
    await new Promise((r) => setTimeout(r, 25)); // a poll of the run's status, as the client test does
    status = (await req('GET', `deliv/runs/${run.json().id}`)).json().status;
  }
  expect((await req('PUT', 'deliv/reports/settings', { agencyName: 'Northwind Agency', timeZone: 'Europe/Madrid' })).statusCode).toBe(200);
}, 120_000);
let rebuilt = false;
afterAll(async () => {
  await ctx.close();
  if (rebuilt) await ctx.database.close();
  mailer.close();
  await sink.close();
});

describe('scheduled report delivery', { timeout: 120_000 }, () => {
  it('refuses bad settings with the field named', async () => {
    const many = Array.from({ length: 21 }, (_, i) => `r${i}@client.test`);
    const cases: Array<[object, RegExp]> = [
      [{ schedule: { frequency: 'weekly', weekday: 1, hour: 9 }, recipients: many }, /body\.recipients/],
      [{ schedule: { frequency: 'weekly', weekday: 1, hour: 9 }, recipients: ['not-an-address'] }, /body\.recipients/],
      [{ schedule: { frequency: 'weekly', hour: 9 }, recipients: [A] }, /body\.schedule\.weekday/],
      [{ schedule: { frequency: 'monthly', dayOfMonth: 31, hour: 9 }, recipients: [A] }, /body\.schedule\.dayOfMonth/],
      [{ schedule: { frequency: 'daily', hour: 9 }, recipients: [A] }, /body\.schedule\.frequency/],
    ];
    for (const [body, field] of cases) {
      const res = await req('PUT', 'deliv/reports/delivery', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toMatch(field);
    }
  });

  it.skipIf(!browserAvailable)('mails the PDF when due, once per slot; honours an unsubscribe; retries a refusing server', async () => {
    // Set on Friday 20 November: the first slot is Monday 23 November, 09:00 in Madrid (08:00 UTC).
    const put = await req('PUT', 'deliv/reports/delivery', { schedule: { frequency: 'weekly', weekday: 1, hour: 9 }, recipients: [A, B.toUpperCase(), A] });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ recipients: [A, B], timeZone: 'Europe/Madrid', delivery: { state: 'active', nextAt: '2026-11-23T08:00:00.000Z' } });

    clock.set(new Date('2026-11-23T07:59:00Z'));
    expect(await ctx.app.maintenance.tickReportDeliveries()).toBe(0);
    clock.set(new Date('2026-11-23T08:00:30Z'));
    expect(await ctx.app.maintenance.tickReportDeliveries()).toBe(1);
    expect(await ctx.app.maintenance.tickReportDeliveries()).toBe(0); // the same slot again: nothing

    await expect.poll(() => mailsTo(A).length + mailsTo(B).length, poll).toBe(2);
    const mail = mailsTo(A)[0]!;
    expect(decodeWords(header(mail, 'Subject')!)).toMatch(/Visibility summary: Delivery Dynamics/);
    const pdf = part(mail, 'application/pdf')!;
    expect(pdf.head).toMatch(/filename="?rpt_[a-z0-9]+\.pdf/);
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
    const reports = (await req('GET', 'deliv/reports')).json() as Array<{ id: string; trigger: string; periodFrom: string; periodTo: string }>;
    expect(reports.filter((r) => r.trigger === 'scheduled')).toEqual([expect.objectContaining({ periodFrom: '2026-11-16', periodTo: '2026-11-22' })]);
    await expect.poll(async () => (await log()).map((l) => [l.recipient, l.status, l.via, l.attempts]).sort(), poll)
      .toEqual([[A, 'sent', 'attachment', 1], [B, 'sent', 'attachment', 1]]);

    // Ana unsubscribes: the link's page asks, the button records it.
    const url = new URL(unsubscribeUrl(mail));
    const page = await ctx.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(A);
    expect((await req('GET', 'deliv/reports/delivery')).json().unsubscribed).toEqual([]); // a GET alone changes nothing
    const done = await ctx.app.inject({ method: 'POST', url: `${url.pathname}${url.search}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Unsubscribed');
    expect((await req('GET', 'deliv/reports/delivery')).json().unsubscribed).toEqual([A]);
    const forged = await ctx.app.inject({ method: 'POST', url: `/r/unsubscribe?token=${url.searchParams.get('token')!.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a'))}` });
    expect(forged.statusCode).toBe(400);

    // The next Monday: Ana is skipped; the server refuses Bo once, the queue's retry reaches him.
    sink.refuseOnce(B);
    clock.set(new Date('2026-11-30T08:05:00Z'));
    expect(await ctx.app.maintenance.tickReportDeliveries()).toBe(1);
    await expect.poll(() => mailsTo(B).length, poll).toBe(2);
    await expect.poll(async () => (await log()).filter((l) => l.slot === '2026-11-30T08:00:00.000Z').map((l) => [l.recipient, l.status, l.attempts]).sort(), poll)
      .toEqual([[A, 'skipped_unsubscribed', 0], [B, 'sent', 2]]);
    expect(mailsTo(A)).toHaveLength(1);
  });

  it.skipIf(!browserAvailable)('links a PDF over the attachment limit with a signed, expiring link a recipient opens without an account', async () => {
    await ctx.app.close();
    rebuilt = true;
    ctx = await createTestApp({ clock, mailer, reportAttachLimitBytes: 1000 }, ctx.database);
    const before = mailsTo(B).length;
    clock.set(new Date('2026-12-07T08:01:00Z'));
    expect(await ctx.app.maintenance.tickReportDeliveries()).toBe(1);
    await expect.poll(() => mailsTo(B).length, poll).toBe(before + 1);
    const mail = mailsTo(B).at(-1)!;
    expect(part(mail, 'application/pdf')).toBeNull();
    const text = plainText(mail);
    const link = /(http\S+\/r\/report\?token=\S+)/.exec(text)![1]!;
    expect(text).toMatch(/linked, not attached \(the PDF is [\d.]+ MB, over the/);
    const url = new URL(link);
    const opened = await ctx.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect(opened.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The log records the send after the SMTP server took the mail: waited for, like the mail.
    await expect.poll(async () => (await log()).find((l) => l.slot === '2026-12-07T08:00:00.000Z' && l.recipient === B), poll).toMatchObject({ status: 'sent', via: 'link' });
    clock.set(new Date('2027-01-07T08:02:00Z')); // 31 days on
    const expired = await ctx.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('expired_token');
  });

  it('says so when no mail transport is configured, and starts nothing', async () => {
    const bare = await createTestApp({ clock, mailer: undefined });
    try {
      const cookie = (await signup(bare.app)).cookie;
      await createWorkspace(bare.app, cookie, 'no-smtp');
      const put = await bare.app.inject({ method: 'PUT', url: '/api/v1/workspaces/no-smtp/reports/delivery', headers: { cookie }, payload: { schedule: { frequency: 'monthly', dayOfMonth: 1, hour: 8 }, recipients: [A] } });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json().delivery).toMatchObject({ state: 'unconfigured', reason: expect.stringContaining('SMTP_URL') });
      clock.set(new Date('2027-02-01T09:00:00Z'));
      expect(await bare.app.maintenance.tickReportDeliveries()).toBe(0);
    } finally {
      await bare.close();
    }
  });
});
