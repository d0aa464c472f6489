// Settings for monitoring: the run schedule and outbound webhooks (docs/runs.md "Schedules",
// docs/monitoring.md "Outbound webhooks"). Their routes are built beside this page; a workspace without a schedule answers
// 404, shown as "no schedule".
import { Notice, Section, html, say, sayCode, when, useAction, useLoad, useState, call, client } from '../lib.js';
import { ErrorBox, Field, fieldErrors, sure } from './settings-ui.js';

const EVENTS = /** @type {const} */ (['run.succeeded', 'run.failed', 'score.changed', 'alert.fired', 'recommendation.created', 'credits.low']);

// No schedule is an answer, not an error: `optional=true` makes it 204 (null here), not a 404 the browser logs.
export function Schedule({ slug }) {
  const s = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/schedule', { params: { path: { workspace: slug }, query: { optional: true } } })), [slug]);
  const [f, setF] = useState(null);
  const action = useAction();
  const [notice, setNotice] = useState('');
  const cur = f ?? { cron: s.data?.cron ?? '0 6 * * 1', timeZone: s.data?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone, preset: s.data?.preset ?? 'lite', samples: s.data?.samples ?? 1 };
  const save = (e) => { e.preventDefault(); action.run(async () => { await call(client.PUT('/api/v1/workspaces/{workspace}/schedule', { params: { path: { workspace: slug } }, body: cur })); setNotice(say('dashboard.ops.scheduleSaved')); setF(null); s.reload(); }); };
  const remove = () => sure(say('dashboard.ops.confirmRemove')) && action.run(async () => { await call(client.DELETE('/api/v1/workspaces/{workspace}/schedule', { params: { path: { workspace: slug } } })); setNotice(say('dashboard.ops.scheduleRemoved')); setF(null); s.reload(); });
  const set = (key) => (e) => setF({ ...cur, [key]: key === 'samples' ? Number(e.target.value) : e.target.value });
  const errs = fieldErrors(action.error);
  return html`<${Section} id="schedule" title=${say('dashboard.settings.nav.schedule')}>
    <p id="schedule-state">${s.data ? say('dashboard.ops.next', { when: when(s.data.nextRunAt), cron: s.data.cron, zone: s.data.timeZone, preset: sayCode('dashboard.ops.preset', s.data.preset) }) : s.loading ? say('dashboard.shell.loading') : say('dashboard.ops.none')}</p>
    <form class="controls" onSubmit=${save}>
      <${Field} id="schedule-cron" label=${say('dashboard.ops.cron')} hint=${say('dashboard.ops.cronHint')} error=${errs.cron} required value=${cur.cron} onInput=${set('cron')} />
      <${Field} id="schedule-tz" label=${say('dashboard.ops.zone')} error=${errs.timeZone} required value=${cur.timeZone} onInput=${set('timeZone')} />
      <${Field} id="schedule-preset" label=${say('dashboard.ops.presetLabel')} as="select" value=${cur.preset} onChange=${set('preset')}>${['smoke', 'lite', 'standard', 'searchx'].map((p) => html`<option value=${p}>${sayCode('dashboard.ops.preset', p)}</option>`)}</${Field}>
      <${Field} id="schedule-samples" label=${say('dashboard.ops.samples')} type="number" min="1" max="10" error=${errs.samples} value=${cur.samples} onInput=${set('samples')} />
      <button type="submit" disabled=${action.busy}>${say('dashboard.ops.save')}</button>
      ${s.data ? html`<button type="button" class="secondary" onClick=${remove} disabled=${action.busy}>${say('dashboard.ops.remove')}</button>` : null}
    </form>
    <${Notice}>${notice}</${Notice}><${ErrorBox} error=${action.error ?? s.error} /></${Section}>`;
}

