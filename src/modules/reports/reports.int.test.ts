import { createFormatter } from '../../lib/format/format.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { activeKey, createTestApp, createWorkspace, signup, type TestContext } from '../../../test/helpers/app.ts';
import { browserAvailable } from '../../../test/helpers/browser.ts';
import { newId } from '../../lib/ids.ts';
import { recommendations } from '../recs/recs.tables.ts';
import { seoSnapshots } from '../seo/seo.tables.ts';
import { pageEvaluations } from '../pages/pages.tables.ts';
import { ended, until } from '../../../test/helpers/wait.ts';
import { eq } from 'drizzle-orm';
import { reports } from './reports.tables.ts';
import { english, sayAll } from './messages.fns.ts';
import type { ReportData } from './reports.fns.ts';

const ALL_TYPES = ['citation_sources', 'competitor_comparison', 'recommendations_progress', 'seo_technical_status', 'visibility_summary'];

let ctx: TestContext;
let owner: string;
let runId: string;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = (await signup(ctx.app)).cookie;
  await createWorkspace(ctx.app, owner, 'reports-a');
  // Every type after runs and weekly, chosen before the run (nothing is automatic by default).
  const chosen = await ctx.app.inject({ method: 'PUT', url: '/api/v1/workspaces/reports-a/reports/automatic', headers: { cookie: owner }, payload: { afterRun: ALL_TYPES, weekly: ALL_TYPES } });
  expect(chosen.statusCode, chosen.body).toBe(200);
  const run = await req('POST', 'reports-a/runs', { preset: 'smoke' });
  expect(run.statusCode, run.body).toBe(202);
  runId = run.json().id;
  await ended(async () => (await req('GET', `reports-a/runs/${runId}`)).json(), 'the run');
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
  it('lists the catalog, every type available', async () => {
    const catalog = (await req('GET', 'reports-a/reports/catalog')).json();
    expect(catalog.map((c: { type: string }) => c.type)).toEqual(['visibility_summary', 'competitor_comparison', 'citation_sources', 'recommendations_progress', 'seo_technical_status']);
    for (const c of catalog) expect(c).toMatchObject({ available: true });
    expect(catalog[0]).not.toHaveProperty('reason');
  });

  it('makes reports after a succeeded run, labelled simulated', async () => {
    const list = (await req('GET', 'reports-a/reports')).json();
    expect(list.map((r: { type: string }) => r.type).sort()).toEqual(ALL_TYPES);
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

  it('the top cited domains carry the sources module\'s classes', async () => {
    const [item] = (await req('GET', 'reports-a/reports?type=citation_sources')).json();
    const { report } = (await req('GET', `reports-a/reports/${item.id}?format=json`)).json();
    const rows = report.sections[0].table.rows as Array<[string, string, number]>;
    expect(rows.length).toBeGreaterThan(0);
    for (const [, cls] of rows) expect(['owned', 'competitor', 'earned media', 'user-generated', 'reference', 'social', 'third party']).toContain(cls);
    const classes = Object.fromEntries(rows.map(([domain, cls]) => [domain, cls]));
    expect(classes).toMatchObject({ 'acme.com': 'owned', 'globex.com': 'competitor', 'reddit.com': 'user-generated', 'wikipedia.org': 'reference' });
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
    // The printable report may not be framed (clickjacking), nor sniffed.
    expect(html.headers['content-security-policy']).toMatch(/default-src 'none'.*frame-ancestors 'none'/);
    expect(html.headers['x-content-type-options']).toBe('nosniff');
  });

  const reportOf = async (type: string, format: 'json' | 'csv' | 'html') => {
    const [item] = (await req('GET', `reports-a/reports?type=${type}`)).json();
    return req('GET', `reports-a/reports/${item.id}?format=${format}`);
  };
  const wsId = async () => ((await ctx.database.executeSql(`select id from workspaces where slug = 'reports-a'`)).rows[0] as { id: string }).id;

  it('says the recommendations and SEO sources have no data yet, in every format, with no figures', async () => {
    for (const [type, text] of [['recommendations_progress', 'No recommendations yet'], ['seo_technical_status', 'No SEO refresh']] as const) {
      const json = (await reportOf(type, 'json')).json();
      expect(json.report).toMatchObject({ type, simulated: true, sections: [{ figures: [], unavailable: expect.stringContaining(text) }] });
      expect((await reportOf(type, 'html')).body).toContain(text);
      expect((await reportOf(type, 'csv')).body).toContain(`,unavailable,`);
    }
  });

  it('reports recommendations by status, the period’s transitions and the done items’ effects', async () => {
    const workspaceId = await wsId();
    const evidence = { summary: 's', metric: { name: 'mention_rate', scope: {}, better: 'higher', source: 'runs', current: null }, figures: [], answers: [], prompts: [], urls: [], facts: {}, window: null, simulated: true };
    const now = new Date();
    const rows = await ctx.database.db.insert(recommendations).values(['t-1', 't-2'].map((topic) => ({
      id: newId('rec'), workspaceId, lane: 'geo' as const, type: 'content_gap', topic, title: `Write about ${topic}`, rationale: 'R', writtenBy: 'template' as const,
      evidence: evidence as never, scores: { impact: 0.5, confidence: 0.5, effort: 2, priority: 12.5, formula: 'recs-priority-v1' } as never, priority: 12.5,
      status: 'proposed' as const, stateVersion: 1, restoreStatus: null, complianceFlag: false, currentDraftId: null, baseline: null, doneAt: null, jobId: null, createdAt: now, updatedAt: now,
    }))).returning();
    const id = rows[0]!.id;
    let version = 1;
    for (const [action, expectedStatus] of [['accept', 'proposed'], ['submit', 'todo'], ['verify', 'in_review']] as const) {
      const res = await req('POST', `reports-a/recs/${id}/transition`, { action, expectedStatus, expectedVersion: version++, idempotencyKey: `rpt-${action}` });
      expect(res.statusCode, res.body).toBe(200);
    }
    const { report } = (await reportOf('recommendations_progress', 'json')).json();
    const [byStatus, period, effect] = report.sections;
    expect(byStatus.figures.find((f: { label: string }) => f.label === 'done')).toMatchObject({ value: 50, n: 2, interval: expect.any(Array) });
    expect(period.figures.map((f: { label: string; value: number; n: number }) => [f.label, f.value, f.n])).toEqual([['Created', 2, 2], ['Accepted', 1, 2], ['Done', 1, 2]]);
    // Accepted after a run: the baseline was measured; no run has finished since it was done, so no verdict.
    // Its metric names no prompts (every prompt is targeted): before/after, no estimate yet.
    expect(effect.table.rows).toEqual([[`Write about t-1`, 'Answers naming the brand', expect.any(Number), expect.any(Number), [expect.any(Number), expect.any(Number)], null, null, null, 'pending', expect.any(String), null, null, 'before/after', null]]);
    expect(effect.unavailable).toMatch(/both a before and an after/);
    const html = (await reportOf('recommendations_progress', 'html')).body;
    expect(html).toContain('Simulated data');
    expect(html).toContain('Write about t-1');
    const csv = (await reportOf('recommendations_progress', 'csv')).body.split('\r\n');
    expect(csv.some((l) => l.startsWith('recommendations_progress,In the period,Accepted,') && l.endsWith(',true'))).toBe(true);
  });

  it('reports SEO scores, components, failed checks by page count and the latest evaluations', async () => {
    const workspaceId = await wsId();
    const jobId = newId('job');
    const now = new Date();
    const pages = ['https://acme.example/', 'https://acme.example/pricing'].map((url) => ({
      id: newId('pev'), workspaceId, jobId, url, finalUrl: url, status: 'complete' as const, fetchedAt: now,
      scores: { performance: 90, accessibility: 80, bestPractices: 100, seo: 70 }, metrics: {} as never, checks: {} as never, details: {} as never,
    }));
    await ctx.database.db.insert(pageEvaluations).values(pages);
    const check = (p: (typeof pages)[number], code: 'description' | 'canonical') => ({
      auditId: p.id, pageUrl: p.url, pageTechnicalPct: 80, code, suggestion: 'fix it',
      evidence: { source: 'html', url: p.url, observedValue: 'missing', expectedValue: 'present', providerRef: `${p.id}:${code}` },
    });
    await ctx.database.db.insert(seoSnapshots).values({
      id: newId('seo'), workspaceId, jobId, version: 'seo-score-v1', seoScoreBp: 6400, insights: [], createdAt: now,
      components: [{ key: 'technical_health', available: true, points: 24, maximum: 30, percent: 80, unavailableReason: '', signalRefs: [] }, { key: 'search_performance', available: false, points: 0, maximum: 20, percent: 0, unavailableReason: 'gsc_not_connected', signalRefs: [] }] as never,
      technicalChecks: [check(pages[0]!, 'description'), check(pages[1]!, 'description'), check(pages[1]!, 'canonical')],
    });
    const { report } = (await reportOf('seo_technical_status', 'json')).json();
    const [scores, failed, latest] = report.sections;
    expect(scores.figures[0]).toMatchObject({ label: 'SEO score', value: 64, n: 2 });
    expect(scores.figures[1]).toMatchObject({ label: 'GEO score', value: expect.any(Number), n: expect.any(Number) });
    expect(scores.table.rows).toContainEqual(['Search performance', 'no', 0, 20, 0, 'Search Console not connected']);
    expect(failed.figures.map((f: { label: string; value: number; n: number }) => [f.label, f.value, f.n])).toEqual([['Meta description', 100, 2], ['Canonical address', 50, 2]]);
    for (const f of failed.figures) expect(f.interval).toEqual(expect.any(Array));
    expect(latest.table.rows).toHaveLength(2);
    expect(latest.table.rows[0].slice(3)).toEqual([90, 80, 100, 70]);
    const html = (await reportOf('seo_technical_status', 'html')).body;
    expect(html).toContain('Failed technical checks');
    expect(html).toContain('Simulated data');
    expect((await reportOf('seo_technical_status', 'csv')).body).toContain('seo_technical_status,Failed technical checks,Meta description,');
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
      expect(weekly).toHaveLength(ALL_TYPES.length);
      expect(weekly[0]).toMatchObject({ simulated: true, runId: null });
      // Mailed once (the second sweep made nothing new), labelled simulated, with the CSV attached.
      const mails = later.mails.filter((m) => m.to === 'team@acme.example');
      expect(mails).toHaveLength(1);
      const summary = weekly.find((r: { type: string }) => r.type === 'visibility_summary');
      expect(mails[0]!.subject).toBe(`Visibility summary: Acme Analytics, ${createFormatter({ locale: 'en' }).period(summary.periodFrom, summary.periodTo)} (simulated data)`);
      expect(mails[0]!.text).toContain('/w/reports-a/reports');
      expect(mails[0]!.html).toContain('Simulated data');
      expect(mails[0]!.attachments?.[0]?.filename).toMatch(/\.csv$/);
    } finally {
      await later.close();
    }
  });
});

