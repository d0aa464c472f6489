import { describe, expect, it } from 'vitest';
import { DEFAULT_LOW_CREDIT_MICROUSD, lowCrossing } from './low.fns.ts';

const base = { workspaceId: 'ws_1', reservationId: 'rsv_1', operation: 'measurement' };

describe('lowCrossing', () => {
  it.each([
    // before, after, thresholds, crossed (highest first) or null
    [5_000_000, 500_000, [], [DEFAULT_LOW_CREDIT_MICROUSD]],
    [900_000, 500_000, [], null], // already below: not a new crossing
    [1_000_000, 999_999, [], [1_000_000]], // at the threshold counts as above
    [5_000_000, 4_000_000, [], null],
    [10_000_000, 1_000, [5_000_000, 2_000_000, 5_000_000], [5_000_000, 2_000_000]],
    [3_000_000, 1_000, [5_000_000, 2_000_000], [2_000_000]],
  ] as Array<[number, number, number[], number[] | null]>)('%i → %i over %j', (before, after, thresholds, crossed) => {
    const low = lowCrossing({ ...base, before, after, thresholds });
    expect(low?.thresholdsMicrousd ?? null).toEqual(crossed);
    if (low) expect(low).toMatchObject({ thresholdMicrousd: crossed![0], previousAvailableMicrousd: before, availableMicrousd: after, thresholdSource: thresholds.length ? 'alert_rule' : 'default' });
  });
});
