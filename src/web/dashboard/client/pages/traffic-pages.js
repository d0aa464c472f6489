// Parts of the AI traffic page (traffic.js): the pages one agent fetched (since its first fetch,
// from the per-page aggregates), the visits AI answers referred per engine and landing page, and
// the small pieces they share (a headline figure, an error share with its interval).
import { COLORS } from '../chart.js';
import { CountChart } from '../count-chart.js';
import { wilsonPercent } from '../../../../lib/stats/wilson.ts';
import { Alert, Loading, fmt, html, say, sayCode, useLoad, useMemo, useState, when, call, client } from '../lib.js';

/** An error share: the percentage, its 95% interval and k of n (`bare`: the interval and counts only). */
export function errorShare(k, n, bare = false) {
  if (!n) return html`<small class="muted">${fmt.notEnough(say('dashboard.traffic.noVerifiedHit'))}</small>`;
  const detail = say('dashboard.traffic.errorDetail', { interval: fmt.interval(wilsonPercent(k, n), 'no_interval', { unit: '%' }), k, n });
  return bare ? detail : html`${fmt.percent((100 * k) / n)} <small class="muted">${detail}</small>`;
}

/** A headline figure with what it counts. */
export const Stat = ({ id, value, label, note, cls = '' }) => html`<div class=${`stat ${cls}`}>
  <strong id=${id}>${value}</strong><span>${label}</span>${note ? html`<small class="muted">${note}</small>` : null}</div>`;

// The busiest 20 on a desktop; on a phone each row is a card, so 8 keep the view a few screens tall.
const TOP_PAGES = globalThis.matchMedia?.('(max-width: 700px)').matches ? 8 : 20;

/** The pages one agent fetched, most hits first: verified and claimed rows apart, since the first fetch. */
export function AgentPages({ slug, agents }) {
  const [choice, setChoice] = useState('');
  const agent = agents.some((a) => a.id === choice) ? choice : agents[0]?.id ?? '';
  const pages = useLoad(() => (agent ? call(client.GET('/api/v1/workspaces/{workspace}/traffic/pages', { params: { path: { workspace: slug }, query: { agent, limit: 1000 } } })) : Promise.resolve([])), [slug, agent]);
  const rows = useMemo(() => [...(pages.data ?? [])].sort((a, b) => b.hits - a.hits || a.path.localeCompare(b.path)), [pages.data]);
  const name = agents.find((a) => a.id === agent)?.label ?? agent;
  return html`<section class="card" aria-labelledby="pages-h" id="traffic-pages">
    <h2 id="pages-h">${say('dashboard.traffic.pagesTitle')}</h2>
    ${agents.length ? html`<div class="controls"><label for="pages-agent">${say('dashboard.traffic.agent')}
      <select id="pages-agent" value=${agent} onChange=${(e) => setChoice(e.target.value)}>${agents.map((a) => html`<option value=${a.id}>${a.label}</option>`)}</select></label></div>` : null}
    <${Alert} error=${pages.error} />
    ${pages.loading && !pages.data ? html`<${Loading} what=${say('dashboard.traffic.loadingPages')} />` : null}
    ${!agents.length ? html`<p class="empty">${say('dashboard.traffic.noPages')}</p>` : null}
    ${rows.length ? html`<div class="table-wrap"><table id="pages-table" class="cards">
      <caption>${say('dashboard.traffic.pagesCaption', { name, top: Math.min(TOP_PAGES, rows.length), n: rows.length })}</caption>
      <thead><tr><th scope="col">${say('dashboard.traffic.page')}</th><th scope="col">${say('dashboard.traffic.addresses')}</th><th scope="col">${say('dashboard.traffic.lastFetched')}</th><th scope="col" class="num">${say('dashboard.traffic.hits')}</th><th scope="col" class="num">${say('dashboard.traffic.hitsPerDay')}</th>
        <th scope="col" class="num">${say('dashboard.traffic.errors')}</th><th scope="col">${say('dashboard.traffic.errorRate')}</th><th scope="col" class="num">${say('dashboard.traffic.lastStatus')}</th></tr></thead>
      <tbody>${rows.slice(0, TOP_PAGES).map((p) => html`<tr class=${p.verification}>
        <th scope="row"><code>${p.path}</code></th><td data-label=${say('dashboard.traffic.addresses')}><span class=${`badge ${p.verification}`}>${sayCode('dashboard.traffic.verification', p.verification)}</span></td><td data-label=${say('dashboard.traffic.lastFetched')}>${when(p.lastAt)}</td>
        <td class="num" data-label=${say('dashboard.traffic.hits')}>${fmt.count(p.hits)}</td><td class="num" data-label=${say('dashboard.traffic.hitsPerDay')}>${fmt.decimal(p.hitsPerDay)}</td><td class="num" data-label=${say('dashboard.traffic.errors')}>${fmt.count(p.errors)}</td>
        <td data-label=${say('dashboard.traffic.errorRate')}>${fmt.percent(100 * p.errorRate)}</td><td class=${`num ${p.lastStatus >= 400 ? 'field-error' : ''}`} data-label=${say('dashboard.traffic.lastStatus')}>${p.lastStatus}</td></tr>`)}</tbody></table></div>` : null}
  </section>`;
}

