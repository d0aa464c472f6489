// Time series drawn honestly: the time axis spans the measured days only (clamped to
// today), every point carries a whisker for its 95% interval and, where days connect, a band;
// one measured day is one point with its whisker, never a line across years. Series can be
// switched on and off; the legend shows the values under the cursor and under the keyboard
// (arrow keys on the focused chart). Annotations mark days with simulated answers, days a
// recommendation was done and days an engine's provider named a new model version. The same
// numbers are in a table for screen readers. With `linkOf`, the day the legend shows leads to the
// answers behind each line's point: links under the chart, and a click (or Enter) on the plot.
import uPlot from 'uplot';
import { fmt, html, say, sayWith, useEffect, useRef, useState } from './lib.js';

const DAY_S = 86400;
export const dayOf = (iso) => Date.parse(`${iso}T00:00:00Z`) / 1000;
export const isoOf = (s) => new Date(s * 1000).toISOString().slice(0, 10);
export const COLORS = ['#0b57d0', '#b3261e', '#146c2e', '#7c4dff', '#a15c00', '#00639b'];
/** The optional engines' own colours (engine-ids.ts order), none of the six above: at least 3:1 against white. */
export const MORE_COLORS = ['#c2185b', '#5d4037', '#00897b', '#827717', '#455a64', '#e65100', '#283593'];

/** The x range: the measured days, half a day either side so that points sit inside; never past today. */
export function xRange(days, today = Math.floor(Date.now() / 1000 / DAY_S) * DAY_S) {
  if (!days.length) return [today - DAY_S, today];
  const lo = Math.min(...days), hi = Math.min(Math.max(...days), today);
  return [lo - DAY_S / 2, hi + DAY_S / 2];
}

/** The day axis over [xMin, xMax]: one label every few days so that labels never crowd `width` pixels. */
export function dayAxis(xMin, xMax, width) {
  const step = Math.max(1, Math.ceil((xMax - xMin) / DAY_S / Math.max(2, Math.floor(width / 110))));
  return {
    space: 90,
    splits: () => { const out = []; for (let d = Math.ceil(xMin / DAY_S) * DAY_S; d <= xMax; d += step * DAY_S) out.push(d); return out; },
    values: (_u, splits) => splits.map((v) => fmt.date(isoOf(v))),
  };
}

