import { VERSION } from './scores.fns.ts';

// The versioned registry of metric definitions (docs/methodology.md, "Metric definitions"). A
// snapshot records the definition it was derived under (`score_snapshots.metric_version`); a
// re-derivation job (rederive.ts) recomputes a workspace's snapshots from their stored raw answers
// under another one, and the time series marks each day where the definition changed.

export interface MetricDefinition {
  version: string;
  /** What it measures, in one sentence. */
  summary: string;
  /**
   * Which analysis of each stored answer the formulas read: `stored`, the analysis recorded when
   * the answer was measured (with the workspace's brand and competitors then); `reanalysed`, the
   * stored raw answer text and sources analysed again by today's analyser with today's brand,
   * competitors and aliases.
   */
  analysis: 'stored' | 'reanalysed';
}

export const METRIC_DEFINITIONS = {
  'geo-score-v1': {
    version: 'geo-score-v1',
    summary: 'The five components and weights of docs/scoring.md over each answer as analysed when it was measured.',
    analysis: 'stored',
  },
  'geo-score-v2': {
    version: 'geo-score-v2',
    summary: 'geo-score-v1\'s formulas over every stored answer analysed again by today\'s analyser, with the workspace\'s current brand, competitors and aliases.',
    analysis: 'reanalysed',
  },
} as const satisfies Record<string, MetricDefinition>;

export type MetricVersion = keyof typeof METRIC_DEFINITIONS;
export const METRIC_VERSIONS = Object.keys(METRIC_DEFINITIONS) as MetricVersion[];
/** The definition of a workspace that was never re-derived (every snapshot written before versions were recorded). */
export const CURRENT_METRIC_VERSION: MetricVersion = VERSION;

export const isMetricVersion = (v: string): v is MetricVersion => v in METRIC_DEFINITIONS;

/** The days where the definition changed from the previous point's: `{date, from, to}`, oldest first. */
export function definitionChanges(points: Array<{ date: string; metricVersion: string }>): Array<{ date: string; from: string; to: string }> {
  const sorted = [...points].sort((a, b) => a.date.localeCompare(b.date));
  return sorted.slice(1).flatMap((p, i) => (p.metricVersion !== sorted[i]!.metricVersion ? [{ date: p.date, from: sorted[i]!.metricVersion, to: p.metricVersion }] : []));
}
