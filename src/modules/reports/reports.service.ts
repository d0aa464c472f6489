import type { Stamp } from '../scores/methodology.fns.ts';
import { and, desc, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import { ENGINE_IDS } from '../engines/catalogue.ts';
import type { Db } from '../../lib/db.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import { claimIdempotencyKey, requestFingerprint } from '../../lib/idempotency/idempotency.ts';
import { createFormatter, readerLanguage, type Language } from '../../lib/format/format.ts';
import { english, sayAll } from './messages.fns.ts';
import { isLegacy, upgradeTexts } from './legacy.fns.ts';
import type { JobsService } from '../jobs/jobs.service.ts';
import { newId } from '../../lib/ids.ts';
import type { WorkspaceContext } from '../../lib/http/types.ts';
import type { ScoresService } from '../scores/scores.service.ts';
import type { Mailer } from '../email/email.service.ts';
import type { WorkspacesService } from '../workspaces/workspaces.service.ts';
import type { RecsService } from '../recs/recs.service.ts';
import type { SeoService } from '../seo/seo.service.ts';
import type { PagesService } from '../pages/pages.service.ts';
import type { PdfRenderer } from './pdf.ts';
import { pdfChrome, toCsv, toHtml } from './render.fns.ts';
import { createReportAutomation } from './automation.ts';
import type { Automation } from './automation.fns.ts';
import { buildReport, CATALOG, REPORT_TYPES, type Branding, type RecsInput, type ReportData, type ReportType, type SeoInput } from './reports.fns.ts';
import { agencySettings, reportSettings, reports } from './reports.tables.ts';
import { readLogoSize } from './logo.image.ts';
import { agencyView, checkSettings, defaultSettings, logoKind, overridesOf, resolveSettings, settingsView, type ReportSettingsBody } from './settings.fns.ts';
import { trafficPages, type TrafficReads } from './traffic.data.ts';

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
  /** The workspace's stored icon (256×256 PNG), null when none. */
  icon(ws: WorkspaceContext): Promise<Buffer | null>;
  /** The sources module's classifier (owned, competitor, earned media, user-generated, reference, social, other). */
  sourceClasses?(): {
    classifier(ws: WorkspaceContext): Promise<(domain: string) => string>;
    /** The model versions the providers named with a period's answers (from inclusive, to exclusive). */
    modelVersions(ws: WorkspaceContext, from: Date, to: Date): Promise<Array<{ engine: string; surface: string; modelVersion: string | null; answers: number }>>;
  };
  /** The access logs' reads (traffic module), for the visibility summary's traffic pages. */
  traffic?(): TrafficReads;
  /** The methodology stamp of the answers of the days [from, to] (scores module's stamps). */
  stamp?(ws: WorkspaceContext, from: string, to: string): Promise<Stamp>;
}
/** The longest period a report may cover. */
export const MAX_PERIOD_DAYS = 400;

/**
 * A report's period: `from`/`to` default to the 30 days ending today (or ending `from` when that
 * is later); `from` after `to`, or more than MAX_PERIOD_DAYS days, is 400 naming the field
 * (`where`: `body` or `querystring`).
 */
export function period(q: { from?: string; to?: string }, today: string, where: 'body' | 'querystring'): { from: string; to: string } {
  const to = q.to ?? (q.from && q.from > today ? q.from : today);
  const from = q.from ?? addDays(to, 1 - RUN_PERIOD_DAYS);
  const fields: Array<{ field: string; keyword: string; message: string }> = [];
  const bad = (field: string, message: string) => fields.push({ field: `${where}.${field}`, keyword: 'custom', message: `${where}.${field} ${message}` });
  if (from > to) bad('from', `(${from}) is after ${where}.to (${to})`);
  const span = (new Date(`${to}T00:00:00Z`).getTime() - new Date(`${from}T00:00:00Z`).getTime()) / DAY_MS + 1;
  if (span > MAX_PERIOD_DAYS) bad('to', `makes a period of ${span} days; the longest is ${MAX_PERIOD_DAYS}`);
  if (fields.length) throw invalid(fields.map((f) => f.message).join('; '), { fields });
  return { from, to };
}
const KIND = 'report';
export const MADE_TYPES = REPORT_TYPES.filter((t) => !UNAVAILABLE[t]);

