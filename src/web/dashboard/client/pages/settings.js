// Settings: brand, competitors, prompts, model, connections, API keys (secret shown once),
// team, and credits with usage and checkout. Each section loads and saves on its own.
import { Alert, Loading, Notice, Section, api, html, newKey, usd, when, useAction, useLoad, useState, ws } from '../lib.js';
import { Schedule, Webhooks } from './settings-ops.js';

const SCOPES = ['workspace:read', 'settings:read', 'settings:write', 'connections:read', 'connections:write', 'connections:test', 'prompts:read', 'prompts:write', 'runs:read', 'runs:write', 'recs:read', 'recs:write', 'reports:read', 'metrics:read', 'chat:read', 'chat:write', 'credits:read'];
const INTENTS = ['discovery', 'problem_solution', 'use_case', 'comparison', 'expert', 'brand_research'];


function Brand({ slug }) {
  const s = useLoad(() => api('GET', ws(slug, '/settings')), [slug]);
  const [form, setForm] = useState(null);
  const action = useAction();
  const [saved, setSaved] = useState('');
  if (!s.data) return html`<${Section} id="brand" title="Brand"><${Loading} /><${Alert} error=${s.error} /></${Section}>`;
  const f = form ?? { displayName: s.data.displayName, domains: s.data.domains.join(', '), about: s.data.about ?? '', industry: s.data.industry ?? '' };
  const save = (e) => {
    e.preventDefault();
    action.run(async () => {
      await api('PATCH', ws(slug, '/settings'), { displayName: f.displayName, domains: f.domains.split(',').map((d) => d.trim()).filter(Boolean), about: f.about, industry: f.industry });
      setSaved('Brand saved.'); s.reload();
    });
  };
  const input = (key, label, props = {}) => html`<div class="field"><label for=${`brand-${key}`}>${label}</label><input id=${`brand-${key}`} value=${f[key]} onInput=${(e) => setForm({ ...f, [key]: e.target.value })} ...${props} /></div>`;
  return html`<${Section} id="brand" title="Brand"><form class="stack" onSubmit=${save}>
    ${input('displayName', 'Brand name', { required: true, minlength: 2, maxlength: 60 })}
    ${input('domains', 'Domains (comma separated)', { required: true })}
    ${input('industry', 'Industry')}
    <div class="field"><label for="brand-about">About</label><textarea id="brand-about" rows="3" value=${f.about} onInput=${(e) => setForm({ ...f, about: e.target.value })}></textarea></div>
    <${Notice}>${saved}</${Notice}><${Alert} error=${action.error} /><button type="submit" disabled=${action.busy}>Save brand</button>
  </form></${Section}>`;
}

function Competitors({ slug }) {
  const c = useLoad(() => api('GET', ws(slug, '/competitors')), [slug]);
  const [name, setName] = useState('');
  const [domain, setDomain] = useState('');
  const action = useAction();
  const add = (e) => {
    e.preventDefault();
    action.run(async () => { await api('POST', ws(slug, '/competitors'), { name, domains: [domain], aliases: [name], ambiguous: false }); setName(''); setDomain(''); c.reload(); });
  };
  const remove = (index) => action.run(async () => { await api('DELETE', ws(slug, '/competitors'), { index }); c.reload(); });
  return html`<${Section} id="competitors" title="Competitors">
    <ul class="plain">${(c.data?.competitors ?? []).map((x) => html`<li>${x.name} <small class="muted">${x.domains.join(', ')}</small> <button type="button" class="link small" onClick=${() => remove(x.index)}>Remove<span class="visually-hidden"> ${x.name}</span></button></li>`)}</ul>
    <form class="controls" onSubmit=${add}><label>Name <input required minlength="2" value=${name} onInput=${(e) => setName(e.target.value)} /></label>
      <label>Domain <input required value=${domain} onInput=${(e) => setDomain(e.target.value)} placeholder="rival.com" /></label><button type="submit" disabled=${action.busy}>Add competitor</button></form>
    <${Alert} error=${action.error ?? c.error} /></${Section}>`;
}

function Prompts({ slug }) {
  const p = useLoad(() => api('GET', ws(slug, '/prompts')), [slug]);
  const [text, setText] = useState('');
  const [intent, setIntent] = useState('discovery');
  const [language, setLanguage] = useState('en');
  const action = useAction();
  const add = (e) => {
    e.preventDefault();
    action.run(async () => { await api('POST', ws(slug, '/prompts'), { text, intent, language }); setText(''); p.reload(); });
  };
  const toggle = (x) => action.run(async () => { await api('PATCH', ws(slug, `/prompts/${x.id}`), { active: !x.active }); p.reload(); });
  const prompts = p.data?.prompts ?? [];
  return html`<${Section} id="prompts" title="Prompts">
    <p class="muted">${prompts.filter((x) => x.active).length} active of ${prompts.length}.</p>
    <form class="controls" onSubmit=${add}><label>Prompt <input required minlength="3" maxlength="500" value=${text} onInput=${(e) => setText(e.target.value)} /></label>
      <label>Intent <select value=${intent} onChange=${(e) => setIntent(e.target.value)}>${INTENTS.map((i) => html`<option value=${i}>${i.replace('_', ' ')}</option>`)}</select></label>
      <label>Language <select value=${language} onChange=${(e) => setLanguage(e.target.value)}>${['en', 'es', 'ca', 'fr'].map((l) => html`<option>${l}</option>`)}</select></label>
      <button type="submit" disabled=${action.busy}>Add prompt</button></form>
    <details><summary>All prompts</summary><ul class="plain prompts">${prompts.map((x) => html`<li><label><input type="checkbox" checked=${x.active} onChange=${() => toggle(x)} /> ${x.text}</label> <small class="muted">${x.intent} · ${x.language}</small></li>`)}</ul></details>
    <${Alert} error=${action.error ?? p.error} /></${Section}>`;
}

