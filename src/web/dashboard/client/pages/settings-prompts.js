// Settings: what the brand offers (the category the templates are written on), then the prompt
// set — filter, add, edit in place, activate or deactivate, delete, and refill the active set (a
// job; 409 while one is running). Pages of 20, oldest first; replaced prompts hidden unless asked.
import { Loading, Notice, Section, answersHref, fmt, html, say, sayCode, useLoad, useState, call, client } from '../lib.js';
import { ErrorBox, Field, fieldErrors, sure, useFocusFirst, useListEdits } from './settings-ui.js';
import { CategoryControl } from './settings-category.js';

const INTENTS = ['discovery', 'problem_solution', 'use_case', 'comparison', 'expert', 'brand_research'];
const LANGUAGES = ['en', 'es', 'ca', 'fr'];
const PAGE = 20;

function PromptFields({ prefix, f, set, errors }) {
  const bind = (key) => ({ value: f[key], onInput: (e) => set({ ...f, [key]: e.target.value }) });
  return html`<${Field} id=${`${prefix}-text`} label=${say('dashboard.settings.promptText')} error=${errors.text} required minlength="3" maxlength="500" ...${bind('text')} />
    <div class="row">
      <${Field} id=${`${prefix}-intent`} label=${say('dashboard.settings.intent')} as="select" error=${errors.intent} value=${f.intent} onChange=${(e) => set({ ...f, intent: e.target.value })}>${INTENTS.map((i) => html`<option value=${i}>${sayCode('dashboard.prompts.intent', i)}</option>`)}</${Field}>
      <${Field} id=${`${prefix}-language`} label=${say('dashboard.settings.language')} as="select" error=${errors.language} value=${f.language} onChange=${(e) => set({ ...f, language: e.target.value })}>${LANGUAGES.map((l) => html`<option value=${l}>${fmt.languageName(l)}</option>`)}</${Field}>
      <${Field} id=${`${prefix}-region`} label=${say('dashboard.settings.region')} error=${errors.region} placeholder="es" maxlength="20" ...${bind('region')} />
    </div>`;
}

const bodyOf = (f) => ({ text: f.text.trim(), intent: f.intent, language: f.language, region: f.region.trim() || null });

function EditPrompt({ p, edit, setEdit, busy, error, onSave }) {
  const ref = useFocusFirst();
  const save = async (e) => { e.preventDefault(); if (await onSave(p, edit)) setEdit(null); };
  return html`<li class="item editing"><form ref=${ref} class="stack" onSubmit=${save} aria-label=${say('dashboard.settings.editPrompt')}>
    <${PromptFields} prefix=${`prompt-${p.id}`} f=${edit} set=${setEdit} errors=${fieldErrors(error)} />
    <div class="actions"><button type="submit" disabled=${busy}>${say('dashboard.settings.savePrompt')}</button><button type="button" class="secondary" onClick=${() => setEdit(null)}>${say('dashboard.settings.cancel')}</button></div>
  </form></li>`;
}

function PromptRow({ slug, p, busy, error, onSave, onToggle, onRemove }) {
  const [edit, setEdit] = useState(null);
  // The box follows the click at once; a refusal puts it back (the row remounts on a stored change).
  const [active, setActive] = useState(p.active);
  const flip = async () => { setActive(!active); if (!(await onToggle(p))) setActive(p.active); };
  if (edit) return html`<${EditPrompt} p=${p} edit=${edit} setEdit=${setEdit} busy=${busy} error=${error} onSave=${onSave} />`;
  return html`<li class=${`item${p.active ? '' : ' inactive'}`}>
    <div><label class="choice"><input type="checkbox" checked=${active} disabled=${busy} onChange=${flip} /> <span class="visually-hidden">${say('dashboard.settings.activeLabel')} </span>${p.text}</label>
      <small class="muted">${sayCode('dashboard.prompts.intent', p.intent)} · ${fmt.languageName(p.language)}${p.region ? ` · ${p.region}` : ''} · ${sayCode('dashboard.settings.source', p.source)}${p.active ? '' : ` · ${say('dashboard.settings.replaced')}`}</small></div>
    <div class="actions"><a class="button secondary small" href=${answersHref(slug, { promptId: p.id })}>${say('dashboard.settings.answers')}<span class="visually-hidden"> ${say('dashboard.settings.toPrompt', { text: p.text })}</span></a>
      <button type="button" class="secondary small" onClick=${() => setEdit({ text: p.text, intent: p.intent, language: p.language, region: p.region ?? '' })}>${say('dashboard.settings.edit')}<span class="visually-hidden"> ${say('dashboard.settings.promptNamed', { text: p.text })}</span></button>
      <button type="button" class="secondary small danger" disabled=${busy} onClick=${() => onRemove(p)}>${say('dashboard.settings.delete')}<span class="visually-hidden"> ${say('dashboard.settings.promptNamed', { text: p.text })}</span></button></div>
  </li>`;
}

