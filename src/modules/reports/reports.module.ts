import type { FastifyInstance } from 'fastify';
import type { ModuleParts } from '../../lib/module.ts';
import { existsSync } from 'node:fs';
import { createReportsService } from './reports.service.ts';
import { reportsRoutes } from './reports.routes.ts';
import { createPdfRenderer } from './pdf.ts';

/** Reports (HTML and PDF, four languages) built from the other modules' reads. */
export function reportsModule(needs: Omit<Parameters<typeof createReportsService>[0], 'pdf'> & {
  /** One Chromium setting (CHROME_PATH) for Lighthouse and report PDFs; no PDFs without it. */
  chromePath: string;
}) {
  const pdf = existsSync(needs.chromePath) ? createPdfRenderer({ chromePath: needs.chromePath }) : null;
  const reports = createReportsService({ ...needs, pdf });
  return {
    name: 'reports', reports, pdf,
    http(app: FastifyInstance) {
      reportsRoutes(app, { reports });
    },
    // Rows stored as English before the catalogue are converted once; weekly reports are made when due.
    sweeps: [() => reports.upgradeStoredTexts(), () => reports.sweepWeekly()],
    async close() {
      await pdf?.close();
    },
  } satisfies ModuleParts & Record<string, unknown>;
}
