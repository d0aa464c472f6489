import pLimit from 'p-limit';
import type { Clock } from '../../lib/clock.ts';
import { AppError, invalid } from '../../lib/errors.ts';
import type { Language } from '../../lib/format/format.ts';
import { timeZoneProblem } from '../reports/settings.fns.ts';
import type { WorkspacesService } from '../workspaces/workspaces.service.ts';
import type { PdfRenderer } from '../reports/pdf.ts';
import { buildPortfolio, commonest, type PortfolioData } from './portfolio.fns.ts';
import { english, sayAll } from '../reports/messages.fns.ts';
import { portfolioChrome, portfolioCsv, portfolioHtml } from './portfolio.render.fns.ts';
import { period, type ReportsService } from '../reports/reports.service.ts';

// The agency portfolio report (docs/reports.md, "Agency portfolio"): one document for every
// workspace a person reaches, made on request from each client's visibility summary (the same
// service calls as every report and the score endpoint). Stored nowhere: bench/portfolio.bench.ts
// measured 25 clients at 2.2 s as HTML and 4.6 s as PDF on the 2-core machine, so it needs no job;
// the scheduled delivery keeps the document it mailed.

/** The most clients one portfolio covers (time grows linearly with clients); more is 400. */
export const MAX_CLIENTS = 200;
/** Clients built at once: each reads its snapshots, settings and icon through the shared pool. */
const PARALLEL = 4;

export interface PortfolioQuery { from?: string; to?: string; language?: Language; timeZone?: string }

export function createPortfolioService(deps: {
  clock: Clock; reports: ReportsService; workspaces: WorkspacesService; pdf: PdfRenderer | null;
  /** The dashboard language the person chose (PUT /api/v1/account/preferences), null when none. */
  personLanguage(userId: string): Promise<Language | null>;
}) {
  const { clock, reports } = deps;

  async function build(userId: string, q: PortfolioQuery, where: 'querystring' | 'body' = 'querystring'): Promise<PortfolioData> {
    const now = clock.now();
    const { from, to } = period(q, now.toISOString().slice(0, 10), where);
    const zone = timeZoneProblem(q.timeZone, `${where}.timeZone`);
    if (zone) throw invalid(zone.message, { fields: [zone] });
    const contexts = await deps.workspaces.contextsForUser(userId);
    if (contexts.length > MAX_CLIENTS) throw new AppError('invalid_request', `A portfolio covers at most ${MAX_CLIENTS} workspaces; this account reaches ${contexts.length}.`);
    // The language: the person's own (the one their dashboard speaks), else what most clients'
    // report settings say; the zone: what most say (an agency sets them alike).
    const [settings, own] = await Promise.all([Promise.all(contexts.map((ws) => reports.getSettings(ws))), q.language ? null : deps.personLanguage(userId)]);
    const language = q.language ?? own ?? commonest(settings.map((s) => s.language), 'en' as Language);
    const timeZone = q.timeZone ?? commonest(settings.map((s) => s.timeZone), 'UTC');
    const limit = pLimit(PARALLEL);
    const clients = await Promise.all(contexts.map((ws) => limit(async () => ({ workspace: ws.slug, report: await reports.visibilityData(ws, { from, to, language }) }))));
    return buildPortfolio({ periodFrom: from, periodTo: to, generatedAt: now.toISOString(), language, timeZone, clients });
  }

  async function render(p: PortfolioData): Promise<Buffer> {
    if (!deps.pdf) throw new AppError('pdf_unavailable', 'PDF rendering needs Chromium (CHROME_PATH); use format=html and print it.');
    return deps.pdf.render(portfolioHtml(p), portfolioChrome(p));
  }

  return {
    build,
    render,
    canRenderPdf: () => deps.pdf !== null,

    /** The portfolio in one format, as the route sends it. */
    async read(userId: string, q: PortfolioQuery, format: 'json' | 'csv' | 'html' | 'pdf', opts: { bom?: boolean } = {}) {
      const p = await build(userId, q);
      const name = `portfolio-${p.periodFrom}-${p.periodTo}`;
      // JSON keeps the stable English of each client's report, as `GET …/reports/{id}?format=json` has it.
      if (format === 'json') return { type: 'application/json; charset=utf-8', body: JSON.stringify(sayAll(p, english)) };
      if (format === 'csv') return { type: 'text/csv; charset=utf-8', body: portfolioCsv(p, opts), filename: `${name}.csv` };
      if (format === 'html') return { type: 'text/html; charset=utf-8', body: portfolioHtml(p) };
      return { type: 'application/pdf', body: await render(p), filename: `${name}.pdf` };
    },
  };
}
export type PortfolioService = ReturnType<typeof createPortfolioService>;
