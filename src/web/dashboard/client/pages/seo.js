// SEO: the dashboard (scores in basis points, components with why one is missing, search
// insights), technical checks with their evidence, and page evaluations (seo-pages.js).
import { Alert, Loading, Notice, Simulated, fmt, hasMeasurement, html, jobReason, num, pct, plural, sayCode, useAction, useLoad, useState, waitForJob, call, client } from '../lib.js';
import { PageEvaluations } from './seo-pages.js';

const bp = (v) => (v === null || v === undefined ? '—' : num(v / 100));
/** A headline figure; a missing one says why in small muted text instead of a large dash or sentence. */
const headline = (id, text, reason) => (text === null ? html`<small class="muted" id=${id}>${fmt.notEnough(reason)}</small>` : html`<strong id=${id}>${text}</strong>`);

/** The GEO figure, the very one the overview shows (GET …/score), also before any SEO refresh. */
async function loadGeo(slug) {
  return (await hasMeasurement(slug)) ? call(client.GET('/api/v1/workspaces/{workspace}/score', { params: { path: { workspace: slug }, query: { format: 'json' } } })) : null;
}

function Scores({ d, geo, slug, onRefresh, busy }) {
  const [url, setUrl] = useState('');
  const submit = (e) => { e.preventDefault(); onRefresh(url); };
  return html`<section class="card" aria-labelledby="seo-h"><h2 id="seo-h">Scores</h2>
    <p class="big"><span>SEO ${headline('seo-score', d.seoScoreBp === null ? null : bp(d.seoScoreBp), 'not_measured')}</span> · <span>GEO ${headline('seo-geo-score', geo ? fmt.score(geo.score) : null, 'no_runs')}${geo?.simulated ? html` <${Simulated} simulated share=${geo.simulatedShare} />` : null}</span> · <span>Combined ${headline('seo-combined-score', d.combinedScoreBp === null ? null : bp(d.combinedScoreBp), 'not_measured')}</span></p>
    ${geo ? null : html`<p class="muted">The GEO score comes from measurement runs: <a href=${`/w/${slug}/runs`}>start one</a>.</p>`}
    <p class="muted">${d.scoreDate ? `Scored ${d.scoreDate} (${d.scoreVersion})` : 'Not refreshed yet.'}</p>
    <form class="controls" onSubmit=${submit} aria-label="Refresh the SEO score">
      <label for="seo-url">Home page to evaluate (optional)<input id="seo-url" type="url" value=${url} onInput=${(e) => setUrl(e.target.value)} placeholder="https://your-domain/" /></label>
      <button type="submit" class="secondary" disabled=${busy}>Refresh (uses credit)</button>
    </form>
    <div class="table-wrap"><table id="seo-components"><caption>Components</caption><thead><tr><th scope="col">Component</th><th scope="col">Points</th><th scope="col">Status</th></tr></thead>
    <tbody>${d.components.map((c) => html`<tr class=${c.available ? '' : 'missing'}><th scope="row">${sayCode('seo.component', c.key)}</th><td>${c.available ? `${num(c.points)} / ${c.maximum}` : '—'}</td>
      <td>${c.available ? pct(c.percent) : `missing: ${sayCode('seo.reason', c.unavailableReason)}`}</td></tr>`)}</tbody></table></div>
  </section>`;
}

function Checks({ checks, slug }) {
  return html`<section class="card" aria-labelledby="checks-h"><h2 id="checks-h">Technical checks</h2>
    ${checks.length ? html`<div class="table-wrap"><table id="technical-checks"><caption>Failed checks of the evaluated pages, with what was observed</caption>
      <thead><tr><th scope="col">Page</th><th scope="col">Check</th><th scope="col">Observed</th><th scope="col">Expected</th><th scope="col">Evidence</th><th scope="col">What to do</th></tr></thead>
      <tbody>${checks.map((c) => html`<tr><th scope="row">${c.pageUrl}<br /><small class="muted">technical health ${pct(c.pageTechnicalPct)}</small></th>
        <td>${sayCode('seo.check', c.code)}</td><td>${c.evidence?.observedValue || html`<em>absent</em>`}</td><td>${c.evidence?.expectedValue ?? '—'}</td>
        <td><small>${c.evidence?.source ?? '—'}${c.evidence?.url ? html`<br /><code>${c.evidence.url}</code>` : null}<br /><span class="muted">ref ${c.evidence?.providerRef ?? '—'}</span></small></td>
        <td>${c.suggestion}${c.recommendationIds?.length ? html`<br /><a href=${`/w/${slug}/recs`}>${plural(c.recommendationIds.length, 'recommendation')}</a>` : null}</td></tr>`)}</tbody></table></div>`
      : html`<p class="muted">No failed check recorded. Checks come from the pages a refresh evaluates.</p>`}
  </section>`;
}

function Insights({ items }) {
  if (!items.length) return null;
  return html`<section class="card" aria-labelledby="ins-h"><h2 id="ins-h">Search insights</h2>
    <div class="table-wrap"><table><caption>Queries from Search Console, most important first</caption>
      <thead><tr><th scope="col">Query</th><th scope="col">Impressions</th><th scope="col">Clicks</th><th scope="col">Position</th><th scope="col">Change</th><th scope="col">Share</th></tr></thead>
      <tbody>${items.map((i) => html`<tr><th scope="row">${i.subject}</th><td>${i.currentImpressions}</td><td>${i.currentClicks}</td><td>${num(i.currentPosition)}</td>
        <td>${i.positionChange === null ? 'new' : `${i.positionChange > 0 ? '+' : ''}${num(i.positionChange)}`}</td><td>${pct(i.importanceBp / 100)}</td></tr>`)}</tbody></table></div>
  </section>`;
}

export function Seo({ workspace }) {
  const seo = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/seo', { params: { path: { workspace: workspace } } })), [workspace]);
  const geo = useLoad(() => loadGeo(workspace), [workspace]);
  const [notice, setNotice] = useState('');
  const action = useAction();
  const refresh = (url) => action.run(async () => {
    const job = await call(client.POST('/api/v1/workspaces/{workspace}/seo', { params: { path: { workspace: workspace } }, body: url ? { url } : undefined }));
    setNotice('SEO refresh running…');
    const done = await waitForJob(workspace, job.id, { maxTries: 300 });
    setNotice(done.status === 'succeeded' ? 'SEO refresh finished.' : '');
    if (done.status !== 'succeeded') throw new Error(`SEO refresh ${done.status}: ${jobReason(done)}`);
  }).finally(seo.reload);
  const d = seo.data?.data;
  return html`<h1>SEO</h1>
    <div aria-live="polite"><${Notice}>${notice}</${Notice}></div><${Alert} error=${action.error ?? seo.error} />
    ${seo.loading && !d ? html`<${Loading} />` : null}
    ${d ? html`<${Scores} d=${d} geo=${geo.data} slug=${workspace} onRefresh=${refresh} busy=${action.busy} /><${Checks} checks=${d.technicalChecks} slug=${workspace} /><${Insights} items=${d.insights} />` : null}
    <${PageEvaluations} slug=${workspace} />`;
}
