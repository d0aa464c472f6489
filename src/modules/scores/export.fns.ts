import { exportColumn, type ExportColumn, type ExportRow } from '../../lib/export-stream.ts';
import { ENGINE_SURFACE } from '../engines/capture/capture.ts';
import { COMPONENTS } from './scores.fns.ts';
import type { Snapshot } from './snapshot.fns.ts';

// The daily figures in long ("tidy") form (docs/scoring.md, "Export"): one row per day, engine,
// surface, entity and metric, the same rows in CSV and Parquet, so a BI tool or a pivot table
// needs no reshaping. Versioned like the answers export.

export const METRICS_EXPORT_SCHEMA = 'metrics-export/v1';
/** Snapshots (a day of one engine) read per batch. */
export const METRICS_BATCH = 200;

const col = exportColumn;

export const METRIC_COLUMNS: readonly ExportColumn[] = [
  col('date', 'string', 'The day (UTC), YYYY-MM-DD'),
  col('engine', 'string', '`composite` (every engine, or every engine of `surface`) or an engine id'),
  col('surface', 'string', '`api` or `product`; null for the composite of every engine', true),
  col('entity', 'string', '`brand` or `competitor:N`'),
  col('metric', 'string', 'The metric (docs/scoring.md, "Export")'),
  col('value', 'double', 'The figure; null when it could not be measured', true),
  col('low', 'double', 'Lower bound of its 95% interval, when it has one', true),
  col('high', 'double', 'Upper bound of its 95% interval, when it has one', true),
  col('n', 'int', 'The answers behind it'),
  col('simulated', 'boolean', 'Any of those answers came from a simulated engine'),
  col('metric_version', 'string', 'The metric definition the day was derived under'),
  col('grade', 'string', '`exploratory` or `decision-grade`: the day and engine’s methodology stamp'),
  col('entity_name', 'string', 'The entity’s name on that day'),
];

export interface SnapshotInput { day: string; engine: string; data: Snapshot; answers: number; simulatedAnswers: number; metricVersion: string }

const SNAKE: Record<string, string> = { relativeSov: 'relative_sov' };
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Where a snapshot's rows belong: the composite, a surface's composite (`composite:api`), or an engine with its surface. */
export function engineAndSurface(engine: string): { engine: string; surface: string | null } {
  const [base, surface] = engine.split(':');
  if (base === 'composite') return { engine: 'composite', surface: surface ?? null };
  return { engine, surface: (ENGINE_SURFACE as Record<string, string>)[engine] ?? null };
}

/** Every metric the dashboard shows for one snapshot, one row each. */
export function metricRows(s: SnapshotInput, grade: string): ExportRow[] {
  const d = s.data;
  const base = { date: s.day, ...engineAndSurface(s.engine), simulated: s.simulatedAnswers > 0, metric_version: s.metricVersion, grade };
  const brand = d.scoreboard.find((e) => e.entityId === 'brand');
  const brandName = brand?.name ?? 'brand';
  const n = Number(d.answers ?? s.answers);
  const row = (entity: string, name: string, metric: string, value: unknown, interval: readonly number[] | null | undefined, count: number): ExportRow =>
    ({ ...base, entity, metric, value: num(value), low: num(interval?.[0]), high: num(interval?.[1]), n: count, entity_name: name });
  const rows: ExportRow[] = [
    row('brand', brandName, 'geo_score', d.score, d.interval, n),
    ...COMPONENTS.map((k) => row('brand', brandName, `component_${SNAKE[k] ?? k}`, d.components[k]?.value, d.components[k]?.interval, d.components[k]?.n ?? n)),
    row('brand', brandName, 'mention_rate', d.metrics.mentionRate.value, d.metrics.mentionRate.interval, d.metrics.mentionRate.n),
    row('brand', brandName, 'citation_rate', d.metrics.citationRate.value, d.metrics.citationRate.interval, d.metrics.citationRate.n),
  ];
  for (const e of d.scoreboard) {
    rows.push(
      row(e.entityId, e.name, 'score', e.score, null, n),
      row(e.entityId, e.name, 'visibility', e.visibility, e.visibilityInterval, n),
      row(e.entityId, e.name, 'share_of_voice', e.shareOfVoice, e.shareOfVoiceInterval, n),
      row(e.entityId, e.name, 'average_position', e.averagePosition, null, n),
      row(e.entityId, e.name, 'sentiment', e.sentiment, null, n),
      row(e.entityId, e.name, 'mentions', e.mentions ?? null, null, n),
      row(e.entityId, e.name, 'citations', e.citations, null, n),
    );
  }
  return rows;
}