export type ReportRow = typeof reports.$inferSelect;
const rowView = (r: ReportRow) => ({
  id: r.id, type: r.type, title: CATALOG[r.type as ReportType]?.title ?? r.type, trigger: r.trigger, runId: r.runId, status: r.status,
  periodFrom: r.periodFrom, periodTo: r.periodTo, language: r.language, engines: r.engines ?? null,
  simulated: (r.data?.simulatedEngines ?? r.simulatedEngines).length > 0, simulatedEngines: r.data?.simulatedEngines ?? r.simulatedEngines,
  createdAt: r.createdAt.toISOString(), finishedAt: r.finishedAt?.toISOString() ?? null, error: r.error ?? null,
});
export type ReportView = ReturnType<typeof rowView>;
export interface CreateReport { type: ReportType; from?: string; to?: string; engines?: string[]; language?: Language; idempotencyKey?: string }
/** Told when a report made by a job is `ready` or `failed` (the scheduled delivery mails it then). */
export type ReportSettled = (row: ReportRow) => Promise<void>;

export function createReportsService(deps: {
  db: Db; clock: Clock; scores: ScoresService; pdf: PdfRenderer | null; sources: ReportSources; jobs: JobsService; workspaces: WorkspacesService;
  /** Weekly reports are mailed to the workspace's profile `email` when it has one. */
  mail?: { mailer: Mailer; workspaces: WorkspacesService; publicBaseUrl: string; onError(err: unknown): void };
}) {
  const { db, clock, scores, jobs } = deps;
  const settled: ReportSettled[] = [];
  const automation = createReportAutomation({ db, clock, made: MADE_TYPES });
  const tell = async (id: string, log: (line: string) => Promise<void>) => {
    const [row] = await db.select().from(reports).where(eq(reports.id, id));
    for (const listener of settled) await listener(row!).catch((err) => log(`after report ${id}: ${(err as Error).message}`));
  };

  /** The period's bounds as instants: from its first day's start to the day after its last. */
  const bounds = (row: ReportRow) => [new Date(`${row.periodFrom}T00:00:00Z`), new Date(`${addDays(row.periodTo, 1)}T00:00:00Z`)] as const;

  async function recsInput(ws: WorkspaceContext, row: ReportRow, language: Language): Promise<RecsInput> {
    const recs = deps.sources.recs();
    // The effects of all done items in one batched read (not one detail per item), their titles in the report's language.
    const [groups, activity, done] = await Promise.all([recs.list(ws), recs.activity(ws, ...bounds(row)), recs.doneEffects(ws, language)]);
    const effects = done.map((d) => ({ title: d.title, effect: d.effect }));
    return { statusCounts: Object.fromEntries(Object.entries(groups).map(([status, items]) => [status, items.length])), created: activity.created, transitions: activity.transitions, effects };
  }

  async function seoInput(ws: WorkspaceContext, geoAnswers: number): Promise<SeoInput> {
    const { data } = await deps.sources.seo().dashboard(ws);
    const pages = deps.sources.pages();
    const [refreshPages, evaluations] = await Promise.all([data.refreshJobId ? pages.countByJob(ws.id, data.refreshJobId) : 0, pages.list(ws)]);
    return { dashboard: data, refreshPages, geoAnswers, evaluations };
  }

  /** The settings reports use: the workspace's own fields, else its creator's agency's, else the defaults (resolveSettings). */
  async function settingsOf(workspaceId: string, tx: Db = db, row?: Pick<Awaited<ReturnType<WorkspacesService['getRow']>>, 'createdBy' | 'languages'>) {
    // Every read in `tx`: afterRun calls this inside the transaction that ends a run. `row`: the
    // workspace already read by the caller (the cover), not read twice.
    const ws = row ?? await deps.workspaces.getRowIn(tx, { id: workspaceId });
    const [own] = await tx.select().from(reportSettings).where(eq(reportSettings.workspaceId, workspaceId));
    const [agency] = ws.createdBy ? await tx.select().from(agencySettings).where(eq(agencySettings.userId, ws.createdBy)) : [];
    return resolveSettings(workspaceId, own ?? null, agency ?? null, readerLanguage(ws.languages ?? []));
  }

  /** Stored as given; an omitted field takes its default (the agency's are the defaults its workspaces inherit). */
  async function storedValues(body: ReportSettingsBody) {
    // sharp reads the header only of a logo whose bytes are the PNG or JPEG it says it is.
    checkSettings(body, body.agencyLogo && logoKind(body.agencyLogo) ? await readLogoSize(body.agencyLogo) : null);
    return { agencyName: body.agencyName ?? null, agencyLogo: body.agencyLogo ?? null, agencyColor: body.agencyColor?.toLowerCase() ?? null, whiteLabel: body.whiteLabel ?? false, timeZone: body.timeZone ?? 'UTC', language: body.language ?? 'en', updatedAt: clock.now() };
  }

  /** Cover data: the client brand's display name, colour and stored icon; the agency from the report settings. */
  async function branding(ws: WorkspaceContext): Promise<Branding & { timeZone: string; language: Language }> {
    const [row, icon] = await Promise.all([deps.workspaces.getRow(ws), deps.sources.icon(ws).catch(() => null)]);
    const settings = await settingsOf(ws.id, db, row);
    return {
      brand: { name: row.displayName, color: row.brandColors?.primary ?? null, logo: icon ? `data:image/png;base64,${icon.toString('base64')}` : null },
      agency: { name: settings.agencyName, logo: settings.agencyLogo, whiteLabel: settings.whiteLabel, color: settings.agencyColor },
      timeZone: settings.timeZone, language: settings.language as Language,
    };
  }

  /**
   * The report's data, from the same service calls as the score, scoreboard and time-series routes.
   * `lean`: only what the agency portfolio shows of a client (no recommendations, domain classes or
   * model versions, which it never prints and which cost a portfolio of many clients most of its reads).
   */
  async function data(ws: WorkspaceContext, row: ReportRow, opts: { lean?: boolean } = {}): Promise<ReportData> {
    // A row stored as English before texts were messages reads through the legacy conversion until the upgrade pass rewrites it.
    if (row.data) return isLegacy(row.data) ? upgradeTexts(row.data) : row.data;
    const type = row.type as ReportType;
    const engines = (row.engines?.length ? row.engines : ENGINE_IDS) as readonly string[];
    const [days, perEngineDays, brand] = await Promise.all([
      scores.history(ws.id, 'composite', row.periodFrom, row.periodTo),
      Promise.all(engines.map(async (engine) => ({ engine, days: await scores.history(ws.id, engine, row.periodFrom, row.periodTo) }))),
      branding(ws),
    ]);
    const perEngine = perEngineDays.filter((e) => e.days.length).map((e) => ({ engine: e.engine, data: e.days.at(-1)!.data }));
    const top = days.at(-1)?.data.metrics.topCitedDomains;
    const classify = top && deps.sources.sourceClasses && !opts.lean ? await deps.sources.sourceClasses().classifier(ws) : null;
    const domainClasses = top && classify ? Object.fromEntries([...top.owned, ...top.competitor, ...top.thirdParty].map((d) => [d.domain, classify(d.domain)])) : undefined;
    const modelVersions = deps.sources.sourceClasses && !opts.lean ? await deps.sources.sourceClasses().modelVersions(ws, ...bounds(row)) : undefined;
    const wantsRecs = !opts.lean && (type === 'recommendations_progress' || type === 'visibility_summary');
    // The portfolio (lean) never prints the traffic pages.
    const traffic = !opts.lean && type === 'visibility_summary' ? await trafficPages(deps.sources.traffic?.(), ws, row.periodFrom, row.periodTo) : undefined;
    const stamp = days.length && deps.sources.stamp ? await deps.sources.stamp(ws, row.periodFrom, row.periodTo) : null;
    // A report reads in the language written on it when it was made (the settings' then, for a
    // run's or week's report): changing the setting later never changes a report already listed.
    const language = row.language as Language;
    return buildReport({
      ...brand, language,
      type, workspace: ws.slug, periodFrom: row.periodFrom, periodTo: row.periodTo, generatedAt: row.createdAt.toISOString(),
      // Run and weekly reports recorded their simulated engines; an on-demand one reads them from its snapshots.
      simulatedEngines: row.simulatedEngines.length ? row.simulatedEngines : perEngineDays.filter((e) => e.days.some((d) => d.data.simulated)).map((e) => e.engine).sort(),
      days, perEngine, perEngineDays, unavailable: UNAVAILABLE[type], domainClasses, modelVersions, traffic, stamp,
      recs: wantsRecs ? await recsInput(ws, row, language) : undefined,
      seo: type === 'seo_technical_status' ? await seoInput(ws, days.at(-1)?.data.metrics.answers ?? 0) : undefined,
    });
  }

  async function renderPdf(report: ReportData) {
    if (!deps.pdf) throw new AppError('pdf_unavailable', 'PDF rendering needs Chromium (CHROME_PATH); use format=html and print it.');
    return deps.pdf.render(toHtml(report), pdfChrome(report));
  }

  /** The job of an on-demand report: its data once, and its PDF when Chromium is there. */
  jobs.register(KIND, async (ctx) => {
    const reportId = String(ctx.job.params.reportId);
    const [row] = await db.select().from(reports).where(eq(reports.id, reportId));
    if (!row) return;
    await db.update(reports).set({ status: 'running' }).where(eq(reports.id, row.id));
    try {
      const ws = await deps.workspaces.contextById(row.workspaceId);
      const report = await data(ws, row);
      const pdf = deps.pdf ? await renderPdf(report) : null;
      await db.update(reports).set({ status: 'ready', data: report, pdf, simulatedEngines: report.simulatedEngines, finishedAt: clock.now() }).where(eq(reports.id, row.id));
      await ctx.log(`report ${row.id} ready${pdf ? ` (PDF ${pdf.length} bytes)` : ' (no PDF: Chromium is not configured)'}`);
    } catch (err) {
      await db.update(reports).set({ status: 'failed', error: (err as Error).message.slice(0, 500), finishedAt: clock.now() }).where(eq(reports.id, row.id));
      await tell(row.id, ctx.log);
      throw err;
    }
    await tell(row.id, ctx.log);
  });

  /** The week's visibility summary to the workspace's address, as HTML with the CSV attached. Never fails the sweep. */
  async function mailWeekly(row: ReportRow) {
    if (!deps.mail) return;
    try {
      const ws = await deps.mail.workspaces.contextById(row.workspaceId);
      const { email } = await deps.mail.workspaces.getRow(ws);
      if (!email) return;
      const report = await data(ws, row);
      const link = `${deps.mail.publicBaseUrl}/api/v1/workspaces/${ws.slug}/reports/${row.id}?format=html`;
      // The period as the report itself writes it ("Nov 20 – 26, 2026" in its language), the brand by name.
      const period = createFormatter({ locale: report.language }).period(row.periodFrom, row.periodTo);
      // The mail's own words are English (its subject is filtered on); the title with them.
      const title = english(report.title);
      await deps.mail.mailer.send({
        to: email, subject: `${title}: ${report.brand.name}, ${period}${report.simulated ? ' (simulated data)' : ''}`,
        text: [
          `The weekly ${title.toLowerCase()} of ${report.brand.name} for ${period} is ready (HTML below, CSV attached).`,
          `Open it: ${link}`, `All reports: ${deps.mail.publicBaseUrl}/w/${ws.slug}/reports`,
          ...(report.simulated ? ['It includes answers from simulated engines, not real AI engines.'] : []),
        ].join('\n') + '\n',
        html: toHtml(report), attachments: [{ filename: `${row.id}.csv`, content: Buffer.from(toCsv(report)), contentType: 'text/csv' }],
      });
    } catch (err) {
      deps.mail.onError(err);
    }
  }

  return {
    catalog: () => REPORT_TYPES.map((type) => ({
      type, ...CATALOG[type], formats: ['json', 'csv', 'html', 'pdf'], available: !UNAVAILABLE[type], ...(UNAVAILABLE[type] ? { reason: UNAVAILABLE[type] } : {}),
      schedule: 'on request; after each succeeded run (the 30 days ending that day) or weekly (Monday to Sunday) when chosen in …/reports/automatic',
    })),

    automation: { get: (ws: WorkspaceContext) => automation.get(ws.id), put: (ws: WorkspaceContext, body: Automation) => automation.put(ws.id, body) },

    /** Inside the transaction that marks a run succeeded: the reports chosen after a run exist exactly when it succeeded. */
    async afterRun(tx: Db, workspaceId: string, runId: string, simulatedEngines: string[]) {
      const types = await automation.afterRun(tx, workspaceId);
      if (!types.length) return;
      const day = dayOf(clock.now());
      const now = clock.now();
      const { language } = await settingsOf(workspaceId, tx);
      await tx.insert(reports).values(types.map((type) => ({
        id: newId('rpt'), workspaceId, type, trigger: 'run' as const, runId, periodFrom: addDays(day, 1 - RUN_PERIOD_DAYS), periodTo: day, simulatedEngines, createdAt: now, language,
      })));
    },

    /**
     * Weekly reports of the last full week (Monday to Sunday), of the types each workspace has
     * weekly (automation.fns.ts), for those that measured in it. Idempotent.
     */
    async sweepWeekly() {
      const today = dayOf(clock.now());
      const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
      const to = addDays(today, -weekday - 1);
      const from = addDays(to, -6);
      const now = clock.now();
      const rows: Array<typeof reports.$inferInsert> = [];
      for (const [workspaceId, types] of await automation.weekly()) {
        if (!(await scores.history(workspaceId, 'composite', from, to)).length) continue;
        // The week's simulated engines from its snapshots, as an on-demand report reads them.
        const perEngine = await Promise.all(ENGINE_IDS.map(async (engine) => ({ engine, days: await scores.history(workspaceId, engine, from, to) })));
        const sim = perEngine.filter((e) => e.days.some((d) => d.data.simulated)).map((e) => e.engine).sort();
        const { language } = await settingsOf(workspaceId);
        rows.push(...types.map((type) => ({ id: newId('rpt'), workspaceId, type, trigger: 'weekly' as const, runId: null, periodFrom: from, periodTo: to, simulatedEngines: sim, createdAt: now, language })));
      }
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

    async read(ws: WorkspaceContext, id: string, format: 'json' | 'csv' | 'html' | 'pdf', opts: { bom?: boolean } = {}) {
      const [row] = await db.select().from(reports).where(and(eq(reports.workspaceId, ws.id), eq(reports.id, id)));
      if (!row) throw notFound('Report');
      if (row.status !== 'ready') {
        if (format === 'json') return { type: 'application/json; charset=utf-8', body: JSON.stringify(rowView(row)) };
        throw new AppError('not_ready', `The report is ${row.status}${row.error ? ` (${row.error})` : ''}; read it as JSON for its status.`, { status: row.status });
      }
      const report = await data(ws, row);
      // JSON keeps the stable English headings and labels (raw numbers) that clients key on.
      if (format === 'json') return { type: 'application/json; charset=utf-8', body: JSON.stringify({ ...rowView(row), report: sayAll(report, english) }) };
      if (format === 'csv') return { type: 'text/csv; charset=utf-8', body: toCsv(report, opts), filename: `${row.id}.csv` };
      if (format === 'html') return { type: 'text/html; charset=utf-8', body: toHtml(report) };
      return { type: 'application/pdf', body: row.pdf ?? (await renderPdf(report)), filename: `${row.id}.pdf` };
    },

    /**
     * LEGACY, once per deployment: rewrites up to `batch` reports stored as English into messages
     * (legacy.fns.ts); idempotent, and cheap once none is left. The maintenance sweep calls it.
     * Returns how many rows it rewrote.
     */
    async upgradeStoredTexts(batch = 200): Promise<number> {
      const rows = await db.select({ id: reports.id, data: reports.data }).from(reports)
        .where(and(isNotNull(reports.data), sql`${reports.data}->>'texts' is null`)).limit(batch);
      for (const row of rows) {
        await db.update(reports).set({ data: upgradeTexts(row.data!) })
          .where(and(eq(reports.id, row.id), sql`${reports.data}->>'texts' is null`));
      }
      return rows.length;
    },

    /** Listen for reports made by a job becoming `ready` or `failed`. */
    onSettled: (listener: ReportSettled) => void settled.push(listener),
    /** A stored report by id (its status, data and PDF), for the delivery mail. */
    rowById: async (id: string): Promise<ReportRow | null> => (await db.select().from(reports).where(eq(reports.id, id)))[0] ?? null,
    /**
     * A visibility summary's data for a period, built now and stored nowhere: one client of the
     * agency portfolio (portfolio.service.ts), from the same service calls as every report.
     */
    visibilityData: (ws: WorkspaceContext, p: { from: string; to: string; language: Language }) => data(ws, {
      id: 'portfolio', workspaceId: ws.id, type: 'visibility_summary', trigger: 'on_demand', runId: null, periodFrom: p.from, periodTo: p.to,
      simulatedEngines: [], createdAt: clock.now(), status: 'ready', language: p.language, engines: null, jobId: null, error: null, data: null, pdf: null, finishedAt: null,
    }, { lean: true }),
    renderPdf,
    canRenderPdf: () => deps.pdf !== null,

    /**
     * A report on demand: validated, recorded `queued`, made by a job; free (no credit is held).
     * `scheduled`: the same, started by the delivery schedule (reports.delivery.ts).
     */
    async create(ws: WorkspaceContext, actor: string | null, body: CreateReport, trigger: 'on_demand' | 'scheduled' = 'on_demand'): Promise<ReportView> {
      const { from, to } = period(body, dayOf(clock.now()), 'body');
      const settings = await settingsOf(ws.id);
      const engines = body.engines?.length ? [...new Set(body.engines)].sort() : null;
      const now = clock.now();
      const id = newId('rpt');
      const made = await db.transaction(async (tx) => {
        if (body.idempotencyKey) {
          const claim = await claimIdempotencyKey(tx, {
            workspaceId: ws.id, scope: 'reports.create', key: body.idempotencyKey, now, resourceId: id,
            requestHash: requestFingerprint({ type: body.type, from: body.from ?? null, to: body.to ?? null, engines, language: body.language ?? null }),
          });
          if (!claim.fresh) return { row: (await tx.select().from(reports).where(eq(reports.id, claim.resourceId)))[0]!, fresh: false };
        }
        const [row] = await tx.insert(reports).values({
          id, workspaceId: ws.id, type: body.type, trigger, runId: null, periodFrom: from, periodTo: to, simulatedEngines: [],
          createdAt: now, status: 'queued', language: body.language ?? settings.language, engines,
        }).returning();
        return { row: row!, fresh: true };
      });
      if (!made.fresh) return rowView(made.row);
      try {
        // One job per report (its own concurrency group): reports of a workspace do not wait on each other.
        const job = await jobs.start({ ws, kind: KIND, group: `report:${id}`, totalCalls: 0, progressSource: 'report', params: { reportId: id }, createdBy: actor, estimateMicrousd: 0 });
        await db.update(reports).set({ jobId: job.id }).where(eq(reports.id, id));
        // The answer is the report as accepted: the job may already have moved it on (running or
        // ready) by the time this update returns, and a 202 says `queued` either way.
        return rowView({ ...made.row, jobId: job.id });
      } catch (err) {
        await db.update(reports).set({ status: 'failed', error: (err as Error).message.slice(0, 500), finishedAt: clock.now() }).where(eq(reports.id, id));
        throw err;
      }
    },

    getSettings: async (ws: WorkspaceContext) => settingsView(await settingsOf(ws.id)),
    /** The workspace's own fields are those the body gives; the others are inherited from then on. */
    async putSettings(ws: WorkspaceContext, body: ReportSettingsBody) {
      const values = { ...(await storedValues(body)), overrides: overridesOf(body) };
      await db.insert(reportSettings).values({ workspaceId: ws.id, ...values }).onConflictDoUpdate({ target: reportSettings.workspaceId, set: values });
      return settingsView(await settingsOf(ws.id));
    },

    /** A person's agency settings (GET/PUT /api/v1/account/agency); the defaults until set. */
    async getAgency(userId: string) {
      const [row] = await db.select().from(agencySettings).where(eq(agencySettings.userId, userId));
      return agencyView(row ?? { ...defaultSettings(''), userId });
    },
    async putAgency(userId: string, body: ReportSettingsBody) {
      const values = await storedValues(body);
      const [row] = await db.insert(agencySettings).values({ userId, ...values }).onConflictDoUpdate({ target: agencySettings.userId, set: values }).returning();
      return agencyView(row!);
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
