import { createFormatter, type Formatter, type Language } from '../../lib/format/format.ts';
import { formatMessage } from '../../lib/messages/catalogue.ts';
import { translator, type MessageKey, type Params, type Translator } from '../reports/messages.fns.ts';
import { barChart, esc, scoreChart } from '../reports/chart.fns.ts';
import { writeCsv } from '../../lib/csv.ts';
import { PORTFOLIO_CSV_COLUMNS, portfolioCsvRows, type ClientRow, type PortfolioData } from './portfolio.fns.ts';
import { colorOf, img, PRODUCT, STYLE } from '../reports/render.fns.ts';
import { summarySentences } from '../reports/sentences.fns.ts';

// The agency portfolio as a client reads it: a first page comparing every client, then one page
// per client (summary sentences, the per-day score chart with its band, the scoreboard's top),
// then how the figures were made. Every number goes through the one formatter; the texts follow
// the portfolio's language.

const BOARD_ROWS = 6;
/** A portfolio text (`ui.portfolio.*` of the report messages) in the reader's language. */
type Key = MessageKey extends infer K ? (K extends `ui.portfolio.${infer R}` ? R : never) : never;
const say = (t: Translator, key: Key, params?: Params) => t.msg(`ui.portfolio.${key}` as MessageKey, params);

const formatterOf = (p: Pick<PortfolioData, 'language' | 'timeZone'>) => createFormatter({ locale: p.language, timeZone: p.timeZone });
const productName = (p: PortfolioData) => (p.agency.whiteLabel ? '' : PRODUCT);

export function portfolioTitle(p: Pick<PortfolioData, 'language'>): string {
  return formatMessage(p.language, 'ui.portfolio.title');
}

function changeCell(r: ClientRow, f: Formatter, t: Translator): string {
  if (!r.change) return r.score === null ? f.notEnough('no_runs') : say(t, 'none');
  return `${f.score(r.change.from)} → ${f.score(r.change.to)} (${say(t, r.change.significant ? 'sig' : 'steady')})`;
}

function comparison(p: PortfolioData, f: Formatter): string {
  const t = translator(f);
  const head = [say(t, 'client'), t.msg('label.score'), t.msg('ui.interval95'), 'n', say(t, 'change'), t.msg('col.rank'), t.msg('col.sov'), say(t, 'rival'), say(t, 'sim')];
  const num = [false, true, true, true, false, true, true, false, true];
  const td = (text: string, i: number) => `<td${num[i] ? ' class="num"' : ''}>${esc(text)}</td>`;
  const row = (r: ClientRow) => (r.score === null
    // A client never measured in the period: one cell says so, not the same reason in every column.
    ? `<td>${esc(r.name)}</td><td colspan="${head.length - 1}" class="na">${esc(f.notEnough('no_runs'))}</td>`
    : [
      r.name, f.score(r.score), f.interval(r.interval, 'too_few'), f.count(r.n), changeCell(r, f, t),
      r.rank === null ? '—' : `${f.count(r.rank)} / ${f.count(r.of)}`, f.percent(r.shareOfVoice, 'no_mentions'),
      r.topCompetitor ? `${r.topCompetitor.name} (${f.percent(r.topCompetitor.shareOfVoice, 'no_mentions')})` : '—',
      r.simulatedShare === null ? '—' : f.percent(100 * r.simulatedShare),
    ].map(td).join(''));
  const bars = p.rows.filter((r) => r.score !== null).map((r) => ({ label: r.name, value: r.score! }));
  return `<table class="compare"><thead><tr>${head.map((h, i) => `<th${num[i] ? ' class="num"' : ''}>${esc(h)}</th>`).join('')}</tr></thead><tbody>`
    + p.rows.map((r) => `<tr>${row(r)}</tr>`).join('') + '</tbody></table>'
    // Share of voice, said what it is: the score's lead over competitors is another figure.
    + `<p class="na">${esc(t.msg('explain.sov'))}</p>`
    + (bars.length ? barChart(bars, f, t, '#0a66c2', 'score') : '');
}

function first(p: PortfolioData, f: Formatter): string {
  const t = translator(f);
  const agency = p.agency.name ? `<div class="agency">${img(p.agency.logo, p.agency.name, 'agency-logo')}<span>${esc(p.agency.name)}</span></div>` : '';
  const prepared = p.agency.name ? t.msg('ui.preparedBy', { date: f.dateTime(p.generatedAt), agency: p.agency.name }) : t.msg('ui.prepared', { date: f.dateTime(p.generatedAt) });
  const meta = `${prepared} · ${say(t, 'clients', { n: f.count(p.rows.length) })}`;
  return `<section class="first">${agency}<h1>${esc(say(t, 'title'))}</h1><p class="period">${esc(f.period(p.periodFrom, p.periodTo))}</p><p class="meta">${esc(meta)}</p>`
    + (p.simulated ? `<p class="sim">${esc(simulatedText(p, f))}</p>` : '')
    + (p.rows.length ? comparison(p, f) : `<p class="na">${esc(say(t, 'empty'))}</p>`)
    + (productName(p) ? `<p class="product">${esc(productName(p))}</p>` : '') + '</section>';
}