describe('reports stored as English before messages', () => {
  it('read the same through the legacy conversion, and the sweep rewrites them once as messages', async () => {
    const db = ctx.database.db;
    // An on-demand report stores its data (the ones made after a run build theirs when read).
    const made0 = await req('POST', 'reports-a/reports', { type: 'visibility_summary', language: 'es', idempotencyKey: 'legacy-texts' });
    expect(made0.statusCode, made0.body).toBe(202);
    const item = made0.json();
    await until(async () => (await req('GET', `reports-a/reports/${item.id}?format=json`)).json(), (r) => r.status === 'ready' || r.status === 'failed', 'the report');
    const [row] = await db.select().from(reports).where(eq(reports.id, item.id));
    const made = row!.data!;
    expect(made.texts).toBe('messages');
    const html = (await req('GET', `reports-a/reports/${item.id}?format=html`)).body;
    const json = (await req('GET', `reports-a/reports/${item.id}?format=json`)).json();
    // The shape a row had before: every text the catalogue's English, no marker.
    const { texts: _texts, ...fields } = made;
    await db.update(reports).set({ data: sayAll(fields, english) as ReportData }).where(eq(reports.id, item.id));
    expect((await req('GET', `reports-a/reports/${item.id}?format=html`)).body).toBe(html);
    expect((await req('GET', `reports-a/reports/${item.id}?format=json`)).json()).toEqual(json);
    await ctx.app.maintenance.sweep();
    const [after] = await db.select().from(reports).where(eq(reports.id, item.id));
    expect(after!.data).toEqual(made);
    expect(JSON.stringify(after!.data)).not.toContain('"Latest"');
    expect(html).toContain('Últimos datos');
  });
});

