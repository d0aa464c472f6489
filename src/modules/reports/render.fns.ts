import { createFormatter, type Formatter } from '../../lib/format/format.ts';
import { barChart, esc, scoreChart } from './chart.fns.ts';
import { isMsg } from '../../lib/messages/catalogue.ts';
import { translator, type MessageKey, type Translator } from './messages.fns.ts';
import type { Cell, Column, Figure, ReportData, Section, Table } from './reports.fns.ts';
import { summarySentences } from './sentences.fns.ts';

// A report as a client reads it: printable HTML (and, through Chromium, the PDF) laid out with one
// kit for every type: cover, executive summary, the type's pages, methodology appendix. Every
// number, date and name goes through the one formatter (src/lib/format), every word through the
// message catalogue in the report's language (messages.fns.ts). Page numbers, the period
// and the simulated-data banner are Chromium's header and footer (`pdfChrome`): they sit in the
// page margins, so they repeat on every page and can never overlap a table row.

export { toCsv } from './csv.fns.ts';

export const PRODUCT = 'GEO visibility';
const DEFAULT_COLOR = '#0a66c2';
const HEX = /^#[0-9a-f]{6}$/i;
/** Only stored PNG/JPEG data URIs are embedded: the PDF page loads nothing from the network. */
const IMAGE = /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+$/;

export const formatterFor = (r: Pick<ReportData, 'language' | 'timeZone'>) => createFormatter({ locale: r.language, timeZone: r.timeZone });
/** The report's accent: the agency's colour when it set one, else the client brand's, else the product's. */
export const colorOf = (r: Pick<ReportData, 'brand'> & { agency?: Pick<ReportData['agency'], 'color'> }) =>
  [r.agency?.color, r.brand.color].find((c): c is string => Boolean(c && HEX.test(c))) ?? DEFAULT_COLOR;
export const img = (src: string | null, alt: string, cls: string) => (src && IMAGE.test(src) ? `<img class="${cls}" src="${src}" alt="${esc(alt)}">` : '');

/** The share of simulated answers as words for the banner: "Simulated data (100.0% of answers): …". */
export function simulatedLine(r: ReportData, f: Formatter, t: Translator): string {
  const engines = r.simulatedEngines.map((e) => f.engine(e)).join(', ');
  return r.simulatedShare === null ? t.msg('ui.simulated', { engines }) : t.msg('ui.simulatedShare', { engines, share: f.percent(100 * r.simulatedShare) });
}

function cell(f: Formatter, t: Translator, c: Column, v: Cell): string {
  const missing = c.missing ? t.text(c.missing) : null;
  if (c.kind === 'interval') return esc(f.interval(Array.isArray(v) ? v : null, missing ?? 'too_few'));
  if (Array.isArray(v)) return esc(f.interval(v));
  if (v === null || v === undefined || v === '') return c.kind === 'text' ? '—' : esc(f.notEnough(missing ?? (c.kind === 'decimal' ? 'no_mentions' : 'no_answers')));
  if (isMsg(v)) return esc(t.text(v));
  if (typeof v === 'string') return esc(c.kind === 'engine' ? f.engine(v) : c.kind === 'date' ? f.date(v) : v);
  switch (c.kind) {
    case 'score': return esc(f.score(v));
    case 'percent': return esc(f.percent(v));
    case 'count': return esc(f.count(v));
    case 'points': return esc(f.delta(v));
    default: return esc(f.decimal(v));
  }
}

function table(tb: Table, f: Formatter, t: Translator): string {
  const numeric = (c: Column) => c.kind !== 'text' && c.kind !== 'engine' && c.kind !== 'date';
  // `data`: a section's table, whose long numeric headers may wrap (the figures and appendix tables keep theirs on one line).
  return `<table class="data"><thead><tr>${tb.columns.map((c) => `<th${numeric(c) ? ' class="num"' : ''}>${esc(t.text(c.label))}</th>`).join('')}</tr></thead><tbody>`
    // A missing figure is a sentence ("Not enough data: …"): it wraps, where a number stays on one line.
    + tb.rows.map((row) => `<tr>${row.map((v, i) => `<td${numeric(tb.columns[i]!) ? (v === null || v === undefined ? ' class="num missing"' : ' class="num"') : ''}>${cell(f, t, tb.columns[i]!, v)}</td>`).join('')}</tr>`).join('')
    + '</tbody></table>';
}

