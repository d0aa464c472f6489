import { createFormatter, type Formatter, type Language } from '../../lib/format/format.js';
import { barChart, esc, scoreChart } from './chart.fns.ts';
import { csvCell } from './csv.fns.ts';
import { PORTFOLIO_CSV_COLUMNS, portfolioCsvRows, type ClientRow, type PortfolioData } from './portfolio.fns.ts';
import { colorOf, img, PRODUCT, STYLE } from './render.fns.ts';
import { summarySentences } from './sentences.fns.ts';

// The agency portfolio as a client reads it: a first page comparing every client, then one page
// per client (summary sentences, the per-day score chart with its band, the scoreboard's top),
// then how the figures were made. Every number goes through the one formatter; the texts follow
// the portfolio's language.

const T: Record<Language, Record<'title' | 'clients' | 'client' | 'score' | 'interval' | 'change' | 'rank' | 'sov' | 'rival' | 'sim' | 'prepared' | 'by' | 'steady' | 'sig' | 'none' | 'board' | 'brand' | 'visibility' | 'method' | 'methodText' | 'simBanner' | 'empty', string>> = {
  en: {
    title: 'Portfolio report', clients: '{n} clients', client: 'Client', score: 'GEO score', interval: '95% interval', change: 'Change', rank: 'Rank', sov: 'Share of voice',
    rival: 'Top competitor', sim: 'Simulated', prepared: 'Prepared {d}', by: 'by {a}', steady: 'not significant', sig: 'significant', none: 'One day measured',
    board: 'Scoreboard (top {k})', brand: 'Brand', visibility: 'Visibility', method: 'How these figures are made',
    methodText: 'Each client’s figures are its visibility summary for the period: the score, 95% interval and n of the score endpoint for the period’s last measured day.',
    simBanner: 'Simulated data: some clients’ answers come from simulated engines, not real AI engines ({e}).', empty: 'No client: this account reaches no workspace.',
  },
  es: {
    title: 'Informe de cartera', clients: '{n} clientes', client: 'Cliente', score: 'Puntuación GEO', interval: 'Intervalo del 95 %', change: 'Cambio', rank: 'Puesto', sov: 'Cuota de voz',
    rival: 'Principal competidor', sim: 'Simulado', prepared: 'Preparado el {d}', by: 'por {a}', steady: 'no significativo', sig: 'significativo', none: 'Un solo día medido',
    board: 'Clasificación (primeros {k})', brand: 'Marca', visibility: 'Visibilidad', method: 'Cómo se obtienen estas cifras',
    methodText: 'Las cifras de cada cliente son su resumen de visibilidad del periodo: la puntuación, el intervalo del 95 % y n del último día medido.',
    simBanner: 'Datos simulados: parte de las respuestas provienen de motores simulados, no de motores de IA reales ({e}).', empty: 'Sin clientes: esta cuenta no tiene ningún espacio de trabajo.',
  },
  ca: {
    title: 'Informe de cartera', clients: '{n} clients', client: 'Client', score: 'Puntuació GEO', interval: 'Interval del 95 %', change: 'Canvi', rank: 'Posició', sov: 'Quota de veu',
    rival: 'Competidor principal', sim: 'Simulat', prepared: 'Preparat el {d}', by: 'per {a}', steady: 'no significatiu', sig: 'significatiu', none: 'Un sol dia mesurat',
    board: 'Classificació (primers {k})', brand: 'Marca', visibility: 'Visibilitat', method: 'Com s’obtenen aquestes xifres',
    methodText: 'Les xifres de cada client són el seu resum de visibilitat del període: la puntuació, l’interval del 95 % i n de l’últim dia mesurat.',
    simBanner: 'Dades simulades: part de les respostes provenen de motors simulats, no de motors d’IA reals ({e}).', empty: 'Cap client: aquest compte no té cap espai de treball.',
  },
  fr: {
    title: 'Rapport de portefeuille', clients: '{n} clients', client: 'Client', score: 'Score GEO', interval: 'Intervalle à 95 %', change: 'Évolution', rank: 'Rang', sov: 'Part de voix',
    rival: 'Principal concurrent', sim: 'Simulé', prepared: 'Préparé le {d}', by: 'par {a}', steady: 'non significatif', sig: 'significatif', none: 'Un seul jour mesuré',
    board: 'Classement (les {k} premiers)', brand: 'Marque', visibility: 'Visibilité', method: 'Comment ces chiffres sont obtenus',
    methodText: 'Les chiffres de chaque client sont sa synthèse de visibilité sur la période : le score, l’intervalle à 95 % et n du dernier jour mesuré.',
    simBanner: 'Données simulées : une partie des réponses provient de moteurs simulés, et non de vrais moteurs d’IA ({e}).', empty: 'Aucun client : ce compte n’a accès à aucun espace de travail.',
  },
};
const fill = (s: string, v: Record<string, string>) => s.replace(/\{(\w+)\}/g, (_m, k: string) => v[k] ?? '');
const BOARD_ROWS = 6;

