// Settings: API keys (spec 2.8 and 3.1). A new or rotated key's secret is shown once, while its
// delivery is open; "I have saved it" acknowledges it (the key works only from then on). A
// rotated key's replacement, once active, can end the old key's grace at once (confirm rotation).
import { Notice, Scopes, Section, html, newKey, say, sayCode, useAction, useLoad, useState, when, call, client } from '../lib.js';
import { ErrorBox, Field, fieldErrors, list, sure } from './settings-ui.js';

const SCOPES = /** @type {const} */ (['workspace:read', 'settings:read', 'settings:write', 'connections:read', 'connections:write', 'connections:test', 'prompts:read', 'prompts:write', 'runs:read', 'runs:write', 'recs:read', 'recs:write', 'reports:read', 'metrics:read', 'chat:read', 'chat:write', 'credits:read']);

function FreshSecret({ fresh, busy, onSaved }) {
  const copy = () => navigator.clipboard?.writeText(fresh.secret).catch(() => null);
  return html`<div class="secret" role="alert" aria-labelledby="new-secret-h">
    <p id="new-secret-h"><strong>${say('dashboard.keys.copyNow')}</strong> ${say(fresh.replacesKeyId ? 'dashboard.keys.replaces' : 'dashboard.keys.worksAfter')}</p>
    <p><code id="new-secret">${fresh.secret}</code></p>
    <div class="actions"><button type="button" class="secondary small" onClick=${copy}>${say('dashboard.keys.copy')}</button>
      <button type="button" onClick=${onSaved} disabled=${busy}>${say('dashboard.keys.saved')}</button></div></div>`;
}

function KeyRow({ k, byId, busy, act }) {
  const replaced = k.replacesKeyId ? byId.get(k.replacesKeyId) : null;
  const label = k.state === 'grace' ? say('dashboard.keys.grace', { when: when(k.expiresAt) }) : sayCode('dashboard.keys.state', k.state);
  return html`<tr><th scope="row">${k.name}</th><td data-label=${say('dashboard.keys.key')}><code>${k.prefix}…${k.last4}</code></td><td data-label=${say('dashboard.keys.stateCol')}>${label}</td>
    <td data-label=${say('dashboard.keys.scopes')}><${Scopes} scopes=${k.scopes} />${k.allowedCidrs.length ? html`<small>${say('dashboard.keys.from', { cidrs: k.allowedCidrs.join(', ') })}</small>` : null}</td><td data-label=${say('dashboard.keys.lastUsed')}>${when(k.lastUsedAt)}</td>
    <td data-label=${say('dashboard.keys.actions')}><div class="actions">
      ${k.state === 'active' ? html`<button type="button" class="secondary small" disabled=${busy} onClick=${() => act(k, 'rotate')}>${say('dashboard.keys.rotate')}<span class="visually-hidden"> ${k.name}</span></button>` : null}
      ${k.state === 'active' && replaced?.state === 'grace' ? html`<button type="button" class="secondary small" disabled=${busy} onClick=${() => act(k, 'confirm-rotation')}>${say('dashboard.keys.endOld')}<span class="visually-hidden"> (${k.name})</span></button>` : null}
      ${k.state !== 'revoked' ? html`<button type="button" class="secondary small danger" disabled=${busy} onClick=${() => act(k, 'revoke')}>${say('dashboard.keys.revoke')}<span class="visually-hidden"> ${k.name}</span></button>` : null}
    </div></td></tr>`;
}

