// SEO: the dashboard (scores in basis points, components with why one is missing, search
// insights), technical checks with their evidence, and page evaluations (seo-pages.js).
import { Alert, Loading, Notice, Simulated, fmt, hasMeasurement, html, jobReason, num, pct, say, sayCode, useAction, useLoad, useState, waitForJob, call, client, sayWith } from '../lib.js';
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
  return html`<section class="card" aria-labelledby="seo-h"><h2 id="seo-h">${say('dashboard.seo.scores')}</h2>
    <p class="big"><span>${say('dashboard.seo.seo')} ${headline('seo-score', d.seoScoreBp === null ? null : bp(d.seoScoreBp), 'not_measured')}</span> · <span>${say('dashboard.seo.geo')} ${headline('seo-geo-score', geo ? fmt.score(geo.score) : null, 'no_runs')}${geo?.simulated ? html` <${Simulated} simulated share=${geo.simulatedShare} />` : null}</span> · <span>${say('dashboard.seo.combined')} ${headline('seo-combined-score', d.combinedScoreBp === null ? null : bp(d.combinedScoreBp), 'not_measured')}</span></p>
    ${geo ? null : html`<p class="muted">${sayWith('dashboard.seo.geoFromRuns', {}, { link: html`<a href=${`/w/${slug}/runs`}>${say('dashboard.seo.startOne')}</a>` })}</p>`}
    <p class="muted">${d.scoreDate ? say('dashboard.seo.scored', { date: fmt.date(d.scoreDate), version: fmt.scoreVersion(d.scoreVersion) }) : say('dashboard.seo.notRefreshed')}</p>
    <form class="controls" onSubmit=${submit} aria-label=${say('dashboard.seo.refreshLabel')}>
      <label for="seo-url">${say('dashboard.seo.home')}<input id="seo-url" type="url" value=${url} onInput=${(e) => setUrl(e.target.value)} placeholder=${say('dashboard.seo.homePlaceholder')} /></label>
      <button type="submit" class="secondary" disabled=${busy}>${say('dashboard.seo.refresh')}</button>
    </form>
    <div class="table-wrap"><table id="seo-components"><caption>${say('dashboard.seo.components')}</caption><thead><tr><th scope="col">${say('dashboard.seo.component')}</th><th scope="col">${say('dashboard.seo.points')}</th><th scope="col">${say('dashboard.credits.status')}</th></tr></thead>
    <tbody>${d.components.map((c) => html`<tr class=${c.available ? '' : 'missing'}><th scope="row">${sayCode('seo.component', c.key)}</th><td>${c.available ? say('dashboard.seo.pointsOf', { points: num(c.points), max: c.maximum }) : '—'}</td>
      <td>${c.available ? pct(c.percent) : say('dashboard.seo.missing', { reason: sayCode('seo.reason', c.unavailableReason) })}</td></tr>`)}</tbody></table></div>
  </section>`;
}

function Checks({ checks, slug }) {
  return html`<section class="card" aria-labelledby="checks-h"><h2 id="checks-h">${say('dashboard.seo.checks')}</h2>
    ${checks.length ? html`<div class="table-wrap"><table id="technical-checks"><caption>${say('dashboard.seo.checksCaption')}</caption>
      <thead><tr><th scope="col">${say('dashboard.traffic.page')}</th><th scope="col">${say('dashboard.seo.check')}</th><th scope="col">${say('dashboard.seo.observed')}</th><th scope="col">${say('dashboard.seo.expected')}</th><th scope="col">${say('dashboard.seo.evidence')}</th><th scope="col">${say('dashboard.seo.todo')}</th></tr></thead>
      <tbody>${checks.map((c) => html`<tr><th scope="row">${c.pageUrl}<br /><small class="muted">${say('dashboard.seo.health', { pct: pct(c.pageTechnicalPct) })}</small></th>
        <td>${sayCode('seo.check', c.code)}</td><td>${c.evidence?.observedValue || html`<em>${say('dashboard.seo.absent')}</em>`}</td><td>${c.evidence?.expectedValue ?? '—'}</td>
        <td><small>${c.evidence?.source ?? '—'}${c.evidence?.url ? html`<br /><code>${c.evidence.url}</code>` : null}<br /><span class="muted">${say('dashboard.seo.ref', { ref: c.evidence?.providerRef ?? '—' })}</span></small></td>
        <td>${c.suggestion}${c.recommendationIds?.length ? html`<br /><a href=${`/w/${slug}/recs`}>${say('dashboard.seo.recs', { n: c.recommendationIds.length })}</a>` : null}</td></tr>`)}</tbody></table></div>`
      : html`<p class="muted">${say('dashboard.seo.noChecks')}</p>`}
  </section>`;
}

function Insights({ items }) {
  if (!items.length) return null;
  return html`<section class="card" aria-labelledby="ins-h"><h2 id="ins-h">${say('dashboard.seo.insights')}</h2>
    <div class="table-wrap"><table><caption>${say('dashboard.seo.insightsCaption')}</caption>
      <thead><tr><th scope="col">${say('dashboard.seo.query')}</th><th scope="col">${say('dashboard.seo.impressions')}</th><th scope="col">${say('dashboard.seo.clicks')}</th><th scope="col">${say('dashboard.seo.position')}</th><th scope="col">${say('dashboard.seo.change')}</th><th scope="col">${say('dashboard.traffic.share')}</th></tr></thead>
      <tbody>${items.map((i) => html`<tr><th scope="row">${i.subject}</th><td>${fmt.count(i.currentImpressions)}</td><td>${fmt.count(i.currentClicks)}</td><td>${num(i.currentPosition)}</td>
        <td>${i.positionChange === null ? say('dashboard.seo.new') : `${i.positionChange > 0 ? '+' : ''}${num(i.positionChange)}`}</td><td>${pct(i.importanceBp / 100)}</td></tr>`)}</tbody></table></div>
  </section>`;
}

export function Seo({ workspace }) {
  const seo = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/seo', { params: { path: { workspace: workspace } } })), [workspace]);
  const geo = useLoad(() => loadGeo(workspace), [workspace]);
  const [notice, setNotice] = useState('');
  const action = useAction();
  const refresh = (url) => action.run(async () => {
    const job = await call(client.POST('/api/v1/workspaces/{workspace}/seo', { params: { path: { workspace: workspace } }, body: url ? { url } : undefined }));
    setNotice(say('dashboard.seo.running'));
    const done = await waitForJob(workspace, job.id, { maxTries: 300 });
    setNotice(done.status === 'succeeded' ? say('dashboard.seo.finished') : '');
    if (done.status !== 'succeeded') throw new Error(say('dashboard.seo.failed', { status: done.status, reason: jobReason(done) }));
  }).finally(seo.reload);
  const d = seo.data?.data;
  return html`<h1>${say('dashboard.page.seo')}</h1>
    <div aria-live="polite"><${Notice}>${notice}</${Notice}></div><${Alert} error=${action.error ?? seo.error} />
    ${seo.loading && !d ? html`<${Loading} />` : null}
    ${d ? html`<${Scores} d=${d} geo=${geo.data} slug=${workspace} onRefresh=${refresh} busy=${action.busy} /><${Checks} checks=${d.technicalChecks} slug=${workspace} /><${Insights} items=${d.insights} />` : null}
    <${PageEvaluations} slug=${workspace} />`;
}