const formatterOf = (p: Pick<PortfolioData, 'language' | 'timeZone'>) => createFormatter({ locale: p.language, timeZone: p.timeZone });
const productName = (p: PortfolioData) => (p.agency.whiteLabel ? '' : PRODUCT);

export function portfolioTitle(p: Pick<PortfolioData, 'language'>): string {
  return T[p.language].title;
}

function changeCell(r: ClientRow, f: Formatter, t: (typeof T)['en']): string {
  if (!r.change) return r.score === null ? f.notEnough('no_runs') : t.none;
  return `${f.score(r.change.from)} → ${f.score(r.change.to)} (${r.change.significant ? t.sig : t.steady})`;
}

function comparison(p: PortfolioData, f: Formatter): string {
  const t = T[p.language];
  const head = [t.client, t.score, t.interval, 'n', t.change, t.rank, t.sov, t.rival, t.sim];
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
    + (bars.length ? barChart(bars, f, '#0a66c2', 'score') : '');
}

function first(p: PortfolioData, f: Formatter): string {
  const t = T[p.language];
  const agency = p.agency.name ? `<div class="agency">${img(p.agency.logo, p.agency.name, 'agency-logo')}<span>${esc(p.agency.name)}</span></div>` : '';
  const meta = `${fill(t.prepared, { d: f.dateTime(p.generatedAt) })}${p.agency.name ? ` ${fill(t.by, { a: p.agency.name })}` : ''} · ${fill(t.clients, { n: f.count(p.rows.length) })}`;
  return `<section class="first">${agency}<h1>${esc(t.title)}</h1><p class="period">${esc(f.period(p.periodFrom, p.periodTo))}</p><p class="meta">${esc(meta)}</p>`
    + (p.simulated ? `<p class="sim">${esc(simulatedText(p, f))}</p>` : '')
    + (p.rows.length ? comparison(p, f) : `<p class="na">${esc(t.empty)}</p>`)
    + (productName(p) ? `<p class="product">${esc(productName(p))}</p>` : '') + '</section>';
}

function clientPage(c: PortfolioData['clients'][number], p: PortfolioData, f: Formatter): string {
  const t = T[p.language];
  // The client's sentences and chart in the portfolio's language and zone, whatever its own settings.
  const r = { ...c.report, language: p.language, timeZone: p.timeZone };
  const board = (r.scoreboard ?? []).slice(0, BOARD_ROWS);
  const table = board.length ? `<h3>${esc(fill(t.board, { k: f.count(Math.min(BOARD_ROWS, board.length)) }))}</h3><table><thead><tr><th class="num">${esc(t.rank)}</th><th>${esc(t.brand)}</th><th class="num">${esc(t.score)}</th><th class="num">${esc(t.visibility)}</th><th class="num">${esc(t.interval)}</th><th class="num">${esc(t.sov)}</th></tr></thead><tbody>`
    + board.map((e) => `<tr${e.kind === 'brand' ? ' class="own"' : ''}><td class="num">${esc(f.count(e.rank))}</td><td>${esc(e.name)}</td><td class="num">${esc(f.score(e.score, 'no_mentions'))}</td><td class="num">${esc(f.percent(e.visibility, 'no_answers'))}</td><td class="num">${esc(f.interval(e.visibilityInterval ?? null, 'too_few'))}</td><td class="num">${esc(f.percent(e.shareOfVoice, 'no_mentions'))}</td></tr>`).join('')
    + '</tbody></table>' : '';
  return `<section class="client"><div class="brand">${img(r.brand.logo, r.brand.name, 'brand-logo')}<h2>${esc(r.brand.name)}</h2></div>`
    + `<ul class="summary">${summarySentences(r, f).map((l) => `<li>${esc(l)}</li>`).join('')}</ul>`
    // Without a measured day the summary already says so: no empty chart under it.
    + (r.summary.latest ? scoreChart(r.series, f, colorOf(r)) : '') + table + '</section>';
}

