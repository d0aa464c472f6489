import { and, desc, eq, gte, lte } from 'drizzle-orm';
import { ENGINE_IDS } from '../../config.ts';
import type { Db } from '../../lib/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { WorkspaceContext } from '../../lib/http/types.ts';
import type { ScoresService } from '../scores/scores.service.ts';
import type { Mailer } from '../email/email.service.ts';
import type { WorkspacesService } from '../workspaces/workspaces.service.ts';
import type { RecsService } from '../recs/recs.service.ts';
import type { SeoService } from '../seo/seo.service.ts';
import type { PagesService } from '../pages/pages.service.ts';
import type { PdfRenderer } from './pdf.ts';
import { toCsv, toHtml } from './render.fns.ts';
import { buildReport, CATALOG, REPORT_TYPES, type RecsInput, type ReportData, type ReportType, type SeoInput } from './reports.fns.ts';
import { reports } from './reports.tables.ts';

const DAY_MS = 24 * 3600 * 1000;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => dayOf(new Date(new Date(`${day}T00:00:00Z`).getTime() + n * DAY_MS));
/** A run's report covers the 30 days ending on the run's day. */
const RUN_PERIOD_DAYS = 30;

// Types whose data comes from modules this build lacks are listed here as unavailable (none now).
const UNAVAILABLE: Partial<Record<ReportType, string>> = {};

/**
 * The modules the recommendations and SEO reports read. Getters, because the app creates those
 * services after this one (runs need `afterRun` first); they are called only when a report is read.
 */
export interface ReportSources {
  recs(): Pick<RecsService, 'list' | 'activity' | 'doneEffects'>;
  seo(): Pick<SeoService, 'dashboard'>;
  pages(): Pick<PagesService, 'list' | 'countByJob'>;
}
export const MADE_TYPES = REPORT_TYPES.filter((t) => !UNAVAILABLE[t]);

export type ReportRow = typeof reports.$inferSelect;
const rowView = (r: ReportRow) => ({
  id: r.id, type: r.type, title: CATALOG[r.type as ReportType]?.title ?? r.type, trigger: r.trigger, runId: r.runId,
  periodFrom: r.periodFrom, periodTo: r.periodTo, simulated: r.simulatedEngines.length > 0, simulatedEngines: r.simulatedEngines, createdAt: r.createdAt.toISOString(),
});

