// AI traffic (docs/traffic.md): which AI crawlers and agents read the site, from the
// access logs the workspace sent. Hits per day per agent or purpose, verified (from the
// operator's published addresses) kept apart from claimed (the user agent alone: never added to
// verified), status classes with the error share; the pages each agent fetched
// (traffic-pages.js); the visits AI answers referred. Before any log, it says how to send one.
// Four views, one at a time, picked from tabs that carry each view's headline figure
// (traffic-views.js); the logs received close every view.
import { COLORS } from '../chart.js';
import { CountChart } from '../count-chart.js';
import { Alert, Loading, fmt, html, say, sayCode, useLoad, useMemo, useState, call, client } from '../lib.js';
import { AgentPages, Referrals, Stat, errorShare } from './traffic-pages.js';
import { NoLogsYet, Received } from './traffic-send.js';
import { ChainPanel, RobotsPanel, UnfetchedPanel } from './traffic-chain.js';
import { ViewTabs, useView } from './traffic-views.js';

const RANGES = [7, 30, 90];
const GROUPS = /** @type {const} */ (['agent', 'purpose']);
/** An agent's purpose in words (training, search index, user-triggered fetch). */
export const purposeWord = (code) => sayCode('dashboard.traffic.purpose', code);
const CLAIMED = { key: 'claimed', color: '#6e7781', dashed: true };
const DAY_MS = 86_400_000;
// On a phone the status table is a card per agent: folded, its headline (the error share) above it.
const PHONE = globalThis.matchMedia?.('(max-width: 700px)').matches ?? false;
const isoDay = (ms) => new Date(ms).toISOString().slice(0, 10);
const STATUS = ['s2xx', 's3xx', 's4xx', 's5xx'];
/** Bytes in the unit that shows them (kB, MB, GB), one decimal through the shared formatter. */
const size = (bytes) => (bytes >= 1e9 ? say('dashboard.traffic.gb', { n: fmt.decimal(bytes / 1e9) }) : bytes >= 1e6 ? say('dashboard.traffic.mb', { n: fmt.decimal(bytes / 1e6) }) : say('dashboard.traffic.kb', { n: fmt.decimal(bytes / 1e3) }));

/** Whether any log arrived first (the empty state is never a failed request), then the range's rows. */
async function loadTraffic(slug, days) {
  const uploads = await call(client.GET('/api/v1/workspaces/{workspace}/traffic/uploads', { params: { path: { workspace: slug }, query: { limit: 5 } } }));
  if (!uploads.length) return { uploads };
  const to = isoDay(Date.now());
  const from = isoDay(Date.now() - (days - 1) * DAY_MS);
  const [agentDays, referrals, robots] = await Promise.all([
    call(client.GET('/api/v1/workspaces/{workspace}/traffic/agents', { params: { path: { workspace: slug }, query: { from, to } } })),
    call(client.GET('/api/v1/workspaces/{workspace}/traffic/referrals', { params: { path: { workspace: slug }, query: { from, to } } })),
    // Only for the agents' names (GPTBot, not gptbot): the page reads without it.
    call(client.GET('/api/v1/workspaces/{workspace}/traffic/robots', { params: { path: { workspace: slug } } })).catch(() => null),
  ]);
  const names = Object.fromEntries((robots?.agents ?? []).map((a) => [a.agent, a.token]));
  return { uploads, agentDays, referrals, names };
}

const empty = () => ({ hits: 0, s2xx: 0, s3xx: 0, s4xx: 0, s5xx: 0, bytes: 0 });
/** The rows per agent or purpose: verified and claimed summed apart, verified hits per day; most verified first. */
export function groupRows(rows, by, names) {
  const groups = new Map();
  for (const r of rows) {
    const key = by === 'agent' ? r.agent : r.purpose;
    const g = groups.get(key) ?? { key, label: by === 'agent' ? names[r.agent] ?? r.agent : purposeWord(r.purpose), operator: r.operator, purpose: r.purpose, verified: empty(), claimed: empty(), perDay: {} };
    const side = g[r.verification];
    for (const k of ['hits', ...STATUS, 'bytes']) side[k] += r[k];
    if (r.verification === 'verified') g.perDay[r.day] = (g.perDay[r.day] ?? 0) + r.hits;
    groups.set(key, g);
  }
  return [...groups.values()].sort((a, b) => b.verified.hits - a.verified.hits || b.claimed.hits - a.claimed.hits || a.label.localeCompare(b.label));
}

