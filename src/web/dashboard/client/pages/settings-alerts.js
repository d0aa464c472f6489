// Settings: alert rules and what they fired (docs/monitoring.md "Alerts"). A member who gets an
// alert mail lands here (its link is /w/{workspace}/settings#alerts): the rules in words, each
// with its recent firings — the reason with its figures, when, and whether the mail went out.
import { ENGINES, Notice, Section, engineName, fmt, html, useAction, useLoad, useState, when, call, client } from '../lib.js';
import { ErrorBox, Field, fieldErrors, sure } from './settings-ui.js';
import { METRICS, RULE_KINDS, ruleBody, ruleText } from '../alert-rules.ts';

const MAIL = { pending: 'mail pending', sent: 'mailed to members', failed: 'mail failed', no_recipients: 'no one to mail' };
const blank = { kind: 'score', name: '', metric: 'score', direction: 'drop', engine: '', competitor: '', dollars: '5' };

function Firings({ slug, id }) {
  const f = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/alerts/{alertId}/firings', { params: { path: { workspace: slug, alertId: id } } })), [slug, id]);
  const items = f.data?.firings ?? [];
  return html`<div aria-busy=${f.loading ? 'true' : 'false'}>
    ${!f.loading && !f.error && !items.length ? html`<p class="muted">It has not fired yet.</p>` : null}
    <ul class="plain firings">${items.map((x) => html`<li><p>${x.reason}</p><small class="muted">${when(x.firedAt)} · ${MAIL[x.mailStatus] ?? x.mailStatus}</small></li>`)}</ul>
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
      setNotice(`Alert added: ${ruleText(made, fmt)}.`);
      setForm(blank);
      rules.reload();
    });
  };
  const remove = (rule) => sure(`Delete the alert “${rule.name ?? ruleText(rule, fmt)}” and its firings?`) && action.run(async () => {
    await call(client.DELETE('/api/v1/workspaces/{workspace}/alerts/{alertId}', { params: { path: { workspace: slug, alertId: rule.id } } }));
    setNotice('Alert deleted.');
    rules.reload();
  });
  const errs = fieldErrors(action.error);
  const list = rules.data?.alerts ?? [];
  const engineField = html`<${Field} id="alert-engine" label="Engine" as="select" value=${form.engine} onChange=${set('engine')}>
    <option value="">All engines</option>${ENGINES.map((e) => html`<option value=${e}>${engineName(e)}</option>`)}</${Field}>`;
  return html`<${Section} id="alerts" title="Alerts">
    <p class="muted">A rule mails every member when it fires. Score rules fire only on a change beyond the noise: the 95% intervals before and after do not overlap.</p>
    <form class="controls" onSubmit=${create}>
      <${Field} id="alert-kind" label="When" as="select" value=${form.kind} onChange=${set('kind')}>${RULE_KINDS.map(([k, l]) => html`<option value=${k}>${l}</option>`)}</${Field}>
      ${form.kind === 'score' ? html`
        <${Field} id="alert-metric" label="Figure" as="select" value=${form.metric} onChange=${set('metric')}>${METRICS.map((m) => html`<option value=${m}>${fmt.metric(m)}</option>`)}</${Field}>
        <${Field} id="alert-direction" label="Direction" as="select" value=${form.direction} onChange=${set('direction')}>
          <option value="drop">drops</option><option value="rise">rises</option><option value="any">moves either way</option></${Field}>
        ${engineField}` : null}
      ${form.kind === 'competitor_overtakes' ? html`
        <${Field} id="alert-competitor" label="Competitor (empty for any)" error=${errs.competitor} value=${form.competitor} onInput=${set('competitor')} />${engineField}` : null}
      ${form.kind === 'credits_low' ? html`<${Field} id="alert-threshold" label="Below (USD)" type="number" min="0.01" step="0.01" required error=${errs.thresholdMicrousd} value=${form.dollars} onInput=${set('dollars')} />` : null}
      <${Field} id="alert-name" label="Name (optional)" error=${errs.name} value=${form.name} onInput=${set('name')} />
      <button type="submit" disabled=${action.busy}>Add alert</button>
    </form>
    ${!rules.loading && !rules.error && !list.length ? html`<p class="muted" id="alerts-empty">No alert yet: add one above, and members hear of a drop before the next report.</p>` : null}
    <ul class="plain" id="alerts-list">${list.map((rule) => html`<li class="alert-rule">
      <p>${rule.name ? html`<strong>${rule.name}</strong>: ` : null}${ruleText(rule, fmt)}.</p>
      <div class="actions"><button type="button" class="link small" aria-expanded=${open === rule.id} onClick=${() => setOpen(open === rule.id ? null : rule.id)}>Firings</button>
        <button type="button" class="link small" onClick=${() => remove(rule)}>Delete</button></div>
      ${open === rule.id ? html`<${Firings} slug=${slug} id=${rule.id} />` : null}</li>`)}</ul>
    <${Notice}>${notice}</${Notice}><${ErrorBox} error=${action.error ?? rules.error} /></${Section}>`;
}
