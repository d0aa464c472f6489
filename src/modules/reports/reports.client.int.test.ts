import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, copyFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';
import { browserAvailable } from '../../../test/helpers/browser.ts';
import { havePoppler, overlaps, pdfPages } from '../../../test/helpers/pdf-layout.ts';
import { manualClock } from '../../lib/clock.ts';
import { createFormatter } from '../../lib/format/format.ts';
import { until } from '../../../test/helpers/wait.ts';

// Reports as a client gets them: made on demand over three measured days, read as PDF
// and checked as a reader would: the brand's name, readable dates and numbers, the very interval
// the score endpoint gives, and pages whose text boxes never overlap. Page images are kept under
// test-artifacts/reports/ for a person to look at.

const TYPES = ['visibility_summary', 'competitor_comparison', 'citation_sources', 'recommendations_progress', 'seo_technical_status'] as const;
const ARTIFACTS = path.resolve('test-artifacts/reports');

let ctx: TestContext;
let owner: string;
const clock = manualClock(new Date('2026-11-20T09:00:00Z'));
const DAYS = ['2026-11-20', '2026-11-21', '2026-11-22'];

const req = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Record<string, string> = { cookie: owner }) =>
  ctx.app.inject({ method, url: `/api/v1/workspaces/${url}`, headers, ...(payload ? { payload } : {}) });


/** Keeps the PDF's pages as PNGs under test-artifacts/reports/ (`<name>-page-N.png`) for a person to look at; returns their names. */
function keepPages(pdf: Buffer, name: string): string[] {
  mkdirSync(ARTIFACTS, { recursive: true });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'report-png-'));
  writeFileSync(path.join(dir, 'report.pdf'), pdf);
  execFileSync('pdftoppm', ['-png', '-r', '60', path.join(dir, 'report.pdf'), path.join(dir, 'page')]);
  const pngs = readdirSync(dir).filter((f) => f.endsWith('.png')).sort();
  for (const png of pngs) copyFileSync(path.join(dir, png), path.join(ARTIFACTS, `${name}-${png}`));
  return pngs;
}

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  owner = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, owner, 'client-a', { displayName: 'Acme Analytics Group' });
  for (const [i, day] of DAYS.entries()) {
    clock.set(new Date(`${day}T09:00:00Z`));
    const run = await req('POST', 'client-a/runs', { preset: 'smoke', idempotencyKey: `day-${i}` });
    expect(run.statusCode, run.body).toBe(202);
    await until(async () => (await req('GET', `client-a/runs/${run.json().id}`)).json().status, (s) => s !== 'running');
  }
  await req('PUT', 'client-a/reports/settings', { agencyName: 'Northwind Agency', timeZone: 'Europe/Madrid', language: 'en' });
}, 240_000);
afterAll(() => ctx.close());

async function made(type: string, body: object = {}) {
  const res = await req('POST', 'client-a/reports', { type, from: DAYS[0], to: DAYS.at(-1), ...body });
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json()).toMatchObject({ type, status: 'queued', trigger: 'on_demand' });
  return until(async () => (await req('GET', `client-a/reports/${res.json().id}`)).json(), (r) => r.status !== 'queued' && r.status !== 'running');
}

