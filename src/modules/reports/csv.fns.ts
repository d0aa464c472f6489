import { type CsvCell, writeCsv } from '../../lib/csv.ts';
import { isMsg } from '../../lib/messages/catalogue.ts';
import type { ReportData } from './reports.fns.ts';
import { english } from './messages.fns.ts';

// A report as CSV for machines and spreadsheets: one header row, ISO dates, raw numbers with their
// interval columns, optionally a UTF-8 byte-order mark; quoting, line endings and formula
// neutralisation are the shared writer's (lib/csv.ts).

export const CSV_COLUMNS = ['report', 'section', 'label', 'day', 'value', 'unit', 'n', 'interval_low', 'interval_high', 'note', 'simulated'] as const;

export function toCsv(r: ReportData, opts: { bom?: boolean } = {}): string {
  const lines: CsvCell[][] = [];
  const row = (section: string, label: string, day: string, value: number | null, unit: string, n: number | null, interval: [number, number] | null | undefined, note = '') =>
    lines.push([r.type, section, label, day, value, unit, n, interval?.[0] ?? null, interval?.[1] ?? null, note, r.simulated]);
  if (r.score) row('GEO score', 'GEO score', r.score.date, r.score.score, 'score', r.score.n, r.score.interval, 'the score endpoint for the period’s last day');
  // The methodology stamp (docs/methodology.md): its grade with every failed rule, n, and the metric's version.
  if (r.stamp) {
    row('Methodology', 'grade', r.periodTo, null, r.stamp.grade, r.stamp.answers, null, r.stamp.reasons.join('; '));
    row('Methodology', 'metric version', r.periodTo, null, r.stamp.metricVersion, null, null, `samples per prompt ${r.stamp.samplesPerPrompt}; prompts ${r.stamp.prompts}; days ${r.stamp.runDays}; surface ${r.stamp.surface ?? 'none'}`);
  }
  for (const p of r.series.composite) row('GEO score per day', 'GEO score', p.day, p.value, 'score', p.n, p.interval, 'all engines');
  for (const e of r.series.engines) for (const p of e.points) row('GEO score per day', `GEO score ${e.engine}`, p.day, p.value, 'score', p.n, p.interval, e.engine);
  for (const s of r.sections) {
    // Texts in the stable English of the catalogue with raw numbers: spreadsheets and scripts key on them.
    const heading = english(s.heading);
    if (s.unavailable) row(heading, 'unavailable', r.periodTo, null, '', null, null, english(s.unavailable));
    if (s.note) row(heading, 'note', r.periodTo, null, '', null, null, english(s.note));
    // The section's surface (api, product, mixed, per-engine) as its own row, as the rendered report says it.
    if (s.surface) row(heading, 'surface', r.periodTo, null, '', null, null, s.surface);
    for (const f of s.figures) row(heading, english(f.label), s.day ?? r.periodTo, f.value, f.unit, f.n, f.interval, f.note === undefined ? undefined : english(f.note));
    if (!s.table) continue;
    // Table rows: one CSV row per numeric cell, labelled by the cells naming the row (the first,
    // or `labelColumns` of them joined by " · ") and the column.
    const lead = s.table.labelColumns ?? 1;
    for (const cells of s.table.rows) {
      const name = cells.slice(0, lead).map((c) => (isMsg(c) ? english(c) : String(c ?? ''))).join(' · ');
      s.table.columns.forEach((c, i) => {
        const v = cells[i];
        if (i < lead || c.kind === 'interval' || c.kind === 'text' || c.kind === 'engine' || c.kind === 'date') return;
        const next = s.table!.columns[i + 1];
        const iv = next?.kind === 'interval' && Array.isArray(cells[i + 1]) ? (cells[i + 1] as [number, number]) : null;
        row(heading, `${name}: ${english(c.label)}`, s.day ?? r.periodTo, typeof v === 'number' ? v : null, c.kind === 'percent' ? '%' : c.kind, null, iv);
      });
    }
  }
  return writeCsv(CSV_COLUMNS, lines, opts);
}
