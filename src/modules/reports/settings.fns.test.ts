import { describe, expect, it } from 'vitest';
import { LOGO_MAX_SIDE, MIN_COLOR_CONTRAST, SETTING_FIELDS, checkSettings, contrastOnWhite, defaultSettings, logoKind, logoSizeProblem, resolveSettings, settingsView, type AgencySettingsRow, type ReportSettingsRow } from './settings.fns.ts';

// A logo is refused by its pixels, not only its bytes (a small file can decode to a huge image);
// the message says the limit in words.

describe('logoSizeProblem', () => {
  it.each([
    [{ width: 1, height: 1 }, null],
    [{ width: 200, height: 60 }, null],
    [{ width: LOGO_MAX_SIDE, height: LOGO_MAX_SIDE }, null],
    [{ width: LOGO_MAX_SIDE + 1, height: 1 }, 'The logo is 4,097 × 1 pixels; a logo may be at most 4,096 pixels wide and 4,096 pixels high.'],
    [{ width: 1, height: LOGO_MAX_SIDE + 1 }, 'The logo is 1 × 4,097 pixels; a logo may be at most 4,096 pixels wide and 4,096 pixels high.'],
    [{ width: 16_000, height: 16_000 }, 'The logo is 16,000 × 16,000 pixels; a logo may be at most 4,096 pixels wide and 4,096 pixels high.'],
    [null, 'The logo is not a PNG image that can be read.'],
  ])('%o → %s', (size, problem) => {
    expect(logoSizeProblem(size, 'png')).toBe(problem);
  });
});

describe('logoKind: the declared type, only when the bytes begin as that type does', () => {
  const uri = (type: string, bytes: number[]) => `data:image/${type};base64,${Buffer.from([...bytes, 0, 0, 0, 0]).toString('base64')}`;
  it.each([
    ['a PNG', uri('png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]), 'png'],
    ['a JPEG', uri('jpeg', [0xff, 0xd8, 0xff, 0xe0]), 'jpeg'],
    ['an SVG labelled PNG', `data:image/png;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`, null],
    ['a GIF labelled JPEG', uri('jpeg', [0x47, 0x49, 0x46, 0x38]), null],
    ['a JPEG labelled PNG', uri('png', [0xff, 0xd8, 0xff, 0xe0]), null],
    ['another type', uri('gif', [0x47, 0x49, 0x46, 0x38]), null],
  ])('%s → %s', (_what, dataUri, kind) => expect(logoKind(dataUri)).toBe(kind));
});

describe('resolveSettings: own field, else the agency’s, else the default', () => {
  const own = (fields: Partial<ReportSettingsRow>, overrides: string[]): ReportSettingsRow => ({ ...defaultSettings('ws', 'en'), ...fields, overrides });
  const agency: AgencySettingsRow = { userId: 'usr', agencyName: 'Norte', agencyLogo: null, agencyColor: '#1d4ed8', whiteLabel: true, timeZone: 'Europe/Madrid', language: 'fr', updatedAt: new Date(0) };
  it.each([
    ['nothing set anywhere', null, null, { agencyName: null, whiteLabel: false, timeZone: 'UTC', language: 'es' }, SETTING_FIELDS],
    ['the agency only', null, agency, { agencyName: 'Norte', agencyColor: '#1d4ed8', whiteLabel: true, timeZone: 'Europe/Madrid', language: 'fr' }, SETTING_FIELDS],
    ['the workspace sets its language', own({ language: 'ca' }, ['language']), agency, { agencyName: 'Norte', language: 'ca' }, ['agencyName', 'agencyLogo', 'agencyColor', 'whiteLabel', 'timeZone']],
    ['the workspace sets its colour back to the brand’s', own({ agencyColor: null }, ['agencyColor']), agency, { agencyColor: null, agencyName: 'Norte' }, ['agencyName', 'agencyLogo', 'whiteLabel', 'timeZone', 'language']],
    ['a stored value that is not an override is ignored', own({ timeZone: 'Asia/Tokyo' }, []), agency, { timeZone: 'Europe/Madrid' }, SETTING_FIELDS],
    ['white-label off set by the workspace wins over the agency’s on', own({ whiteLabel: false }, ['whiteLabel']), agency, { whiteLabel: false }, ['agencyName', 'agencyLogo', 'agencyColor', 'timeZone', 'language']],
  ] as const)('%s', (_name, row, ag, want, inherited) => {
    const view = settingsView(resolveSettings('ws', row, ag, 'es'));
    expect(view).toMatchObject(want);
    expect(view.inherited).toEqual([...inherited]);
  });
});

describe('the accent colour must read on white', () => {
  it.each([
    ['#0a66c2', true], ['#1D4ED8', true], ['#000000', true], ['#767676', true],
    ['#ffff00', false], ['#ffffff', false], ['#a3e635', false], ['#999999', false],
  ])('%s → %s', (color, ok) => {
    expect(contrastOnWhite(color) >= MIN_COLOR_CONTRAST).toBe(ok);
    if (ok) expect(() => checkSettings({ agencyColor: color })).not.toThrow();
    else expect(() => checkSettings({ agencyColor: color })).toThrow(/body\.agencyColor .* too light/);
  });
});