function StatusTable({ groups, by }) {
  const agents = by === 'agent';
  return html`<div class="table-wrap"><table id="traffic-status" class="cards"><caption>${say('dashboard.traffic.statusCaption')}</caption>
    <thead><tr><th scope="col">${say(agents ? 'dashboard.traffic.agent' : 'dashboard.traffic.purposeCol')}</th>${agents ? html`<th scope="col">${say('dashboard.traffic.operator')}</th><th scope="col">${say('dashboard.traffic.purposeCol')}</th>` : null}
      <th scope="col" class="num">${say('dashboard.traffic.verifiedHits')}</th>${STATUS.map((s) => html`<th scope="col" class="num">${s.slice(1)}</th>`)}
      <th scope="col">${say('dashboard.traffic.errorShare')}</th><th scope="col" class="num">${say('dashboard.traffic.served')}</th><th scope="col" class="num">${say('dashboard.traffic.claimedHits')}</th></tr></thead>
    <tbody>${groups.map((g) => html`<tr>
      <th scope="row">${g.label}</th>${agents ? html`<td data-label=${say('dashboard.traffic.operator')}>${g.operator}</td><td data-label=${say('dashboard.traffic.purposeCol')}>${purposeWord(g.purpose)}</td>` : null}
      <td class="num" data-label=${say('dashboard.traffic.verifiedHits')}>${fmt.count(g.verified.hits)}</td>${STATUS.map((s) => html`<td class="num status" data-label=${s.slice(1)}>${fmt.count(g.verified[s])}</td>`)}
      <td data-label=${say('dashboard.traffic.errorShare')}>${errorShare(g.verified.s4xx + g.verified.s5xx, g.verified.hits)}</td><td class="num" data-label=${say('dashboard.traffic.served')}>${size(g.verified.bytes)}</td>
      <td class="num" data-label=${say('dashboard.traffic.claimedHits')}>${fmt.count(g.claimed.hits)}</td></tr>`)}</tbody></table></div>`;
}

