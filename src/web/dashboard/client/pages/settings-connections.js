// Settings: the chat and writing model, and connections — where each engine's key comes from,
// storing a connector credential (sealed; only a masked value comes back), testing it, and the
// Search Console / GA4 properties.
import { LANG, Loading, Notice, Section, engineName, html, say, sayCode, useAction, useLoad, useState, when, call, client } from '../lib.js';
import { ErrorBox, Field, fieldErrors } from './settings-ui.js';
import { sayIn } from './recs-words.js';
import { MODEL_IDS, modelName } from '../../../../lib/format/models.ts';

const CONNECTORS = ['openai', 'anthropic', 'gemini', 'perplexity', 'serpapi', 'google'];
const keyOf = (connector) => (connector === 'google' ? 'service_account_json' : 'api_key');

export function Model({ slug }) {
  const m = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/model', { params: { path: { workspace: slug } } })), [slug]);
  const [model, setModel] = useState(null);
  const [notice, setNotice] = useState('');
  const action = useAction();
  const save = (e) => {
    e.preventDefault();
    setNotice('');
    action.run(async () => { const res = await call(client.PUT('/api/v1/workspaces/{workspace}/model', { params: { path: { workspace: slug } }, body: { model: model ?? m.data.model } })); setModel(null); setNotice(say('dashboard.connections.modelSet', { model: res.name })); m.reload(); });
  };
  return html`<${Section} id="model" title=${say('dashboard.connections.modelTitle')}>
    <p class="muted">${m.data ? say('dashboard.connections.inUse', { model: m.data.name, isDefault: m.data.isDefault ? 'yes' : 'no' }) : say('dashboard.shell.loading')}</p>
    ${m.data ? html`<${ModelStatus} model=${m.data} />` : null}
    <form class="controls" onSubmit=${save}>
      <${Field} id="model-id" label=${say('dashboard.connections.model')} hint=${say('dashboard.connections.modelHint')} list="model-choices" required maxlength="100" error=${fieldErrors(action.error).model}
        value=${model ?? m.data?.model ?? ''} onInput=${(e) => setModel(e.target.value)} placeholder="openai:gpt-4.1-mini" />
      <datalist id="model-choices">${MODEL_IDS.map((x) => html`<option value=${x} label=${modelName(x)} />`)}</datalist>
      <button type="submit" disabled=${action.busy || !m.data}>${say('dashboard.connections.saveModel')}</button></form>
    <${Notice}>${notice}</${Notice}><${ErrorBox} error=${action.error ?? m.error} /></${Section}>`;
}

/**
 * Whether the model can be called, in the words the chat uses: the API's `usable` is the model
 * resolver's one decision, the same the chat obeys (docs/chat.md, "Without a model"). The model by
 * its display name (the API's `name`, from src/lib/format/models.ts), in `language`: the chat's
 * banner speaks the workspace's language (the API's `language`), Settings the dashboard's.
 */
export function ModelStatus({ model, language = LANG }) {
  return html`<p id="model-status" class=${model.usable ? 'muted' : 'notice'}>${model.usable ? sayIn(language, 'chat.modelReady', { model: model.name }) : sayIn(language, 'chat.noModel', { model: model.name, reason: model.reason ?? 'no_key' })}</p>`;
}