export function ApiKeys({ slug }) {
  const keys = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/api-keys', { params: { path: { workspace: slug } } })), [slug]);
  const [name, setName] = useState('');
  const [cidrs, setCidrs] = useState('');
  const [scopes, setScopes] = useState(/** @type {import('../lib.js').Body<'/api/v1/workspaces/{workspace}/api-keys'>['scopes']} */ (['workspace:read', 'metrics:read']));
  const [fresh, setFresh] = useState(null);
  const [notice, setNotice] = useState('');
  const [showRevoked, setShowRevoked] = useState(false);
  const action = useAction();
  const create = (e) => {
    e.preventDefault();
    setNotice('');
    action.run(async () => { setFresh(await call(client.POST('/api/v1/workspaces/{workspace}/api-keys', { params: { path: { workspace: slug } }, body: { name, scopes, allowedCidrs: list(cidrs), idempotencyKey: newKey() } }))); setName(''); setCidrs(''); keys.reload(); });
  };
  const QUESTIONS = {
    rotate: (k) => say('dashboard.keys.confirmRotate', { name: k.name }),
    revoke: (k) => say('dashboard.keys.confirmRevoke', { name: k.name }),
    'confirm-rotation': (k) => say('dashboard.keys.confirmEnd', { name: k.name }),
  };
  const act = (k, what) => {
    if (!sure(QUESTIONS[what](k))) return;
    setNotice('');
    action.run(async () => {
      const res = await call(client.POST('/api/v1/workspaces/{workspace}/api-keys/{keyId}', { params: { path: { workspace: slug, keyId: k.keyId } }, body: what === 'rotate' ? { action: what, idempotencyKey: newKey() } : { action: what } }));
      if (what === 'rotate') setFresh({ ...res, name: k.name });
      else setNotice(say(what === 'revoke' ? 'dashboard.keys.revoked' : 'dashboard.keys.oldRevoked', { name: k.name }));
      keys.reload();
    });
  };
  const saved = () => action.run(async () => {
    await call(client.POST('/api/v1/workspaces/{workspace}/api-keys/{keyId}', { params: { path: { workspace: slug, keyId: fresh.keyId } }, body: { action: 'acknowledge', deliveryId: fresh.deliveryId } }));
    setFresh(null); setNotice(say('dashboard.keys.activated')); keys.reload();
  });
  const toggle = (s) => setScopes(scopes.includes(s) ? scopes.filter((x) => x !== s) : [...scopes, s]);
  const all = keys.data ?? [];
  const byId = new Map(all.map((k) => [k.keyId, k]));
  const shown = showRevoked ? all : all.filter((k) => k.state !== 'revoked');
  const errs = fieldErrors(action.error);
  return html`<${Section} id="api-keys" title=${say('dashboard.settings.nav.apiKeys')}>
    ${fresh ? html`<${FreshSecret} fresh=${fresh} busy=${action.busy} onSaved=${saved} />` : null}
    <form class="stack" onSubmit=${create}>
      <${Field} id="key-name" label=${say('dashboard.keys.name')} required maxlength="100" error=${errs.name} value=${name} onInput=${(e) => setName(e.target.value)} />
      <fieldset class="scopes"><legend>${say('dashboard.keys.scopes')}</legend>${SCOPES.map((s) => html`<label title=${s}><input type="checkbox" checked=${scopes.includes(s)} onChange=${() => toggle(s)} /> ${sayCode('scope', s)}</label>`)}</fieldset>
      <${Field} id="key-cidrs" label=${say('dashboard.keys.cidrs')} placeholder="203.0.113.0/24" error=${errs.allowedCidrs} value=${cidrs} onInput=${(e) => setCidrs(e.target.value)} />
      <button type="submit" disabled=${action.busy || !scopes.length}>${say('dashboard.keys.create')}</button></form>
    <div class="table-wrap"><table id="keys" class="cards"><caption>${say('dashboard.keys.caption')} <label class="inline-check"><input type="checkbox" checked=${showRevoked} onChange=${(e) => setShowRevoked(e.target.checked)} /> ${say('dashboard.keys.showRevoked')}</label></caption>
      <thead><tr><th scope="col">${say('dashboard.settings.competitorName')}</th><th scope="col">${say('dashboard.keys.key')}</th><th scope="col">${say('dashboard.keys.stateCol')}</th><th scope="col">${say('dashboard.keys.scopes')}</th><th scope="col">${say('dashboard.keys.lastUsed')}</th><th scope="col">${say('dashboard.keys.actions')}</th></tr></thead>
      <tbody>${shown.map((k) => html`<${KeyRow} key=${k.keyId} k=${k} byId=${byId} busy=${action.busy} act=${act} />`)}</tbody></table></div>
    ${keys.data && !shown.length ? html`<p class="muted">${say('dashboard.keys.none')}</p>` : null}
    <${Notice}>${notice}</${Notice}><${ErrorBox} error=${action.error ?? keys.error} /></${Section}>`;
}
