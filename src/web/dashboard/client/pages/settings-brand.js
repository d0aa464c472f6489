// Settings: the brand (name, domains, languages, industry, about, contact email) and its design
// and icon (upload, take from the site, extract colours and fonts, import design markdown).
import { Loading, Notice, Section, fmt, html, say, useAction, useState, when, apiPath, call, client, rawBody } from '../lib.js';
import { ErrorBox, Field, fieldErrors, list } from './settings-ui.js';

const LANGUAGES = ['en', 'es', 'ca', 'fr'];

const formOf = (s) => ({ displayName: s.displayName, domains: s.domains.join(', '), languages: s.languages, industry: s.industry ?? '', about: s.about ?? '', email: s.email ?? '' });

export function Brand({ slug, settings }) {
  const s = settings;
  const [form, setForm] = useState(null);
  const action = useAction();
  const [saved, setSaved] = useState('');
  if (!s.data) return html`<${Section} id="brand" title=${say('dashboard.settings.nav.brand')}><${Loading} /><${ErrorBox} error=${s.error} /></${Section}>`;
  const f = form ?? formOf(s.data);
  const errs = fieldErrors(action.error);
  const save = (e) => {
    e.preventDefault();
    setSaved('');
    action.run(async () => {
      await call(client.PATCH('/api/v1/workspaces/{workspace}/settings', { params: { path: { workspace: slug } }, body: {
        displayName: f.displayName, domains: list(f.domains), languages: f.languages,
        industry: f.industry || null, about: f.about || null, email: f.email || null,
      } }));
      setSaved(say('dashboard.settings.brandSaved')); setForm(null); s.reload();
    });
  };
  const bind = (key) => ({ value: f[key], onInput: (e) => setForm({ ...f, [key]: e.target.value }) });
  const toggleLang = (code) => setForm({ ...f, languages: f.languages.includes(code) ? f.languages.filter((l) => l !== code) : [...f.languages, code] });
  return html`<${Section} id="brand" title=${say('dashboard.settings.nav.brand')}><form class="stack wide" onSubmit=${save} novalidate>
    <${Field} id="brand-displayName" label=${say('dashboard.onboarding.brandName')} error=${errs.displayName} required minlength="2" maxlength="60" ...${bind('displayName')} />
    <${Field} id="brand-domains" label=${say('dashboard.settings.domains')} hint=${say('dashboard.settings.domainsHint')} error=${errs.domains} required ...${bind('domains')} />
    <fieldset class="inline" aria-describedby=${errs.languages ? 'brand-languages-err' : undefined}><legend>${say('dashboard.settings.languages')}</legend>
      ${LANGUAGES.map((code) => html`<label><input type="checkbox" checked=${f.languages.includes(code)} onChange=${() => toggleLang(code)} /> ${fmt.languageName(code)}</label>`)}
      ${errs.languages ? html`<small id="brand-languages-err" class="field-error">${errs.languages}</small>` : null}</fieldset>
    <${Field} id="brand-industry" label=${say('dashboard.settings.industry')} error=${errs.industry} maxlength="120" ...${bind('industry')} />
    <${Field} id="brand-email" label=${say('dashboard.settings.email')} type="email" error=${errs.email} ...${bind('email')} />
    <${Field} id="brand-about" label=${say('dashboard.settings.about')} as="textarea" rows="3" error=${errs.about} maxlength="5000" ...${bind('about')} />
    <${Notice}>${saved}</${Notice}><${ErrorBox} error=${action.error} />
    <div class="actions"><button type="submit" disabled=${action.busy}>${say('dashboard.settings.saveBrand')}</button>
      ${form ? html`<button type="button" class="secondary" onClick=${() => { setForm(null); action.setError(null); }}>${say('dashboard.settings.discard')}</button>` : null}</div>
  </form></${Section}>`;
}

const COLOR_KEYS = /** @type {const} */ (['primary', 'secondary', 'accent', 'background', 'text']);

/** What extraction or a refresh found, in words: `ok: false` keeps the stored values. */
function outcome(res, what) {
  return res.ok ? say('dashboard.settings.fetched', { what, when: when(res.updatedAt) }) : say('dashboard.settings.notFetched', { what });
}

