import { isTimeZone, type Language } from '../../lib/format/format.ts';
import { invalid } from '../../lib/errors.ts';
import { english } from '../../lib/format/english.ts';
import { luminance } from '../profile/colors.fns.ts';
import type { LogoSize } from './logo.image.ts';
import type { agencySettings, reportSettings } from './reports.tables.ts';

// Report settings of a workspace: the agency that sends its reports (name, logo, white-label) and
// the time zone and language they read in. Checks the schema cannot express live here.

export type ReportSettingsRow = typeof reportSettings.$inferSelect;
export type AgencySettingsRow = typeof agencySettings.$inferSelect;
/** The fields a workspace inherits from its creator's agency settings unless it sets them. */
export const SETTING_FIELDS = ['agencyName', 'agencyLogo', 'agencyColor', 'whiteLabel', 'timeZone', 'language'] as const;
export type SettingField = (typeof SETTING_FIELDS)[number];
export interface ReportSettingsBody { agencyName?: string | null; agencyLogo?: string | null; agencyColor?: string | null; whiteLabel?: boolean; timeZone?: string; language?: Language }

/**
 * The least contrast an accent colour must have against the white page: the report writes its
 * headings and chart lines in it, and WCAG's 3:1 is the floor for large text and graphics.
 */
export const MIN_COLOR_CONTRAST = 3;
/** WCAG contrast of a #rrggbb colour against white (1 to 21). */
export const contrastOnWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

/** 256 KB of image as base64 (4/3 of the bytes) plus the data: prefix. */
export const LOGO_MAX_CHARS = 350_000;
export const LOGO_PATTERN = '^data:image/(png|jpeg);base64,[A-Za-z0-9+/=]+$';
/**
 * The largest logo side in pixels: the cover shows the logo at most a few hundred pixels
 * wide, and 4096×4096 decodes to 64 MB in Chromium, where 16000×16000 took 3.67 GB.
 */
export const LOGO_MAX_SIDE = 4096;
const MAGIC = { png: [0x89, 0x50, 0x4e, 0x47], jpeg: [0xff, 0xd8, 0xff] } as const;

export const defaultSettings = (workspaceId: string, language: Language = 'en'): ReportSettingsRow => ({
  workspaceId, agencyName: null, agencyLogo: null, agencyColor: null, whiteLabel: false, timeZone: 'UTC', language, overrides: [], updatedAt: new Date(0),
});

/**
 * A workspace's settings as its reports use them: each field the workspace sets itself, else its
 * creator's agency's, else the default (the language: the workspace's own, `fallbackLanguage`).
 * `overrides` keeps what the workspace set, so the view can say which fields are inherited.
 */
export function resolveSettings(workspaceId: string, own: ReportSettingsRow | null, agency: AgencySettingsRow | null, fallbackLanguage: Language): ReportSettingsRow {
  const base = defaultSettings(workspaceId, fallbackLanguage);
  const set = new Set(own?.overrides ?? []);
  const from: Pick<ReportSettingsRow, SettingField> = agency ?? base;
  const pick = <K extends SettingField>(field: K): ReportSettingsRow[K] => (own && set.has(field) ? own[field] : (from[field] as ReportSettingsRow[K]));
  return {
    workspaceId, agencyName: pick('agencyName'), agencyLogo: pick('agencyLogo'), agencyColor: pick('agencyColor'), whiteLabel: pick('whiteLabel'), timeZone: pick('timeZone'), language: pick('language'),
    overrides: SETTING_FIELDS.filter((f) => set.has(f)), updatedAt: own?.updatedAt ?? agency?.updatedAt ?? base.updatedAt,
  };
}

export const settingsView = (r: ReportSettingsRow) => ({
  agencyName: r.agencyName, agencyLogo: r.agencyLogo, agencyColor: r.agencyColor, whiteLabel: r.whiteLabel, timeZone: r.timeZone, language: r.language as Language,
  inherited: SETTING_FIELDS.filter((f) => !r.overrides.includes(f)),
});

export const agencyView = (r: Pick<AgencySettingsRow, SettingField>) => ({
  agencyName: r.agencyName, agencyLogo: r.agencyLogo, agencyColor: r.agencyColor, whiteLabel: r.whiteLabel, timeZone: r.timeZone, language: r.language as Language,
});

/** The fields a body sets: an omitted one is inherited (from the agency, else the default). */
export const overridesOf = (body: ReportSettingsBody): SettingField[] => SETTING_FIELDS.filter((f) => body[f] !== undefined);

/** The validation problem of a time zone field (settings, portfolio query, portfolio schedule), or null. */
export function timeZoneProblem(value: string | undefined, field: string) {
  if (value === undefined || isTimeZone(value)) return null;
  return { field, keyword: 'custom', message: `${field} must be an IANA time zone such as Europe/Madrid (got ${value})` };
}

/** What is wrong with a logo of this size (null: unreadable header), or null when it may be stored. */
export function logoSizeProblem(size: LogoSize | null, kind: string): string | null {
  if (!size) return `The logo is not a ${kind.toUpperCase()} image that can be read.`;
  if (size.width <= LOGO_MAX_SIDE && size.height <= LOGO_MAX_SIDE) return null;
  const px = english.count;
  return `The logo is ${px(size.width)} × ${px(size.height)} pixels; a logo may be at most ${px(LOGO_MAX_SIDE)} pixels wide and ${px(LOGO_MAX_SIDE)} pixels high.`;
}

/**
 * The logo's type when its bytes begin as its declared type's do (PNG or JPEG), else null. Checked
 * before sharp reads the header, so that no other decoder (SVG, TIFF, GIF…) parses a logo.
 */
export function logoKind(dataUri: string): 'png' | 'jpeg' | null {
  const [, kind, data] = /^data:image\/(png|jpeg);base64,(.*)$/s.exec(dataUri) ?? [];
  if (kind !== 'png' && kind !== 'jpeg') return null;
  const bytes = Buffer.from((data ?? '').slice(0, 16), 'base64');
  return MAGIC[kind].every((b, i) => bytes[i] === b) ? kind : null;
}

/** Every problem of the body at once; `logoSize` is the logo's header as read (readLogoSize), when there is a logo. */
export function checkSettings(body: ReportSettingsBody, logoSize: LogoSize | null = null) {
  const fields: Array<{ field: string; keyword: string; message: string }> = [];
  const zone = timeZoneProblem(body.timeZone, 'body.timeZone');
  if (zone) fields.push(zone);
  if (body.agencyLogo) {
    const kind = logoKind(body.agencyLogo);
    const size = kind ? logoSizeProblem(logoSize, kind) : `The logo is not a ${/^data:image\/(png|jpeg);/.exec(body.agencyLogo)?.[1]?.toUpperCase() ?? 'PNG or JPEG'} image.`;
    if (size) fields.push({ field: 'body.agencyLogo', keyword: 'custom', message: size });
  }
  if (body.agencyColor && contrastOnWhite(body.agencyColor) < MIN_COLOR_CONTRAST) {
    const ratio = english.decimal(contrastOnWhite(body.agencyColor));
    fields.push({ field: 'body.agencyColor', keyword: 'custom', message: `body.agencyColor ${body.agencyColor} is too light to read on the white page (contrast ${ratio}:1; at least ${MIN_COLOR_CONTRAST}:1): choose a darker shade.` });
  }
  if (fields.length) throw invalid(fields.map((f) => f.message).join('; '), { fields });
}
