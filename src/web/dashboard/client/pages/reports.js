// Reports: the catalog of report types, and every report the service made (after each succeeded
// run and weekly), each downloadable as JSON, CSV, printable HTML or PDF. The API has no route
// that makes a report on demand: a new one comes from the next run, which the page says.
import { Alert, Loading, Simulated, api, html, useLoad, useState, when, ws } from '../lib.js';

const FORMATS = [['html', 'HTML'], ['pdf', 'PDF'], ['csv', 'CSV'], ['json', 'JSON']];

function Catalog({ data }) {
  return html`<section class="card" aria-labelledby="catalog-h"><h2 id="catalog-h">What each report holds</h2>
    <ul class="plain catalog">${data.map((c) => html`<li><h3>${c.title}</h3><p>${c.description}</p>
      <p class="muted">${c.available ? `Made ${c.schedule}. Formats: ${c.formats.join(', ')}.` : `Not available: ${c.reason}`}</p></li>`)}</ul>
  </section>`;
}

export function Reports({ workspace }) {
  const catalog = useLoad(() => api('GET', ws(workspace, '/reports/catalog')), [workspace]);
  const [type, setType] = useState('');
  const list = useLoad(() => api('GET', ws(workspace, `/reports?limit=50${type ? `&type=${type}` : ''}`)), [workspace, type]);
  const link = (r, format) => ws(workspace, `/reports/${encodeURIComponent(r.id)}?format=${format}`);
  return html`<h1>Reports</h1>
    <p>Reports are made by the service after each finished run (the 30 days ending that day) and every week.
      To get a fresh one, <a href=${`/w/${workspace}/runs`}>start a run</a>.</p>
    <${Alert} error=${list.error ?? catalog.error} />
    <section class="card" aria-labelledby="reports-h"><h2 id="reports-h">Made reports</h2>
      <div class="controls"><label>Report type <select id="report-type" value=${type} onChange=${(e) => setType(e.target.value)}>
        <option value="">All types</option>${(catalog.data ?? []).map((c) => html`<option value=${c.type}>${c.title}</option>`)}</select></label></div>
      ${list.loading && !list.data ? html`<${Loading} what="Loading reports" />` : null}
      ${list.data && !list.data.length ? html`<p class="muted">No report yet: the first one is made when a run succeeds.</p>` : null}
      ${list.data?.length ? html`<div class="table-wrap"><table id="reports"><caption>Newest first</caption>
        <thead><tr><th scope="col">Report</th><th scope="col">Period</th><th scope="col">Made</th><th scope="col">Data</th><th scope="col">Download</th></tr></thead>
        <tbody>${list.data.map((r) => html`<tr>
          <th scope="row">${r.title}<br /><small class="muted">${r.trigger === 'run' ? 'after a run' : 'weekly'}</small></th>
          <td>${r.periodFrom} – ${r.periodTo}</td><td>${when(r.createdAt)}</td>
          <td>${r.simulated ? html`<${Simulated} simulated /><br /><small class="muted">${r.simulatedEngines.join(', ')}</small>` : 'measured'}</td>
          <td><ul class="plain formats">${FORMATS.map(([f, label]) => html`<li><a href=${link(r, f)} download=${f === 'html' ? undefined : ''} target=${f === 'html' ? '_blank' : undefined} rel="noopener">${label}<span class="visually-hidden"> of ${r.title}, ${r.periodTo}</span></a></li>`)}</ul></td>
        </tr>`)}</tbody></table></div>` : null}
    </section>
    ${catalog.data ? html`<${Catalog} data=${catalog.data} />` : null}`;
}
