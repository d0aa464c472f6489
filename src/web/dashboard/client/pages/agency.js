// Agency overview as a portfolio: every client with score, trend, change (significant
// or not), share of voice against its top competitor, open recommendations, last run, credits
// left; sortable; a click opens the client. The form that creates a workspace is onboarding.js.
import { Alert, Change, Grade, Loading, Simulated, Sparkline, fmt, html, interval, num, usd, useAction, useLoad, useState, when, words, call, client } from '../lib.js';

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
function DemoOffer() {
  const action = useAction();
  const open = () => action.run(async () => location.assign((await call(client.POST('/api/v1/demo-workspace'))).dashboardPath));
  return html`<p class="row"><button type="button" id="demo-workspace" onClick=${open} disabled=${action.busy}>${action.busy ? 'Making the demo…' : 'Try a demo with 90 days of history'}</button>
    <small class="muted">A fictional brand, its answers simulated: no credit spent.</small></p>
    <${Alert} error=${action.error} />`;
}

export function Agency() {
  const { data, error, loading } = useLoad(loadWorkspaces);
  const [sort, setSort] = useState('name');
  const rows = data ? [...data].sort(SORTS[sort]) : [];
  const Head = ({ by, children }) => html`<th scope="col" aria-sort=${sort === by ? 'descending' : undefined}><button type="button" class="link" onClick=${() => setSort(by)}>${children}</button></th>`;
  return html`<h1>Workspaces</h1>
    <p class="row"><a class="button" href="/new">New workspace</a>
      ${data?.length ? html`<span>Portfolio report of every client, the last 30 days: <a id="portfolio-pdf" href="/api/v1/reports/portfolio?format=pdf" download="">PDF</a> · <a href="/api/v1/reports/portfolio?format=csv" download="">CSV</a> · <a href="/api/v1/reports/portfolio?format=html" target="_blank" rel="noopener">HTML</a></span>` : null}</p>
    <${Alert} error=${error} />
    ${loading && !data ? html`<${Loading} what="Loading workspaces" />` : null}
    ${data && !data.length ? html`<p class="empty">No workspace yet. Create one to measure your brand’s visibility in AI answers: it needs the brand’s name and website.</p><${DemoOffer} />` : null}
    ${data?.length ? html`<p id="agency-about" class="muted">Every client: GEO score of the last 28 days, share of voice against the strongest competitor, work open and credit left. Column headings sort.</p>
    <div class="table-wrap"><table class="agency" aria-describedby="agency-about">
      <thead><tr><${Head} by="name">Workspace</${Head}><${Head} by="score">GEO score</${Head}><th scope="col">Trend</th><${Head} by="change">Change</${Head}>
        <th scope="col">Share of voice</th><${Head} by="open">Open recs</${Head}><th scope="col">Last run</th><${Head} by="credits">Credits left</${Head}><th scope="col">Data</th></tr></thead>
      <tbody>${rows.map((w) => html`<tr>
        <th scope="row"><a href=${`/w/${w.id}`}>${w.displayName}</a><br /><small class="muted">${w.id} · ${w.role}</small></th>
        <td>${w.last ? html`<strong class="score">${num(w.last.score)}</strong><br /><small class="muted">95% ${interval(w.last.interval)}</small> <${Grade} stamp=${w.series?.stamp} />` : html`<span class="muted">not measured yet</span>`}</td>
        <td><${Sparkline} values=${w.values} bands=${w.bands} label=${`GEO score trend of ${w.displayName}`} /></td>
        <td>${w.last ? html`<${Change} change=${w.last.change} />` : html`<span class="muted">no run yet</span>`}</td>
        <td>${w.own ? html`${fmt.percent(w.own.shareOfVoice)}${w.rival ? html`<br /><small class="muted">vs ${w.rival.name} ${fmt.percent(w.rival.shareOfVoice)}</small>` : null}` : html`<span class="muted">no run yet</span>`}</td>
        <td>${w.open === null ? '—' : html`<a href=${`/w/${w.id}/recs`}>${fmt.count(w.open)}</a>`}</td>
        <td>${w.lastRun ? html`${when(w.lastRun.createdAt ?? w.lastRun.startedAt)}<br /><small class="muted">${words(w.lastRun.status)}</small>` : html`<span class="muted">none yet</span>`}</td>
        <td>${usd(w.credits)}</td>
        <td>${w.series?.simulated ? html`<${Simulated} simulated share=${w.series.simulatedShare} />` : w.last ? 'measured' : '—'}</td>
      </tr>`)}</tbody>
    </table></div>` : null}`;
}
