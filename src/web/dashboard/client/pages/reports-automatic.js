// Which reports are made by themselves (docs/reports.md, "Automatic reports"): per type, after
// each run and weekly. Until the workspace chooses, the page shows the defaults in force.
import { Notice, Section, Loading, html, say, sayCode, useAction, useLoad, useState, call, client } from '../lib.js';
import { ErrorBox } from './settings-ui.js';

const MOMENTS = /** @type {const} */ (['afterRun', 'weekly']);

export function Automatic({ workspace, catalog }) {
  const path = { params: { path: { workspace } } };
  const current = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/reports/automatic', path)), [workspace]);
  const [form, setForm] = useState(null);
  const [saved, setSaved] = useState('');
  const action = useAction();
  if (!current.data) return html`<${Section} id="automatic" title=${say('dashboard.reports.auto.title')}><${Loading} /><${ErrorBox} error=${current.error} /></${Section}>`;
  const f = form ?? { afterRun: current.data.afterRun, weekly: current.data.weekly };
  const toggle = (moment, type, on) => setForm({ ...f, [moment]: on ? [...f[moment], type] : f[moment].filter((t) => t !== type) });
  const save = (e) => {
    e.preventDefault();
    setSaved('');
    action.run(async () => {
      await call(client.PUT('/api/v1/workspaces/{workspace}/reports/automatic', { ...path, body: f }));
      setSaved(say('dashboard.reports.auto.saved')); setForm(null); current.reload();
    });
  };
  const available = catalog.filter((c) => c.available);
  return html`<${Section} id="automatic" title=${say('dashboard.reports.auto.title')}><form class="stack wide" onSubmit=${save}>
    <p>${say('dashboard.reports.auto.intro')}</p>
    ${current.data.chosen ? null : html`<p class="muted">${say('dashboard.reports.auto.defaults')}</p>`}
    <div class="row">${MOMENTS.map((moment) => html`<fieldset id=${`automatic-${moment}`} class="stack"><legend>${say(`dashboard.reports.auto.${moment}`)}</legend>
      ${available.map((c) => html`<label><input type="checkbox" name=${`${moment}-${c.type}`} checked=${f[moment].includes(c.type)}
        onChange=${(e) => toggle(moment, c.type, e.target.checked)} /> ${sayCode('title', c.type)}</label>`)}
    </fieldset>`)}</div>
    <${Notice}>${saved}</${Notice}><${ErrorBox} error=${action.error} />
    <div class="actions"><button type="submit" disabled=${action.busy}>${say('dashboard.reports.auto.save')}</button></div>
  </form></${Section}>`;
}
