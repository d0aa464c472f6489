// The dashboard's work pages' words in English; see dash.en.ts for the layout of keys.
// dash-work.es.ts, .ca.ts and .fr.ts are typed from it, so a missing translation fails `tsc`.

export const DASH_WORK_EN = {
} as const;