const simulatedText = (p: PortfolioData, f: Formatter) => fill(T[p.language].simBanner, { e: p.simulatedEngines.map((e) => f.engine(e)).join(', ') });

const EXTRA = `
.first { break-after: page; } .first h1 { color: #111827; } .first .period { font-size: 15px; margin: 4px 0; }
.agency { display: flex; align-items: center; gap: 8px; font-size: 13px; font-weight: 600; margin-bottom: 14px; } .agency-logo { height: 28px; }
.client { break-after: page; } .client .brand { display: flex; align-items: center; gap: 10px; margin-bottom: 6px; } .client .brand-logo { width: 36px; height: 36px; }
.compare td.na { white-space: normal; } .client h2 { font-size: 20px; margin: 0; } h3 { font-size: 12px; margin: 8px 0 2px; } tr.own td { font-weight: 600; }
`;

/** Printable HTML of the portfolio: the document Chromium turns into its PDF. */
export function portfolioHtml(p: PortfolioData): string {
  const f = formatterOf(p);
  const t = T[p.language];
  const method = `<section class="block appendix"><h2>${esc(t.method)}</h2><p>${esc(t.methodText)}</p>`
    + (p.clients[0] ? `<p>${esc(p.clients[0].report.methodology.interval)}</p>` : '') + '</section>';
  const body = first(p, f) + p.clients.map((c) => clientPage(c, p, f)).join('') + method;
  return `<!doctype html><html lang="${p.language}"><head><meta charset="utf-8"><title>${esc(`${t.title}, ${f.period(p.periodFrom, p.periodTo)}`)}</title>`
    + `<style>${STYLE(colorOf({ brand: { name: '', color: null, logo: null } }))}${EXTRA}</style></head><body>${body}</body></html>`;
}

/** Chromium's header (the simulated banner) and footer (agency, title, period, page x / y) on every page. */
export function portfolioChrome(p: PortfolioData): { headerTemplate: string; footerTemplate: string } {
  const f = formatterOf(p);
  const box = 'font-family: DejaVu Sans, sans-serif; font-size: 8px; width: 100%; margin: 0 14mm; display: flex; justify-content: space-between;';
  const header = p.simulated ? `<div style="${box} color: #664d03; font-weight: 600;"><span style="background:#fff3cd; padding: 2px 6px;">${esc(simulatedText(p, f))}</span></div>` : '<div></div>';
  const who = [p.agency.name, T[p.language].title, f.period(p.periodFrom, p.periodTo)].filter(Boolean).join(' · ');
  return { headerTemplate: header, footerTemplate: `<div style="${box} color: #4b5563;"><span>${esc(who)}</span><span><span class="pageNumber"></span> / <span class="totalPages"></span></span></div>` };
}

/** The comparison as CSV: one header row, one row per client, raw numbers and ISO days. */
export function portfolioCsv(p: PortfolioData, opts: { bom?: boolean } = {}): string {
  const lines = [PORTFOLIO_CSV_COLUMNS.join(','), ...portfolioCsvRows(p).map((row) => row.map(csvCell).join(','))];
  return `${opts.bom ? '\ufeff' : ''}${lines.join('\r\n')}\r\n`;
}