export function createReportsService(deps: {
  db: Db; clock: Clock; scores: ScoresService; pdf: PdfRenderer | null; sources: ReportSources;
  /** Weekly reports are mailed to the workspace's profile `email` when it has one. */
  mail?: { mailer: Mailer; workspaces: WorkspacesService; publicBaseUrl: string; onError(err: unknown): void };
}) {
  const { db, clock, scores } = deps;

  /** The period's bounds as instants: from its first day's start to the day after its last. */
  const bounds = (row: ReportRow) => [new Date(`${row.periodFrom}T00:00:00Z`), new Date(`${addDays(row.periodTo, 1)}T00:00:00Z`)] as const;

  async function recsInput(ws: WorkspaceContext, row: ReportRow): Promise<RecsInput> {
    const recs = deps.sources.recs();
    // The effects of all done items in one batched read (not one detail per item).
    const [groups, activity, done] = await Promise.all([recs.list(ws), recs.activity(ws, ...bounds(row)), recs.doneEffects(ws)]);
    const effects = done.map((d) => ({ title: d.title, effect: d.effect }));
    return { statusCounts: Object.fromEntries(Object.entries(groups).map(([status, items]) => [status, items.length])), created: activity.created, transitions: activity.transitions, effects };
  }

  async function seoInput(ws: WorkspaceContext, geoAnswers: number): Promise<SeoInput> {
    const { data } = await deps.sources.seo().dashboard(ws);
    const pages = deps.sources.pages();
    const [refreshPages, evaluations] = await Promise.all([data.refreshJobId ? pages.countByJob(ws.id, data.refreshJobId) : 0, pages.list(ws)]);
    return { dashboard: data, refreshPages, geoAnswers, evaluations };
  }

  async function data(ws: WorkspaceContext, row: ReportRow): Promise<ReportData> {
    const type = row.type as ReportType;
    const days = await scores.history(ws.id, 'composite', row.periodFrom, row.periodTo);
    const perEngine = (await Promise.all(ENGINE_IDS.map(async (engine) => {
      const last = (await scores.history(ws.id, engine, row.periodFrom, row.periodTo)).at(-1);
      return last ? { engine, data: last.data } : null;
    }))).filter((e): e is NonNullable<typeof e> => e !== null);
    return buildReport({
      type, workspace: ws.slug, periodFrom: row.periodFrom, periodTo: row.periodTo, generatedAt: row.createdAt.toISOString(),
      simulatedEngines: row.simulatedEngines, days, perEngine, unavailable: UNAVAILABLE[type],
      recs: type === 'recommendations_progress' ? await recsInput(ws, row) : undefined,
      seo: type === 'seo_technical_status' ? await seoInput(ws, days.at(-1)?.data.metrics.answers ?? 0) : undefined,
    });
  }

  /** The week's visibility summary to the workspace's address, as HTML with the CSV attached. Never fails the sweep. */
  async function mailWeekly(row: ReportRow) {
    if (!deps.mail) return;
    try {
      const ws = await deps.mail.workspaces.contextById(row.workspaceId);
      const { email } = await deps.mail.workspaces.getRow(ws);
      if (!email) return;
      const report = await data(ws, row);
      const link = `${deps.mail.publicBaseUrl}/api/v1/workspaces/${ws.slug}/reports/${row.id}?format=html`;
      await deps.mail.mailer.send({
        to: email, subject: `${report.title}, ${row.periodFrom} to ${row.periodTo}${report.simulated ? ' (simulated data)' : ''}`,
        text: `The weekly ${report.title.toLowerCase()} of ${ws.slug} is ready: ${link}${report.simulated ? '\nIt includes answers from simulated engines, not real AI engines.' : ''}\n`,
        html: toHtml(report), attachments: [{ filename: `${row.id}.csv`, content: Buffer.from(toCsv(report)), contentType: 'text/csv' }],
      });
    } catch (err) {
      deps.mail.onError(err);
    }
  }

  return {
    catalog: () => REPORT_TYPES.map((type) => ({
      type, ...CATALOG[type], formats: ['json', 'csv', 'html', 'pdf'], available: !UNAVAILABLE[type], ...(UNAVAILABLE[type] ? { reason: UNAVAILABLE[type] } : {}),
      schedule: 'after each succeeded run (the 30 days ending that day) and weekly (Monday to Sunday)',
    })),

    /** Inside the transaction that marks a run succeeded: its reports exist exactly when it succeeded. */
    async afterRun(tx: Db, workspaceId: string, runId: string, simulatedEngines: string[]) {
      const day = dayOf(clock.now());
      const now = clock.now();
      await tx.insert(reports).values(MADE_TYPES.map((type) => ({
        id: newId('rpt'), workspaceId, type, trigger: 'run' as const, runId, periodFrom: addDays(day, 1 - RUN_PERIOD_DAYS), periodTo: day, simulatedEngines, createdAt: now,
      })));
    },

    /** Weekly reports of the last full week (Monday to Sunday) for workspaces that ran in it. Idempotent. */
    async sweepWeekly() {
      const today = dayOf(clock.now());
      const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
      const to = addDays(today, -weekday - 1);
      const from = addDays(to, -6);
      const runs = await db.select({ workspaceId: reports.workspaceId, simulatedEngines: reports.simulatedEngines }).from(reports)
        .where(and(eq(reports.trigger, 'run'), gte(reports.periodTo, from), lte(reports.periodTo, to)));
      const byWorkspace = new Map<string, Set<string>>();
      for (const r of runs) {
        const set = byWorkspace.get(r.workspaceId) ?? new Set();
        r.simulatedEngines.forEach((e) => set.add(e));
        byWorkspace.set(r.workspaceId, set);
      }
      const now = clock.now();
      const rows = [...byWorkspace].flatMap(([workspaceId, sim]) => MADE_TYPES.map((type) => ({
        id: newId('rpt'), workspaceId, type, trigger: 'weekly' as const, runId: null, periodFrom: from, periodTo: to, simulatedEngines: [...sim].sort(), createdAt: now,
      })));
      const made = rows.length ? await db.insert(reports).values(rows).onConflictDoNothing().returning() : [];
      for (const row of made.filter((r) => r.type === 'visibility_summary')) await mailWeekly(row);
      return made.length;
    },

    async list(ws: WorkspaceContext, filter: { type?: string; limit: number }) {
      const rows = await db.select().from(reports)
        .where(and(eq(reports.workspaceId, ws.id), filter.type ? eq(reports.type, filter.type) : undefined))
        .orderBy(desc(reports.createdAt), desc(reports.id)).limit(filter.limit);
      return rows.map(rowView);
    },

    async read(ws: WorkspaceContext, id: string, format: 'json' | 'csv' | 'html' | 'pdf') {
      const [row] = await db.select().from(reports).where(and(eq(reports.workspaceId, ws.id), eq(reports.id, id)));
      if (!row) throw notFound('Report');
      const report = await data(ws, row);
      if (format === 'json') return { type: 'application/json; charset=utf-8', body: JSON.stringify({ ...rowView(row), report }) };
      if (format === 'csv') return { type: 'text/csv; charset=utf-8', body: toCsv(report), filename: `${row.id}.csv` };
      const html = toHtml(report);
      if (format === 'html') return { type: 'text/html; charset=utf-8', body: html };
      if (!deps.pdf) throw new AppError('pdf_unavailable', 'PDF rendering needs Chromium (CHROME_PATH); use format=html and print it.');
      return { type: 'application/pdf', body: await deps.pdf.render(html), filename: `${row.id}.pdf` };
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
