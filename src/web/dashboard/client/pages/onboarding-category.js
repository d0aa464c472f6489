// Onboarding, step 3: what the brand sells, per language (the prompts' category,
// docs/prompts.md). The set made at creation holds only the questions naming the brand and its
// competitors, because the creation body has no category; here the site's proposal (GET
// …/prompts/categories) is shown, editable, and confirming it rewrites the generated prompts on
// it (POST …/prompts/generate).
import { Alert, fmt, html, jobReason, say, useAction, useLoad, useState, waitForJob, call, client } from '../lib.js';

const GENDERED = new Set(['es', 'ca', 'fr']);

export function CategoryBox({ slug, onApplied }) {
  const loaded = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/prompts/categories', { params: { path: { workspace: slug } } })), [slug]);
  const [values, setValues] = useState({});
  const action = useAction();
  const data = loaded.data;
  if (!data || !data.missing.length) return loaded.error ? html`<${Alert} error=${loaded.error} />` : null;

  const proposal = (lang) => data.proposals.find((p) => p.language === lang);
  const value = (lang, field) => values[lang]?.[field] ?? proposal(lang)?.[field] ?? '';
  const set = (lang, field) => (e) => setValues({ ...values, [lang]: { ...values[lang], [field]: e.target.value } });
  const named = data.missing.filter((lang) => value(lang, 'singular').trim() && value(lang, 'plural').trim());

  const apply = (e) => {
    e.preventDefault();
    action.run(async () => {
      for (const lang of named) {
        await call(client.PUT('/api/v1/workspaces/{workspace}/prompts/categories', { params: { path: { workspace: slug } }, body: {
          language: lang, singular: value(lang, 'singular').trim(), plural: value(lang, 'plural').trim(),
          ...(GENDERED.has(lang) ? { gender: value(lang, 'gender') || 'm' } : {}),
        } }));
      }
      const job = await waitForJob(slug, (await call(client.POST('/api/v1/workspaces/{workspace}/prompts/generate', { params: { path: { workspace: slug } } }))).id);
      if (job.status !== 'succeeded') throw new Error(say('dashboard.onboarding.notRewritten', { reason: jobReason(job) }));
      loaded.reload();
      onApplied();
    });
  };

  return html`<form class="card stack" id="category" onSubmit=${apply} aria-labelledby="category-h">
    <h3 id="category-h">${say('dashboard.onboarding.categoryTitle')}</h3>
    <p>${say('dashboard.onboarding.categoryIntro')}</p>
    ${data.missing.map((lang) => html`<fieldset class="inline"><legend>${fmt.languageName(lang)}${proposal(lang) ? html` <small class="muted">— ${proposal(lang).reason}</small>` : null}</legend>
      <label>${say('dashboard.prompts.category.singular')} <input name=${`${lang}-singular`} value=${value(lang, 'singular')} placeholder=${data.fallback[lang]?.singular} maxlength="80" onInput=${set(lang, 'singular')} /></label>
      <label>${say('dashboard.prompts.category.plural')} <input name=${`${lang}-plural`} value=${value(lang, 'plural')} placeholder=${data.fallback[lang]?.plural} maxlength="80" onInput=${set(lang, 'plural')} /></label>
      ${GENDERED.has(lang) ? html`<label>${say('dashboard.prompts.category.gender')} <select name=${`${lang}-gender`} value=${value(lang, 'gender') || 'm'} onChange=${set(lang, 'gender')}>
        <option value="m">${say('dashboard.prompts.category.masculine')}</option><option value="f">${say('dashboard.prompts.category.feminine')}</option></select></label>` : null}
    </fieldset>`)}
    <${Alert} error=${action.error} />
    <p><button type="submit" disabled=${action.busy || !named.length}>${action.busy ? say('dashboard.onboarding.rewriting') : say('dashboard.onboarding.useCategory')}</button></p>
  </form>`;
}
