import { fmtInterval, type Figure, type ReportData, type Section } from './reports.fns.ts';

// A report as CSV (one row per figure and per data point) and as printable HTML with inline SVG
// charts. The simulated-data label is a fixed element, which Chromium repeats on every printed page.

export const csvCell = (v: string | number | boolean | null | undefined) => {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\n\r]/.test(s) || /^[=+\-@]/.test(s) ? `"${s.replace(/"/g, '""').replace(/^([=+\-@])/, "'$1")}"` : s;
};

export function toCsv(r: ReportData): string {
  const lines = [['report', 'section', 'label', 'day', 'value', 'unit', 'n', 'interval_low', 'interval_high', 'note', 'simulated'].join(',')];
  const row = (section: string, label: string, day: string, value: number | null, unit: string, n: number, interval: [number, number] | null, note = '') =>
    lines.push([r.type, section, label, day, value, unit, n, interval?.[0] ?? null, interval?.[1] ?? null, note, r.simulated].map(csvCell).join(','));
  for (const s of r.sections) {
    if (s.unavailable) row(s.heading, 'unavailable', r.periodTo, null, '', 0, null, s.unavailable);
    for (const f of s.figures) row(s.heading, f.label, r.periodTo, f.value, f.unit, f.n, f.interval, f.note);
    for (const p of s.series ?? []) row(s.heading, 'GEO score', p.day, p.value, 'score', p.n, null, 'daily composite; see the components for intervals');
  }
  return `${lines.join('\r\n')}\r\n`;
}

const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const num = (v: number | null) => (v === null ? '—' : Number.isInteger(v) ? String(v) : v.toFixed(1));

function lineChart(series: NonNullable<Section['series']>): string {
  const W = 720, H = 220, P = 32;
  const values = series.map((p) => p.value).filter((v): v is number => v !== null);
  if (!values.length) return '<p>No scores in this period.</p>';
  const min = Math.min(0, ...values), max = Math.max(100, ...values);
  const x = (i: number) => P + (series.length === 1 ? (W - 2 * P) / 2 : (i * (W - 2 * P)) / (series.length - 1));
  const y = (v: number) => H - P - ((v - min) * (H - 2 * P)) / (max - min || 1);
  const parts: string[] = [];
  let run: string[] = [];
  series.forEach((p, i) => {
    if (p.value === null) {
      if (run.length) parts.push(run.join(' '));
      run = [];
    } else run.push(`${x(i).toFixed(1)},${y(p.value).toFixed(1)}`);
  });
  if (run.length) parts.push(run.join(' '));
  const axis = [0, 25, 50, 75, 100].map((v) => `<line x1="${P}" x2="${W - P}" y1="${y(v)}" y2="${y(v)}" class="grid"/><text x="4" y="${y(v) + 4}">${v}</text>`).join('');
  return `<svg class="chart" viewBox="0 0 ${W} ${H}" role="img" aria-label="GEO score per day">${axis}${parts.map((pts) => `<polyline points="${pts}" class="line"/>`).join('')}` +
    `<text x="${P}" y="${H - 8}">${esc(series[0]!.day)}</text><text x="${W - P}" y="${H - 8}" text-anchor="end">${esc(series.at(-1)!.day)}</text></svg>`;
}

function barChart(bars: NonNullable<Section['bars']>): string {
  const W = 720, row = 22, label = 200;
  const max = Math.max(1, ...bars.map((b) => b.value));
  const H = bars.length * row + 10;
  return `<svg class="chart" viewBox="0 0 ${W} ${H}" role="img" aria-label="bar chart">${bars.map((b, i) => {
    const w = ((W - label - 60) * b.value) / max;
    return `<text x="0" y="${i * row + 15}">${esc(b.label.slice(0, 30))}</text><rect x="${label}" y="${i * row + 4}" width="${w.toFixed(1)}" height="14" class="bar"/><text x="${label + w + 6}" y="${i * row + 15}">${num(b.value)}</text>`;
  }).join('')}</svg>`;
}

const figureRow = (f: Figure) => `<tr><td>${esc(f.label)}</td><td class="num">${num(f.value)}${f.unit === '%' ? ' %' : ''}</td><td class="num">${f.n}</td><td class="num">${fmtInterval(f.interval)}</td><td>${esc(f.note ?? '')}</td></tr>`;

export function toHtml(r: ReportData): string {
  const banner = r.simulated
    ? `<div class="sim">Simulated data: answers from simulated engines (${esc(r.simulatedEngines.join(', '))}), not real AI engines.</div>`
    : '';
  const sections = r.sections.map((s) => `<section><h2>${esc(s.heading)}</h2>${s.unavailable ? `<p class="na">${esc(s.unavailable)}</p>` : ''}` +
    (s.figures.length ? `<table><thead><tr><th>Figure</th><th>Value</th><th>n</th><th>95% interval</th><th>Note</th></tr></thead><tbody>${s.figures.map(figureRow).join('')}</tbody></table>` : '') +
    (s.series ? lineChart(s.series) + `<p class="small">n per day: ${s.series.length ? `${Math.min(...s.series.map((p) => p.n))}–${Math.max(...s.series.map((p) => p.n))}` : '—'} answers; intervals of each day's components are in the JSON and CSV formats.</p>` : '') +
    (s.bars?.length ? barChart(s.bars) : '') +
    (s.table ? `<table class="data"><thead><tr>${s.table.columns.map((c) => `<th>${esc(c)}</th>`).join('')}</tr></thead><tbody>${s.table.rows.map((row) => `<tr>${row.map((v) => `<td>${typeof v === 'number' ? num(v) : esc(v ?? '—')}</td>`).join('')}</tr>`).join('')}</tbody></table>` : '') +
    '</section>').join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(r.title)} — ${esc(r.workspace)}</title><style>
@page { size: A4; margin: 22mm 14mm 16mm; }
body { font: 12px/1.45 system-ui, sans-serif; color: #111; margin: 0 auto; max-width: 760px; padding: ${r.simulated ? '36px' : '0'} 12px 12px; }
h1 { font-size: 20px; margin: 8px 0 2px; } h2 { font-size: 15px; margin: 18px 0 6px; break-after: avoid; }
table { border-collapse: collapse; width: 100%; margin: 6px 0; } th, td { border-bottom: 1px solid #ddd; padding: 3px 6px; text-align: left; } .num { text-align: right; }
tr, .chart { break-inside: avoid; } .chart { width: 100%; height: auto; font-size: 10px; } .grid { stroke: #e5e5e5; } .line { fill: none; stroke: #0a66c2; stroke-width: 1.5; } .bar { fill: #0a66c2; }
.sim { position: fixed; top: 0; left: 0; right: 0; background: #fff3cd; color: #664d03; border-bottom: 1px solid #e0c36a; padding: 6px 12px; font-weight: 600; }
.na, .small, .meta { color: #555; } .small { font-size: 10px; }
</style></head><body>${banner}<h1>${esc(r.title)}</h1><p class="meta">${esc(r.workspace)} · ${esc(r.periodFrom)} to ${esc(r.periodTo)} · generated ${esc(r.generatedAt)}${r.simulated ? ' · <strong>simulated data</strong>' : ''}</p>${sections}</body></html>`;
}