function figureValue(fig: Figure, f: Formatter, t: Translator): string {
  const reason = fig.note ? t.text(fig.note) : 'no_answers';
  if (fig.unit === '%') return f.percent(fig.value, reason);
  if (fig.unit === 'count') return f.count(fig.value, reason);
  if (fig.unit === 'score') return f.score(fig.value, reason);
  // A change in points carries its sign ("+6.2"), as the effect line of the card and MCP.
  if (fig.unit === 'points') return f.delta(fig.value, reason);
  return f.decimal(fig.value, reason);
}

const figures = (list: Figure[], f: Formatter, t: Translator) => `<table class="figures"><thead><tr><th>${esc(t.msg('ui.figure'))}</th><th class="num">${esc(t.msg('ui.value'))}</th>`
  + `<th class="num">${esc(t.msg('ui.interval95'))}</th><th class="num">n</th><th>${esc(t.msg('ui.note'))}</th></tr></thead><tbody>${list.map((fig) =>
  `<tr><td>${esc(t.text(fig.label))}${fig.hint ? `<br><small class="hint">${esc(t.text(fig.hint))}</small>` : ''}</td><td class="num">${esc(figureValue(fig, f, t))}</td><td class="num">${esc(fig.interval ? f.interval(fig.interval) : '—')}</td><td class="num">${esc(f.count(fig.n))}</td><td>${esc(t.text(fig.note ?? ''))}</td></tr>`).join('')}</tbody></table>`;

function section(s: Section, r: ReportData, f: Formatter, t: Translator): string {
  const color = colorOf(r);
  const bars = s.bars?.length ? barChart(s.bars.map((b) => ({ ...b, label: s.barKind === 'engine' && typeof b.label === 'string' ? f.engine(b.label) : t.text(b.label) })), f, t, color, s.barUnit ?? 'count') : '';
  const surface = s.surface ? t.msg(s.surface === 'per-engine' ? 'ui.sectionSurface.perEngine' : `ui.sectionSurface.${s.surface}`) : '';
  return `<section class="block"><h2>${esc(t.text(s.heading))}${s.day ? ` <small>${esc(f.date(s.day))}</small>` : ''}</h2>`
    + (surface ? `<p class="surface">${esc(surface)}</p>` : '')
    + (s.note ? `<p class="na">${esc(t.text(s.note))}</p>` : '')
    // A section's empty state is a whole sentence that says why ("No technical check failed…"):
    // shown as written, not after "Not enough data:", which would misname good news and read
    // "Not enough data: No …" in every language.
    + (s.unavailable ? `<p class="na">${esc(t.text(s.unavailable))}</p>` : '')
    + (s.chart === 'score' ? scoreChart(r.series, f, t, color) : '')
    + (s.figures.length ? figures(s.figures, f, t) : '')
    + bars
    + (s.table && s.table.rows.length ? table(s.table, f, t) : '')
    + '</section>';
}

function cover(r: ReportData, f: Formatter, t: Translator): string {
  const agency = r.agency.name ? `<div class="agency">${img(r.agency.logo, r.agency.name, 'agency-logo')}<span>${esc(r.agency.name)}</span></div>` : '';
  const madeWith = r.agency.whiteLabel ? '' : `<p class="product">${esc(PRODUCT)}</p>`;
  return `<section class="cover">${agency}<div class="brand">${img(r.brand.logo, r.brand.name, 'brand-logo')}<h1>${esc(r.brand.name)}</h1></div>`
    + `<p class="title">${esc(t.text(r.title))}</p><p class="period">${esc(f.period(r.periodFrom, r.periodTo))}</p>`
    + `<p class="meta">${esc(r.agency.name ? t.msg('ui.preparedBy', { date: f.dateTime(r.generatedAt), agency: r.agency.name }) : t.msg('ui.prepared', { date: f.dateTime(r.generatedAt) }))}</p>`
    + `<p class="meta">${esc(t.msg('ui.engines', { engines: r.engines.length ? r.engines.map((e) => f.engine(e)).join(', ') : f.notEnough('no_runs') }))}</p>`
    + (r.simulated ? `<p class="sim">${esc(simulatedLine(r, f, t))}</p>` : '') + madeWith + '</section>';
}

function summary(r: ReportData, f: Formatter, t: Translator): string {
  const lines = summarySentences(r, f, t);
  return `<section class="block"><h2>${esc(t.msg('ui.summary'))}</h2><ul class="summary">${lines.map((l) => `<li>${esc(l)}</li>`).join('')}</ul></section>`;
}

