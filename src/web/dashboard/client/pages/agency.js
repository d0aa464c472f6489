// Agency overview as a portfolio: every client with score, trend, change (significant
// or not), share of voice against its top competitor, open recommendations, last run, credits
// left; sortable; a click opens the client. The form that creates a workspace is onboarding.js.
import { Alert, Change, Grade, LANG, Loading, Simulated, Sparkline, fmt, html, interval, num, say, sayCode, sayWith, usd, useAction, useLoad, useState, when, call, client } from '../lib.js';

/**
 * A typed call's data, or null when it fails: one client's missing figure leaves its cells empty
 * and never hides the other clients.
 * @template D
 * @param {Promise<{ data?: D, error?: unknown, response: Response }>} pending
 * @returns {Promise<D | null>}
 */
const orNull = (pending) => call(pending).catch(() => null);

/** One client's row: score with band and change, share of voice against its top competitor, open recommendations, last run, credits left. */
async function loadClient(w) {
  const path = { workspace: w.id };
  const [runs, recs, balance] = await Promise.all([
    orNull(client.GET('/api/v1/workspaces/{workspace}/runs', { params: { path, query: { limit: 100 } } })),
    orNull(client.GET('/api/v1/workspaces/{workspace}/recs', { params: { path } })),
    orNull(client.GET('/api/v1/workspaces/{workspace}/credits/balance', { params: { path } })),
  ]);
  const measured = (runs?.runs ?? []).some((r) => r.status === 'succeeded');
  const [series, board] = measured ? await Promise.all([
    orNull(client.GET('/api/v1/workspaces/{workspace}/timeseries', { params: { path, query: { engine: 'composite', format: 'json', range: '28d' } } })),
    orNull(client.GET('/api/v1/workspaces/{workspace}/scoreboard', { params: { path } })),
  ]) : [null, null];
  const points = series?.points ?? [];
  const own = board?.entities.find((e) => e.kind === 'brand');
  const rival = board?.entities.filter((e) => e.kind !== 'brand').sort((a, b) => (b.shareOfVoice ?? 0) - (a.shareOfVoice ?? 0))[0];
  return {
    ...w, series, last: points[points.length - 1] ?? null, values: points.map((p) => p.score), bands: points.map((p) => p.interval ?? null), own, rival,
    open: recs ? ['proposed', 'todo', 'in_review'].reduce((n, k) => n + recs[k].length, 0) : null,
    lastRun: runs?.runs?.[0] ?? null, credits: balance?.availableMicrousd ?? null,
  };
}
const loadWorkspaces = async () => Promise.all((await call(client.GET('/api/v1/workspaces'))).map(loadClient));

const SORTS = {
  name: (a, b) => a.displayName.localeCompare(b.displayName),
  score: (a, b) => (b.last?.score ?? -1) - (a.last?.score ?? -1),
  change: (a, b) => (b.last?.change?.delta ?? -999) - (a.last?.change?.delta ?? -999),
  open: (a, b) => (b.open ?? -1) - (a.open ?? -1),
  credits: (a, b) => (a.credits ?? Infinity) - (b.credits ?? Infinity),
};

/** One click to the person's demo workspace: made (or found) by the API, then opened (docs/demo.md). */
/** The portfolio in the language this page speaks (docs/reports.md, "Agency portfolio"). */
const portfolioLink = (format) => `/api/v1/reports/portfolio?format=${format}&language=${LANG}`;

function DemoOffer() {
  const action = useAction();
  const open = () => action.run(async () => location.assign((await call(client.POST('/api/v1/demo-workspace'))).dashboardPath));
  return html`<p class="row"><button type="button" id="demo-workspace" onClick=${open} disabled=${action.busy}>${say(action.busy ? 'dashboard.agency.demoBusy' : 'dashboard.agency.demo')}</button>
    <small class="muted">${say('dashboard.agency.demoNote')}</small></p>
    <${Alert} error=${action.error} />`;
}

