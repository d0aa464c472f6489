// Time series with their 95% interval drawn as a band (uPlot `bands` fills between the upper
// and lower series). The same numbers are available as a table for screen readers.
import uPlot from '/assets/vendor/uplot.js';
import { html, useEffect, useRef } from './lib.js';

const day = (iso) => Date.parse(`${iso}T00:00:00Z`) / 1000;

export function seriesData(points) {
  return [
    points.map((p) => day(p.date)),
    points.map((p) => p.score),
    points.map((p) => p.interval?.[0] ?? null),
    points.map((p) => p.interval?.[1] ?? null),
  ];
}

export function BandChart({ points, label }) {
  const box = useRef(null);
  useEffect(() => {
    if (!box.current || !points.length) return undefined;
    const width = () => Math.max(280, box.current.clientWidth);
    const plot = new uPlot({
      width: width(), height: 260, title: label,
      // One measured day would stretch the time axis over years: give it a week around it.
      scales: { x: { time: true, range: (_u, min, max) => (min === max ? [min - 3 * 86400, max + 3 * 86400] : [min, max]) }, y: { range: [0, 100] } },
      series: [
        {},
        { label: 'GEO score', stroke: '#0b57d0', width: 2, points: { show: true, size: 6 } },
        { label: '95% low', stroke: 'rgba(11,87,208,0.35)', width: 1, dash: [4, 4] },
        { label: '95% high', stroke: 'rgba(11,87,208,0.35)', width: 1, dash: [4, 4] },
      ],
      bands: [{ series: [3, 2], fill: 'rgba(11,87,208,0.15)' }],
      axes: [{}, { label: 'score' }],
    }, seriesData(points), box.current);
    const resize = () => plot.setSize({ width: width(), height: 260 });
    addEventListener('resize', resize);
    return () => { removeEventListener('resize', resize); plot.destroy(); };
  }, [points, label]);
  return html`<figure class="chart"><div ref=${box} class="plot" role="img" aria-label=${`${label}: line chart with its 95% interval band; the table below has the same numbers`}></div></figure>`;
}
