import { isTimeZone, type Language } from '../../lib/format/format.js';
import { invalid } from '../../lib/errors.ts';
import type { reportSettings } from './reports.tables.ts';

// Report settings of a workspace: the agency that sends its reports (name, logo, white-label) and
// the time zone and language they read in. Checks the schema cannot express live here.

export type ReportSettingsRow = typeof reportSettings.$inferSelect;
export interface ReportSettingsBody { agencyName?: string | null; agencyLogo?: string | null; whiteLabel?: boolean; timeZone?: string; language?: Language }

/** 256 KB of image as base64 (4/3 of the bytes) plus the data: prefix. */
export const LOGO_MAX_CHARS = 350_000;
export const LOGO_PATTERN = '^data:image/(png|jpeg);base64,[A-Za-z0-9+/=]+$';
const MAGIC = { png: [0x89, 0x50, 0x4e, 0x47], jpeg: [0xff, 0xd8, 0xff] } as const;

export const defaultSettings = (workspaceId: string): ReportSettingsRow => ({
  workspaceId, agencyName: null, agencyLogo: null, whiteLabel: false, timeZone: 'UTC', language: 'en', updatedAt: new Date(0),
});

export const settingsView = (r: ReportSettingsRow) => ({
  agencyName: r.agencyName, agencyLogo: r.agencyLogo, whiteLabel: r.whiteLabel, timeZone: r.timeZone, language: r.language as Language,
});

/** The validation problem of a time zone field (settings, portfolio query, portfolio schedule), or null. */
export function timeZoneProblem(value: string | undefined, field: string) {
  if (value === undefined || isTimeZone(value)) return null;
  return { field, keyword: 'custom', message: `${field} must be an IANA time zone such as Europe/Madrid (got ${value})` };
}

export function checkSettings(body: ReportSettingsBody) {
  const fields: Array<{ field: string; keyword: string; message: string }> = [];
  const zone = timeZoneProblem(body.timeZone, 'body.timeZone');
  if (zone) fields.push(zone);
  if (body.agencyLogo) {
    const [, kind, data] = /^data:image\/(png|jpeg);base64,(.*)$/.exec(body.agencyLogo) ?? [];
    const bytes = Buffer.from(data ?? '', 'base64');
    const magic = MAGIC[kind as keyof typeof MAGIC] ?? [];
    if (!magic.length || !magic.every((b, i) => bytes[i] === b)) fields.push({ field: 'body.agencyLogo', keyword: 'custom', message: `body.agencyLogo is not a ${kind ?? 'PNG or JPEG'} image` });
  }
  if (fields.length) throw invalid(fields.map((f) => f.message).join('; '), { fields });
}
