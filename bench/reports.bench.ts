// Report rendering benchmark.
//   npx tsx bench/reports.bench.ts        (CHROME_PATH, default /usr/bin/chromium, for the PDF part)
// A year of daily composite snapshots (365 days, 12 competitors, 600 answers a day) plus the
// latest snapshot of each engine, made here in memory. Measured: the report data built from them
// and its printable HTML (target < 200 ms), and the PDF of that HTML through Chromium (target
// < 3 s, browser already running; the first launch is printed apart). Baseline in the same run:
// JSON.stringify of the same snapshots, the cost of merely serialising the input.
import { ENGINE_IDS } from '../src/modules/engines/catalogue.ts';
import { buildSnapshot } from '../src/modules/scores/snapshot.fns.ts';
import { buildReport, REPORT_TYPES } from '../src/modules/reports/reports.fns.ts';
import { toCsv, toHtml } from '../src/modules/reports/render.fns.ts';
import { createPdfRenderer } from '../src/modules/reports/pdf.ts';

const competitors = Array.from({ length: 12 }, (_, i) => `Rival ${String.fromCharCode(65 + i)}`);
const entities = [{ entityId: 'brand', name: 'Bench Co', kind: 'brand' as const }, ...competitors.map((name, i) => ({ entityId: `competitor:${i}`, name, kind: 'competitor' as const }))];
let seed = 7;
const rnd = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
const answer = () => {
  const named = entities.filter(() => rnd() < 0.35);
  return { analysis: {
    mentioned: named.map((e) => e.name),
    entities: named.map((e, i) => ({ entityId: e.entityId, name: e.name, kind: e.kind, mentioned: true as const, rank: i + 1, sentiment: rnd() * 2 - 1 })),
    citations: named.slice(0, 2).map((e) => ({ url: `https://x.com/${e.entityId}`, domain: e.entityId === 'brand' ? 'benchco.com' : `rival${e.entityId.length}.com`, class: (e.entityId === 'brand' ? 'owned' : 'competitor') as 'owned', entityId: e.entityId })),
  } };
};
const today = new Date();
const days = Array.from({ length: 365 }, (_, k) => {
  const day = new Date(today.getTime() - (364 - k) * 86_400_000).toISOString().slice(0, 10);
  return { day, data: buildSnapshot('composite', Array.from({ length: 600 }, answer), entities) };
});
const perEngine = ENGINE_IDS.map((engine) => ({ engine, data: buildSnapshot(engine, Array.from({ length: 120 }, answer), entities) }));
const input = { brand: { name: 'Bench Co', color: '#0a66c2', logo: null }, agency: { name: 'Bench Agency', logo: null, whiteLabel: false }, workspace: 'benchco', periodFrom: days[0]!.day, periodTo: days.at(-1)!.day, generatedAt: new Date().toISOString(), simulatedEngines: ['chatgpt'], days, perEngine };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const time = async (fn: () => unknown | Promise<unknown>) => {
  const start = performance.now();
  await fn();
  return performance.now() - start;
};
const runs = 15;
for (let i = 0; i < 3; i++) toHtml(buildReport({ ...input, type: 'visibility_summary' }));
for (const type of REPORT_TYPES.slice(0, 3)) {
  const html = median(await Promise.all(Array.from({ length: runs }, () => time(() => toHtml(buildReport({ ...input, type }))))));
  const csv = median(await Promise.all(Array.from({ length: runs }, () => time(() => toCsv(buildReport({ ...input, type }))))));
  console.log(`${type}: HTML ${html.toFixed(1)} ms (target 200 ms, ratio ${(html / 200).toFixed(3)}), CSV ${csv.toFixed(1)} ms`);
}
const baseline = median(await Promise.all(Array.from({ length: runs }, () => time(() => JSON.stringify(days)))));
const yearHtml = toHtml(buildReport({ ...input, type: 'visibility_summary' }));
console.log(`baseline JSON.stringify of the year of snapshots: ${baseline.toFixed(1)} ms; HTML ${(yearHtml.length / 1024).toFixed(0)} KB`);

const pdf = createPdfRenderer({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
try {
  const first = await time(() => pdf.render(yearHtml));
  const warm: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 5; i++) warm.push(await time(async () => { bytes = (await pdf.render(yearHtml)).length; }));
  console.log(`PDF: first (with browser launch) ${first.toFixed(0)} ms; warm median of 5 ${median(warm).toFixed(0)} ms (target 3000 ms, ratio ${(median(warm) / 3000).toFixed(2)}); ${(bytes / 1024).toFixed(0)} KB`);
} finally {
  await pdf.close();
}
