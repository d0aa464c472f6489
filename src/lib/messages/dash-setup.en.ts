// The dashboard's setup pages' words in English; see dash.en.ts for the layout of keys.
// dash-setup.es.ts, .ca.ts and .fr.ts are typed from it, so a missing translation fails `tsc`.

export const DASH_SETUP_EN = {
} as const;
