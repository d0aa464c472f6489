// Settings: the chat and writing model, and connections — where each engine's key comes from,
// storing a connector credential (sealed; only a masked value comes back), testing it, and the
// Search Console / GA4 properties.
import { Loading, Notice, Section, engineName, html, useAction, useLoad, useState, when, call, client } from '../lib.js';
import { ErrorBox, Field, fieldErrors } from './settings-ui.js';
import { sayIn } from './recs-words.js';
import { MODEL_IDS, modelName } from '../../../../lib/format/models.ts';

const CONNECTORS = ['openai', 'anthropic', 'gemini', 'perplexity', 'serpapi', 'google'];
const keyOf = (connector) => (connector === 'google' ? 'service_account_json' : 'api_key');
const SOURCE = { workspace: 'this workspace’s key', environment: 'the server’s key', simulated: 'simulated (no key)' };

export function Model({ slug }) {
  const m = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/model', { params: { path: { workspace: slug } } })), [slug]);
  const [model, setModel] = useState(null);
  const [notice, setNotice] = useState('');
  const action = useAction();
  const save = (e) => {
    e.preventDefault();
    setNotice('');
    action.run(async () => { const res = await call(client.PUT('/api/v1/workspaces/{workspace}/model', { params: { path: { workspace: slug } }, body: { model: model ?? m.data.model } })); setModel(null); setNotice(`Model set to ${res.name}.`); m.reload(); });
  };
  return html`<${Section} id="model" title="Chat and writing model">
    <p class="muted">${m.data ? `In use: ${m.data.name}${m.data.isDefault ? ', the server default' : ''}.` : 'Loading…'}</p>
    ${m.data ? html`<${ModelStatus} model=${m.data} />` : null}
    <form class="controls" onSubmit=${save}>
      <${Field} id="model-id" label="Model (provider:model)" list="model-choices" required maxlength="100" error=${fieldErrors(action.error).model}
        value=${model ?? m.data?.model ?? ''} onInput=${(e) => setModel(e.target.value)} placeholder="openai:gpt-4.1-mini" />
      <datalist id="model-choices">${MODEL_IDS.map((x) => html`<option value=${x} label=${modelName(x)} />`)}</datalist>
      <button type="submit" disabled=${action.busy || !m.data}>Save model</button></form>
    <${Notice}>${notice}</${Notice}><${ErrorBox} error=${action.error ?? m.error} /></${Section}>`;
}

/**
 * Whether the model can be called, in the words the chat uses: the API's `usable` is the model
 * resolver's one decision, the same the chat obeys (docs/chat.md, "Without a model"). The model by
 * its display name (the API's `name`, from src/lib/format/models.ts), in `language`: the chat's
 * banner speaks the workspace's language (the API's `language`), Settings the dashboard's.
 */
export function ModelStatus({ model, language = 'en' }) {
  return html`<p id="model-status" class=${model.usable ? 'muted' : 'notice'}>${model.usable ? sayIn(language, 'chat.modelReady', { model: model.name }) : sayIn(language, 'chat.noModel', { model: model.name, reason: model.reason ?? 'no_key' })}</p>`;
}

function TestResult({ result }) {
  return html`<div class="test-result" role="status"><p><strong>${result.connector}: ${result.ok ? 'working' : 'not confirmed'}</strong>${result.reason ? ` — ${result.reason}` : ''} <small class="muted">(${when(result.testedAt)})</small></p>
    <ul class="plain">${result.checks.map((c) => html`<li>${c.status === 'passed' ? '✓' : c.status === 'failed' ? '✗' : '–'} ${c.name}: ${c.status} <small class="muted">${c.message}</small></li>`)}</ul></div>`;
}

