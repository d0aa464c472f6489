// Settings → Prompts: what the brand offers and who buys it, per language — the category and
// audience the template prompts are written on (docs/prompts.md). Saving one rewrites the
// template prompts at once (free); a set written by the model is left for "Refill active set".
import { Notice, html, useAction, useLoad, useState, call, client, fmt } from '../lib.js';
import { ErrorBox, fieldErrors } from './settings-ui.js';

const GENDERED = new Set(['es', 'ca', 'fr']);
const FOR = { en: 'for', es: 'para', ca: 'per a', fr: 'pour' };

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
      setNotice(saved.rewritten ? 'Saved. The template prompts were rewritten on it.' : 'Saved. Your prompts were written by the model: refill the active set to rewrite them.');
      onSaved();
    });
  };
  const id = (k) => `category-${lang}-${k}`;
  return html`<form class="stack category-form" onSubmit=${save} aria-labelledby=${id('h')}>
    <h4 id=${id('h')}>${fmt.languageName(lang)}${stored ? null : html` <small class="muted">— ${proposal ? `proposed: ${proposal.reason}` : 'not set yet: no prompt about your category is made until it is'}</small>`}</h4>
    <div class="row">
      <label for=${id('singular')}>What you offer (one)<input id=${id('singular')} required maxlength="80" placeholder=${lang === 'es' ? 'programa de facturación' : 'invoicing app'} ...${bind('singular')} />${errors.singular ? html`<span class="field-error">${errors.singular}</span>` : null}</label>
      <label for=${id('plural')}>Several<input id=${id('plural')} required maxlength="80" placeholder=${lang === 'es' ? 'programas de facturación' : 'invoicing apps'} ...${bind('plural')} />${errors.plural ? html`<span class="field-error">${errors.plural}</span>` : null}</label>
      ${GENDERED.has(lang) ? html`<label for=${id('gender')}>Gender<select id=${id('gender')} value=${f.gender} onChange=${(e) => setF({ ...f, gender: e.target.value })}><option value="m">masculine</option><option value="f">feminine</option></select></label>` : null}
      <label for=${id('audience')}>Who buys it <small class="muted">(after “${FOR[lang]}”, optional)</small><input id=${id('audience')} maxlength="60" placeholder=${lang === 'es' ? 'autónomos y pymes' : 'small businesses'} ...${bind('audience')} />${errors.audience ? html`<span class="field-error">${errors.audience}</span>` : null}</label>
    </div>
    <${ErrorBox} error=${errors.singular || errors.plural || errors.audience ? null : action.error} />
    <div class="actions"><button type="submit" disabled=${action.busy || !f.singular.trim() || !f.plural.trim()}>${action.busy ? 'Rewriting…' : 'Save and rewrite the prompts'}</button></div>
    <${Notice}>${notice}</${Notice}>
  </form>`;
}

export function CategoryControl({ slug, languages, onSaved }) {
  const loaded = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/prompts/categories', { params: { path: { workspace: slug } } })), [slug]);
  const d = loaded.data;
  if (!d) return loaded.error ? html`<${ErrorBox} error=${loaded.error} />` : null;
  return html`<div class="category-control" id="prompt-category">
    <h3>What you offer and who buys it</h3>
    <p class="muted">The template prompts ask about this, in each language, with your regions (“${languages.includes('es') ? '¿Cuál es el mejor programa de facturación para autónomos en España?' : 'What is the best invoicing app for freelancers in Spain?'}”).</p>
    ${languages.map((lang) => html`<${LanguageCategory} key=${lang} slug=${slug} lang=${lang} stored=${d.categories.find((c) => c.language === lang)}
      proposal=${d.proposals.find((p) => p.language === lang)} onSaved=${() => { loaded.reload(); onSaved(); }} />`)}
  </div>`;
}
