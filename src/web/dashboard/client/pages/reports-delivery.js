// Who sends this workspace's reports and how they read (agency, logo, white-label, zone,
// language), and their scheduled mail (when, which report, to whom) with its log.
import { Loading, Notice, Section, fmt, html, say, sayCode, useAction, useLoad, useState, when, call, client } from '../lib.js';
import { ErrorBox, Field, fieldErrors } from './settings-ui.js';

/** The languages a report is written in, named in the page's language. */
export const LANGUAGES = ['en', 'es', 'ca', 'fr'];
const WEEKDAYS = /** @type {const} */ (['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);

/** A picked PNG or JPEG as the data: URI the settings take (at most 256 KB, checked by the API too). */
const dataUri = (file) => new Promise((resolve, reject) => {
  const reader = new FileReader();
  reader.onload = () => resolve(String(reader.result));
  reader.onerror = () => reject(new Error(say('dashboard.reports.unreadable')));
  reader.readAsDataURL(file);
});

export function Sender({ workspace }) {
  const settings = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/reports/settings', { params: { path: { workspace: workspace } } })), [workspace]);
  const [form, setForm] = useState(null);
  const [saved, setSaved] = useState('');
  const action = useAction();
  if (!settings.data) return html`<${Section} id="sender" title=${say('dashboard.reports.sender')}><${Loading} /><${ErrorBox} error=${settings.error} /></${Section}>`;
  const f = form ?? { ...settings.data, agencyName: settings.data.agencyName ?? '' };
  const errs = fieldErrors(action.error);
  const bind = (key) => ({ value: f[key], onInput: (e) => setForm({ ...f, [key]: e.target.value }) });
  const pickLogo = (e) => {
    const file = e.target.files?.[0];
    if (file) action.run(async () => setForm({ ...f, agencyLogo: await dataUri(file) }));
  };
  const save = (e) => {
    e.preventDefault();
    setSaved('');
    action.run(async () => {
      const all = { agencyName: f.agencyName.trim() || null, agencyLogo: f.agencyLogo, agencyColor: f.agencyColor, whiteLabel: f.whiteLabel, timeZone: f.timeZone, language: f.language };
      // A field still as the agency settings give it stays inherited: only what this workspace sets, or changed here, is its own.
      const own = Object.fromEntries(Object.entries(all).filter(([k, v]) => !settings.data.inherited.includes(k) || v !== settings.data[k]));
      await call(client.PUT('/api/v1/workspaces/{workspace}/reports/settings', { params: { path: { workspace: workspace } }, body: own }));
      setSaved(say('dashboard.reports.senderSaved')); setForm(null); settings.reload();
    });
  };
  return html`<${Section} id="sender" title=${say('dashboard.reports.sender')}><form class="stack wide" onSubmit=${save} novalidate>
    <div class="row">
      <${Field} id="sender-agency" label=${say('dashboard.reports.agency')} hint=${say('dashboard.reports.agencyHint')} error=${errs.agencyName} maxlength="80" ...${bind('agencyName')} />
      <div class="field"><label for="sender-logo">${say('dashboard.reports.logo')}</label><input id="sender-logo" type="file" accept="image/png,image/jpeg" onChange=${pickLogo} aria-describedby=${errs.agencyLogo ? 'sender-logo-err' : undefined} />
        ${f.agencyLogo ? html`<span class="row"><img class="logo-preview" src=${f.agencyLogo} alt=${say('dashboard.reports.logoAlt')} height="32" /><button type="button" class="secondary" onClick=${() => setForm({ ...f, agencyLogo: null })}>${say('dashboard.reports.removeLogo')}</button></span>` : null}
        ${errs.agencyLogo ? html`<small id="sender-logo-err" class="field-error">${errs.agencyLogo}</small>` : null}</div>
    </div>
    <div class="row"><div class="field"><label for="sender-color">${say('dashboard.reports.color')}</label>
        <input id="sender-color" type="color" value=${f.agencyColor ?? '#0a66c2'} disabled=${!f.agencyColor} aria-describedby="sender-color-hint${errs.agencyColor ? ' sender-color-err' : ''}"
          onInput=${(e) => setForm({ ...f, agencyColor: e.target.value })} />
        <small id="sender-color-hint" class="muted">${say('dashboard.reports.colorHint')}</small>
        ${errs.agencyColor ? html`<small id="sender-color-err" class="field-error">${errs.agencyColor}</small>` : null}</div>
      <label><input type="checkbox" id="sender-color-brand" checked=${!f.agencyColor} onChange=${(e) => setForm({ ...f, agencyColor: e.target.checked ? null : '#0a66c2' })} /> ${say('dashboard.reports.colorBrand')}</label>
    </div>
    <label><input type="checkbox" checked=${f.whiteLabel} onChange=${(e) => setForm({ ...f, whiteLabel: e.target.checked })} /> ${say('dashboard.reports.whiteLabel')}</label>
    <div class="row">
      <${Field} id="sender-zone" label=${say('dashboard.ops.zone')} hint=${say('dashboard.reports.zoneHint')} error=${errs.timeZone} ...${bind('timeZone')} />
      <${Field} id="sender-language" as="select" label=${say('dashboard.reports.language')} error=${errs.language} ...${bind('language')}>${LANGUAGES.map((v) => html`<option value=${v}>${fmt.languageName(v)}</option>`)}</${Field}>
    </div>
    ${settings.data.inherited.length ? html`<p class="muted">${say(settings.data.inherited.length === Object.keys(settings.data).filter((k) => k !== 'inherited').length ? 'dashboard.reports.inheritedAll' : 'dashboard.reports.inherited', { n: settings.data.inherited.length })}</p>` : null}
    <${Notice}>${saved}</${Notice}><${ErrorBox} error=${action.error} />
    <div class="actions"><button type="submit" disabled=${action.busy}>${say('dashboard.reports.save')}</button></div>
  </form></${Section}>`;
}

function stateLine(d) {
  if (d.state === 'active') return say('dashboard.reports.active', { when: when(d.nextAt) });
  return say(d.state === 'unconfigured' ? 'dashboard.reports.notSent' : 'dashboard.reports.off', { reason: d.reason });
}

export function Delivery({ workspace, catalog }) {
  const delivery = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/reports/delivery', { params: { path: { workspace: workspace } } })), [workspace]);
  const log = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/reports/deliveries', { params: { path: { workspace }, query: { limit: 10 } } })), [workspace]);
  const [form, setForm] = useState(null);
  const [saved, setSaved] = useState('');
  const action = useAction();
  const d = delivery.data;
  if (!d) return html`<${Section} id="delivery" title=${say('dashboard.reports.scheduled')}><${Loading} /><${ErrorBox} error=${delivery.error} /></${Section}>`;
  const f = form ?? {
    frequency: d.schedule?.frequency ?? 'off', weekday: String(d.schedule?.weekday ?? 1), dayOfMonth: String(d.schedule?.dayOfMonth ?? 1),
    hour: String(d.schedule?.hour ?? 8), reportType: d.reportType, recipients: d.recipients.join('\n'),
  };
  const errs = fieldErrors(action.error);
  const bind = (key) => ({ value: f[key], onInput: (e) => setForm({ ...f, [key]: e.target.value }) });
  const save = (e) => {
    e.preventDefault();
    setSaved('');
    const schedule = f.frequency === 'off' ? null : { frequency: f.frequency, hour: Number(f.hour), ...(f.frequency === 'weekly' ? { weekday: Number(f.weekday) } : { dayOfMonth: Number(f.dayOfMonth) }) };
    action.run(async () => {
      await call(client.PUT('/api/v1/workspaces/{workspace}/reports/delivery', { params: { path: { workspace: workspace } }, body: { schedule, reportType: f.reportType, recipients: f.recipients.split(/[\s,;]+/).filter(Boolean) } }));
      setSaved(say('dashboard.ops.scheduleSaved')); setForm(null); delivery.reload();
    });
  };
  return html`<${Section} id="delivery" title=${say('dashboard.reports.scheduled')}>
    <p class=${d.delivery.state === 'active' ? '' : 'muted'} id="delivery-state">${stateLine(d.delivery)}</p>
    <form class="stack wide" onSubmit=${save} novalidate>
      <div class="row">
        <${Field} id="delivery-frequency" as="select" label=${say('dashboard.reports.often')} hint=${say('dashboard.reports.oftenHint')} error=${errs.schedule} ...${bind('frequency')}>
          <option value="off">${say('dashboard.reports.never')}</option><option value="weekly">${say('dashboard.reports.weekly')}</option><option value="monthly">${say('dashboard.reports.monthly')}</option></${Field}>
        ${f.frequency === 'weekly' ? html`<${Field} id="delivery-weekday" as="select" label=${say('dashboard.reports.on')} ...${bind('weekday')}>${WEEKDAYS.map((w, i) => html`<option value=${String(i + 1)}>${say(`dashboard.reports.day.${w}`)}</option>`)}</${Field}>` : null}
        ${f.frequency === 'monthly' ? html`<${Field} id="delivery-day" type="number" min="1" max="28" label=${say('dashboard.reports.dayOfMonth')} ...${bind('dayOfMonth')} />` : null}
        ${f.frequency !== 'off' ? html`<${Field} id="delivery-hour" type="number" min="0" max="23" label=${say('dashboard.reports.hour', { zone: d.timeZone })} ...${bind('hour')} />` : null}
        <${Field} id="delivery-type" as="select" label=${say('dashboard.reports.report')} ...${bind('reportType')}>${catalog.map((c) => html`<option value=${c.type}>${sayCode('title', c.type)}</option>`)}</${Field}>
      </div>
      <${Field} id="delivery-recipients" as="textarea" rows="3" label=${say('dashboard.reports.recipients')} error=${errs.recipients} ...${bind('recipients')} />
      ${d.unsubscribed.length ? html`<p class="muted">${say('dashboard.reports.unsubscribed', { list: d.unsubscribed.join(', ') })}</p>` : null}
      <${Notice}>${saved}</${Notice}><${ErrorBox} error=${action.error} />
      <div class="actions"><button type="submit" disabled=${action.busy}>${say('dashboard.reports.saveSchedule')}</button></div>
    </form>
    <h3>${say('dashboard.reports.lastMails')}</h3>
    ${log.data && !log.data.length ? html`<p class="muted">${say('dashboard.reports.noMail')}</p>` : null}
    ${log.data?.length ? html`<div class="table-wrap"><table id="delivery-log"><thead><tr><th scope="col">${say('dashboard.reports.recipient')}</th><th scope="col">${say('dashboard.credits.status')}</th><th scope="col">${say('dashboard.credits.when')}</th></tr></thead>
      <tbody>${log.data.map((l) => html`<tr><td>${l.recipient}</td><td>${sayCode('dashboard.reports.mail', l.status)}${l.via ? ` (${say(l.via === 'link' ? 'dashboard.reports.viaLink' : 'dashboard.reports.viaPdf')})` : ''}${l.attempts > 1 ? `, ${say('count.attempts', { n: l.attempts })}` : ''}${l.error ? html`<br /><small class="muted">${l.error}</small>` : null}</td><td>${when(l.at)}</td></tr>`)}</tbody></table></div>` : null}
  </${Section}>`;
}
