import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeKey, createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';
import { browserAvailable } from '../../../test/helpers/browser.ts';
import { havePoppler, overlaps, pdfPages } from '../../../test/helpers/pdf-layout.ts';
import { part, plainText, startSmtpSink, unsubscribeUrl } from '../../../test/helpers/smtp-sink.ts';
import { manualClock } from '../../lib/clock.ts';
import { createFormatter } from '../../lib/format/format.ts';
import { createSmtpMailer } from '../email/smtp.ts';

// The agency portfolio as an agency gets it: every workspace the person reaches and
// none other, each client's score and interval equal to its score endpoint's, a first page that
// compares them and a page per client with no text box over another, a CSV row per client; and
// on a schedule by mail (a local SMTP sink, an injected clock), once per slot, honouring an
// unsubscribe, linking the document when it is over the attachment limit.

const ARTIFACTS = path.resolve('test-artifacts/reports');
const clock = manualClock(new Date('2026-11-18T09:00:00Z'));
const A = 'cmo@agency.test';
const B = 'ops@agency.test';
const poll = { timeout: 60_000, interval: 50 };
let ctx: TestContext;
let owner: string;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let mailer: ReturnType<typeof createSmtpMailer>;

const get = (url: string, cookie = owner) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const portfolio = (query: string) => get(`/api/v1/reports/portfolio?from=2026-11-18&to=2026-11-19&${query}`);

async function measure(slug: string, day: string) {
  clock.set(new Date(`${day}T09:00:00Z`));
  const run = await ctx.app.inject({ method: 'POST', url: `/api/v1/workspaces/${slug}/runs`, headers: { cookie: owner }, payload: { preset: 'smoke', idempotencyKey: `${slug}-${day}` } });
  expect(run.statusCode, run.body).toBe(202);
  for (let status = 'running'; status === 'running';) {
    await new Promise((r) => setTimeout(r, 25)); // a poll of the run's status, as a client does
    status = (await get(`/api/v1/workspaces/${slug}/runs/${run.json().id}`)).json().status;
  }
}

beforeAll(async () => {
  sink = await startSmtpSink();
  mailer = createSmtpMailer({ url: sink.url, from: 'Reports <reports@geo.test>' });
  ctx = await createTestApp({ clock, mailer, jobRetries: { portfolio_delivery: { retryLimit: 2, retryDelaySeconds: 1 } } });
  owner = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, owner, 'alpha', { displayName: 'Alpha Analytics' });
  await createWorkspace(ctx.app, owner, 'beta', { displayName: 'Beta Bikes' });
  await createWorkspace(ctx.app, owner, 'gamma', { displayName: 'Gamma Gardens' });
  const stranger = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, stranger, 'stranger-co', { displayName: 'Stranger Company' });
  await measure('alpha', '2026-11-18');
  await measure('alpha', '2026-11-19');
  // Only a person's first workspace gets the free credit: the second is topped up (local mode, no payment).
  const topUp = await ctx.app.inject({ method: 'POST', url: '/api/v1/workspaces/beta/credits/top-up', headers: { cookie: owner }, payload: { amountMicrousd: 5_000_000, idempotencyKey: 'beta' } });
  expect(topUp.statusCode, topUp.body).toBeLessThan(300);
  await measure('beta', '2026-11-19');
  for (const slug of ['alpha', 'beta']) {
    const put = await ctx.app.inject({ method: 'PUT', url: `/api/v1/workspaces/${slug}/reports/settings`, headers: { cookie: owner }, payload: { agencyName: 'Northwind Agency', timeZone: 'Europe/Madrid' } });
    expect(put.statusCode, put.body).toBe(200);
  }
}, 240_000);
let rebuilt = false;
afterAll(async () => {
  await ctx.close();
  if (rebuilt) await ctx.database.close();
  mailer.close();
  await sink.close();
});

