// Settings: API keys (spec 2.8 and 3.1). A new or rotated key's secret is shown once, while its
// delivery is open; "I have saved it" acknowledges it (the key works only from then on). A
// rotated key's replacement, once active, can end the old key's grace at once (confirm rotation).
import { Notice, Section, html, newKey, useAction, useLoad, useState, when, call, client } from '../lib.js';
import { ErrorBox, Field, fieldErrors, list, sure } from './settings-ui.js';

const SCOPES = /** @type {const} */ (['workspace:read', 'settings:read', 'settings:write', 'connections:read', 'connections:write', 'connections:test', 'prompts:read', 'prompts:write', 'runs:read', 'runs:write', 'recs:read', 'recs:write', 'reports:read', 'metrics:read', 'chat:read', 'chat:write', 'credits:read']);
const STATE = { pending: 'pending (not working until saved)', active: 'active', grace: 'old key, works until', revoked: 'revoked' };

function FreshSecret({ fresh, busy, onSaved }) {
  const copy = () => navigator.clipboard?.writeText(fresh.secret).catch(() => null);
  return html`<div class="secret" role="alert" aria-labelledby="new-secret-h">
    <p id="new-secret-h"><strong>Copy this key now: it is shown only once.</strong> ${fresh.replacesKeyId ? 'It replaces a rotated key; the old one keeps working for 15 minutes after you save this one.' : 'It works only after you confirm you have saved it.'}</p>
    <p><code id="new-secret">${fresh.secret}</code></p>
    <div class="actions"><button type="button" class="secondary small" onClick=${copy}>Copy to clipboard</button>
      <button type="button" onClick=${onSaved} disabled=${busy}>I have saved it — activate the key</button></div></div>`;
}

function KeyRow({ k, byId, busy, act }) {
  const replaced = k.replacesKeyId ? byId.get(k.replacesKeyId) : null;
  const label = k.state === 'grace' ? `${STATE.grace} ${when(k.expiresAt)}` : STATE[k.state] ?? k.state;
  return html`<tr><th scope="row">${k.name}</th><td data-label="Key"><code>${k.prefix}…${k.last4}</code></td><td data-label="State">${label}</td>
    <td data-label="Scopes"><small>${k.scopes.join(', ')}${k.allowedCidrs.length ? html`<br />from ${k.allowedCidrs.join(', ')}` : null}</small></td><td data-label="Last used">${when(k.lastUsedAt)}</td>
    <td data-label="Actions"><div class="actions">
      ${k.state === 'active' ? html`<button type="button" class="secondary small" disabled=${busy} onClick=${() => act(k, 'rotate')}>Rotate<span class="visually-hidden"> ${k.name}</span></button>` : null}
      ${k.state === 'active' && replaced?.state === 'grace' ? html`<button type="button" class="secondary small" disabled=${busy} onClick=${() => act(k, 'confirm-rotation')}>End old key now<span class="visually-hidden"> (${k.name})</span></button>` : null}
      ${k.state !== 'revoked' ? html`<button type="button" class="secondary small danger" disabled=${busy} onClick=${() => act(k, 'revoke')}>Revoke<span class="visually-hidden"> ${k.name}</span></button>` : null}
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
    rotate: (k) => `Rotate ${k.name}? A new key is made; the old one keeps working 15 minutes after the new one is saved.`,
    revoke: (k) => `Revoke ${k.name}? Clients using it stop working at once. This cannot be undone.`,
    'confirm-rotation': (k) => `End the old key that ${k.name} replaced now, without waiting for its grace period?`,
  };
  const act = (k, what) => {
    if (!sure(QUESTIONS[what](k))) return;
    setNotice('');
    action.run(async () => {
      const res = await call(client.POST('/api/v1/workspaces/{workspace}/api-keys/{keyId}', { params: { path: { workspace: slug, keyId: k.keyId } }, body: what === 'rotate' ? { action: what, idempotencyKey: newKey() } : { action: what } }));
      if (what === 'rotate') setFresh({ ...res, name: k.name });
      else setNotice(what === 'revoke' ? `${k.name} revoked.` : `The old key of ${k.name} is revoked.`);
      keys.reload();
    });
  };
  const saved = () => action.run(async () => {
    await call(client.POST('/api/v1/workspaces/{workspace}/api-keys/{keyId}', { params: { path: { workspace: slug, keyId: fresh.keyId } }, body: { action: 'acknowledge', deliveryId: fresh.deliveryId } }));
    setFresh(null); setNotice('Key activated.'); keys.reload();
  });
  const toggle = (s) => setScopes(scopes.includes(s) ? scopes.filter((x) => x !== s) : [...scopes, s]);
  const all = keys.data ?? [];
  const byId = new Map(all.map((k) => [k.keyId, k]));
  const shown = showRevoked ? all : all.filter((k) => k.state !== 'revoked');
  const errs = fieldErrors(action.error);
  return html`<${Section} id="api-keys" title="API keys">
    ${fresh ? html`<${FreshSecret} fresh=${fresh} busy=${action.busy} onSaved=${saved} />` : null}
    <form class="stack" onSubmit=${create}>
      <${Field} id="key-name" label="Key name" required maxlength="100" error=${errs.name} value=${name} onInput=${(e) => setName(e.target.value)} />
      <fieldset class="scopes"><legend>Scopes</legend>${SCOPES.map((s) => html`<label><input type="checkbox" checked=${scopes.includes(s)} onChange=${() => toggle(s)} /> ${s}</label>`)}</fieldset>
      <${Field} id="key-cidrs" label="Allowed addresses (CIDR ranges, comma separated; empty for any)" placeholder="203.0.113.0/24" error=${errs.allowedCidrs} value=${cidrs} onInput=${(e) => setCidrs(e.target.value)} />
      <button type="submit" disabled=${action.busy || !scopes.length}>Create key</button></form>
    <div class="table-wrap"><table id="keys" class="cards"><caption>Keys of this workspace <label class="inline-check"><input type="checkbox" checked=${showRevoked} onChange=${(e) => setShowRevoked(e.target.checked)} /> show revoked</label></caption>
      <thead><tr><th scope="col">Name</th><th scope="col">Key</th><th scope="col">State</th><th scope="col">Scopes</th><th scope="col">Last used</th><th scope="col">Actions</th></tr></thead>
      <tbody>${shown.map((k) => html`<${KeyRow} key=${k.keyId} k=${k} byId=${byId} busy=${action.busy} act=${act} />`)}</tbody></table></div>
    ${keys.data && !shown.length ? html`<p class="muted">No key yet.</p>` : null}
    <${Notice}>${notice}</${Notice}><${ErrorBox} error=${action.error ?? keys.error} /></${Section}>`;
}
