import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';
import { browserAvailable } from '../../../test/helpers/browser.ts';
import { jobWhenDone } from '../../../test/helpers/fixture-site.ts';
import { havePoppler, overlaps, pdfPages } from '../../../test/helpers/pdf-layout.ts';
import { multiDayLog } from '../../../test/helpers/traffic-log.ts';
import { manualClock } from '../../lib/clock.ts';

// The visibility summary's "AI crawlers and referrals" pages through the API: a generated log
// uploaded, a report made on demand, its figures against the traffic routes' own rows, in
// Spanish, as CSV and as a PDF page (kept as test-artifacts/reports/traffic-*.png). A workspace
// that never sent a log has no such pages; one whose logs miss the period says so in one line.

const ARTIFACTS = path.resolve(process.env.SCREENSHOT_DIR ?? 'test-artifacts', 'reports');
const clock = manualClock(new Date('2026-11-20T12:00:00Z'));
const FROM = '2026-11-14';
const TO = '2026-11-20';
let ctx: TestContext;
let cookie: string;

const req = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object | string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method, url: `/api/v1/workspaces/${url}`, headers: { cookie, ...headers }, ...(payload ? { payload } : {}) });

async function made(slug: string, body: object) {
  const res = await req('POST', `${slug}/reports`, { type: 'visibility_summary', from: FROM, to: TO, ...body });
  expect(res.statusCode, res.body).toBe(202);
  const id = res.json().id as string;
  for (;;) {
    const report = (await req('GET', `${slug}/reports/${id}`)).json();
    if (report.status === 'ready') return id;
    if (report.status === 'failed') throw new Error(report.error);
    await new Promise((r) => setTimeout(r, 25));
  }
}
const sectionsOf = async (slug: string, id: string) => (await req('GET', `${slug}/reports/${id}?format=json`)).json().report.sections as Array<Record<string, any>>;

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  cookie = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, cookie, 'logs', { displayName: 'Acme Analytics Group' });
  await createWorkspace(ctx.app, cookie, 'nologs');
  const run = await req('POST', 'logs/runs', { preset: 'smoke', idempotencyKey: 'one' });
  expect((await jobWhenDone(ctx.app, 'logs', run.json().id, { cookie })).status).toBe('succeeded');
  const upload = await req('POST', 'logs/traffic/logs', multiDayLog(7, 200, clock.now().getTime()), { 'content-type': 'text/plain' });
  expect(upload.statusCode, upload.body).toBe(202);
  expect((await jobWhenDone(ctx.app, 'logs', upload.json().id, { cookie })).status).toBe('succeeded');
  await req('PUT', 'logs/reports/settings', { agencyName: 'Northwind Agency', timeZone: 'Europe/Madrid', language: 'en' });
}, 240_000);
afterAll(() => ctx.close());