function Deliveries({ slug, id }) {
  const d = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/webhooks/{id}/deliveries', { params: { path: { workspace: slug, id }, query: { limit: 20 } } })), [slug, id]);
  const rows = d.data?.items ?? [];
  // Busy while loading, and an empty table says so: "nothing yet" is never mistaken for "loading".
  return html`<div class="table-wrap"><table class="deliveries" aria-busy=${d.loading ? 'true' : 'false'}><caption>${say('dashboard.ops.deliveries')}</caption>
    <thead><tr><th scope="col">${say('dashboard.credits.when')}</th><th scope="col">${say('dashboard.ops.event')}</th><th scope="col">${say('dashboard.credits.status')}</th><th scope="col">${say('dashboard.ops.attempts')}</th></tr></thead>
    <tbody>${!d.loading && !d.error && !rows.length
      ? html`<tr class="empty"><td colspan="4" class="muted">${say('dashboard.ops.noDelivery')}</td></tr>`
      : rows.map((r) => html`<tr><td>${when(r.createdAt)}</td><th scope="row">${r.type}</th><td>${sayCode('dashboard.ops.status', r.status)}</td><td>${r.attemptCount}</td></tr>`)}</tbody>
  </table></div><${ErrorBox} error=${d.error} />`;
}

export function Webhooks({ slug }) {
  const hooks = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/webhooks', { params: { path: { workspace: slug } } })), [slug]);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState(/** @type {import('../lib.js').Body<'/api/v1/workspaces/{workspace}/webhooks'>['events']} */ (['run.succeeded', 'score.changed']));
  const [secret, setSecret] = useState(null);
  const [open, setOpen] = useState(null);
  const [notice, setNotice] = useState('');
  const action = useAction();
  const create = (e) => { e.preventDefault(); action.run(async () => { const made = await call(client.POST('/api/v1/workspaces/{workspace}/webhooks', { params: { path: { workspace: slug } }, body: { url, events } })); setSecret(made.secret); setUrl(''); hooks.reload(); }); };
  const test = (id) => action.run(async () => { await call(client.POST('/api/v1/workspaces/{workspace}/webhooks/{id}/test', { params: { path: { workspace: slug, id } } })); setNotice(say('dashboard.ops.testSent')); setOpen(id); });
  const remove = (id) => action.run(async () => { await call(client.DELETE('/api/v1/workspaces/{workspace}/webhooks/{id}', { params: { path: { workspace: slug, id } } })); hooks.reload(); });
  const list = hooks.data ?? [];
  return html`<${Section} id="webhooks" title=${say('dashboard.settings.nav.webhooks')}>
    ${secret ? html`<div class="secret" role="alert"><p><strong>${say('dashboard.ops.secret')}</strong></p><p><code id="webhook-secret">${secret}</code></p>
      <button type="button" class="secondary small" onClick=${() => setSecret(null)}>${say('dashboard.ops.savedIt')}</button></div>` : null}
    <form class="stack" onSubmit=${create}>
      <${Field} id="webhook-url" label=${say('dashboard.ops.url')} type="url" required error=${fieldErrors(action.error).url} value=${url} onInput=${(e) => setUrl(e.target.value)} />
      <fieldset class="scopes"><legend>${say('dashboard.ops.events')}</legend>${EVENTS.map((ev) => html`<label><input type="checkbox" checked=${events.includes(ev)} onChange=${() => setEvents(events.includes(ev) ? events.filter((x) => x !== ev) : [...events, ev])} /> ${ev}</label>`)}</fieldset>
      <button type="submit" disabled=${action.busy || !events.length}>${say('dashboard.ops.add')}</button>
    </form>
    <ul class="plain" id="webhooks-list">${list.map((w) => html`<li class="webhook"><p><code>${w.url}</code> <small class="muted">${(w.events ?? []).join(', ')}</small></p>
      <div class="actions"><button type="button" class="secondary small" onClick=${() => test(w.id)}>${say('dashboard.ops.test')}</button>
        <button type="button" class="link small" aria-expanded=${open === w.id} onClick=${() => setOpen(open === w.id ? null : w.id)}>${say('dashboard.ops.deliveries')}</button>
        <button type="button" class="link small" onClick=${() => sure(say('dashboard.ops.confirmDelete', { url: w.url })) && remove(w.id)}>${say('dashboard.settings.delete')}</button></div>
      ${open === w.id ? html`<${Deliveries} slug=${slug} id=${w.id} />` : null}</li>`)}</ul>
    <${Notice}>${notice}</${Notice}><${ErrorBox} error=${action.error ?? hooks.error} /></${Section}>`;
}