/** AI-referred visits per engine per day, and the landing pages they reached. */
export function Referrals({ rows, days }) {
  const { series, chartDays, landings, pathCount, total } = useMemo(() => {
    const byEngine = new Map();
    const byPath = new Map();
    for (const r of rows) {
      const e = byEngine.get(r.engine) ?? { key: r.engine, label: fmt.engine(r.engine), values: {}, visits: 0 };
      e.values[r.day] = (e.values[r.day] ?? 0) + r.visits;
      e.visits += r.visits;
      byEngine.set(r.engine, e);
      const p = byPath.get(r.path) ?? { path: r.path, visits: 0, engines: new Set() };
      p.visits += r.visits;
      p.engines.add(fmt.engine(r.engine));
      byPath.set(r.path, p);
    }
    const list = [...byEngine.values()].sort((a, b) => b.visits - a.visits || a.label.localeCompare(b.label)).map((e, i) => ({ ...e, color: COLORS[i % COLORS.length] }));
    return {
      series: list, chartDays: [...new Set(rows.map((r) => r.day))].sort(), total: list.reduce((n, e) => n + e.visits, 0),
      landings: [...byPath.values()].sort((a, b) => b.visits - a.visits || a.path.localeCompare(b.path)).slice(0, 10), pathCount: byPath.size,
    };
  }, [rows]);
  const [hidden, setHidden] = useState([]);
  const shown = series.map((s) => s.key).filter((k) => !hidden.includes(k));
  return html`<section class="card" aria-labelledby="referrals-h" id="traffic-referrals">
    <h2 id="referrals-h">${say('dashboard.traffic.referralsTitle', { days })}</h2>
    ${total ? html`
      <div class="stats">
        <${Stat} id="stat-referrals" value=${fmt.count(total)} label=${say('dashboard.traffic.statReferrals')} note=${say('dashboard.traffic.statReferralsNote')} />
        <${Stat} id="stat-top-engine" value=${series[0].label} label=${say('dashboard.traffic.topEngine')} note=${say('dashboard.traffic.topEngineNote', { share: fmt.percent((100 * series[0].visits) / total) })} />
        <${Stat} id="stat-landings" value=${fmt.count(pathCount)} label=${say('dashboard.traffic.landings')} note=${say('dashboard.traffic.mostVisited', { path: landings[0].path })} />
      </div>
      <div class="controls"><fieldset class="inline" id="engine-series"><legend>${say('dashboard.traffic.engines')}</legend>
        ${series.map((s) => html`<label><input type="checkbox" checked=${shown.includes(s.key)} onChange=${() => setHidden(shown.includes(s.key) ? [...hidden, s.key] : hidden.filter((k) => k !== s.key))} /> <span class="swatch" aria-hidden="true" style=${{ background: s.color }}></span>${s.label}</label>`)}
      </fieldset></div>
      <${CountChart} days=${chartDays} series=${series} shown=${shown} label=${say('dashboard.traffic.referralsChart')} yLabel=${say('dashboard.traffic.visitsPerDay')} />
      <div class="grid">
        <div class="table-wrap"><table id="referral-engines"><caption>${say('dashboard.traffic.perEngine')}</caption>
          <thead><tr><th scope="col">${say('dashboard.alerts.engine')}</th><th scope="col" class="num">${say('dashboard.traffic.visits')}</th><th scope="col" class="num">${say('dashboard.traffic.share')}</th></tr></thead>
          <tbody>${series.map((e) => html`<tr><th scope="row">${e.label}</th><td class="num">${fmt.count(e.visits)}</td><td class="num">${fmt.percent((100 * e.visits) / total)}</td></tr>`)}</tbody></table></div>
        <div class="table-wrap"><table id="referral-pages"><caption>${say('dashboard.traffic.topLandings')}</caption>
          <thead><tr><th scope="col">${say('dashboard.traffic.page')}</th><th scope="col" class="num">${say('dashboard.traffic.visits')}</th><th scope="col">${say('dashboard.credits.from')}</th></tr></thead>
          <tbody>${landings.map((p) => html`<tr><th scope="row"><code>${p.path}</code></th><td class="num">${fmt.count(p.visits)}</td><td>${[...p.engines].sort().join(', ')}</td></tr>`)}</tbody></table></div>
      </div>`
    : html`<p class="empty">${say('dashboard.traffic.noReferrals')}</p>`}
  </section>`;
}