describe('the visibility summary\'s AI crawlers and referrals', { timeout: 120_000 }, () => {
  it('the same figures as GET …/traffic/agents and …/traffic/referrals; verified and claimed apart; pages from the raw hits', async () => {
    const id = await made('logs', {});
    const sections = await sectionsOf('logs', id);
    const crawlers = sections.find((s) => s.heading === 'AI crawlers and referrals')!;
    const days = (await req('GET', `logs/traffic/agents?from=${FROM}&to=${TO}`)).json() as Array<{ verification: string; hits: number; s4xx: number; s5xx: number }>;
    const visits = (await req('GET', `logs/traffic/referrals?from=${FROM}&to=${TO}`)).json() as Array<{ visits: number }>;
    const sum = (rows: typeof days, v: string, f: (r: (typeof days)[number]) => number) => rows.filter((r) => r.verification === v).reduce((s, r) => s + f(r), 0);
    const figure = (label: string) => crawlers.figures.find((f: { label: string }) => f.label === label);
    expect(figure('Verified AI agent hits').value).toBe(sum(days, 'verified', (r) => r.hits));
    expect(figure('Claimed AI agent hits (unverified)').value).toBe(sum(days, 'claimed', (r) => r.hits));
    expect(figure('Verified hits answered with an error (4xx/5xx)').note).toBe(`${sum(days, 'verified', (r) => r.s4xx + r.s5xx)} of ${sum(days, 'verified', (r) => r.hits)} verified hits`);
    expect(figure('Visits referred by AI answers').value).toBe(visits.reduce((s, r) => s + r.visits, 0));
    // Anthropic publishes no addresses: ClaudeBot is claimed only, with no error share of its own.
    expect(crawlers.table.rows.find((r: unknown[]) => r[0] === 'Anthropic')).toEqual(['Anthropic', 'training', 0, null, null, expect.any(Number)]);
    const pages = sections.find((s) => s.heading === 'Pages most fetched by verified AI agents')!;
    expect(pages.note).toBeUndefined();
    expect(pages.table.rows[0][0]).toBe('/pricing');
    const referrals = sections.find((s) => s.heading === 'Visits referred by AI answers, per engine')!;
    expect(referrals.table.rows.map((r: unknown[]) => r[0]).sort()).toEqual(['chatgpt', 'perplexity']);
    const csv = (await req('GET', `logs/reports/${id}?format=csv`)).body;
    expect(csv).toMatch(/AI crawlers and referrals,OpenAI · training: Verified hits,2026-11-20,\d+,count/);
  });

  it.skipIf(!browserAvailable || !havePoppler)('as a PDF page in Spanish: translated, no overlapping text, kept as an image', async () => {
    const id = await made('logs', { language: 'es' });
    const html = (await req('GET', `logs/reports/${id}?format=html`)).body;
    expect(html).toContain('Rastreadores de IA y visitas referidas');
    expect(html).toContain('índice de búsqueda');
    const pdf = (await req('GET', `logs/reports/${id}?format=pdf`)).rawPayload;
    const pages = await pdfPages(pdf);
    const at = pages.findIndex((boxes) => boxes.some((b) => b.str.includes('Rastreadores de IA')));
    expect(at).toBeGreaterThan(0);
    pages.forEach((boxes, i) => expect(overlaps(boxes), `page ${i + 1}`).toEqual([]));
    // The pages from the traffic heading on, in Spanish and in English, for a person to look at.
    mkdirSync(ARTIFACTS, { recursive: true });
    const dir = mkdtempSync(path.join(os.tmpdir(), 'traffic-report-'));
    const english = (await req('GET', `logs/reports/${await made('logs', { language: 'en' })}?format=pdf`)).rawPayload;
    for (const [language, bytes] of [['es', pdf], ['en', english]] as const) {
      const first = (await pdfPages(bytes)).findIndex((boxes) => boxes.some((b) => /Rastreadores de IA|AI crawlers and referrals/.test(b.str)));
      writeFileSync(path.join(dir, `${language}.pdf`), bytes);
      execFileSync('pdftoppm', ['-png', '-r', '80', '-f', String(first + 1), path.join(dir, `${language}.pdf`), path.join(ARTIFACTS, `traffic-${language}`)]);
    }
  });

  it('raw hits past the retention: the pages table says how much of the period it counts', async () => {
    await req('PUT', 'logs/traffic/settings', { retentionDays: 3 });
    const pages = (await sectionsOf('logs', await made('logs', {}))).find((s) => s.heading === 'Pages most fetched by verified AI agents')!;
    expect(pages.note).toBe('Single hits are kept for the workspace’s retention period: this table counts the last 4 of the period’s 7 days.');
    await req('PUT', 'logs/traffic/settings', { retentionDays: 90 });
  });

  it('logs that miss the period: one line; a workspace that never sent a log: no traffic pages at all', async () => {
    const before = await sectionsOf('logs', await made('logs', { from: '2026-10-01', to: '2026-10-07' }));
    expect(before.filter((s) => s.heading === 'AI crawlers and referrals')).toEqual([
      { heading: 'AI crawlers and referrals', figures: [], unavailable: 'The access logs sent hold no AI agent request and no AI-referred visit in this period.' },
    ]);
    const never = await sectionsOf('nologs', await made('nologs', {}));
    expect(never.map((s) => s.heading)).not.toContain('AI crawlers and referrals');
  });
});