function TestResult({ result }) {
  return html`<div class="test-result" role="status"><p><strong>${say('dashboard.connections.result', { connector: result.connector, ok: result.ok ? 'yes' : 'no' })}</strong>${result.reason ? ` — ${result.reason}` : ''} <small class="muted">(${when(result.testedAt)})</small></p>
    <ul class="plain">${result.checks.map((c) => html`<li>${c.status === 'passed' ? '✓' : c.status === 'failed' ? '✗' : '–'} ${c.name}: ${sayCode('dashboard.connections.check', c.status)} <small class="muted">${c.message}</small></li>`)}</ul></div>`;
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
      setF({ ...f, value: '' }); setNotice(say('dashboard.connections.stored', { connector: saved.connector, masked: saved.maskedValue })); c.reload();
    });
  };
  const test = (connector) => run('test', async () => { setTested(null); setTested(await call(client.POST('/api/v1/workspaces/{workspace}/connections/test', { params: { path: { workspace: slug } }, body: { connector } }))); });
  const google = c.data?.google;
  const p = props ?? { gscProperty: google?.gscProperty ?? '', ga4Property: google?.ga4Property ?? '' };
  const configure = (e) => {
    e.preventDefault();
    const body = Object.fromEntries(Object.entries(p).filter(([, v]) => v.trim()).map(([k, v]) => [k, v.trim()]));
    run('configure', async () => { await call(client.POST('/api/v1/workspaces/{workspace}/connections/configure', { params: { path: { workspace: slug } }, body: body })); setProps(null); setNotice(say('dashboard.connections.propertiesSaved')); c.reload(); });
  };
  const errs = fieldErrors(action.error);
  const stored = new Set((c.data?.credentials ?? []).map((x) => x.connector));
  return html`<${Section} id="connections" title=${say('dashboard.settings.nav.connections')}>
    ${c.data ? html`<div class="table-wrap"><table id="engine-sources"><caption>${say('dashboard.connections.engineKeys')}</caption>
      <thead><tr><th scope="col">${say('dashboard.alerts.engine')}</th><th scope="col">${say('dashboard.connections.connector')}</th><th scope="col">${say('dashboard.connections.keyFrom')}</th><th scope="col">${say('dashboard.connections.check')}</th></tr></thead>
      <tbody>${c.data.engines.map((e) => html`<tr><th scope="row">${engineName(e.engine)}</th><td>${e.connector}</td><td>${sayCode('dashboard.connections.source', e.source)}</td>
        <td>${stored.has(e.connector) ? html`<button type="button" class="secondary small" disabled=${action.busy} onClick=${() => test(e.connector)}>${say('dashboard.connections.test')}<span class="visually-hidden"> ${e.connector}</span></button>` : html`<span class="muted">${say('dashboard.connections.noKey')}</span>`}</td></tr>`)}</tbody></table></div>
      ${c.data.credentials.length ? html`<ul class="plain" id="stored-credentials">${c.data.credentials.map((x) => html`<li>${x.connector} <code>${x.maskedValue}</code> <small class="muted">${say('dashboard.connections.updated', { when: when(x.updatedAt) })}</small></li>`)}</ul>` : html`<p class="muted">${say('dashboard.connections.none')}</p>`}` : html`<${Loading} />`}
    ${tested ? html`<${TestResult} result=${tested} />` : null}
    <h3>${say('dashboard.connections.storeTitle')}</h3>
    <form class="controls" onSubmit=${store}>
      <${Field} id="cred-connector" label=${say('dashboard.connections.connector')} as="select" value=${f.connector} onChange=${(e) => setF({ ...f, connector: e.target.value })}>${CONNECTORS.map((x) => html`<option>${x}</option>`)}</${Field}>
      <${Field} id="cred-value" label=${say(f.connector === 'google' ? 'dashboard.connections.serviceAccount' : 'dashboard.connections.apiKey')} type="password" autocomplete="off" required
        error=${errorOf === 'store' ? errs.value : null} value=${f.value} onInput=${(e) => setF({ ...f, value: e.target.value })} />
      <button type="submit" disabled=${action.busy}>${say('dashboard.connections.store')}</button></form>
    <h3>${say('dashboard.onboarding.google')}</h3>
    <form class="controls" onSubmit=${configure}>
      <${Field} id="gsc-property" label=${say('dashboard.onboarding.gsc')} placeholder="sc-domain:example.com" error=${errorOf === 'configure' ? errs.gscProperty : null} value=${p.gscProperty} onInput=${(e) => setProps({ ...p, gscProperty: e.target.value })} />
      <${Field} id="ga4-property" label=${say('dashboard.connections.ga4')} inputmode="numeric" placeholder="123456789" error=${errorOf === 'configure' ? errs.ga4Property : null} value=${p.ga4Property} onInput=${(e) => setProps({ ...p, ga4Property: e.target.value })} />
      <button type="submit" disabled=${action.busy}>${say('dashboard.connections.saveProperties')}</button>
      ${stored.has('google') ? html`<button type="button" class="secondary" disabled=${action.busy} onClick=${() => test('google')}>${say('dashboard.connections.testGoogle')}</button>` : null}</form>
    <${Notice}>${notice}</${Notice}><${ErrorBox} error=${action.error ?? c.error} /></${Section}>`;
}
