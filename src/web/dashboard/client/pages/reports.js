// Reports: make one now (type, period, language), every report the service made (after each
// succeeded run, weekly, on request, for a scheduled mail) with its status and downloads, and
// who sends them and when they are mailed (reports-delivery.js).
import { Alert, Loading, Section, Simulated, engineName, fmt, html, newKey, say, sayCode, useAction, useEffect, useLoad, useState, when, apiPath, call, client } from '../lib.js';
import { ErrorBox, Field, fieldErrors } from './settings-ui.js';
import { Delivery, LANGUAGES, Sender } from './reports-delivery.js';
import { Automatic } from './reports-automatic.js';

const FORMATS = [['html', 'HTML'], ['pdf', 'PDF'], ['csv', 'CSV'], ['json', 'JSON']];
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
  return html`<${Section} id="make" title=${say('dashboard.reports.makeTitle')}><form class="stack wide" onSubmit=${make} novalidate>
    <${Field} id="make-type" as="select" label=${say('dashboard.reports.report')} hint=${catalog.find((c) => c.type === form.type)?.description} error=${errs.type} ...${bind('type')}>${catalog.map((c) => html`<option value=${c.type}>${sayCode('title', c.type)}</option>`)}</${Field}>
    <div class="row">
      <${Field} id="make-from" type="date" label=${say('dashboard.reports.from')} error=${errs.from} ...${bind('from')} />
      <${Field} id="make-to" type="date" label=${say('dashboard.reports.to')} hint=${say('dashboard.reports.toHint')} error=${errs.to} ...${bind('to')} />
      <${Field} id="make-language" as="select" label=${say('dashboard.settings.language')} error=${errs.language} ...${bind('language')}>${LANGUAGES.map((v) => html`<option value=${v}>${fmt.languageName(v)}</option>`)}</${Field}>
    </div>
    <${ErrorBox} error=${action.error} />
    <div class="actions"><button type="submit" disabled=${action.busy}>${say('dashboard.reports.make')}</button>
      <small class="muted">${say('dashboard.reports.free')}</small></div>
  </form></${Section}>`;
}

function Downloads({ workspace, report: r }) {
  if (r.status !== 'ready') return html`<span class=${r.status === 'failed' ? 'field-error' : 'muted'}>${r.error ? say('dashboard.reports.statusError', { status: sayCode('dashboard.reports.status', r.status), error: r.error }) : `${sayCode('dashboard.reports.status', r.status)}…`}</span>`;
  const link = (format) => apiPath('/api/v1/workspaces/{workspace}/reports/{id}', { workspace, id: r.id }, { format });
  return html`<ul class="plain formats">${FORMATS.map(([f, label]) => html`<li><a href=${link(f)} download=${f === 'html' ? undefined : ''} target=${f === 'html' ? '_blank' : undefined} rel="noopener">${label}<span class="visually-hidden"> ${say('dashboard.reports.of', { title: sayCode('title', r.type), period: fmt.period(r.periodFrom, r.periodTo) })}</span></a></li>`)}</ul>`;
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
  return html`<h1>${say('dashboard.page.reports')}</h1>
    <p>${say('dashboard.reports.intro')}</p>
    <${Alert} error=${list.error ?? catalog.error} />
    ${catalog.data ? html`<${MakeReport} workspace=${workspace} catalog=${catalog.data} onMade=${() => { setType(''); list.reload(); }} />` : null}
    <section class="card" aria-labelledby="reports-h"><h2 id="reports-h">${say('dashboard.reports.made')}</h2>
      <div class="controls"><label>${say('dashboard.reports.type')} <select id="report-type" value=${type} onChange=${(e) => setType(e.target.value)}>
        <option value="">${say('dashboard.reports.allTypes')}</option>${(catalog.data ?? []).map((c) => html`<option value=${c.type}>${sayCode('title', c.type)}</option>`)}</select></label></div>
      ${list.loading && !list.data ? html`<${Loading} what=${say('dashboard.reports.loading')} />` : null}
      ${list.data && !list.data.length ? html`<p class="muted">${say('dashboard.reports.none')}</p>` : null}
      ${list.data?.length ? html`<div class="table-wrap"><table id="reports" class="cards"><caption>${say('dashboard.reports.newest')}</caption>
        <thead><tr><th scope="col">${say('dashboard.reports.report')}</th><th scope="col">${say('dashboard.reports.period')}</th><th scope="col">${say('dashboard.reports.madeCol')}</th><th scope="col">${say('dashboard.reports.data')}</th><th scope="col">${say('dashboard.reports.download')}</th></tr></thead>
        <tbody>${list.data.map((r) => html`<tr>
          <th scope="row">${sayCode('title', r.type)}<br /><small class="muted">${sayCode('dashboard.trigger', r.trigger)}</small></th>
          <td data-label=${say('dashboard.reports.period')}>${fmt.period(r.periodFrom, r.periodTo)}</td><td data-label=${say('dashboard.reports.madeCol')}>${when(r.createdAt)}</td>
          <td data-label=${say('dashboard.reports.data')}>${r.simulated ? html`<${Simulated} simulated /><br /><small class="muted">${r.simulatedEngines.map(engineName).join(', ')}</small>` : say('dashboard.reports.measured')}</td>
          <td data-label=${say('dashboard.reports.download')}><${Downloads} workspace=${workspace} report=${r} /></td>
        </tr>`)}</tbody></table></div>` : null}
    </section>
    ${catalog.data ? html`<${Automatic} workspace=${workspace} catalog=${catalog.data} />` : null}
    <${Sender} workspace=${workspace} />
    ${catalog.data ? html`<${Delivery} workspace=${workspace} catalog=${catalog.data} />` : null}`;
}
