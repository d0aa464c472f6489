import { describe, expect, it } from 'vitest';
import { costPeriods } from './periods.fns.ts';

describe('costPeriods: credits and provider cost per UTC day', () => {
  it('joins the debits and the runs by day, newest first; a day with only one of them shows zero for the other', () => {
    const row = (day: string, engine: string, costMicrousd: number) => ({ day, engine, calls: 4, answered: 3, simulated: 0, costMicrousd });
    const periods = costPeriods(new Map([['2026-11-25', 90_000], ['2026-11-20', 5_000]]), [row('2026-11-26', 'claude', 120_000), row('2026-11-25', 'chatgpt', 70_000), row('2026-11-25', 'claude', 1_500_000)]);
    expect(periods.map((p) => [p.day, p.creditsMicrousd, p.providerCostMicrousd, p.providerCostUsd])).toEqual([
      ['2026-11-26', 0, 120_000, '$0.1200'], ['2026-11-25', 90_000, 1_570_000, '$1.57'], ['2026-11-20', 5_000, 0, '$0.0000'],
    ]);
    expect(periods[1]!.engines.map((e) => e.engine)).toEqual(['chatgpt', 'claude']);
  });
  it('nothing in the period: no periods', () => {
    expect(costPeriods(new Map(), [])).toEqual([]);
  });
});
