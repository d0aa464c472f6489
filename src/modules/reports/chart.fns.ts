import type { Formatter } from '../../lib/format/format.ts';
import type { Translator } from './messages.fns.ts';
import type { Series, SeriesPoint } from './summary.fns.ts';

// The report's charts as inline SVG (no script, no network: the PDF page loads nothing). Text in
// a chart sits on fixed rows that nothing else uses (axis labels left and below, the legend in
// HTML under the chart), so no label can overlap another.

export const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Distinct, print-safe line colours for the engines (the composite takes the brand's colour). */
const PALETTE = ['#0a7f5a', '#b45309', '#7c3aed', '#be123c', '#0369a1'];

/**
 * The per-day GEO score: the composite as a thick line with dots and its 95% interval as a band,
 * the engines as thin lines. A single day still shows (a dot and a bar of the band).
 */
export function scoreChart(series: Series, f: Formatter, t: Translator, color: string): string {
  const days = [...new Set([...series.composite, ...series.engines.flatMap((e) => e.points)].map((p) => p.day))].sort();
  if (!series.composite.some((p) => p.value !== null)) return `<p class="na">${esc(f.notEnough('no_runs'))}</p>`;
  const W = 720, H = 250, L = 34, R = 10, T = 10, B = 26;
  const x = (day: string) => L + (days.length === 1 ? (W - L - R) / 2 : (days.indexOf(day) * (W - L - R)) / (days.length - 1));
  const y = (v: number) => T + ((100 - v) * (H - T - B)) / 100;
  const runs = (points: SeriesPoint[], ok: (p: SeriesPoint) => boolean) => {
    const out: SeriesPoint[][] = [];
    let cur: SeriesPoint[] = [];
    for (const p of points) {
      if (ok(p)) cur.push(p);
      else if (cur.length) (out.push(cur), (cur = []));
    }
    if (cur.length) out.push(cur);
    return out;
  };
  const pt = (day: string, v: number) => `${x(day).toFixed(1)},${y(v).toFixed(1)}`;
  const band = runs(series.composite, (p) => p.interval !== null).map((run) => {
    const w = days.length === 1 ? 8 : 0;
    const upper = run.map((p) => `${(x(p.day) - w).toFixed(1)},${y(p.interval![1]).toFixed(1)}`).concat(w ? [`${(x(run[0]!.day) + w).toFixed(1)},${y(run[0]!.interval![1]).toFixed(1)}`] : []);
    const lower = [...run].reverse().map((p) => `${(x(p.day) + w).toFixed(1)},${y(p.interval![0]).toFixed(1)}`).concat(w ? [`${(x(run[0]!.day) - w).toFixed(1)},${y(run[0]!.interval![0]).toFixed(1)}`] : []);
    return `<polygon points="${[...upper, ...lower].join(' ')}" fill="${color}" fill-opacity="0.18" stroke="none"/>`;
  }).join('');
  const line = (points: SeriesPoint[], stroke: string, width: number, dash = '') => runs(points, (p) => p.value !== null)
    .map((run) => `<polyline points="${run.map((p) => pt(p.day, p.value!)).join(' ')}" fill="none" stroke="${stroke}" stroke-width="${width}"${dash ? ` stroke-dasharray="${dash}"` : ''}/>`).join('');
  const dots = series.composite.filter((p) => p.value !== null).map((p) => `<circle cx="${x(p.day).toFixed(1)}" cy="${y(p.value!).toFixed(1)}" r="${days.length > 60 ? 1.5 : 3}" fill="${color}"/>`).join('');
  const grid = [0, 25, 50, 75, 100].map((v) => `<line x1="${L}" x2="${W - R}" y1="${y(v)}" y2="${y(v)}" stroke="#e5e7eb"/><text x="${L - 6}" y="${y(v) + 3.5}" text-anchor="end">${v}</text>`).join('');
  const ticks = (days.length === 1 ? [days[0]!] : days.length === 2 ? [days[0]!, days[1]!] : [days[0]!, days[Math.floor((days.length - 1) / 2)]!, days.at(-1)!]);
  const anchor = (i: number, n: number) => (n === 1 ? 'middle' : i === 0 ? 'start' : i === n - 1 ? 'end' : 'middle');
  const xLabels = ticks.map((d, i) => `<text x="${x(d).toFixed(1)}" y="${H - 8}" text-anchor="${anchor(i, ticks.length)}">${esc(f.date(d))}</text>`).join('');
  // An engine's day with no measured neighbour draws no line: it gets a ring of its colour, so every
  // series the legend names is on the chart, and an engine with no measured day is not named.
  const drawn = series.engines.map((e, i) => ({ ...e, stroke: PALETTE[i % PALETTE.length]! })).filter((e) => e.points.some((p) => p.value !== null));
  const engineLines = drawn.map((e) => line(e.points, e.stroke, 1.2, '4 3')
    + runs(e.points, (p) => p.value !== null).filter((run) => run.length === 1)
      .map(([p]) => `<circle cx="${x(p!.day).toFixed(1)}" cy="${y(p!.value!).toFixed(1)}" r="3.5" fill="none" stroke="${e.stroke}" stroke-width="1.5"/>`).join('')).join('');
  // One day: the figure is written beside its point, as a chart of one point says nothing else.
  const only = days.length === 1 ? series.composite.find((p) => p.value !== null) : undefined;
  const value = only ? `<text x="${(x(only.day) + 14).toFixed(1)}" y="${(y(only.value!) + 4).toFixed(1)}" font-weight="600">${esc(f.decimal(only.value!))}</text>` : '';
  const legend = [`<li><span class="key" style="background:${color}"></span>${esc(t.msg('ui.legend', { engine: f.engine('composite'), metric: f.metric('score') }))}</li>`,
    ...drawn.map((e) => `<li><span class="key dashed" style="border-color:${e.stroke}"></span>${esc(f.engine(e.engine))}</li>`)].join('');
  const described = t.msg('ui.perDay', { metric: f.metric('score'), period: f.period(days[0]!, days.at(-1)!) });
  return `<figure class="chart"><svg viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(described)}">${grid}${band}${engineLines}${line(series.composite, color, 2.4)}${dots}${value}${xLabels}</svg>`
    + `<figcaption><ul class="legend">${legend}</ul></figcaption></figure>`;
}

/** Horizontal bars with the label in a column of its own and the value after the bar. */
export function barChart(bars: Array<{ label: string; value: number }>, f: Formatter, t: Translator, color: string, unit: '%' | 'count' | 'score'): string {
  const W = 720, row = 22, label = 210;
  const max = unit === 'score' ? 100 : Math.max(1, ...bars.map((b) => b.value)); // a score reads against its whole 0-100 scale
  const H = bars.length * row + 6;
  const fmt = (v: number) => (unit === '%' ? f.percent(v) : unit === 'score' ? f.score(v) : f.count(v));
  return `<figure class="chart"><svg viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(t.msg('ui.barChart'))}">${bars.map((b, i) => {
    const w = ((W - label - 80) * b.value) / max;
    const text = b.label.length > 32 ? `${b.label.slice(0, 31)}…` : b.label;
    return `<text x="0" y="${i * row + 15}">${esc(text)}</text><rect x="${label}" y="${i * row + 4}" width="${w.toFixed(1)}" height="14" fill="${color}"/><text x="${(label + w + 6).toFixed(1)}" y="${i * row + 15}">${esc(fmt(b.value))}</text>`;
  }).join('')}</svg></figure>`;
}