export function Connections({ slug }) {
  const c = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/connections', { params: { path: { workspace: slug } } })), [slug]);
  const [f, setF] = useState(/** @type {{ connector: import('../lib.js').Body<'/api/v1/workspaces/{workspace}/credentials'>['connector'], value: string }} */ ({ connector: 'openai', value: '' }));
  const [props, setProps] = useState(null);
  const [tested, setTested] = useState(null);
  const [notice, setNotice] = useState('');
  const [errorOf, setErrorOf] = useState(null);
  const action = useAction();
  const run = (where, fn) => { setNotice(''); setErrorOf(where); return action.run(fn); };
  const store = (e) => {
    e.preventDefault();
    run('store', async () => {
      const saved = await call(client.POST('/api/v1/workspaces/{workspace}/credentials', { params: { path: { workspace: slug } }, body: { connector: f.connector, key: keyOf(f.connector), value: f.value, rotate: true } }));
      setF({ ...f, value: '' }); setNotice(`Stored ${saved.connector} credential ${saved.maskedValue}.`); c.reload();
    });
  };
  const test = (connector) => run('test', async () => { setTested(null); setTested(await call(client.POST('/api/v1/workspaces/{workspace}/connections/test', { params: { path: { workspace: slug } }, body: { connector } }))); });
  const google = c.data?.google;
  const p = props ?? { gscProperty: google?.gscProperty ?? '', ga4Property: google?.ga4Property ?? '' };
  const configure = (e) => {
    e.preventDefault();
    const body = Object.fromEntries(Object.entries(p).filter(([, v]) => v.trim()).map(([k, v]) => [k, v.trim()]));
    run('configure', async () => { await call(client.POST('/api/v1/workspaces/{workspace}/connections/configure', { params: { path: { workspace: slug } }, body: body })); setProps(null); setNotice('Properties saved.'); c.reload(); });
  };
  const errs = fieldErrors(action.error);
  const stored = new Set((c.data?.credentials ?? []).map((x) => x.connector));
  return html`<${Section} id="connections" title="Connections">
    ${c.data ? html`<div class="table-wrap"><table id="engine-sources"><caption>Engine keys</caption>
      <thead><tr><th scope="col">Engine</th><th scope="col">Connector</th><th scope="col">Key from</th><th scope="col">Check</th></tr></thead>
      <tbody>${c.data.engines.map((e) => html`<tr><th scope="row">${engineName(e.engine)}</th><td>${e.connector}</td><td>${SOURCE[e.source] ?? e.source}</td>
        <td>${stored.has(e.connector) ? html`<button type="button" class="secondary small" disabled=${action.busy} onClick=${() => test(e.connector)}>Test<span class="visually-hidden"> ${e.connector}</span></button>` : html`<span class="muted">no stored key</span>`}</td></tr>`)}</tbody></table></div>
      ${c.data.credentials.length ? html`<ul class="plain" id="stored-credentials">${c.data.credentials.map((x) => html`<li>${x.connector} <code>${x.maskedValue}</code> <small class="muted">updated ${when(x.updatedAt)}</small></li>`)}</ul>` : html`<p class="muted">No credential stored: engines use the server's keys or are simulated.</p>`}` : html`<${Loading} />`}
    ${tested ? html`<${TestResult} result=${tested} />` : null}
    <h3>Store a credential</h3>
    <form class="controls" onSubmit=${store}>
      <${Field} id="cred-connector" label="Connector" as="select" value=${f.connector} onChange=${(e) => setF({ ...f, connector: e.target.value })}>${CONNECTORS.map((x) => html`<option>${x}</option>`)}</${Field}>
      <${Field} id="cred-value" label=${f.connector === 'google' ? 'Service account JSON' : 'API key value'} type="password" autocomplete="off" required
        error=${errorOf === 'store' ? errs.value : null} value=${f.value} onInput=${(e) => setF({ ...f, value: e.target.value })} />
      <button type="submit" disabled=${action.busy}>Store credential</button></form>
    <h3>Google properties</h3>
    <form class="controls" onSubmit=${configure}>
      <${Field} id="gsc-property" label="Search Console property" placeholder="sc-domain:example.com" error=${errorOf === 'configure' ? errs.gscProperty : null} value=${p.gscProperty} onInput=${(e) => setProps({ ...p, gscProperty: e.target.value })} />
      <${Field} id="ga4-property" label="GA4 property id" inputmode="numeric" placeholder="123456789" error=${errorOf === 'configure' ? errs.ga4Property : null} value=${p.ga4Property} onInput=${(e) => setProps({ ...p, ga4Property: e.target.value })} />
      <button type="submit" disabled=${action.busy}>Save properties</button>
      ${stored.has('google') ? html`<button type="button" class="secondary" disabled=${action.busy} onClick=${() => test('google')}>Test Google access</button>` : null}</form>
    <${Notice}>${notice}</${Notice}><${ErrorBox} error=${action.error ?? c.error} /></${Section}>`;
}
