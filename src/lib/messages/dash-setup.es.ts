import type { DASH_SETUP_EN } from './dash-setup.en.ts';

export const DASH_SETUP_ES: { readonly [K in keyof typeof DASH_SETUP_EN]: string } = {
};
