import { describe, expect, it } from 'vitest';
import { CURRENT_METRIC_VERSION, definitionChanges, isMetricVersion, METRIC_DEFINITIONS, METRIC_VERSIONS } from './definitions.fns.ts';
import { VERSION } from './scores.fns.ts';

describe('the metric definitions registry', () => {
  it('names each definition by its key, and the current one is the score\'s own version', () => {
    for (const v of METRIC_VERSIONS) expect(METRIC_DEFINITIONS[v].version).toBe(v);
    expect(CURRENT_METRIC_VERSION).toBe(VERSION);
    expect(isMetricVersion('geo-score-v2')).toBe(true);
    expect(isMetricVersion('geo-score-v9')).toBe(false);
  });
});

describe('definitionChanges', () => {
  const p = (date: string, metricVersion: string) => ({ date, metricVersion });
  it.each([
    ['none in one definition', [p('d1', 'v1'), p('d2', 'v1')], []],
    ['the first day of a new definition', [p('d1', 'v1'), p('d2', 'v2'), p('d3', 'v2')], [{ date: 'd2', from: 'v1', to: 'v2' }]],
    ['back and forth, in date order whatever the input order', [p('d3', 'v1'), p('d1', 'v1'), p('d2', 'v2')], [{ date: 'd2', from: 'v1', to: 'v2' }, { date: 'd3', from: 'v2', to: 'v1' }]],
    ['no points', [], []],
  ])('%s', (_name, points, expected) => {
    expect(definitionChanges(points)).toEqual(expected);
  });
});
