import type { DASH_WORK_EN } from './dash-work.en.ts';

export const DASH_WORK_FR: { readonly [K in keyof typeof DASH_WORK_EN]: string } = {
};
