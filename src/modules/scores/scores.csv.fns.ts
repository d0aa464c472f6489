import { type CsvCell as Cell, writeCsv } from '../../lib/csv.ts';

// The score and its time series as CSV: one row per day, the surface, the simulated label and the
// methodology grade on every row, so that a spreadsheet never loses which surface a figure is of
// nor whether it is decision-grade (docs/scoring.md, docs/methodology.md); the metric definition
// of each day, where it changed, and the engines with a likely change near it. A series' stamp is
// over its whole range, so every row repeats its grade.

const HEAD = ['date', 'engine', 'surface', 'score', 'score_low', 'score_high', 'n', 'runs', 'simulated_share', 'missing_components', 'change_delta', 'change_significant', 'metric_version', 'definition_changed', 'possible_engine_change', 'grade'];

interface Point {
  date: string; score: number | null; interval?: number[] | null; n?: number; runs?: number; simulatedShare?: number | null;
  missingComponents?: string[]; change?: { delta: number | null; significant: boolean } | null;
  metricVersion?: string; definitionChanged?: { from: string; to: string }; possibleEngineChange?: Array<{ engine: string; day: string }>;
}
interface StampCells { grade: string; metricVersion: string }
const row = (engine: string, surface: string | null, p: Point, stamp: StampCells): Cell[] => [
  p.date, engine, surface ?? '', p.score, p.interval?.[0], p.interval?.[1], p.n, p.runs, p.simulatedShare, (p.missingComponents ?? []).join(' '), p.change?.delta, p.change?.significant,
  p.metricVersion ?? stamp.metricVersion, p.definitionChanged ? `${p.definitionChanged.from} to ${p.definitionChanged.to}` : '', (p.possibleEngineChange ?? []).map((c) => `${c.engine}@${c.day}`).join(' '), stamp.grade,
];

export function seriesCsv(series: { engine: string; surface: string | null; points: Point[]; stamp: StampCells }): string {
  return writeCsv(HEAD, series.points.map((p) => row(series.engine, series.surface, p, series.stamp)));
}

export function scoreCsv(score: { date: string; engine: string; surface: string | null; score: number; interval: number[] | null; n: number; runs: number; simulatedShare: number | null; missingComponents: string[]; change: { delta: number | null; significant: boolean } | null; version: string; stamp: StampCells }): string {
  return writeCsv(HEAD, [row(score.engine, score.surface, { ...score, metricVersion: score.version }, score.stamp)]);
}
