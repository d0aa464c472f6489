import { sql } from 'drizzle-orm';
import { boolean, customType, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from '../../lib/columns.ts';
import { workspaces } from '../workspaces/workspaces.tables.ts';
import { users } from '../accounts/accounts.tables.ts';
import type { ReportData } from './reports.fns.ts';

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A report: made by the service (after a succeeded run, or weekly; rendered from the period's
 * snapshots when read) or on demand (`on_demand`: a job builds its data once and renders its PDF,
 * stored here, so that every format shows the same figures however late it is read).
 */
export const reports = pgTable(
  'reports',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    trigger: text('trigger').$type<'run' | 'weekly' | 'on_demand' | 'scheduled'>().notNull(),
    runId: text('run_id'),
    periodFrom: text('period_from').notNull(),
    periodTo: text('period_to').notNull(),
    simulatedEngines: jsonb('simulated_engines').$type<string[]>().notNull(),
    createdAt: ts('created_at').notNull(),
    /** `queued` → `running` → `ready` or `failed`; the service's own reports are `ready` at once. */
    status: text('status').$type<'queued' | 'running' | 'ready' | 'failed'>().notNull().default('ready'),
    language: text('language').notNull().default('en'),
    /** The engines asked for (null: all). */
    engines: jsonb('engines').$type<string[]>(),
    jobId: text('job_id'),
    error: text('error'),
    data: jsonb('data').$type<ReportData>(),
    pdf: bytea('pdf'),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('reports_workspace_idx').on(t.workspaceId, t.createdAt),
    // One weekly report per workspace, type and week, however many sweepers run.
    uniqueIndex('reports_weekly_idx').on(t.workspaceId, t.type, t.periodTo).where(sql`"trigger" = 'weekly'`),
  ],
);

/** Per workspace: who sends its reports (agency name and logo, white-label) and how they read. */
export const reportSettings = pgTable('report_settings', {
  workspaceId: text('workspace_id').primaryKey().references(() => workspaces.id, { onDelete: 'cascade' }),
  agencyName: text('agency_name'),
  /** A PNG or JPEG as a data: URI (at most 256 KB), embedded in the cover. */
  agencyLogo: text('agency_logo'),
  /** The reports' accent colour (#rrggbb: headings, chart, cover rule); null: the client brand's. */
  agencyColor: text('agency_color'),
  whiteLabel: boolean('white_label').notNull().default(false),
  timeZone: text('time_zone').notNull().default('UTC'),
  language: text('language').notNull().default('en'),
  /**
   * The fields this workspace sets itself; the others come from its creator's agency settings
   * (below), else the defaults. Rows written before agency settings existed set all five.
   */
  overrides: text('overrides').array().notNull().default(sql`'{agencyName,agencyLogo,whiteLabel,timeZone,language}'::text[]`),
  updatedAt: ts('updated_at').notNull(),
});

/** A person's agency settings, set once and inherited by the workspaces they create (docs/reports.md, "Agency settings"). */
export const agencySettings = pgTable('agency_settings', {
  userId: text('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  agencyName: text('agency_name'),
  agencyLogo: text('agency_logo'),
  /** The reports' accent colour (#rrggbb: headings, chart, cover rule); null: the client brand's. */
  agencyColor: text('agency_color'),
  whiteLabel: boolean('white_label').notNull().default(false),
  timeZone: text('time_zone').notNull().default('UTC'),
  language: text('language').notNull().default('en'),
  updatedAt: ts('updated_at').notNull(),
});

/**
 * Which reports the service makes by itself for a workspace, per type (docs/reports.md, "Automatic
 * reports"). No row: the defaults (automation.fns.ts), nothing after runs and the weekly summary
 * once the workspace measures on a schedule.
 */
export const reportAutomation = pgTable('report_automation', {
  workspaceId: text('workspace_id').primaryKey().references(() => workspaces.id, { onDelete: 'cascade' }),
  afterRun: text('after_run').array().notNull(),
  weekly: text('weekly').array().notNull(),
  updatedAt: ts('updated_at').notNull(),
});