export function Design({ slug, settings }) {
  const s = settings;
  const [notice, setNotice] = useState('');
  const [markdown, setMarkdown] = useState(null);
  const [file, setFile] = useState(null);
  const [iconVersion, setIconVersion] = useState(0);
  const [iconMissing, setIconMissing] = useState(false);
  const action = useAction();
  const done = (text) => { setNotice(text); s.reload(); setIconMissing(false); setIconVersion((v) => v + 1); };
  const send = (e) => {
    e.preventDefault();
    if (!file) return;
    action.run(async () => {
      const form = new FormData();
      form.append('file', file);
      await call(client.PUT('/api/v1/workspaces/{workspace}/profile/icon', { params: { path: { workspace: slug } }, ...rawBody(form) }));
      setFile(null); e.target.reset(); done(say('dashboard.settings.iconUploaded'));
    });
  };
  const refresh = () => action.run(async () => done(outcome(await call(client.POST('/api/v1/workspaces/{workspace}/profile/icon/refresh', { params: { path: { workspace: slug } } })), say('dashboard.settings.iconFromSite'))));
  const extract = () => action.run(async () => done(outcome(await call(client.POST('/api/v1/workspaces/{workspace}/profile/design/extract', { params: { path: { workspace: slug } } })), say('dashboard.settings.designExtraction'))));
  const importMd = (e) => {
    e.preventDefault();
    action.run(async () => { await call(client.POST('/api/v1/workspaces/{workspace}/profile/design/import', { params: { path: { workspace: slug } }, body: { markdown } })); setMarkdown(null); done(say('dashboard.settings.designImported')); });
  };
  const d = s.data;
  const colors = d?.brandColors ?? {};
  const fonts = d?.brandMeta?.fontNames ?? [];
  return html`<${Section} id="design" title=${say('dashboard.settings.designTitle')}>
    ${!d ? html`<${Loading} />` : html`<div class="design-summary">
      <div class="icon-box">${d.brandMeta?.faviconUrl && !iconMissing ? html`<img src=${apiPath('/api/v1/workspaces/{workspace}/profile/icon', { workspace: slug }, { v: `${iconVersion}-${Date.parse(d.updatedAt)}` })} alt=${say('dashboard.settings.iconAlt', { name: d.displayName })} width="64" height="64" onError=${() => setIconMissing(true)} />` : html`<p class="muted">${say('dashboard.settings.noIcon')}</p>`}</div>
      <dl class="swatches">${COLOR_KEYS.filter((k) => colors[k]).map((k) => html`<div><dt>${say(`dashboard.settings.color.${k}`)}</dt><dd><span class="swatch" style=${{ background: colors[k] }} aria-hidden="true"></span><code>${colors[k]}</code></dd></div>`)}
        ${fonts.length ? html`<div><dt>${say('dashboard.settings.fonts')}</dt><dd>${fonts.join(', ')}</dd></div>` : null}</dl>
      ${!COLOR_KEYS.some((k) => colors[k]) && !fonts.length ? html`<p class="muted">${say('dashboard.settings.noDesign')}</p>` : null}</div>`}
    <form class="controls" onSubmit=${send}>
      <label>${say('dashboard.settings.iconFile')} <input id="icon-file" type="file" accept="image/png,image/jpeg,image/webp,image/gif,image/x-icon,.ico" onChange=${(e) => setFile(e.target.files[0] ?? null)} /></label>
      <button type="submit" disabled=${action.busy || !file}>${say('dashboard.settings.uploadIcon')}</button>
    </form>
    <div class="actions"><button type="button" class="secondary" onClick=${refresh} disabled=${action.busy}>${say('dashboard.settings.takeIcon')}</button>
      <button type="button" class="secondary" onClick=${extract} disabled=${action.busy}>${say('dashboard.settings.extract')}</button></div>
    <form class="stack wide" onSubmit=${importMd}>
      <${Field} id="design-md" label=${say('dashboard.settings.designMd')} as="textarea" rows="6" required maxlength="200000" value=${markdown ?? d?.designMd ?? ''} onInput=${(e) => setMarkdown(e.target.value)} error=${fieldErrors(action.error).markdown} />
      <button type="submit" disabled=${action.busy || markdown === null || !markdown.trim()}>${say('dashboard.settings.importMd')}</button>
    </form>
    <${Notice}>${notice}</${Notice}><${ErrorBox} error=${action.error} /></${Section}>`;
}
