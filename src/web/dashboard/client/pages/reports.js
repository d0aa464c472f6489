// Reports: make one now (type, period, language), every report the service made (after each
// succeeded run, weekly, on request, for a scheduled mail) with its status and downloads, and
// who sends them and when they are mailed (reports-delivery.js).
import { Alert, Loading, Section, Simulated, engineName, fmt, html, newKey, say, sayCode, useAction, useEffect, useLoad, useState, when, apiPath, call, client } from '../lib.js';
import { ErrorBox, Field, fieldErrors } from './settings-ui.js';
import { Delivery, LANGUAGES, Sender } from './reports-delivery.js';

const FORMATS = [['html', 'HTML'], ['pdf', 'PDF'], ['csv', 'CSV'], ['json', 'JSON']];
const STATUS = { queued: 'Waiting to start', running: 'Being made', failed: 'Failed' };
const dayOf = (d) => d.toISOString().slice(0, 10);

function MakeReport({ workspace, catalog, onMade }) {
  const today = new Date();
  const [form, setForm] = useState(/** @type {import('../lib.js').Body<'/api/v1/workspaces/{workspace}/reports'>} */ ({ type: 'visibility_summary', from: dayOf(new Date(today.getTime() - 29 * 86_400_000)), to: dayOf(today), language: 'en' }));
  const action = useAction();
  // A report starts in the language the workspace's reports use (its own, or its agency's), not English.
  const settings = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/reports/settings', { params: { path: { workspace } } })), [workspace]);
  const [touched, setTouched] = useState(false);
  useEffect(() => { if (settings.data && !touched) setForm((f) => ({ ...f, language: settings.data.language })); }, [settings.data]);
  const errs = fieldErrors(action.error);
  const bind = (key) => ({ value: form[key], onInput: (e) => { if (key === 'language') setTouched(true); setForm({ ...form, [key]: e.target.value }); } });
  const make = (e) => {
    e.preventDefault();
    action.run(async () => onMade(await call(client.POST('/api/v1/workspaces/{workspace}/reports', { params: { path: { workspace: workspace } }, body: { ...form, idempotencyKey: newKey() } }))));
  };
  return html`<${Section} id="make" title="Make a report now"><form class="stack wide" onSubmit=${make} novalidate>
    <${Field} id="make-type" as="select" label="Report" hint=${catalog.find((c) => c.type === form.type)?.description} error=${errs.type} ...${bind('type')}>${catalog.map((c) => html`<option value=${c.type}>${c.title}</option>`)}</${Field}>
    <div class="row">
      <${Field} id="make-from" type="date" label="From" error=${errs.from} ...${bind('from')} />
      <${Field} id="make-to" type="date" label="To" hint="Up to 400 days." error=${errs.to} ...${bind('to')} />
      <${Field} id="make-language" as="select" label="Language" error=${errs.language} ...${bind('language')}>${LANGUAGES.map(([v, l]) => html`<option value=${v}>${l}</option>`)}</${Field}>
    </div>
    <${ErrorBox} error=${action.error} />
    <div class="actions"><button type="submit" disabled=${action.busy}>Make the report</button>
      <small class="muted">Free: reports spend no credits. It is ready in a few seconds.</small></div>
  </form></${Section}>`;
}

function Downloads({ workspace, report: r }) {
  if (r.status !== 'ready') return html`<span class=${r.status === 'failed' ? 'field-error' : 'muted'}>${STATUS[r.status]}${r.error ? `: ${r.error}` : '…'}</span>`;
  const link = (format) => apiPath('/api/v1/workspaces/{workspace}/reports/{id}', { workspace, id: r.id }, { format });
  return html`<ul class="plain formats">${FORMATS.map(([f, label]) => html`<li><a href=${link(f)} download=${f === 'html' ? undefined : ''} target=${f === 'html' ? '_blank' : undefined} rel="noopener">${label}<span class="visually-hidden"> of ${r.title}, ${fmt.period(r.periodFrom, r.periodTo)}</span></a></li>`)}</ul>`;
}

export function Reports({ workspace }) {
  const catalog = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/reports/catalog', { params: { path: { workspace: workspace } } })), [workspace]);
  const [type, setType] = useState(/** @type {import('../lib.js').Query<'/api/v1/workspaces/{workspace}/reports'>['type'] | ''} */ (''));
  const list = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/reports', { params: { path: { workspace }, query: { limit: 50, ...(type ? { type } : {}) } } })), [workspace, type]);
  const pending = (list.data ?? []).some((r) => r.status === 'queued' || r.status === 'running');
  // A report being made: the list is read again until it is ready or failed.
  useEffect(() => {
    if (!pending) return undefined;
    const timer = setTimeout(list.reload, 1000);
    return () => clearTimeout(timer);
  }, [pending, list.data]);
  return html`<h1>Reports</h1>
    <p>Client-ready reports of this workspace: made after each finished run (the 30 days ending that day), every week, on request below, and on the mail schedule you set.</p>
    <${Alert} error=${list.error ?? catalog.error} />
    ${catalog.data ? html`<${MakeReport} workspace=${workspace} catalog=${catalog.data} onMade=${() => { setType(''); list.reload(); }} />` : null}
    <section class="card" aria-labelledby="reports-h"><h2 id="reports-h">Made reports</h2>
      <div class="controls"><label>Report type <select id="report-type" value=${type} onChange=${(e) => setType(e.target.value)}>
        <option value="">All types</option>${(catalog.data ?? []).map((c) => html`<option value=${c.type}>${c.title}</option>`)}</select></label></div>
      ${list.loading && !list.data ? html`<${Loading} what="Loading reports" />` : null}
      ${list.data && !list.data.length ? html`<p class="muted">No report yet: make one above, or start a run and one is made when it finishes.</p>` : null}
      ${list.data?.length ? html`<div class="table-wrap"><table id="reports" class="cards"><caption>Newest first</caption>
        <thead><tr><th scope="col">Report</th><th scope="col">Period</th><th scope="col">Made</th><th scope="col">Data</th><th scope="col">Download</th></tr></thead>
        <tbody>${list.data.map((r) => html`<tr>
          <th scope="row">${r.title}<br /><small class="muted">${sayCode('dashboard.trigger', r.trigger)}</small></th>
          <td data-label="Period">${fmt.period(r.periodFrom, r.periodTo)}</td><td data-label="Made">${when(r.createdAt)}</td>
          <td data-label="Data">${r.simulated ? html`<${Simulated} simulated /><br /><small class="muted">${r.simulatedEngines.map(engineName).join(', ')}</small>` : 'measured'}</td>
          <td data-label="Download"><${Downloads} workspace=${workspace} report=${r} /></td>
        </tr>`)}</tbody></table></div>` : null}
    </section>
    <${Sender} workspace=${workspace} />
    ${catalog.data ? html`<${Delivery} workspace=${workspace} catalog=${catalog.data} />` : null}`;
}