describe('agency portfolio on request', { timeout: 240_000 }, () => {
  it('speaks the person\'s own language unless the query names one', async () => {
    expect((await portfolio('format=json')).json().language).toBe('en');
    const prefs = (language: string | null) => ctx.app.inject({ method: 'PUT', url: '/api/v1/account/preferences', headers: { cookie: owner }, payload: { language } });
    expect((await prefs('fr')).statusCode).toBe(200);
    try {
      expect((await portfolio('format=json')).json().language).toBe('fr');
      expect((await portfolio('format=json&language=es')).json().language).toBe('es');
    } finally {
      await prefs(null);
    }
  });

  it('refuses bad queries with the field named, and takes a browser session only', async () => {
    const cases: Array<[string, RegExp]> = [
      ['from=2026-11-22&to=2026-11-01', /querystring\.from/],
      ['from=2025-01-01&to=2026-11-22', /querystring\.to/],
      ['language=de', /language/],
      ['timeZone=Mars/Olympus', /querystring\.timeZone/],
      ['format=docx', /format/],
      ['colour=red', /colour/],
    ];
    for (const [query, field] of cases) {
      const res = await get(`/api/v1/reports/portfolio?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.message, query).toMatch(field);
    }
    const key = await activeKey(ctx.app, owner, 'alpha', { scopes: ['reports:read', 'reports:write'] });
    const byKey = await ctx.app.inject({ method: 'GET', url: '/api/v1/reports/portfolio', headers: key.bearer });
    expect(byKey.statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/reports/portfolio' })).statusCode).toBe(401);
  });

  it('covers every workspace the person reaches, with each score endpoint\'s figures', async () => {
    const res = await portfolio('format=json');
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json();
    expect(p).toMatchObject({ type: 'portfolio', periodFrom: '2026-11-18', periodTo: '2026-11-19', timeZone: 'Europe/Madrid', agency: { name: 'Northwind Agency' }, simulated: true });
    expect(p.rows.map((r: { workspace: string }) => r.workspace).sort()).toEqual(['alpha', 'beta', 'gamma']);
    expect(p.rows.at(-1)).toMatchObject({ workspace: 'gamma', name: 'Gamma Gardens', score: null, change: null });
    for (const slug of ['alpha', 'beta']) {
      const score = (await get(`/api/v1/workspaces/${slug}/score?date=2026-11-19`)).json();
      const row = p.rows.find((r: { workspace: string }) => r.workspace === slug);
      expect(row, slug).toMatchObject({ score: score.score, interval: score.interval, n: score.n, day: '2026-11-19' });
    }
    const alpha = p.rows.find((r: { workspace: string }) => r.workspace === 'alpha');
    expect(alpha.change).toMatchObject({ firstDay: '2026-11-18', significant: expect.any(Boolean) });
    expect(p.rows.find((r: { workspace: string }) => r.workspace === 'beta').change).toBeNull(); // one day measured
    const scores = p.rows.map((r: { score: number | null }) => r.score ?? -1);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('CSV: one header, one row per client, raw numbers, formulas neutralised', async () => {
    const csv = await portfolio('format=csv&bom=true');
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.body.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('client,workspace,day,score,interval_low,interval_high,n,first_day,first_score,change_significant,rank,of,share_of_voice,top_competitor,top_competitor_share_of_voice,simulated_share,grade');
    expect(lines).toHaveLength(4);
    expect(lines.find((l) => l.startsWith('Gamma Gardens,gamma,'))).toBeDefined();
  });

  it.skipIf(!browserAvailable || !havePoppler)('PDF: a comparison page, a page per client, readable numbers, no overlap, page x / y', async () => {
    const res = await portfolio('format=pdf');
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'portfolio-'));
    const file = path.join(dir, 'portfolio.pdf');
    writeFileSync(file, res.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    for (const name of ['Portfolio report', 'Northwind Agency', 'Alpha Analytics', 'Beta Bikes', 'Gamma Gardens']) expect(text).toContain(name);
    expect(text).not.toContain('Stranger Company');
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    expect(text.match(/\d\.\d{2,}/g)).toBeNull();
    const score = (await get('/api/v1/workspaces/alpha/score?date=2026-11-19')).json();
    expect(text).toContain(createFormatter({ locale: 'en' }).interval(score.interval));
    const pages = await pdfPages(res.rawPayload);
    expect(pages.length).toBe(1 + 3 + 1); // comparison, one page per client, how the figures are made
    pages.forEach((boxes, i) => expect(overlaps(boxes), `page ${i + 1}`).toEqual([]));
    const perPage = pages.map((boxes) => boxes.map((b) => b.str).join(' '));
    perPage.forEach((t, i) => expect(t, `page ${i + 1}`).toContain(`${i + 1} / ${pages.length}`));
    expect(perPage[0]).toMatch(/Alpha Analytics[\s\S]*Beta Bikes[\s\S]*Gamma Gardens|Beta Bikes[\s\S]*Alpha Analytics[\s\S]*Gamma Gardens/);
    expect(perPage.slice(1, 4).map((t) => ['Alpha Analytics', 'Beta Bikes', 'Gamma Gardens'].filter((n) => t.includes(n)).length)).toEqual([1, 1, 1]);
    mkdirSync(ARTIFACTS, { recursive: true });
    execFileSync('pdftoppm', ['-png', '-r', '60', file, path.join(dir, 'page')]);
    for (const png of readdirSync(dir).filter((f) => f.endsWith('.png'))) copyFileSync(path.join(dir, png), path.join(ARTIFACTS, `portfolio-${png}`));
    // The same in Spanish: headings follow the language.
    const es = execFileSync('pdftotext', ['-', '-'], { input: (await portfolio('format=pdf&language=es')).rawPayload, encoding: 'utf8' });
    expect(es).toContain('Informe de cartera');
  });
});

describe('agency portfolio by mail', { timeout: 240_000 }, () => {
  const put = (payload: object) => ctx.app.inject({ method: 'PUT', url: '/api/v1/reports/portfolio/delivery', headers: { cookie: owner }, payload });
  const log = async () => (await get('/api/v1/reports/portfolio/deliveries')).json() as Array<{ slot: string; recipient: string; status: string; via: string; attempts: number; clients: number }>;

  it('refuses bad settings with the field named', async () => {
    const cases: Array<[object, RegExp]> = [
      [{ schedule: { frequency: 'weekly', hour: 9 }, recipients: [A] }, /body\.schedule\.weekday/],
      [{ schedule: { frequency: 'weekly', weekday: 1, hour: 9 }, recipients: Array.from({ length: 21 }, (_, i) => `r${i}@x.test`) }, /body\.recipients/],
      [{ schedule: { frequency: 'weekly', weekday: 1, hour: 9 }, recipients: [A], timeZone: 'Nowhere/Town' }, /body\.timeZone/],
    ];
    for (const [body, field] of cases) {
      const res = await put(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toMatch(field);
    }
  });

  it('mails the portfolio at its slot, once; an unsubscribed address is skipped; a refusing server is retried', async () => {
    clock.set(new Date('2026-11-20T10:00:00Z')); // Friday
    const set = await put({ schedule: { frequency: 'weekly', weekday: 1, hour: 9 }, recipients: [A, B], timeZone: 'Europe/Madrid' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ recipients: [A, B], delivery: { state: 'active', nextAt: '2026-11-23T08:00:00.000Z' } });
    clock.set(new Date('2026-11-23T07:59:00Z'));
    expect(await ctx.app.maintenance.tickPortfolioDeliveries()).toBe(0);
    clock.set(new Date('2026-11-23T08:00:30Z'));
    expect(await ctx.app.maintenance.tickPortfolioDeliveries()).toBe(1);
    expect(await ctx.app.maintenance.tickPortfolioDeliveries()).toBe(0);
    await expect.poll(() => sink.mailsTo(A).length + sink.mailsTo(B).length, poll).toBe(2);
    const mail = sink.mailsTo(A)[0]!;
    const via = browserAvailable ? 'attachment' : 'link';
    if (browserAvailable) expect(part(mail, 'application/pdf')!.body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(plainText(mail)).toMatch(/Portfolio report for 3 clients/);
    await expect.poll(async () => (await log()).map((l) => [l.recipient, l.status, l.via, l.attempts, l.clients]).sort(), poll)
      .toEqual([[A, 'sent', via, 1, 3], [B, 'sent', via, 1, 3]]);

    const url = new URL(unsubscribeUrl(mail));
    const page = await ctx.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.body).toContain('this agency portfolio mail');
    expect((await ctx.app.inject({ method: 'POST', url: `${url.pathname}${url.search}` })).statusCode).toBe(200);
    expect((await get('/api/v1/reports/portfolio/delivery')).json().unsubscribed).toEqual([A]);

    sink.refuseOnce(B);
    clock.set(new Date('2026-11-30T08:05:00Z'));
    expect(await ctx.app.maintenance.tickPortfolioDeliveries()).toBe(1);
    await expect.poll(async () => (await log()).filter((l) => l.slot === '2026-11-30T08:00:00.000Z').map((l) => [l.recipient, l.status, l.attempts]).sort(), poll)
      .toEqual([[A, 'skipped_unsubscribed', 0], [B, 'sent', 2]]);
    expect(sink.mailsTo(A)).toHaveLength(1);
  });

  it('links the document over the attachment limit; the link opens without an account and expires', async () => {
    await ctx.app.close();
    rebuilt = true;
    ctx = await createTestApp({ clock, mailer, reportAttachLimitBytes: 1000 }, ctx.database);
    const before = sink.mailsTo(B).length;
    clock.set(new Date('2026-12-07T08:01:00Z'));
    expect(await ctx.app.maintenance.tickPortfolioDeliveries()).toBe(1);
    await expect.poll(() => sink.mailsTo(B).length, poll).toBe(before + 1);
    const mail = sink.mailsTo(B).at(-1)!;
    expect(part(mail, 'application/pdf')).toBeNull();
    const link = new URL(/(http\S+\/r\/portfolio\?token=\S+)/.exec(plainText(mail))![1]!);
    const opened = await ctx.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toMatch(browserAvailable ? /application\/pdf/ : /text\/html/);
    const forged = await ctx.app.inject({ method: 'GET', url: `${link.pathname}?token=${link.searchParams.get('token')!.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a'))}` });
    expect(forged.json().error.code).toBe('invalid_token');
    clock.set(new Date('2027-01-07T08:02:00Z'));
    expect((await ctx.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` })).json().error.code).toBe('expired_token');
  });
});