/** Which surfaces the period's answers came from: named when one, and said plainly when the all-engines figures pool both. */
function surfaces(m: ReportData['methodology'], f: Formatter, t: Translator): string[] {
  const by = (s: string) => m.engines.filter((e) => e.surfaces?.includes(s)).map((e) => f.engine(e.engine));
  const api = by('api'), product = by('product');
  if (api.length && product.length) return [t.msg('ui.surfacesMixed', { api: api.join(', '), product: product.join(', ') })];
  if (api.length || product.length) return [t.msg('ui.surfacesOne', { surface: t.msg(api.length ? 'ui.surfaceApiLong' : 'ui.surfaceProductLong') })];
  return [];
}

function appendix(r: ReportData, f: Formatter, t: Translator): string {
  const m = r.methodology;
  const span = (x: { min: number; max: number } | null, reason: string) => (x ? (x.min === x.max ? f.count(x.min) : `${f.count(x.min)}–${f.count(x.max)}`) : f.notEnough(reason));
  // Each model version the provider named, with its answers; a report stored before they were read has none to show.
  const models = (e: (typeof m.engines)[number]) => (e.models?.length
    ? e.models.map((x) => `${x.version ?? t.msg('ui.modelNotReported')} (${f.count(x.answers)})`).join(', ') : '—');
  const surfaceOf = (e: (typeof m.engines)[number]) => (e.surfaces?.length ? e.surfaces.map((x) => t.msg(x === 'product' ? 'ui.surface.product' : 'ui.surface.api')).join(', ') : '—');
  const rows = m.engines.map((e) => `<tr><td>${esc(f.engine(e.engine))}</td><td>${esc(surfaceOf(e))}</td><td class="num">${esc(f.count(e.answers))}</td><td class="num">${esc(f.count(e.days))}</td><td class="num">${esc(f.percent(e.simulatedShare === null ? null : 100 * e.simulatedShare, 'no_answers'))}</td><td>${esc(t.msg(e.simulatedShare === 1 ? 'ui.sourceSimulated' : e.simulatedShare === 0 ? 'ui.sourceLive' : 'ui.sourceMixed'))}</td><td>${esc(models(e))}</td></tr>`).join('');
  const th = (key: MessageKey, num = true) => `<th${num ? ' class="num"' : ''}>${esc(t.msg(key))}</th>`;
  const grade = r.stamp ? [r.stamp.grade === 'decision-grade' ? t.msg('ui.gradeDecision')
    : t.msg('ui.gradeExploratory', { criteria: r.stamp.failedCriteria.map((c) => t.msg(`criterion.${c}`)).join(', ') })] : [];
  const items = [
    ...grade,
    t.msg('ui.days', { days: f.count(m.days), answers: span(m.answersPerDay, 'no_runs'), prompts: span(m.promptsPerDay, 'no_runs') }),
    t.msg('ui.samples', { samples: m.samplesPerPrompt === null ? f.notEnough('no_runs') : f.count(m.samplesPerPrompt) }),
    t.msg('ui.simulatedAll', { share: m.simulatedShare === null ? f.notEnough('no_answers') : f.percent(100 * m.simulatedShare) }),
    ...surfaces(m, f, t), t.msg('ui.models'), t.text(m.interval), t.msg('ui.weights', { version: f.scoreVersion(r.score?.version ?? 'geo-score-v1') }),
  ];
  return `<section class="block appendix"><h2>${esc(t.msg('ui.methodology'))}</h2>`
    // No engine answered in the period: say so rather than print a table of headers only.
    + (rows ? `<table><thead><tr>${th('col.engine', false)}${th('ui.surface', false)}${th('col.answers')}${th('ui.daysMeasured')}${th('ui.simulatedShareColumn')}${th('ui.source', false)}${th('ui.modelVersions', false)}</tr></thead><tbody>${rows}</tbody></table>`
      : `<p class="na">${esc(t.msg('ui.engines', { engines: f.notEnough('no_runs') }))}</p>`)
    + `<ul class="plain">${items.map((i) => `<li>${esc(i)}</li>`).join('')}</ul></section>`;
}

