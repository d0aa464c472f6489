// Settings: alert rules and what they fired (docs/monitoring.md "Alerts"). A member who gets an
// alert mail lands here (its link is /w/{workspace}/settings#alerts): the rules in words, each
// with its recent firings — the reason with its figures, when, and whether the mail went out.
import { ENGINES, Notice, Section, engineName, fmt, html, say, sayCode, useAction, useLoad, useState, when, call, client } from '../lib.js';
import { ErrorBox, Field, fieldErrors, sure } from './settings-ui.js';
import { METRICS, RULE_KINDS, ruleBody, ruleText } from '../alert-rules.ts';

const blank = { kind: 'score', name: '', metric: 'score', direction: 'drop', engine: '', competitor: '', dollars: '5' };

function Firings({ slug, id }) {
  const f = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/alerts/{alertId}/firings', { params: { path: { workspace: slug, alertId: id } } })), [slug, id]);
  const items = f.data?.firings ?? [];
  return html`<div aria-busy=${f.loading ? 'true' : 'false'}>
    ${!f.loading && !f.error && !items.length ? html`<p class="muted">${say('dashboard.alerts.notFired')}</p>` : null}
    <ul class="plain firings">${items.map((x) => html`<li><p>${x.reason}</p><small class="muted">${when(x.firedAt)} · ${sayCode('dashboard.alerts.mail', x.mailStatus)}</small></li>`)}</ul>
    <${ErrorBox} error=${f.error} /></div>`;
}

export function Alerts({ slug }) {
  const rules = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/alerts', { params: { path: { workspace: slug } } })), [slug]);
  const [form, setForm] = useState(blank);
  const [open, setOpen] = useState(null);
  const [notice, setNotice] = useState('');
  const action = useAction();
  const set = (key) => (e) => setForm({ ...form, [key]: e.target.value });
  const create = (e) => {
    e.preventDefault();
    action.run(async () => {
      // The form's selects offer only the route's kinds, metrics and directions, read back as strings.
      const made = await call(client.POST('/api/v1/workspaces/{workspace}/alerts', { params: { path: { workspace: slug } }, body: /** @type {import('../lib.js').Body<'/api/v1/workspaces/{workspace}/alerts'>} */ (ruleBody(form)) }));
      setNotice(say('dashboard.alerts.added', { rule: ruleText(made, fmt) }));
      setForm(blank);
      rules.reload();
    });
  };
  const remove = (rule) => sure(say('dashboard.alerts.confirmDelete', { name: rule.name ?? ruleText(rule, fmt) })) && action.run(async () => {
    await call(client.DELETE('/api/v1/workspaces/{workspace}/alerts/{alertId}', { params: { path: { workspace: slug, alertId: rule.id } } }));
    setNotice(say('dashboard.alerts.deleted'));
    rules.reload();
  });
  const errs = fieldErrors(action.error);
  const list = rules.data?.alerts ?? [];
  const engineField = html`<${Field} id="alert-engine" label=${say('dashboard.alerts.engine')} as="select" value=${form.engine} onChange=${set('engine')}>
    <option value="">${say('dashboard.alerts.allEngines')}</option>${ENGINES.map((e) => html`<option value=${e}>${engineName(e)}</option>`)}</${Field}>`;
  return html`<${Section} id="alerts" title=${say('dashboard.settings.nav.alerts')}>
    <p class="muted">${say('dashboard.alerts.intro')}</p>
    <form class="controls" onSubmit=${create}>
      <${Field} id="alert-kind" label=${say('dashboard.alerts.when')} as="select" value=${form.kind} onChange=${set('kind')}>${RULE_KINDS.map(([k, l]) => html`<option value=${k}>${say(l)}</option>`)}</${Field}>
      ${form.kind === 'score' ? html`
        <${Field} id="alert-metric" label=${say('dashboard.alerts.figure')} as="select" value=${form.metric} onChange=${set('metric')}>${METRICS.map((m) => html`<option value=${m}>${fmt.metric(m)}</option>`)}</${Field}>
        <${Field} id="alert-direction" label=${say('dashboard.alerts.direction')} as="select" value=${form.direction} onChange=${set('direction')}>
          <option value="drop">${say('dashboard.alerts.drop')}</option><option value="rise">${say('dashboard.alerts.rise')}</option><option value="any">${say('dashboard.alerts.any')}</option></${Field}>
        ${engineField}` : null}
      ${form.kind === 'competitor_overtakes' ? html`
        <${Field} id="alert-competitor" label=${say('dashboard.alerts.competitor')} error=${errs.competitor} value=${form.competitor} onInput=${set('competitor')} />${engineField}` : null}
      ${form.kind === 'credits_low' ? html`<${Field} id="alert-threshold" label=${say('dashboard.alerts.below')} type="number" min="0.01" step="0.01" required error=${errs.thresholdMicrousd} value=${form.dollars} onInput=${set('dollars')} />` : null}
      <${Field} id="alert-name" label=${say('dashboard.alerts.name')} error=${errs.name} value=${form.name} onInput=${set('name')} />
      <button type="submit" disabled=${action.busy}>${say('dashboard.alerts.add')}</button>
    </form>
    ${!rules.loading && !rules.error && !list.length ? html`<p class="muted" id="alerts-empty">${say('dashboard.alerts.empty')}</p>` : null}
    <ul class="plain" id="alerts-list">${list.map((rule) => html`<li class="alert-rule">
      <p>${rule.name ? html`<strong>${rule.name}</strong>: ` : null}${ruleText(rule, fmt)}.</p>
      <div class="actions"><button type="button" class="link small" aria-expanded=${open === rule.id} onClick=${() => setOpen(open === rule.id ? null : rule.id)}>${say('dashboard.alerts.firings')}</button>
        <button type="button" class="link small" onClick=${() => remove(rule)}>${say('dashboard.settings.delete')}</button></div>
      ${open === rule.id ? html`<${Firings} slug=${slug} id=${rule.id} />` : null}</li>`)}</ul>
    <${Notice}>${notice}</${Notice}><${ErrorBox} error=${action.error ?? rules.error} /></${Section}>`;
}
