import { describe, expect, it } from 'vitest';
import { automationOf, keep } from './automation.fns.ts';
import type { ReportType } from './reports.fns.ts';

const MADE: ReportType[] = ['visibility_summary', 'competitor_comparison', 'citation_sources', 'recommendations_progress'];

describe('automationOf', () => {
  it.each([
    ['nothing chosen, no schedule: nothing automatic', null, false, { afterRun: [], weekly: [], chosen: false }],
    ['nothing chosen, a schedule: the weekly summary', null, true, { afterRun: [], weekly: ['visibility_summary'], chosen: false }],
    ['chosen: exactly the choice, schedule or not', { afterRun: ['citation_sources'], weekly: [] }, true, { afterRun: ['citation_sources'], weekly: [], chosen: true }],
    ['chosen nothing: nothing, even with a schedule', { afterRun: [], weekly: [] }, true, { afterRun: [], weekly: [], chosen: true }],
  ] as const)('%s', (_name, chosen, scheduled, want) => {
    expect(automationOf(chosen as never, scheduled, MADE)).toEqual(want);
  });
});

describe('keep', () => {
  it.each([
    [['competitor_comparison', 'visibility_summary', 'visibility_summary'], ['visibility_summary', 'competitor_comparison']],
    [['seo_technical_status', 'citation_sources'], ['citation_sources']],
    [[], []],
  ])('%j → %j', (types, want) => {
    expect(keep(types, MADE)).toEqual(want);
  });
});
