import { describe, expect, it } from 'vitest';
import { createFormatter } from '../../lib/format/format.ts';
import { scoreChart } from './chart.fns.ts';
import { translator } from './messages.fns.ts';
import type { SeriesPoint } from './summary.fns.ts';

// The report's score chart draws what its legend names, and a single day as a labelled point.

const f = createFormatter({ locale: 'es' });
const t = translator(f);
const p = (day: string, value: number | null): SeriesPoint => ({ day, value, interval: value === null ? null : [value - 5, value + 5], n: 40 });
const legendOf = (svg: string) => [...svg.matchAll(/<li>.*?<\/span>(.*?)<\/li>/g)].map((m) => m[1]);
const rings = (svg: string) => (svg.match(/<circle [^>]*fill="none"/g) ?? []).length;

describe('scoreChart', () => {
  it.each([
    {
      name: 'one day: one point with its figure beside it, one date, engines as rings and named',
      composite: [p('2026-11-03', 62.34)],
      engines: [{ engine: 'chatgpt', points: [p('2026-11-03', 70)] }, { engine: 'perplexity', points: [p('2026-11-03', null)] }],
      legend: ['Puntuación GEO (todos los motores)', 'ChatGPT'], rings: 1, label: '62,3', dates: 1,
    },
    {
      name: 'three days: lines, no figure written, an engine with no measured day not named',
      composite: [p('2026-11-01', 50), p('2026-11-02', 55), p('2026-11-03', 60)],
      engines: [{ engine: 'chatgpt', points: [p('2026-11-01', 40), p('2026-11-02', 45), p('2026-11-03', 50)] }, { engine: 'gemini', points: [p('2026-11-01', null), p('2026-11-02', null), p('2026-11-03', null)] }],
      legend: ['Puntuación GEO (todos los motores)', 'ChatGPT'], rings: 0, label: null, dates: 3,
    },
    {
      name: 'an engine measured on one day of three: its day a ring, named',
      composite: [p('2026-11-01', 50), p('2026-11-02', 55), p('2026-11-03', 60)],
      engines: [{ engine: 'claude', points: [p('2026-11-01', null), p('2026-11-02', 30), p('2026-11-03', null)] }],
      legend: ['Puntuación GEO (todos los motores)', 'Claude'], rings: 1, label: null, dates: 3,
    },
  ])('$name', ({ composite, engines, legend, rings: ringCount, label, dates }) => {
    const svg = scoreChart({ composite, engines }, f, t, '#123456');
    const names = legendOf(svg);
    expect(names.length).toBe(legend.length);
    for (const [i, name] of legend.entries()) expect(names[i]).toContain(i === 0 ? 'GEO' : name);
    expect(rings(svg)).toBe(ringCount);
    const written = /font-weight="600">([^<]*)</.exec(svg)?.[1] ?? null;
    expect(written).toBe(label);
    expect((svg.match(/<text [^>]*y="242"/g) ?? []).length).toBe(dates);
  });
});