/** Arrow keys (Home, End) move the legend's day on a focused chart, as the pointer does. `plotRef.current`: {plot, data}. */
export const legendKeys = (plotRef) => (e) => {
  const ref = plotRef.current;
  if (!ref || !['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(e.key)) return;
  e.preventDefault();
  const n = ref.data[0].length;
  const now = ref.plot.cursor.idx ?? n - 1;
  const idx = e.key === 'Home' ? 0 : e.key === 'End' ? n - 1 : Math.min(n - 1, Math.max(0, now + (e.key === 'ArrowRight' ? 1 : -1)));
  ref.plot.setCursor({ left: ref.plot.valToPos(ref.data[0][idx], 'x'), top: 10 });
};

/** Aligned data for uPlot: x, then per series its score, low and high (null where not measured that day). */
export function alignSeries(list) {
  const days = [...new Set(list.flatMap((s) => s.points.map((p) => dayOf(p.date))))].sort((a, b) => a - b);
  const data = [days];
  for (const s of list) {
    const by = new Map(s.points.map((p) => [dayOf(p.date), p]));
    data.push(days.map((d) => by.get(d)?.score ?? null), days.map((d) => by.get(d)?.interval?.[0] ?? null), days.map((d) => by.get(d)?.interval?.[1] ?? null));
  }
  return data;
}

/** How each kind of annotation is drawn: its letter, colour and row at the top of the plot, and what it says (the caption explains the letters in the page's language). */
const MARKS = {
  simulated: { letter: 'S', color: '#8a5a00', row: 12, says: say('dashboard.chart.markSimulated') },
  done: { letter: '✓', color: '#146c2e', row: 26, says: say('dashboard.chart.markDone') },
  model: { letter: 'M', color: '#6a1b9a', row: 40, says: say('dashboard.chart.markModel') },
  engine: { letter: 'E', color: '#b71c1c', row: 54, says: say('dashboard.chart.markEngine') },
  definition: { letter: 'D', color: '#0d47a1', row: 68, says: say('dashboard.chart.markDefinition') },
};

/** Whiskers (the 95% interval of each point) and the annotation lines, drawn over the plot. */
function drawOverlay(u, list, annotations) {
  const { ctx } = u;
  ctx.save();
  list.forEach((s, i) => {
    if (!u.series[1 + i * 3].show) return;
    ctx.strokeStyle = s.color;
    ctx.lineWidth = 1.5 * devicePixelRatio;
    u.data[0].forEach((x, j) => {
      const lo = u.data[2 + i * 3][j], hi = u.data[3 + i * 3][j];
      if (lo === null || hi === null) return;
      const cx = u.valToPos(x, 'x', true), y0 = u.valToPos(lo, 'y', true), y1 = u.valToPos(hi, 'y', true), w = 5 * devicePixelRatio;
      ctx.beginPath();
      ctx.moveTo(cx, y0); ctx.lineTo(cx, y1);
      ctx.moveTo(cx - w, y0); ctx.lineTo(cx + w, y0);
      ctx.moveTo(cx - w, y1); ctx.lineTo(cx + w, y1);
      ctx.stroke();
    });
  });
  ctx.font = `${11 * devicePixelRatio}px system-ui, sans-serif`;
  for (const a of annotations) {
    const x = u.valToPos(dayOf(a.date), 'x', true);
    if (x < u.bbox.left || x > u.bbox.left + u.bbox.width) continue;
    const mark = MARKS[a.kind];
    ctx.strokeStyle = mark.color;
    ctx.fillStyle = ctx.strokeStyle;
    ctx.setLineDash([4 * devicePixelRatio, 4 * devicePixelRatio]);
    ctx.beginPath(); ctx.moveTo(x, u.bbox.top); ctx.lineTo(x, u.bbox.top + u.bbox.height); ctx.stroke();
    ctx.setLineDash([]);
    // Each kind on its own row at the top, so that marks of one day never cover each other.
    ctx.fillText(mark.letter, x + 3 * devicePixelRatio, u.bbox.top + mark.row * devicePixelRatio);
  }
  ctx.restore();
}

/**
 * `series`: [{key, label, color, points: [{date, score, interval}]}]; `shown`: keys switched on;
 * `annotations`: [{date, kind: 'simulated' | 'done' | 'model' | 'engine' | 'definition', text}]; `yLabel` and `format`
 * (the formatter's `score` or `percent`) say what the values are. `linkOf(key, isoDay)`: the
 * address of the answers behind a series' point that day (none: the chart links nowhere).
 */
export function BandChart({ series, shown, annotations = [], label, yLabel = 'GEO score (0–100)', format = fmt.score, linkOf = null }) {
  const box = useRef(null);
  const plotRef = useRef(null);
  const linksRef = useRef(null);
  // The day the legend shows (an index of the aligned days), kept when the pointer leaves.
  const [at, setAt] = useState(/** @type {number | null} */ (null));
  useEffect(() => {
    if (!box.current || !series.length) return undefined;
    const width = () => Math.max(260, box.current.clientWidth);
    const data = alignSeries(series);
    const [xMin, xMax] = xRange(data[0]);
    /** @type {uPlot.Options} */
    const opts = {
      width: width(), height: 280, title: label,
      scales: { x: { time: true, range: () => /** @type {[number, number]} */ ([xMin, xMax]) }, y: { range: [0, 100] } },
      series: [
        { label: say('col.day'), value: (_u, v) => (v === null || v === undefined ? say('dashboard.chart.hover') : fmt.date(isoOf(v))) },
        ...series.flatMap((s) => [
          { label: s.label, stroke: s.color, width: 2, show: shown.includes(s.key), spanGaps: false, points: { show: true, size: 7, fill: s.color }, value: (_u, v) => format(v, 'not_measured') },
          { label: say('dashboard.chart.low', { label: s.label }), stroke: 'transparent', show: shown.includes(s.key), points: { show: false }, value: (_u, v) => format(v, 'no_interval') },
          { label: say('dashboard.chart.high', { label: s.label }), stroke: 'transparent', show: shown.includes(s.key), points: { show: false }, value: (_u, v) => format(v, 'no_interval') },
        ]),
      ],
      bands: series.map((s, i) => ({ series: [3 + i * 3, 2 + i * 3], fill: `${s.color}26` })),
      axes: [
        dayAxis(xMin, xMax, width()),
        { label: yLabel },
      ],
      cursor: { y: false },
      hooks: {
        // The legend lists the series; each one's interval is in its whiskers and the table.
        init: [(u) => u.root.querySelectorAll('.u-legend .u-series').forEach((row, i) => { if (i > 0 && i % 3 !== 1) row.classList.add('bound'); })],
        draw: [(u) => drawOverlay(u, series, annotations)],
        setCursor: [(u) => { if (u.cursor.idx !== null && u.cursor.idx !== undefined) setAt(u.cursor.idx); }],
        // What the axis spans, readable by the page tests (the axis stays within the data's own range).
        setScale: [(u, key) => { if (key === 'x') Object.assign(u.root.parentElement.dataset, { xMin: String(u.scales.x.min), xMax: String(u.scales.x.max) }); }],
      },
    };
    const plot = new uPlot(opts, /** @type {uPlot.AlignedData} */ (data), box.current);
    plotRef.current = { plot, data };
    Object.assign(box.current.dataset, { firstDay: String(data[0][0]), lastDay: String(data[0][data[0].length - 1]) });
    // The legend starts on the latest day rather than empty.
    const last = data[0].length - 1;
    plot.setCursor({ left: plot.valToPos(data[0][last], 'x'), top: 10 });
    const resize = () => plot.setSize({ width: width(), height: 280 });
    addEventListener('resize', resize);
    return () => { removeEventListener('resize', resize); plot.destroy(); plotRef.current = null; };
  }, [series, annotations, label, yLabel]);
  useEffect(() => {
    const p = plotRef.current?.plot;
    if (p) series.forEach((s, i) => [1, 2, 3].forEach((k) => p.setSeries(1 + i * 3 + k - 1, { show: shown.includes(s.key) })));
  }, [shown]);
  // Arrow keys move the legend's day, as the pointer does.
  const keys = legendKeys(plotRef);
  // The answers behind the legend's day: one link per line switched on with a point that day.
  const data = plotRef.current?.data;
  const idx = data && at !== null ? Math.min(at, data[0].length - 1) : null;
  const iso = idx !== null ? isoOf(data[0][idx]) : null;
  const links = linkOf && iso ? series.map((s, i) => ({ s, i })).filter(({ s, i }) => shown.includes(s.key) && data[1 + i * 3][idx] !== null && data[1 + i * 3][idx] !== undefined)
    .map(({ s }) => ({ key: s.key, label: s.label, href: linkOf(s.key, iso) })) : [];
  // A click (or Enter) on the plot opens the answers of the one line shown, or offers the links when there are several.
  const open = () => {
    if (links.length === 1) location.assign(links[0].href);
    else linksRef.current?.querySelector('a')?.focus();
  };
  const onKey = (e) => { if (e.key === 'Enter' && links.length) { e.preventDefault(); open(); } else keys(e); };
  return html`<figure class="chart">
    <div ref=${box} class=${links.length ? 'plot linked' : 'plot'} tabindex="0" onKeyDown=${onKey} onClick=${links.length ? open : undefined} role="group"
      aria-label=${say('dashboard.chart.label', { label, linked: linkOf ? 'yes' : 'no' })}></div>
    ${links.length ? html`<p class="chart-links" id="chart-answers" ref=${linksRef}>${sayWith('dashboard.chart.behind', { date: fmt.date(iso) }, { links: links.map((l, k) => html`${k ? ' · ' : ''}<a href=${l.href} data-series=${l.key}>${l.label}</a>`) })}</p>` : null}
    ${annotations.length ? html`<figcaption class="muted">${say('dashboard.chart.marks', { list: [...new Set(annotations.map((a) => a.kind))].map((k) => `${MARKS[k].letter} = ${MARKS[k].says}`).join(', ') })}</figcaption>` : null}
    ${annotations.some((a) => a.kind === 'model') ? html`<ul class="plain muted small" id="model-changes">${annotations.filter((a) => a.kind === 'model').map((a) => html`<li>${fmt.date(a.date)}: ${a.text}</li>`)}</ul>` : null}
    ${annotations.some((a) => a.kind === 'engine' || a.kind === 'definition') ? html`<ul class="plain muted small" id="engine-changes">${annotations.filter((a) => a.kind === 'engine' || a.kind === 'definition').map((a) => html`<li>${fmt.date(a.date)}: ${a.text}</li>`)}</ul>` : null}
  </figure>`;
}
