// SEO: the dashboard (scores in basis points, components with why one is missing), technical
// checks with their evidence, and page evaluations with their Lighthouse scores and checks.
import { Alert, Loading, Notice, api, html, num, when, useAction, useLoad, useState, ws } from '../lib.js';

const bp = (v) => (v === null || v === undefined ? '—' : num(v / 100));
const REASONS = { not_refreshed: 'not refreshed yet', gsc_not_connected: 'Search Console not connected', ga4_not_connected: 'Analytics not connected', no_page_evaluation: 'no page evaluated yet' };

export function Seo({ workspace }) {
  const seo = useLoad(() => api('GET', ws(workspace, '/seo')), [workspace]);
  const evals = useLoad(() => api('GET', ws(workspace, '/page-evaluation')), [workspace]);
  const [url, setUrl] = useState('');
  const [notice, setNotice] = useState('');
  const action = useAction();
  const refresh = () => action.run(async () => { await api('POST', ws(workspace, '/seo')); setNotice('SEO refresh started; reload in a minute.'); });
  const evaluate = (e) => {
    e.preventDefault();
    action.run(async () => { await api('POST', ws(workspace, '/page-evaluation'), { url }); setNotice(`Evaluating ${url}; it appears below when done.`); setUrl(''); });
  };
  const d = seo.data?.data;
  return html`<h1>SEO</h1>
    <${Notice}>${notice}</${Notice}><${Alert} error=${action.error ?? seo.error ?? evals.error} />
    ${seo.loading && !d ? html`<${Loading} />` : null}
    ${d ? html`<section class="card" aria-labelledby="seo-h"><h2 id="seo-h">Scores</h2>
      <p class="big"><span>SEO <strong>${bp(d.seoScoreBp)}</strong></span> · <span>GEO <strong>${bp(d.geoScoreBp)}</strong></span> · <span>Combined <strong>${bp(d.combinedScoreBp)}</strong></span></p>
      <p class="muted">${d.scoreDate ? `Scored ${d.scoreDate}` : 'Not refreshed yet.'} <button type="button" class="secondary small" onClick=${refresh} disabled=${action.busy}>Refresh (uses credit)</button></p>
      <div class="table-wrap"><table><caption>Components</caption><thead><tr><th scope="col">Component</th><th scope="col">Points</th><th scope="col">Status</th></tr></thead>
      <tbody>${d.components.map((c) => html`<tr><th scope="row">${(c.key ?? '').replaceAll('_', ' ')}</th><td>${c.available ? `${num(c.points)} / ${c.maximum}` : '—'}</td><td>${c.available ? `${num(c.percent, 0)}%` : `missing: ${REASONS[c.unavailableReason] ?? c.unavailableReason}`}</td></tr>`)}</tbody></table></div>
    </section>
    <section class="card" aria-labelledby="checks-h"><h2 id="checks-h">Technical checks</h2>
      ${d.technicalChecks.length ? html`<div class="table-wrap"><table><thead><tr><th scope="col">Page</th><th scope="col">Check</th><th scope="col">Observed</th><th scope="col">Expected</th></tr></thead>
      <tbody>${d.technicalChecks.map((c) => html`<tr><th scope="row">${c.pageUrl}</th><td>${c.code}</td><td>${c.evidence?.observedValue ?? '—'}</td><td>${c.evidence?.expectedValue ?? '—'}</td></tr>`)}</tbody></table></div>` : html`<p class="muted">No failed check recorded.</p>`}
    </section>` : null}
    <section class="card" aria-labelledby="pe-h"><h2 id="pe-h">Page evaluations</h2>
      <form class="controls" onSubmit=${evaluate}><label for="pe-url">Page address</label><input id="pe-url" type="url" required value=${url} onInput=${(e) => setUrl(e.target.value)} placeholder="https://example.com/" />
        <button type="submit" disabled=${action.busy}>Evaluate</button></form>
      ${evals.data?.length ? html`<div class="table-wrap"><table id="evaluations"><thead><tr><th scope="col">Page</th><th scope="col">Performance</th><th scope="col">Accessibility</th><th scope="col">Best practices</th><th scope="col">SEO</th><th scope="col">Failed checks</th></tr></thead>
      <tbody>${evals.data.map((p) => html`<tr><th scope="row">${p.url}<br /><small class="muted">${when(p.fetchedAt)}</small></th>
        <td>${num(p.scores.performance, 0)}</td><td>${num(p.scores.accessibility, 0)}</td><td>${num(p.scores.bestPractices, 0)}</td><td>${num(p.scores.seo, 0)}</td>
        <td>${Object.entries(p.checks).filter(([, c]) => !c.passed).map(([k, c]) => html`<div><strong>${k}</strong>: ${c.suggestion}</div>`)}</td></tr>`)}</tbody></table></div>` : html`<p class="muted">No page evaluated yet.</p>`}
    </section>`;
}