function clientPage(c: PortfolioData['clients'][number], p: PortfolioData, f: Formatter): string {
  const t = translator(f);
  // The client's sentences and chart in the portfolio's language and zone, whatever its own settings.
  const r = { ...c.report, language: p.language, timeZone: p.timeZone };
  const board = (r.scoreboard ?? []).slice(0, BOARD_ROWS);
  const th = (key: MessageKey, num = true) => `<th${num ? ' class="num"' : ''}>${esc(t.msg(key))}</th>`;
  const table = board.length ? `<h3>${esc(say(t, 'board', { count: f.count(board.length) }))}</h3><table><thead><tr>${th('col.rank')}${th('col.brand', false)}${th('label.score')}${th('label.visibility')}${th('ui.interval95')}${th('col.sov')}</tr></thead><tbody>`
    + board.map((e) => `<tr${e.kind === 'brand' ? ' class="own"' : ''}><td class="num">${esc(f.count(e.rank))}</td><td>${esc(e.name)}</td><td class="num">${esc(f.score(e.score, 'no_mentions'))}</td><td class="num">${esc(f.percent(e.visibility, 'no_answers'))}</td><td class="num">${esc(f.interval(e.visibilityInterval ?? null, 'too_few'))}</td><td class="num">${esc(f.percent(e.shareOfVoice, 'no_mentions'))}</td></tr>`).join('')
    + `</tbody></table><p class="na">${esc(t.msg('explain.sov'))}</p>` : '';
  return `<section class="client"><div class="brand">${img(r.brand.logo, r.brand.name, 'brand-logo')}<h2>${esc(r.brand.name)}</h2></div>`
    + `<ul class="summary">${summarySentences(r, f, t).map((l) => `<li>${esc(l)}</li>`).join('')}</ul>`
    // Without a measured day the summary already says so: no empty chart under it.
    + (r.summary.latest ? scoreChart(r.series, f, t, colorOf(r)) : '') + table + '</section>';
}

const simulatedText = (p: PortfolioData, f: Formatter) => say(translator(f), 'simBanner', { scope: p.simulatedClients, engines: p.simulatedEngines.map((e) => f.engine(e)).join(', ') });

const EXTRA = `
.first { break-after: page; } .first h1 { color: #111827; } .first .period { font-size: 15px; margin: 4px 0; }
.agency { display: flex; align-items: center; gap: 8px; font-size: 13px; font-weight: 600; margin-bottom: 14px; } .agency-logo { height: 28px; }
.client { break-after: page; } .client .brand { display: flex; align-items: center; gap: 10px; margin-bottom: 6px; } .client .brand-logo { width: 36px; height: 36px; }
.compare td.na { white-space: normal; } .client h2 { font-size: 20px; margin: 0; } h3 { font-size: 12px; margin: 8px 0 2px; } tr.own td { font-weight: 600; }
`;

/** Printable HTML of the portfolio: the document Chromium turns into its PDF. */
export function portfolioHtml(p: PortfolioData): string {
  const f = formatterOf(p);
  const t = translator(f);
  const method = `<section class="block appendix"><h2>${esc(say(t, 'method'))}</h2><p>${esc(say(t, 'methodText'))}</p>`
    + (p.clients[0] ? `<p>${esc(t.text(p.clients[0].report.methodology.interval))}</p>` : '') + '</section>';
  const body = first(p, f) + p.clients.map((c) => clientPage(c, p, f)).join('') + method;
  return `<!doctype html><html lang="${p.language}"><head><meta charset="utf-8"><title>${esc(`${say(t, 'title')}, ${f.period(p.periodFrom, p.periodTo)}`)}</title>`
    + `<style>${STYLE(colorOf({ brand: { name: '', color: null, logo: null } }))}${EXTRA}</style></head><body>${body}</body></html>`;
}

/** Chromium's header (the simulated banner) and footer (agency, title, period, page x / y) on every page. */
export function portfolioChrome(p: PortfolioData): { headerTemplate: string; footerTemplate: string } {
  const f = formatterOf(p);
  const box = 'font-family: DejaVu Sans, sans-serif; font-size: 8px; width: 100%; margin: 0 14mm; display: flex; justify-content: space-between;';
  const header = p.simulated ? `<div style="${box} color: #664d03; font-weight: 600;"><span style="background:#fff3cd; padding: 2px 6px;">${esc(simulatedText(p, f))}</span></div>` : '<div></div>';
  const who = [p.agency.name, portfolioTitle(p), f.period(p.periodFrom, p.periodTo)].filter(Boolean).join(' · ');
  return { headerTemplate: header, footerTemplate: `<div style="${box} color: #4b5563;"><span>${esc(who)}</span><span><span class="pageNumber"></span> / <span class="totalPages"></span></span></div>` };
}

/** The comparison as CSV: one header row, one row per client, raw numbers and ISO days. */
export function portfolioCsv(p: PortfolioData, opts: { bom?: boolean } = {}): string {
  return writeCsv(PORTFOLIO_CSV_COLUMNS, portfolioCsvRows(p), opts);
}