function Model({ slug }) {
  const m = useLoad(() => api('GET', ws(slug, '/model')), [slug]);
  const [model, setModel] = useState(null);
  const action = useAction();
  const save = (e) => { e.preventDefault(); action.run(async () => { await api('PUT', ws(slug, '/model'), { model: model ?? m.data.model }); m.reload(); }); };
  return html`<${Section} id="model" title="Chat and writing model">
    <form class="controls" onSubmit=${save}><label>Model <input value=${model ?? m.data?.model ?? ''} onInput=${(e) => setModel(e.target.value)} placeholder="openai:gpt-4.1-mini" /></label>
      <button type="submit" disabled=${action.busy || !m.data}>Save model</button> ${m.data?.isDefault ? html`<span class="muted">(default)</span>` : null}</form>
    <${Alert} error=${action.error ?? m.error} /></${Section}>`;
}

function Connections({ slug }) {
  const c = useLoad(() => api('GET', ws(slug, '/connections')), [slug]);
  const [f, setF] = useState({ connector: 'openai', key: 'api_key', value: '' });
  const action = useAction();
  const save = (e) => { e.preventDefault(); action.run(async () => { await api('POST', ws(slug, '/credentials'), { ...f, rotate: true }); setF({ ...f, value: '' }); c.reload(); }); };
  return html`<${Section} id="connections" title="Connections">
    ${c.data ? html`<ul class="plain">${c.data.engines.map((e) => html`<li>${e.engine}: <strong>${e.source}</strong> <small class="muted">(${e.connector})</small></li>`)}
      <li>Search Console: ${c.data.google.gscProperty ?? '—'} · Analytics: ${c.data.google.ga4Property ?? '—'}</li></ul>` : html`<${Loading} />`}
    <form class="controls" onSubmit=${save}><label>Connector <select value=${f.connector} onChange=${(e) => setF({ ...f, connector: e.target.value })}>${['openai', 'anthropic', 'gemini', 'perplexity', 'serpapi'].map((x) => html`<option>${x}</option>`)}</select></label>
      <label>Key <input value=${f.key} onInput=${(e) => setF({ ...f, key: e.target.value })} /></label>
      <label>Secret value <input type="password" autocomplete="off" required value=${f.value} onInput=${(e) => setF({ ...f, value: e.target.value })} /></label>
      <button type="submit" disabled=${action.busy}>Store credential</button></form>
    <${Alert} error=${action.error ?? c.error} /></${Section}>`;
}

function ApiKeys({ slug }) {
  const keys = useLoad(() => api('GET', ws(slug, '/api-keys')), [slug]);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState(['workspace:read', 'metrics:read']);
  const [fresh, setFresh] = useState(null);
  const action = useAction();
  const create = (e) => { e.preventDefault(); action.run(async () => { setFresh(await api('POST', ws(slug, '/api-keys'), { name, scopes, idempotencyKey: newKey() })); setName(''); keys.reload(); }); };
  const act = (keyId, body) => action.run(async () => {
    const res = await api('POST', ws(slug, `/api-keys/${keyId}`), body);
    if (body.action === 'rotate') setFresh(res);
    keys.reload();
  });
  const saved = () => action.run(async () => { await api('POST', ws(slug, `/api-keys/${fresh.keyId}`), { action: 'acknowledge', deliveryId: fresh.deliveryId }); setFresh(null); keys.reload(); });
  return html`<${Section} id="api-keys" title="API keys">
    ${fresh ? html`<div class="secret" role="alert"><p><strong>Copy this key now: it is shown only once.</strong></p><p><code id="new-secret">${fresh.secret}</code></p>
      <button type="button" onClick=${saved}>I have saved it — activate the key</button></div>` : null}
    <form class="stack" onSubmit=${create}><div class="field"><label for="key-name">Key name</label><input id="key-name" required value=${name} onInput=${(e) => setName(e.target.value)} /></div>
      <fieldset class="scopes"><legend>Scopes</legend>${SCOPES.map((s) => html`<label><input type="checkbox" checked=${scopes.includes(s)} onChange=${() => setScopes(scopes.includes(s) ? scopes.filter((x) => x !== s) : [...scopes, s])} /> ${s}</label>`)}</fieldset>
      <button type="submit" disabled=${action.busy || !scopes.length}>Create key</button></form>
    <div class="table-wrap"><table id="keys"><thead><tr><th scope="col">Name</th><th scope="col">Key</th><th scope="col">State</th><th scope="col">Last used</th><th scope="col">Actions</th></tr></thead>
      <tbody>${(keys.data ?? []).map((k) => html`<tr><th scope="row">${k.name}</th><td><code>${k.prefix}…${k.last4}</code></td><td>${k.state}</td><td>${when(k.lastUsedAt)}</td>
        <td>${k.state === 'active' ? html`<button type="button" class="secondary small" onClick=${() => act(k.keyId, { action: 'rotate', idempotencyKey: newKey() })}>Rotate</button>` : null}
          ${k.state !== 'revoked' ? html`<button type="button" class="secondary small" onClick=${() => confirm(`Revoke ${k.name}? Clients using it stop working.`) && act(k.keyId, { action: 'revoke' })}>Revoke</button>` : null}</td></tr>`)}</tbody></table></div>
    <${Alert} error=${action.error ?? keys.error} /></${Section}>`;
}

