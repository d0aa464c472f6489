import { csvCell } from '../reports/csv.fns.ts';

// The score and its time series as CSV: one row per day, the surface, the simulated label and the
// methodology grade on every row, so that a spreadsheet never loses which surface a figure is of
// nor whether it is decision-grade (docs/scoring.md, docs/methodology.md). A series' stamp is over
// its whole range, so every row repeats it.

type Cell = string | number | boolean | null | undefined;
const lines = (head: string[], rows: Cell[][]) => [head.join(','), ...rows.map((r) => r.map(csvCell).join(','))].join('\n') + '\n';
const HEAD = ['date', 'engine', 'surface', 'score', 'score_low', 'score_high', 'n', 'runs', 'simulated_share', 'missing_components', 'change_delta', 'change_significant', 'grade', 'metric_version'];

interface Point {
  date: string; score: number | null; interval?: number[] | null; n?: number; runs?: number; simulatedShare?: number | null;
  missingComponents?: string[]; change?: { delta: number | null; significant: boolean } | null;
}
interface StampCells { grade: string; metricVersion: string }
const row = (engine: string, surface: string | null, p: Point, stamp: StampCells): Cell[] => [
  p.date, engine, surface ?? '', p.score, p.interval?.[0], p.interval?.[1], p.n, p.runs, p.simulatedShare, (p.missingComponents ?? []).join(' '), p.change?.delta, p.change?.significant,
  stamp.grade, stamp.metricVersion,
];

export function seriesCsv(series: { engine: string; surface: string | null; points: Point[]; stamp: StampCells }): string {
  return lines(HEAD, series.points.map((p) => row(series.engine, series.surface, p, series.stamp)));
}

export function scoreCsv(score: { date: string; engine: string; surface: string | null; score: number; interval: number[] | null; n: number; runs: number; simulatedShare: number | null; missingComponents: string[]; change: { delta: number | null; significant: boolean } | null; stamp: StampCells }): string {
  return lines(HEAD, [row(score.engine, score.surface, score, score.stamp)]);
}
