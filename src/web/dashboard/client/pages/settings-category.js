// Settings → Prompts: what the brand offers and who buys it, per language — the category and
// audience the template prompts are written on (docs/prompts.md). Saving one rewrites the
// template prompts at once (free); a set written by the model is left for "Refill active set".
import { Notice, html, say, useAction, useLoad, useState, call, client, fmt } from '../lib.js';
import { ErrorBox, fieldErrors } from './settings-ui.js';

const GENDERED = new Set(['es', 'ca', 'fr']);
const FOR = { en: 'for', es: 'para', ca: 'per a', fr: 'pour' };
// Examples in the category's own language (it is the prompts' language, not the page's).
const EXAMPLE = {
  en: ['invoicing app', 'invoicing apps', 'small businesses'], es: ['programa de facturación', 'programas de facturación', 'autónomos y pymes'],
  ca: ['programa de facturació', 'programes de facturació', 'autònoms i pimes'], fr: ['logiciel de facturation', 'logiciels de facturation', 'indépendants et TPE'],
};

function LanguageCategory({ slug, lang, stored, proposal, onSaved }) {
  const start = stored ?? proposal ?? {};
  const [f, setF] = useState({ singular: start.singular ?? '', plural: start.plural ?? '', gender: start.gender ?? 'm', audience: stored?.audience ?? '' });
  const action = useAction();
  const [notice, setNotice] = useState(null);
  const errors = fieldErrors(action.error);
  const bind = (key) => ({ value: f[key], onInput: (e) => setF({ ...f, [key]: e.target.value }) });
  const save = (e) => {
    e.preventDefault();
    setNotice(null);
    action.run(async () => {
      const saved = await call(client.PUT('/api/v1/workspaces/{workspace}/prompts/categories', { params: { path: { workspace: slug } }, body: {
        language: lang, singular: f.singular.trim(), plural: f.plural.trim(), audience: f.audience.trim() || null, ...(GENDERED.has(lang) ? { gender: f.gender } : {}),
      } }));
      setNotice(say(saved.rewritten ? 'dashboard.settings.categoryRewritten' : 'dashboard.settings.categoryModel'));
      onSaved();
    });
  };
  const id = (k) => `category-${lang}-${k}`;
  return html`<form class="stack category-form" onSubmit=${save} aria-labelledby=${id('h')}>
    <h4 id=${id('h')}>${fmt.languageName(lang)}${stored ? null : html` <small class="muted">— ${proposal ? say('dashboard.settings.categoryProposed', { reason: proposal.reason }) : say('dashboard.settings.categoryUnset')}</small>`}</h4>
    <div class="row">
      <label for=${id('singular')}>${say('dashboard.settings.categoryOne')}<input id=${id('singular')} required maxlength="80" placeholder=${(EXAMPLE[lang] ?? EXAMPLE.en)[0]} ...${bind('singular')} />${errors.singular ? html`<span class="field-error">${errors.singular}</span>` : null}</label>
      <label for=${id('plural')}>${say('dashboard.settings.categoryMany')}<input id=${id('plural')} required maxlength="80" placeholder=${(EXAMPLE[lang] ?? EXAMPLE.en)[1]} ...${bind('plural')} />${errors.plural ? html`<span class="field-error">${errors.plural}</span>` : null}</label>
      ${GENDERED.has(lang) ? html`<label for=${id('gender')}>${say('dashboard.prompts.category.gender')}<select id=${id('gender')} value=${f.gender} onChange=${(e) => setF({ ...f, gender: e.target.value })}><option value="m">${say('dashboard.prompts.category.masculine')}</option><option value="f">${say('dashboard.prompts.category.feminine')}</option></select></label>` : null}
      <label for=${id('audience')}>${say('dashboard.settings.audience')} <small class="muted">${say('dashboard.settings.audienceHint', { word: FOR[lang] })}</small><input id=${id('audience')} maxlength="60" placeholder=${(EXAMPLE[lang] ?? EXAMPLE.en)[2]} ...${bind('audience')} />${errors.audience ? html`<span class="field-error">${errors.audience}</span>` : null}</label>
    </div>
    <${ErrorBox} error=${errors.singular || errors.plural || errors.audience ? null : action.error} />
    <div class="actions"><button type="submit" disabled=${action.busy || !f.singular.trim() || !f.plural.trim()}>${action.busy ? say('dashboard.settings.rewriting') : say('dashboard.settings.saveCategory')}</button></div>
    <${Notice}>${notice}</${Notice}>
  </form>`;
}

export function CategoryControl({ slug, languages, onSaved }) {
  const loaded = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/prompts/categories', { params: { path: { workspace: slug } } })), [slug]);
  const d = loaded.data;
  if (!d) return loaded.error ? html`<${ErrorBox} error=${loaded.error} />` : null;
  return html`<div class="category-control" id="prompt-category">
    <h3>${say('dashboard.settings.categoryTitle')}</h3>
    <p class="muted">${say('dashboard.settings.categoryIntro')}</p>
    ${languages.map((lang) => html`<${LanguageCategory} key=${lang} slug=${slug} lang=${lang} stored=${d.categories.find((c) => c.language === lang)}
      proposal=${d.proposals.find((p) => p.language === lang)} onSaved=${() => { loaded.reload(); onSaved(); }} />`)}
  </div>`;
}