describe('on-demand reports', { timeout: 240_000 }, () => {
  it('refuses bad bodies with the field named, and needs reports:write', async () => {
    const cases: Array<[object, RegExp]> = [
      [{ type: 'weekly_digest' }, /body\.type/],
      [{ type: 'visibility_summary', from: '2026-11-22', to: '2026-11-01' }, /body\.from/],
      [{ type: 'visibility_summary', from: '2025-01-01', to: '2026-11-22' }, /body\.to/],
      [{ type: 'visibility_summary', engines: ['altavista'] }, /body\.engines/],
      [{ type: 'visibility_summary', language: 'de' }, /body\.language/],
      [{ type: 'visibility_summary', colour: 'red' }, /colour/],
    ];
    for (const [body, field] of cases) {
      const res = await req('POST', 'client-a/reports', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toMatch(field);
    }
  });

  it('replays an idempotency key and costs no credits', async () => {
    const balance = async () => (await req('GET', 'client-a/credits/balance')).json();
    const before = await balance();
    const body = { type: 'citation_sources', idempotencyKey: 'once' };
    const [a, b] = await Promise.all([req('POST', 'client-a/reports', body), req('POST', 'client-a/reports', body)]);
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    expect(a.json().id).toBe(b.json().id);
    await until(async () => (await req('GET', `client-a/reports/${a.json().id}`)).json().status, (s) => s === 'ready' || s === 'failed');
    expect(await balance()).toEqual(before);
  });

  it.skipIf(!browserAvailable || !havePoppler)('each type as a PDF a client reads: brand name, no ISO time, one decimal, the score endpoint\'s interval', async () => {
    const score = (await req('GET', `client-a/score?date=${DAYS.at(-1)}`)).json();
    expect(score.interval).toEqual([expect.any(Number), expect.any(Number)]);
    const interval = createFormatter({ locale: 'en' }).interval(score.interval);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'report-pdf-'));
    for (const type of TYPES) {
      const report = await made(type);
      expect(report.status, report.error).toBe('ready');
      const pdf = await req('GET', `client-a/reports/${report.id}?format=pdf`);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const file = path.join(dir, `${type}.pdf`);
      writeFileSync(file, pdf.rawPayload);
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      expect(text, type).toContain('Acme Analytics Group');
      expect(text, type).toContain('Northwind Agency');
      expect(text, type).not.toContain('client-a');
      expect(text, type).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
      expect(text.match(/\d\.\d{2,}/g), type).toBeNull();
      expect(text, type).toContain(interval);
      expect(text, type).toMatch(/Simulated data/);
      expect(text, type).toMatch(/Nov 20 – 22, 2026/);
      expect(text, type).toMatch(/\d ?\/ ?\d/); // page x / y on every page
      // The JSON of the same report carries the same interval, unrounded, as the score endpoint.
      const json = (await req('GET', `client-a/reports/${report.id}?format=json`)).json();
      expect(json.report.score.interval).toEqual(score.interval);
      // The model each provider named with its answers, in the appendix (the simulator names its own).
      const chatgpt = json.report.methodology.engines.find((e: { engine: string }) => e.engine === 'chatgpt');
      expect(chatgpt.models).toEqual([{ version: 'simulated-chatgpt-1', answers: chatgpt.answers }]);
      expect(text, type).toContain('simulated-chatgpt-1');
      // The surfaces are named, and the all-engines figures said to pool both.
      expect(chatgpt.surfaces).toEqual(['api']);
      expect(json.report.methodology.engines.find((e: { engine: string }) => e.engine === 'google-aio').surfaces).toEqual(['product']);
      expect(text.replace(/\s+/g, ' '), type).toContain('Surfaces: the all-engines figures pool answers from the providers’ APIs');
    }
  });

  it.skipIf(!browserAvailable || !havePoppler)('layout: every page as PNG, no text box overlaps another, the chart has the period\'s data', async () => {
    const report = await made('visibility_summary');
    const pdf = (await req('GET', `client-a/reports/${report.id}?format=pdf`)).rawPayload;
    const pages = await pdfPages(pdf);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    pages.forEach((boxes, i) => expect(overlaps(boxes), `page ${i + 1}`).toEqual([]));
    const perPage = pages.map((boxes) => boxes.map((b) => b.str).join(' '));
    for (const [i, text] of perPage.entries()) {
      expect(text, `page ${i + 1}`).toMatch(/Simulated data/);
      expect(text, `page ${i + 1}`).toContain(`${i + 1} / ${pages.length}`);
    }
    const html = (await req('GET', `client-a/reports/${report.id}?format=html`)).body;
    expect(html.match(/<circle /g)).toHaveLength(DAYS.length);
    expect(html).toContain('<polygon');
    expect(keepPages(pdf, 'visibility_summary')).toHaveLength(pages.length);
  });

  it('CSV: one header, ISO dates, raw numbers with interval columns, a BOM when asked, formulas neutralised', async () => {
    const report = await made('competitor_comparison');
    const csv = await req('GET', `client-a/reports/${report.id}?format=csv`);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('report,section,label,day,value,unit,n,interval_low,interval_high,note,simulated');
    expect(lines.filter((l) => l.startsWith('report,'))).toHaveLength(1);
    expect(lines.slice(1).every((l) => /,\d{4}-\d{2}-\d{2},/.test(l))).toBe(true);
    expect(csv.body.charCodeAt(0)).not.toBe(0xfeff);
    const bom = await req('GET', `client-a/reports/${report.id}?format=csv&bom=true`);
    expect(bom.body.charCodeAt(0)).toBe(0xfeff);
  });

  it('a report not yet made says so; another workspace\'s report is 404', async () => {
    const res = await req('POST', 'client-a/reports', { type: 'visibility_summary' });
    const id = res.json().id;
    const early = await req('GET', `client-a/reports/${id}?format=json`);
    expect(early.statusCode).toBe(200);
    expect(['queued', 'running', 'ready']).toContain(early.json().status);
    await createWorkspace(ctx.app, owner, 'client-b');
    expect((await req('GET', `client-b/reports/${id}`)).statusCode).toBe(404);
  });

  it('a workspace with no run gets a report that says so, with no table of headers only', async () => {
    const res = await req('POST', 'client-b/reports', { type: 'visibility_summary' });
    expect(res.statusCode, res.body).toBe(202);
    const report = await until(async () => (await req('GET', `client-b/reports/${res.json().id}`)).json(), (r) => r.status !== 'queued' && r.status !== 'running');
    expect(report.status).toBe('ready');
    const html = (await req('GET', `client-b/reports/${report.id}?format=html`)).body;
    expect(html).toContain('Engines: Not enough data: no measurement succeeded in this period');
    expect(html).not.toContain('<th>Engine</th>');
    if (!browserAvailable || !havePoppler) return;
    // As a client would open it: every page's text laid out without overlaps, the empty state said in words.
    const pdf = (await req('GET', `client-b/reports/${report.id}?format=pdf`)).rawPayload;
    const pages = await pdfPages(pdf);
    pages.forEach((boxes, i) => expect(overlaps(boxes), `page ${i + 1}`).toEqual([]));
    expect(pages.map((boxes) => boxes.map((b) => b.str).join(' ')).join(' ')).toContain('no measurement succeeded in this period');
    expect(keepPages(pdf, 'visibility_summary-no-run')).toHaveLength(pages.length);
  });
});