export const STYLE = (color: string) => `
@page { size: A4; margin: 20mm 14mm 18mm; }
* { box-sizing: border-box; }
body { font: 11px/1.45 "DejaVu Sans", system-ui, sans-serif; color: #111827; margin: 0 auto; max-width: 760px; padding: 0 4px; }
h1 { font-size: 30px; margin: 0; color: ${color}; } h2 { font-size: 15px; margin: 0 0 8px; color: ${color}; break-after: avoid; }
.cover { min-height: 230mm; display: flex; flex-direction: column; justify-content: center; gap: 6px; break-after: page; border-left: 6px solid ${color}; padding-left: 18px; }
.cover .agency { display: flex; align-items: center; gap: 8px; font-size: 13px; font-weight: 600; margin-bottom: 28px; }
.cover .brand { display: flex; align-items: center; gap: 14px; } .brand-logo { width: 64px; height: 64px; } .agency-logo { height: 32px; }
.cover .title { font-size: 20px; margin: 10px 0 0; } .cover .period { font-size: 15px; margin: 0; } .meta, .na, .product { color: #4b5563; } .product { margin-top: 40px; font-size: 10px; }
.block { margin: 0 0 18px; } .block table, .chart { break-inside: avoid; }
/* A heading and the lines that introduce its section never end a page: they go with what they head. */
.block > h2, .block > .surface, .block > .na:not(:last-child) { break-after: avoid; }
table { border-collapse: collapse; width: 100%; margin: 4px 0 8px; } th, td { border-bottom: 1px solid #e5e7eb; padding: 3px 5px; text-align: left; vertical-align: top; }
th { background: #f3f4f6; font-weight: 600; } .num { text-align: right; white-space: nowrap; } .num.missing { white-space: normal; color: #4b5563; } table.data th.num { white-space: normal; } tr { break-inside: avoid; } thead { display: table-header-group; }
.chart { margin: 0 0 8px; } .chart svg { width: 100%; height: auto; font-size: 10px; fill: #374151; }
.legend { list-style: none; padding: 0; margin: 4px 0 0; display: flex; flex-wrap: wrap; gap: 4px 16px; font-size: 10px; }
.key { display: inline-block; width: 18px; height: 0; border-top: 3px solid; margin-right: 5px; vertical-align: middle; } .key:not(.dashed) { height: 8px; border: 0; } .key.dashed { border-top-style: dashed; border-top-width: 2px; }
.summary li { margin: 0 0 4px; } .plain { padding-left: 16px; }
.sim { background: #fff3cd; color: #664d03; border: 1px solid #e0c36a; padding: 6px 10px; font-weight: 600; }
`;

/** Printable HTML: the same document Chromium turns into the PDF. */
export function toHtml(r: ReportData): string {
  const f = formatterFor(r);
  const t = translator(f);
  const body = [cover(r, f, t), summary(r, f, t), ...r.sections.map((s) => section(s, r, f, t)), appendix(r, f, t)].join('');
  const title = `${t.text(r.title)} — ${r.brand.name}, ${f.period(r.periodFrom, r.periodTo)}`;
  return `<!doctype html><html lang="${r.language}"><head><meta charset="utf-8"><title>${esc(title)}</title><style>${STYLE(colorOf(r))}</style></head><body>${body}</body></html>`;
}

/**
 * Chromium's header and footer for the PDF: the simulated banner (when any answer was simulated)
 * at the top of every page, and the brand, period and "page x of y" at the bottom.
 */
export function pdfChrome(r: ReportData): { headerTemplate: string; footerTemplate: string } {
  const f = formatterFor(r);
  const t = translator(f);
  const box = 'font-family: DejaVu Sans, sans-serif; font-size: 8px; width: 100%; margin: 0 14mm; display: flex; justify-content: space-between;';
  const header = r.simulated
    ? `<div style="${box} color: #664d03; font-weight: 600;"><span style="background:#fff3cd; padding: 2px 6px;">${esc(simulatedLine(r, f, t))}</span></div>`
    : '<div></div>';
  const who = r.agency.whiteLabel || !r.agency.name ? r.brand.name : `${r.brand.name} · ${r.agency.name}`;
  const footer = `<div style="${box} color: #4b5563;"><span>${esc(`${who} · ${t.text(r.title)} · ${f.period(r.periodFrom, r.periodTo)}`)}</span>`
    + '<span><span class="pageNumber"></span> / <span class="totalPages"></span></span></div>';
  return { headerTemplate: header, footerTemplate: footer };
}