export function Agency() {
  const { data, error, loading } = useLoad(loadWorkspaces);
  const [sort, setSort] = useState('name');
  const rows = data ? [...data].sort(SORTS[sort]) : [];
  const Head = ({ by, children }) => html`<th scope="col" aria-sort=${sort === by ? 'descending' : undefined}><button type="button" class="link" onClick=${() => setSort(by)}>${children}</button></th>`;
  return html`<h1>${say('dashboard.page.agency')}</h1>
    <p class="row"><a class="button" href="/new">${say('dashboard.page.new')}</a>
      ${data?.length ? html`<span>${sayWith('dashboard.agency.portfolio', {}, { links: html`<a id="portfolio-pdf" href=${portfolioLink('pdf')} download="">PDF</a> · <a href=${portfolioLink('csv')} download="">CSV</a> · <a href=${portfolioLink('html')} target="_blank" rel="noopener">HTML</a>` })}</span>` : null}</p>
    <${Alert} error=${error} />
    ${loading && !data ? html`<${Loading} what=${say('dashboard.agency.loading')} />` : null}
    ${data && !data.length ? html`<p class="empty">${say('dashboard.agency.empty')}</p><${DemoOffer} />` : null}
    ${data?.length ? html`<p id="agency-about" class="muted">${say('dashboard.agency.about')}</p>
    <div class="table-wrap"><table class="agency" aria-describedby="agency-about">
      <thead><tr><${Head} by="name">${say('dashboard.header.workspace')}</${Head}><${Head} by="score">${say('label.score')}</${Head}><th scope="col">${say('dashboard.agency.trend')}</th><${Head} by="change">${say('ui.portfolio.change')}</${Head}>
        <th scope="col">${say('col.sov')}</th><${Head} by="open">${say('dashboard.agency.openRecs')}</${Head}><th scope="col">${say('dashboard.agency.lastRun')}</th><${Head} by="credits">${say('dashboard.agency.creditsLeft')}</${Head}><th scope="col">${say('dashboard.common.data')}</th></tr></thead>
      <tbody>${rows.map((w) => html`<tr>
        <th scope="row"><a href=${`/w/${w.id}`}>${w.displayName}</a><br /><small class="muted">${w.id} · ${sayCode('dashboard.role', w.role)}</small></th>
        <td>${w.last ? html`<strong class="score">${num(w.last.score)}</strong><br /><small class="muted">${say('dashboard.common.ci95', { interval: interval(w.last.interval) })}</small> <${Grade} stamp=${w.series?.stamp} />` : html`<span class="muted">${say('dashboard.agency.notMeasured')}</span>`}</td>
        <td><${Sparkline} values=${w.values} bands=${w.bands} label=${say('dashboard.agency.trendOf', { name: w.displayName })} /></td>
        <td>${w.last ? html`<${Change} change=${w.last.change} />` : html`<span class="muted">${say('dashboard.agency.noRun')}</span>`}</td>
        <td>${w.own ? html`${fmt.percent(w.own.shareOfVoice)}${w.rival ? html`<br /><small class="muted">${say('dashboard.agency.versus', { name: w.rival.name, share: fmt.percent(w.rival.shareOfVoice) })}</small>` : null}` : html`<span class="muted">${say('dashboard.agency.noRun')}</span>`}</td>
        <td>${w.open === null ? '—' : html`<a href=${`/w/${w.id}/recs`}>${fmt.count(w.open)}</a>`}</td>
        <td>${w.lastRun ? html`${when(w.lastRun.createdAt ?? w.lastRun.startedAt)}<br /><small class="muted">${sayCode('dashboard.status', w.lastRun.status)}</small>` : html`<span class="muted">${say('dashboard.agency.none')}</span>`}</td>
        <td>${usd(w.credits)}</td>
        <td>${w.series?.simulated ? html`<${Simulated} simulated share=${w.series.simulatedShare} />` : w.last ? say('dashboard.common.measured') : '—'}</td>
      </tr>`)}</tbody>
    </table></div>` : null}`;
}
