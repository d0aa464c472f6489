// Counts per day as lines (AI agent hits, AI-referred visits), drawn as honestly as the score
// charts (chart.js): the time axis spans the days that have data (half a day either side, never
// past today), a day without a row for one series is 0 for it (the logs covered that day), series
// switch on and off, and the legend starts on the latest day and follows the pointer or the arrow
// keys. A `dashed` series reads apart from the rest (claimed, unverified hits). The page puts
// the same numbers in a table for screen readers.
import uPlot from 'uplot';
import { dayAxis, dayOf, isoOf, legendKeys, xRange } from './chart.js';
import { fmt, html, say, useEffect, useRef } from './lib.js';

/** uPlot's aligned data: the days, then each series' count per day. */
export function alignCounts(days, series) {
  return [days.map(dayOf), ...series.map((s) => days.map((d) => s.values[d] ?? 0))];
}

/**
 * `days`: ISO days with data, ascending; `series`: [{key, label, color, dashed?, values: {day: count}}];
 * `shown`: keys switched on; `label` names the chart, `yLabel` its values.
 */
export function CountChart({ days, series, shown, label, yLabel }) {
  const box = useRef(null);
  const plotRef = useRef(null);
  useEffect(() => {
    if (!box.current || !days.length || !series.length) return undefined;
    const width = () => Math.max(260, box.current.clientWidth);
    const data = alignCounts(days, series);
    const [xMin, xMax] = xRange(data[0]);
    const plot = new uPlot({
      width: width(), height: 260, title: label,
      scales: { x: { time: true, range: () => [xMin, xMax] }, y: { range: (_u, _min, max) => [0, Math.max(max, 1) * 1.1] } },
      series: [
        { label: say('col.day'), value: (_u, v) => (v === null || v === undefined ? say('dashboard.chart.hover') : fmt.date(isoOf(v))) },
        ...series.map((s) => ({
          label: s.label, stroke: s.color, width: 2, show: shown.includes(s.key), points: { show: true, size: 6, fill: s.color },
          ...(s.dashed ? { dash: [6, 4] } : {}), value: (_u, v) => fmt.count(v, 'not_measured'),
        })),
      ],
      axes: [
        dayAxis(xMin, xMax, width()),
        { label: yLabel, values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? fmt.count(v) : '')) },
      ],
      cursor: { y: false },
      hooks: {
        // What the axis spans, readable by the page tests (within the data's own days).
        setScale: [(u, key) => { if (key === 'x') Object.assign(u.root.parentElement.dataset, { xMin: String(u.scales.x.min), xMax: String(u.scales.x.max) }); }],
      },
    }, data, box.current);
    plotRef.current = { plot, data };
    Object.assign(box.current.dataset, { firstDay: String(data[0][0]), lastDay: String(data[0].at(-1)) });
    plot.setCursor({ left: plot.valToPos(data[0].at(-1), 'x'), top: 10 });
    const resize = () => plot.setSize({ width: width(), height: 260 });
    addEventListener('resize', resize);
    return () => { removeEventListener('resize', resize); plot.destroy(); plotRef.current = null; };
  }, [days, series, label, yLabel]);
  useEffect(() => {
    const p = plotRef.current?.plot;
    if (p) series.forEach((s, i) => p.setSeries(i + 1, { show: shown.includes(s.key) }));
  }, [shown]);
  const onKey = legendKeys(plotRef);
  return html`<figure class="chart">
    <div ref=${box} class="plot" tabindex="0" onKeyDown=${onKey} role="group"
      aria-label=${say('dashboard.chart.countLabel', { label })}></div>
  </figure>`;
}
