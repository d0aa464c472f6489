import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { activeKey, createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';
import { browserAvailable } from '../../../test/helpers/browser.ts';

let ctx: TestContext;
let owner: string;
let runId: string;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, owner, 'reports-a');
  const run = await req('POST', 'reports-a/runs', { preset: 'smoke' });
  expect(run.statusCode, run.body).toBe(202);
  runId = run.json().id;
  for (let i = 0; i < 400; i++) {
    const status = (await req('GET', `reports-a/runs/${runId}`)).json().status;
    if (status !== 'running') break;
    await new Promise((r) => setTimeout(r, 50));
  }
}, 60_000);
afterAll(() => ctx.close());

const req = (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = { cookie: owner }) =>
  ctx.app.inject({ method, url: `/api/v1/workspaces/${url}`, headers, ...(payload ? { payload } : {}) });

async function pdfText(bytes: Buffer) {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) pages.push((await (await doc.getPage(i)).getTextContent()).items.map((t) => ('str' in t ? t.str : '')).join(' '));
  return pages;
}

describe('reports', () => {
  it('lists the catalog with the unavailable types said so', async () => {
    const catalog = (await req('GET', 'reports-a/reports/catalog')).json();
    expect(catalog.map((c: { type: string }) => c.type)).toEqual(['visibility_summary', 'competitor_comparison', 'citation_sources', 'recommendations_progress', 'seo_technical_status']);
    expect(catalog.find((c: { type: string }) => c.type === 'seo_technical_status')).toMatchObject({ available: false, reason: expect.any(String) });
  });

  it('makes reports after a succeeded run, labelled simulated', async () => {
    const list = (await req('GET', 'reports-a/reports')).json();
    expect(list.map((r: { type: string }) => r.type).sort()).toEqual(['citation_sources', 'competitor_comparison', 'visibility_summary']);
    expect(list[0]).toMatchObject({ trigger: 'run', runId, simulated: true, simulatedEngines: expect.arrayContaining(['chatgpt']) });
    expect((await req('GET', 'reports-a/reports?type=citation_sources')).json()).toHaveLength(1);
  });

  it('reads JSON where every figure has n and an interval or a note', async () => {
    const [item] = (await req('GET', 'reports-a/reports?type=visibility_summary')).json();
    const res = await req('GET', `reports-a/reports/${item.id}?format=json`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.report).toMatchObject({ type: 'visibility_summary', simulated: true });
    const figures = body.report.sections.flatMap((s: { figures: unknown[] }) => s.figures);
    expect(figures.length).toBeGreaterThan(3);
    for (const f of figures) {
      expect(f.n).toEqual(expect.any(Number));
      expect(f.interval !== null || typeof f.note === 'string').toBe(true);
    }
  });

  it('reads CSV with n and interval columns, and HTML with a chart and the simulated label', async () => {
    const [item] = (await req('GET', 'reports-a/reports?type=competitor_comparison')).json();
    const csv = await req('GET', `reports-a/reports/${item.id}?format=csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('report,section,label,day,value,unit,n,interval_low,interval_high,note,simulated');
    expect(lines.slice(1).some((l) => l.includes('Acme Analytics visibility') && l.endsWith(',true'))).toBe(true);
    const html = await req('GET', `reports-a/reports/${item.id}?format=html`);
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.body).toContain('<svg');
    expect(html.body).toContain('Simulated data');
    expect(html.body).toContain('95% interval');
  });

  it.skipIf(!browserAvailable)('renders PDF through Chromium, the simulated label on every page', async () => {
    const [item] = (await req('GET', 'reports-a/reports?type=visibility_summary')).json();
    const res = await req('GET', `reports-a/reports/${item.id}?format=pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = await pdfText(res.rawPayload);
    expect(pages.length).toBeGreaterThanOrEqual(1);
    expect(pages[0]).toContain('Visibility summary');
    for (const page of pages) expect(page).toContain('Simulated data');
  }, 30_000);

  it('refuses bad formats, unknown reports and keys without reports:read', async () => {
    const [item] = (await req('GET', 'reports-a/reports')).json();
    expect((await req('GET', `reports-a/reports/${item.id}?format=docx`)).statusCode).toBe(400);
    expect((await req('GET', 'reports-a/reports/rpt_unknown')).statusCode).toBe(404);
    const key = await activeKey(ctx.app, owner, 'reports-a', { scopes: ['metrics:read'] });
    expect((await req('GET', 'reports-a/reports', undefined, key.bearer)).json().error.code).toBe('insufficient_scope');
    const reader = await activeKey(ctx.app, owner, 'reports-a', { scopes: ['reports:read'] });
    expect((await req('GET', `reports-a/reports/${item.id}`, undefined, reader.bearer)).statusCode).toBe(200);
  });

  it('makes weekly reports once per week, however often the sweep runs', async () => {
    // The run's reports are dated today; the weekly sweep covers the last full week, so move the clock a week on.
    await ctx.app.inject({ method: 'PATCH', url: '/api/v1/workspaces/reports-a/profile', headers: { cookie: owner }, payload: { email: 'team@acme.example' } });
    const later = await createTestApp({ clock: { now: () => new Date(Date.now() + 7 * 24 * 3600 * 1000) } }, ctx.database);
    try {
      await later.app.maintenance.sweep();
      await later.app.maintenance.sweep();
      const weekly = (await later.app.inject({ method: 'GET', url: '/api/v1/workspaces/reports-a/reports', headers: { cookie: owner } })).json().filter((r: { trigger: string }) => r.trigger === 'weekly');
      expect(weekly).toHaveLength(3);
      expect(weekly[0]).toMatchObject({ simulated: true, runId: null });
      // Mailed once (the second sweep made nothing new), labelled simulated, with the CSV attached.
      const mails = later.mails.filter((m) => m.to === 'team@acme.example');
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toMatch(/^Visibility summary, .* \(simulated data\)$/);
      expect(mails[0]!.html).toContain('Simulated data');
      expect(mails[0]!.attachments?.[0]?.filename).toMatch(/\.csv$/);
    } finally {
      await later.close();
    }
  });
});