function Agents({ data, days }) {
  const [by, setBy] = useState('agent');
  const [picked, setPicked] = useState({});
  const groups = useMemo(() => groupRows(data.agentDays, by, data.names), [data, by]);
  const { series, chartDays } = useMemo(() => {
    const claimed = {};
    for (const r of data.agentDays) if (r.verification === 'claimed') claimed[r.day] = (claimed[r.day] ?? 0) + r.hits;
    const list = groups.filter((g) => g.verified.hits).map((g, i) => ({ key: g.key, label: g.label, color: COLORS[i % COLORS.length], values: g.perDay, dashed: false }));
    return { series: [...list, ...(Object.keys(claimed).length ? [{ ...CLAIMED, label: say('dashboard.traffic.claimedSeries'), values: claimed }] : [])], chartDays: [...new Set(data.agentDays.map((r) => r.day))].sort() };
  }, [groups, data]);
  // The five busiest verified series and the claimed line at first; every other one a click away.
  const shown = picked[by] ?? [...series.filter((s) => s.key !== 'claimed').slice(0, 5).map((s) => s.key), 'claimed'];
  const toggle = (key) => setPicked({ ...picked, [by]: shown.includes(key) ? shown.filter((k) => k !== key) : [...shown, key] });
  const total = (side, k = 'hits') => groups.reduce((n, g) => n + g[side][k], 0);
  const verified = total('verified');
  const errors = total('verified', 's4xx') + total('verified', 's5xx');
  return html`<section class="card" aria-labelledby="agents-h" id="traffic-agents">
    <h2 id="agents-h">${say('dashboard.traffic.agentsTitle', { days })}</h2>
    <div class="stats">
      <${Stat} id="stat-verified" value=${fmt.count(verified)} label=${say('dashboard.traffic.statVerified')} note=${say('dashboard.traffic.statVerifiedNote')} />
      <${Stat} id="stat-claimed" cls="claimed" value=${fmt.count(total('claimed'))} label=${say('dashboard.traffic.statClaimed')} note=${say('dashboard.traffic.statClaimedNote')} />
      <${Stat} id="stat-errors" value=${verified ? fmt.percent((100 * errors) / verified) : fmt.notEnough(say('dashboard.traffic.noVerifiedHit'))} label=${say('dashboard.traffic.statErrors')} note=${verified ? html`${errorShare(errors, verified, true)}` : ''} />
    </div>
    ${groups.length ? html`
      <div class="controls">
        <fieldset class="inline" id="group-by"><legend>${say('dashboard.traffic.per')}</legend>
          ${GROUPS.map((v) => html`<label><input type="radio" name="group-by" value=${v} checked=${by === v} onChange=${() => setBy(v)} /> ${say(v === 'agent' ? 'dashboard.traffic.agent' : 'dashboard.traffic.purposeCol')}</label>`)}
        </fieldset>
        <fieldset class="inline" id="agent-series"><legend>${say('dashboard.traffic.series')}</legend>
          ${series.map((s) => html`<label><input type="checkbox" checked=${shown.includes(s.key)} onChange=${() => toggle(s.key)} /> <span class=${`swatch${s.dashed ? ' dashed' : ''}`} aria-hidden="true" style=${{ background: s.dashed ? 'transparent' : s.color, borderColor: s.color }}></span>${s.label}</label>`)}
        </fieldset>
      </div>
      ${series.length ? html`<${CountChart} days=${chartDays} series=${series} shown=${shown} label=${say('dashboard.traffic.chartLabel', { by })} yLabel=${say('dashboard.traffic.hitsPerDay')} />` : null}
      <details><summary>${say('dashboard.traffic.table')}</summary><div class="table-wrap"><table id="agents-table">
        <thead><tr><th scope="col">${say('dashboard.traffic.day')}</th>${series.map((s) => html`<th scope="col" class="num">${s.label}</th>`)}</tr></thead>
        <tbody>${chartDays.map((d) => html`<tr><th scope="row">${fmt.date(d)}</th>${series.map((s) => html`<td class="num">${fmt.count(s.values[d] ?? 0)}</td>`)}</tr>`)}</tbody>
      </table></div></details>
      <details class="fold" open=${!PHONE}><summary><h3>${say('dashboard.traffic.statusTitle', { by })}</h3></summary>
        <${StatusTable} groups=${groups} by=${by} /></details>`
    : html`<p class="empty">${say('dashboard.traffic.noHits', { days })}</p>`}
  </section>`;
}

export function Traffic({ workspace }) {
  const [days, setDays] = useState(30);
  const { view, go } = useView();
  const load = useLoad(() => loadTraffic(workspace, days), [workspace, days]);
  const d = load.data;
  const head = html`<h1>${say('dashboard.page.traffic')}</h1>`;
  if (load.loading && !d) return html`${head}<${Loading} />`;
  if (load.error) return html`${head}<${Alert} error=${load.error} />`;
  if (!d.uploads.length) return html`${head}<${NoLogsYet} slug=${workspace} onSent=${load.reload} />`;
  const agents = groupRows(d.agentDays, 'agent', d.names).map((g) => ({ id: g.key, label: g.label }));
  // The range applies to the hits and the visits; the chain reads its own period (said in it).
  const range = html`<fieldset class="inline" id="traffic-range"><legend>${say('dashboard.traffic.range')}</legend>
      ${RANGES.map((v) => html`<label><input type="radio" name="traffic-range" value=${v} checked=${days === v} onChange=${() => setDays(v)} /> ${say('count.days', { n: v })}</label>`)}
    </fieldset>`;
  return html`<div class="traffic">${head}
    <p>${say('dashboard.traffic.intro')}</p>
    <${ViewTabs} slug=${workspace} data=${d} view=${view} go=${go} />
    ${view === 'chain' ? html`<${ChainPanel} slug=${workspace} />` : null}
    ${view === 'crawlers' ? html`${range}<${Agents} data=${d} days=${days} /><${AgentPages} slug=${workspace} agents=${agents} />` : null}
    ${view === 'visits' ? html`${range}<${Referrals} rows=${d.referrals} days=${days} />` : null}
    ${view === 'robots' ? html`<${RobotsPanel} slug=${workspace} /><${UnfetchedPanel} slug=${workspace} />` : null}
    <${Received} slug=${workspace} uploads=${d.uploads} onSent=${load.reload} /></div>`;
}