describe('the language of a report', () => {
  it('is the one written on it: changing the setting later changes only the next run’s reports', async () => {
    await createWorkspace(ctx.app, owner, 'reports-lang');
    expect((await req('POST', 'reports-lang/credits/top-up', { amountMicrousd: 5_000_000, idempotencyKey: 'lang-funds' })).statusCode).toBe(200);
    await ctx.app.inject({ method: 'PUT', url: '/api/v1/workspaces/reports-lang/reports/automatic', headers: { cookie: owner }, payload: { afterRun: ['visibility_summary'], weekly: [] } });
    const run = async () => {
      const id = (await req('POST', 'reports-lang/runs', { preset: 'smoke' })).json().id as string;
      await ended(async () => (await req('GET', `reports-lang/runs/${id}`)).json(), 'a run');
      return (await req('GET', 'reports-lang/reports?type=visibility_summary')).json().find((r: { runId: string }) => r.runId === id) as { id: string; language: string };
    };
    const first = await run();
    expect(first.language).toBe('en');
    const put = await ctx.app.inject({ method: 'PUT', url: '/api/v1/workspaces/reports-lang/reports/settings', headers: { cookie: owner }, payload: { language: 'es' } });
    expect(put.statusCode).toBe(200);
    expect((await req('GET', `reports-lang/reports/${first.id}?format=json`)).json().report.language).toBe('en');
    const second = await run();
    expect(second.language).toBe('es');
    expect((await req('GET', `reports-lang/reports/${second.id}?format=json`)).json().report.language).toBe('es');
  }, 90_000);
});
