// Who sends this workspace's reports and how they read (agency, logo, white-label, zone,
// language), and their scheduled mail (when, which report, to whom) with its log.
import { Loading, Notice, Section, html, plural, useAction, useLoad, useState, when, call, client } from '../lib.js';
import { ErrorBox, Field, fieldErrors } from './settings-ui.js';

export const LANGUAGES = [['en', 'English'], ['es', 'Spanish'], ['ca', 'Catalan'], ['fr', 'French']];
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const STATUS = { sent: 'sent', failed: 'failed', skipped_unsubscribed: 'skipped (unsubscribed)' };

/** A picked PNG or JPEG as the data: URI the settings take (at most 256 KB, checked by the API too). */
const dataUri = (file) => new Promise((resolve, reject) => {
  const reader = new FileReader();
  reader.onload = () => resolve(String(reader.result));
  reader.onerror = () => reject(new Error('The file could not be read.'));
  reader.readAsDataURL(file);
});

export function Sender({ workspace }) {
  const settings = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/reports/settings', { params: { path: { workspace: workspace } } })), [workspace]);
  const [form, setForm] = useState(null);
  const [saved, setSaved] = useState('');
  const action = useAction();
  if (!settings.data) return html`<${Section} id="sender" title="Who sends the reports"><${Loading} /><${ErrorBox} error=${settings.error} /></${Section}>`;
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
      const all = { agencyName: f.agencyName.trim() || null, agencyLogo: f.agencyLogo, whiteLabel: f.whiteLabel, timeZone: f.timeZone, language: f.language };
      // A field still as the agency settings give it stays inherited: only what this workspace sets, or changed here, is its own.
      const own = Object.fromEntries(Object.entries(all).filter(([k, v]) => !settings.data.inherited.includes(k) || v !== settings.data[k]));
      await call(client.PUT('/api/v1/workspaces/{workspace}/reports/settings', { params: { path: { workspace: workspace } }, body: own }));
      setSaved('Saved: the next reports use it.'); setForm(null); settings.reload();
    });
  };
  return html`<${Section} id="sender" title="Who sends the reports"><form class="stack wide" onSubmit=${save} novalidate>
    <div class="row">
      <${Field} id="sender-agency" label="Agency name" hint="On the cover and in every page's footer." error=${errs.agencyName} maxlength="80" ...${bind('agencyName')} />
      <div class="field"><label for="sender-logo">Agency logo (PNG or JPEG, up to 256 KB and 4,096 pixels a side)</label><input id="sender-logo" type="file" accept="image/png,image/jpeg" onChange=${pickLogo} aria-describedby=${errs.agencyLogo ? 'sender-logo-err' : undefined} />
        ${f.agencyLogo ? html`<span class="row"><img class="logo-preview" src=${f.agencyLogo} alt="The agency logo" height="32" /><button type="button" class="secondary" onClick=${() => setForm({ ...f, agencyLogo: null })}>Remove the logo</button></span>` : null}
        ${errs.agencyLogo ? html`<small id="sender-logo-err" class="field-error">${errs.agencyLogo}</small>` : null}</div>
    </div>
    <label><input type="checkbox" checked=${f.whiteLabel} onChange=${(e) => setForm({ ...f, whiteLabel: e.target.checked })} /> White-label: no product name anywhere in the reports</label>
    <div class="row">
      <${Field} id="sender-zone" label="Time zone" hint="IANA, such as Europe/Madrid: dates, times and the mail schedule read in it." error=${errs.timeZone} ...${bind('timeZone')} />
      <${Field} id="sender-language" as="select" label="Language of the reports the service makes" error=${errs.language} ...${bind('language')}>${LANGUAGES.map(([v, l]) => html`<option value=${v}>${l}</option>`)}</${Field}>
    </div>
    ${settings.data.inherited.length ? html`<p class="muted">${settings.data.inherited.length === 5 ? 'Every field comes' : `${settings.data.inherited.length} of these fields come`} from your agency settings (or the defaults) until you change them here.</p>` : null}
    <${Notice}>${saved}</${Notice}><${ErrorBox} error=${action.error} />
    <div class="actions"><button type="submit" disabled=${action.busy}>Save</button></div>
  </form></${Section}>`;
}

