import type { DASH_SETUP_EN } from './dash-setup.en.ts';

export const DASH_SETUP_CA: { readonly [K in keyof typeof DASH_SETUP_EN]: string } = {
};