export function Prompts({ slug, settings }) {
  const [filter, setFilter] = useState(/** @type {{ replaced: boolean, intent: import('../lib.js').Query<'/api/v1/workspaces/{workspace}/prompts'>['intent'] | '' }} */ ({ replaced: false, intent: '' }));
  const [offset, setOffset] = useState(0);
  const query = { limit: PAGE, offset, ...(filter.replaced ? { includeInactive: true } : {}), ...(filter.intent ? { intent: filter.intent } : {}) };
  const p = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/prompts', { params: { path: { workspace: slug }, query } })), [slug, offset, filter.replaced, filter.intent]);
  const active = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/prompts', { params: { path: { workspace: slug }, query: { limit: 1, offset: 0 } } })), [slug, p.data]);
  const languages = settings?.data?.languages ?? [];
  // A new prompt defaults to the workspace's first language, not English. The form holds no state
  // until it is edited, so the default follows the settings once they load (they may come later).
  const blank = { text: '', intent: 'discovery', language: languages[0] ?? 'en', region: '' };
  const [edited, setAdd] = useState(/** @type {typeof blank | null} */ (null));
  const add = edited ?? blank;
  const { action, notice, errorOf, run } = useListEdits(p);
  // A new prompt is the newest, so it is on the last page of the unfiltered list: go there.
  const create = async (e) => {
    e.preventDefault();
    const created = await run('add', async () => {
      const made = await call(client.POST('/api/v1/workspaces/{workspace}/prompts', { params: { path: { workspace: slug } }, body: bodyOf(add) }));
      const all = await call(client.GET('/api/v1/workspaces/{workspace}/prompts', { params: { path: { workspace: slug }, query: { limit: 1, offset: 0 } } }));
      setFilter({ replaced: false, intent: '' }); setOffset(Math.floor((all.total - 1) / PAGE) * PAGE);
      return made;
    }, say('dashboard.settings.promptAdded'));
    if (created) setAdd(null);
  };
  const save = (x, f) => run(x.id, () => call(client.PATCH('/api/v1/workspaces/{workspace}/prompts/{id}', { params: { path: { workspace: slug, id: x.id } }, body: bodyOf(f) })), say('dashboard.settings.promptSaved'));
  const toggle = (x) => run('list', () => call(client.PATCH('/api/v1/workspaces/{workspace}/prompts/{id}', { params: { path: { workspace: slug, id: x.id } }, body: { active: !x.active } })), say(x.active ? 'dashboard.settings.promptDeactivated' : 'dashboard.settings.promptActivated'));
  const remove = (x) => sure(say('dashboard.settings.deletePrompt', { text: x.text })) && run('list', () => call(client.DELETE('/api/v1/workspaces/{workspace}/prompts/{id}', { params: { path: { workspace: slug, id: x.id } } })), say('dashboard.settings.promptDeleted'));
  const generate = () => run('list', () => call(client.POST('/api/v1/workspaces/{workspace}/prompts/generate', { params: { path: { workspace: slug } } })), say('dashboard.settings.refilling'));
  const setF = (key) => (e) => { setOffset(0); setFilter({ ...filter, [key]: e.target.type === 'checkbox' ? e.target.checked : e.target.value }); };
  const d = p.data;
  const target = settings?.data?.activeSetSize;
  const activeCount = active.data?.total;
  return html`<${Section} id="prompts" title=${say('dashboard.settings.nav.prompts')}>
    ${languages.length ? html`<${CategoryControl} slug=${slug} languages=${languages} onSaved=${p.reload} />` : null}
    <h3>${say('dashboard.settings.promptsTitle')}</h3>
    ${target && activeCount !== undefined && activeCount < target ? html`<p class="notice" id="prompts-short">${say('dashboard.settings.promptsShort', { n: activeCount, target, languages: languages.length ? 'yes' : 'no' })}</p>` : null}
    <div class="controls">
      <label class="choice"><input type="checkbox" id="prompts-replaced" checked=${filter.replaced} onChange=${setF('replaced')} /> ${say('dashboard.settings.showReplaced')}</label>
      <label>${say('dashboard.settings.intent')} <select id="prompts-intent" value=${filter.intent} onChange=${setF('intent')}><option value="">${say('dashboard.settings.everyIntent')}</option>${INTENTS.map((i) => html`<option value=${i}>${sayCode('dashboard.prompts.intent', i)}</option>`)}</select></label>
      <button type="button" class="secondary" onClick=${generate} disabled=${action.busy}>${say('dashboard.settings.refill')}</button>
    </div>
    ${d ? html`<p class="muted" id="prompts-count">${d.total ? say('dashboard.settings.promptRange', { from: d.offset + 1, to: d.offset + d.prompts.length, total: d.total, active: filter.replaced ? 'no' : 'yes' }) : say('dashboard.settings.noPrompt')}</p>
      <ul class="plain items" id="prompt-list">${d.prompts.map((x) => html`<${PromptRow} key=${`${x.id}-${x.active}`} slug=${slug} p=${x} busy=${action.busy} error=${errorOf === x.id ? action.error : null} onSave=${save} onToggle=${toggle} onRemove=${remove} />`)}</ul>
      <div class="actions">${d.offset > 0 ? html`<button type="button" class="secondary small" onClick=${() => setOffset(Math.max(0, offset - PAGE))}>${say('dashboard.settings.previous')}</button>` : null}
        ${d.offset + d.prompts.length < d.total ? html`<button type="button" class="secondary small" onClick=${() => setOffset(offset + PAGE)}>${say('dashboard.settings.next')}</button>` : null}</div>` : html`<${Loading} />`}
    ${errorOf !== 'add' ? html`<${ErrorBox} error=${action.error ?? p.error} />` : null}
    <h3>${say('dashboard.settings.addPromptTitle')}</h3>
    <form class="stack wide" onSubmit=${create}>
      <${PromptFields} prefix="prompt-new" f=${add} set=${setAdd} errors=${errorOf === 'add' ? fieldErrors(action.error) : {}} />
      ${errorOf === 'add' ? html`<${ErrorBox} error=${action.error} />` : null}
      <button type="submit" disabled=${action.busy}>${say('dashboard.settings.addPrompt')}</button>
    </form>
    <${Notice}>${notice}</${Notice}></${Section}>`;
}