function stateLine(d) {
  if (d.state === 'active') return `Active: the next mail goes out ${when(d.nextAt)}.`;
  return d.state === 'unconfigured' ? `Not sent: ${d.reason}` : `Off: ${d.reason}`;
}

export function Delivery({ workspace, catalog }) {
  const delivery = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/reports/delivery', { params: { path: { workspace: workspace } } })), [workspace]);
  const log = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/reports/deliveries', { params: { path: { workspace }, query: { limit: 10 } } })), [workspace]);
  const [form, setForm] = useState(null);
  const [saved, setSaved] = useState('');
  const action = useAction();
  const d = delivery.data;
  if (!d) return html`<${Section} id="delivery" title="Scheduled mail"><${Loading} /><${ErrorBox} error=${delivery.error} /></${Section}>`;
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
      setSaved('Schedule saved.'); setForm(null); delivery.reload();
    });
  };
  return html`<${Section} id="delivery" title="Scheduled mail">
    <p class=${d.delivery.state === 'active' ? '' : 'muted'} id="delivery-state">${stateLine(d.delivery)}</p>
    <form class="stack wide" onSubmit=${save} novalidate>
      <div class="row">
        <${Field} id="delivery-frequency" as="select" label="How often" hint="Weekly: the 7 days before; monthly: the previous month." error=${errs.schedule} ...${bind('frequency')}>
          <option value="off">Never</option><option value="weekly">Weekly</option><option value="monthly">Monthly</option></${Field}>
        ${f.frequency === 'weekly' ? html`<${Field} id="delivery-weekday" as="select" label="On" ...${bind('weekday')}>${WEEKDAYS.map((w, i) => html`<option value=${String(i + 1)}>${w}</option>`)}</${Field}>` : null}
        ${f.frequency === 'monthly' ? html`<${Field} id="delivery-day" type="number" min="1" max="28" label="Day of the month (1-28)" ...${bind('dayOfMonth')} />` : null}
        ${f.frequency !== 'off' ? html`<${Field} id="delivery-hour" type="number" min="0" max="23" label=${`Hour (${d.timeZone})`} ...${bind('hour')} />` : null}
        <${Field} id="delivery-type" as="select" label="Report" ...${bind('reportType')}>${catalog.map((c) => html`<option value=${c.type}>${c.title}</option>`)}</${Field}>
      </div>
      <${Field} id="delivery-recipients" as="textarea" rows="3" label="Recipients (up to 20 addresses, one per line)" error=${errs.recipients} ...${bind('recipients')} />
      ${d.unsubscribed.length ? html`<p class="muted">Unsubscribed through a mail's link, and skipped: ${d.unsubscribed.join(', ')}.</p>` : null}
      <${Notice}>${saved}</${Notice}><${ErrorBox} error=${action.error} />
      <div class="actions"><button type="submit" disabled=${action.busy}>Save the schedule</button></div>
    </form>
    <h3>Last mails</h3>
    ${log.data && !log.data.length ? html`<p class="muted">No scheduled mail sent yet.</p>` : null}
    ${log.data?.length ? html`<div class="table-wrap"><table id="delivery-log"><thead><tr><th scope="col">Recipient</th><th scope="col">Status</th><th scope="col">When</th></tr></thead>
      <tbody>${log.data.map((l) => html`<tr><td>${l.recipient}</td><td>${STATUS[l.status] ?? l.status}${l.via ? ` (${l.via === 'link' ? 'as a link' : 'PDF attached'})` : ''}${l.attempts > 1 ? `, ${plural(l.attempts, 'attempt')}` : ''}${l.error ? html`<br /><small class="muted">${l.error}</small>` : null}</td><td>${when(l.at)}</td></tr>`)}</tbody></table></div>` : null}
  </${Section}>`;
}
