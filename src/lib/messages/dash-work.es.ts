import type { DASH_WORK_EN } from './dash-work.en.ts';

export const DASH_WORK_ES: { readonly [K in keyof typeof DASH_WORK_EN]: string } = {
};