function Team({ slug }) {
  const t = useLoad(() => api('GET', ws(slug, '/members')), [slug]);
  const [email, setEmail] = useState('');
  const [notice, setNotice] = useState('');
  const action = useAction();
  const invite = (e) => { e.preventDefault(); action.run(async () => { await api('POST', ws(slug, '/members'), { email, role: 'member' }); setNotice(`Invitation sent to ${email}.`); setEmail(''); t.reload(); }); };
  return html`<${Section} id="team" title="Team">
    <ul class="plain">${(t.data?.members ?? []).map((m) => html`<li>${m.email} <small class="muted">${m.role}</small></li>`)}
      ${(t.data?.invitations ?? []).map((i) => html`<li>${i.email} <small class="muted">invited</small></li>`)}</ul>
    <form class="controls" onSubmit=${invite}><label>Email <input type="email" required value=${email} onInput=${(e) => setEmail(e.target.value)} /></label><button type="submit" disabled=${action.busy}>Invite</button></form>
    <${Notice}>${notice}</${Notice}><${Alert} error=${action.error ?? t.error} /></${Section}>`;
}

function Credits({ slug }) {
  const balance = useLoad(() => api('GET', ws(slug, '/credits/balance')), [slug]);
  const usage = useLoad(() => api('GET', ws(slug, '/credits/usage?limit=20')), [slug]);
  const [amount, setAmount] = useState(10);
  const action = useAction();
  const checkout = (e) => { e.preventDefault(); action.run(async () => { location.assign((await api('POST', ws(slug, '/billing/checkout'), { amountMicrousd: Math.round(amount * 100) * 10_000 })).url); }); };
  const b = balance.data;
  return html`<${Section} id="credits" title="Credits">
    ${b ? html`<p class="big">Available <strong id="credit-available">${usd(b.availableMicrousd)}</strong></p><p class="muted">${usd(b.postedMicrousd)} posted, ${usd(b.heldMicrousd)} held for running work${b.nextExpiryAt ? `; next expiry ${when(b.nextExpiryAt)}` : ''}</p>` : html`<${Loading} />`}
    <form class="controls" onSubmit=${checkout}><label>Amount (USD) <input type="number" min="5" max="500" step="0.01" required value=${amount} onInput=${(e) => setAmount(Number(e.target.value))} /></label><button type="submit" disabled=${action.busy}>Buy credits</button></form>
    <details><summary>Usage</summary><div class="table-wrap"><table><thead><tr><th scope="col">When</th><th scope="col">Operation</th><th scope="col">Status</th><th scope="col">Charged</th></tr></thead>
      <tbody>${(usage.data?.operations ?? []).map((o) => html`<tr><td>${when(o.createdAt)}</td><th scope="row">${o.operation}</th><td>${o.status}</td><td>${usd(o.settledMicrousd ?? o.reservedMicrousd)}</td></tr>`)}</tbody></table></div></details>
    <${Alert} error=${action.error ?? balance.error} /></${Section}>`;
}

export function Settings({ workspace }) {
  return html`<h1>Settings</h1>
    <nav aria-label="Settings sections" class="subnav"><ul>${[['brand', 'Brand'], ['competitors', 'Competitors'], ['prompts', 'Prompts'], ['model', 'Model'], ['connections', 'Connections'], ['api-keys', 'API keys'], ['team', 'Team'], ['credits', 'Credits'], ['schedule', 'Schedule'], ['webhooks', 'Webhooks']].map(([id, l]) => html`<li><a href=${`#${id}`}>${l}</a></li>`)}</ul></nav>
    <${Brand} slug=${workspace} /><${Competitors} slug=${workspace} /><${Prompts} slug=${workspace} /><${Model} slug=${workspace} />
    <${Connections} slug=${workspace} /><${ApiKeys} slug=${workspace} /><${Team} slug=${workspace} /><${Credits} slug=${workspace} />
    <${Schedule} slug=${workspace} /><${Webhooks} slug=${workspace} />`;
}
