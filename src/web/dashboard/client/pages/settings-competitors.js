// Settings: competitors — add, edit in place, remove (the API addresses them by position and
// keeps 2 to 12). A position that moved under us (someone else removed one) answers 404: the
// list is then loaded again and the message says so.
import { Loading, Notice, Section, html, say, useLoad, useState, call, client } from '../lib.js';
import { ErrorBox, Field, fieldErrors, list, sure, useFocusFirst, useListEdits } from './settings-ui.js';

const blank = { name: '', domains: '', aliases: '', ambiguous: false };
const formOf = (c) => ({ name: c.name, domains: c.domains.join(', '), aliases: c.aliases.join(', '), ambiguous: c.ambiguous });
const bodyOf = (f) => ({ name: f.name.trim(), domains: list(f.domains), aliases: list(f.aliases).length ? list(f.aliases) : [f.name.trim()], ambiguous: f.ambiguous });

/** The fields of one competitor; `prefix` keeps the ids of the add form and each edit form apart. */
function CompetitorFields({ prefix, f, set, errors }) {
  const bind = (key) => ({ value: f[key], onInput: (e) => set({ ...f, [key]: e.target.value }) });
  return html`<${Field} id=${`${prefix}-name`} label=${say('dashboard.settings.competitorName')} error=${errors.name} required minlength="2" maxlength="60" ...${bind('name')} />
    <${Field} id=${`${prefix}-domains`} label=${say('dashboard.settings.domains')} hint=${say('dashboard.settings.competitorDomainsHint')} error=${errors.domains} required placeholder="rival.com" ...${bind('domains')} />
    <${Field} id=${`${prefix}-aliases`} label=${say('dashboard.settings.aliases')} hint=${say('dashboard.settings.aliasesHint')} error=${errors.aliases} ...${bind('aliases')} />
    <label class="choice"><input type="checkbox" checked=${f.ambiguous} onChange=${(e) => set({ ...f, ambiguous: e.target.checked })} /> ${say('dashboard.settings.ambiguous')}</label>`;
}

function EditCompetitor({ c, edit, setEdit, busy, onSave, error }) {
  const ref = useFocusFirst();
  const save = async (e) => {
    e.preventDefault();
    if (await onSave(c.index, edit)) setEdit(null);
  };
  return html`<li class="item editing"><form ref=${ref} class="stack" onSubmit=${save} aria-label=${say('dashboard.settings.editNamed', { name: c.name })}>
    <${CompetitorFields} prefix=${`competitor-${c.index}`} f=${edit} set=${setEdit} errors=${fieldErrors(error)} />
    <div class="actions"><button type="submit" disabled=${busy}>${say('dashboard.settings.saveCompetitor')}</button><button type="button" class="secondary" onClick=${() => setEdit(null)}>${say('dashboard.settings.cancel')}</button></div>
  </form></li>`;
}

function CompetitorRow({ c, busy, onSave, onRemove, error }) {
  const [edit, setEdit] = useState(null);
  if (!edit) {
    return html`<li class="item"><div><strong>${c.name}</strong> <small class="muted">${c.domains.join(', ')}${c.aliases.length ? ` · ${say('dashboard.settings.aliasesList', { aliases: c.aliases.join(', ') })}` : ''}${c.ambiguous ? ` · ${say('dashboard.settings.commonWord')}` : ''}</small></div>
      <div class="actions"><button type="button" class="secondary small" onClick=${() => setEdit(formOf(c))}>${say('dashboard.settings.edit')}<span class="visually-hidden"> ${c.name}</span></button>
        <button type="button" class="secondary small danger" disabled=${busy} onClick=${() => onRemove(c)}>${say('dashboard.onboarding.remove')}<span class="visually-hidden"> ${c.name}</span></button></div></li>`;
  }
  return html`<${EditCompetitor} c=${c} edit=${edit} setEdit=${setEdit} busy=${busy} onSave=${onSave} error=${error} />`;
}

export function Competitors({ slug }) {
  const c = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/competitors', { params: { path: { workspace: slug } } })), [slug]);
  const [add, setAdd] = useState(blank);
  const { action, notice, errorOf, run } = useListEdits(c);
  const create = async (e) => {
    e.preventDefault();
    if (await run('add', () => call(client.POST('/api/v1/workspaces/{workspace}/competitors', { params: { path: { workspace: slug } }, body: bodyOf(add) })), say('dashboard.settings.added', { name: add.name.trim() }))) setAdd(blank);
  };
  const save = (index, f) => run(index, () => call(client.PUT('/api/v1/workspaces/{workspace}/competitors', { params: { path: { workspace: slug } }, body: { index, ...bodyOf(f) } })), say('dashboard.settings.saved', { name: f.name.trim() }));
  const remove = (x) => sure(say('dashboard.settings.removeCompetitor', { name: x.name }))
    && run('list', () => call(client.DELETE('/api/v1/workspaces/{workspace}/competitors', { params: { path: { workspace: slug } }, body: { index: x.index } })), say('dashboard.settings.removed', { name: x.name }));
  const items = c.data?.competitors ?? [];
  return html`<${Section} id="competitors" title=${say('dashboard.settings.nav.competitors')}>
    <p class="muted">${say('dashboard.settings.competitorCount', { n: items.length })}</p>
    ${c.data ? html`<ul class="plain items" id="competitor-list">${items.map((x) => html`<${CompetitorRow} key=${`${x.index}-${x.name}`} c=${x} busy=${action.busy} onSave=${save} onRemove=${remove} error=${errorOf === x.index ? action.error : null} />`)}</ul>` : html`<${Loading} />`}
    ${errorOf !== 'add' ? html`<${ErrorBox} error=${action.error ?? c.error} />` : null}
    <h3>${say('dashboard.onboarding.addCompetitor')}</h3>
    <form class="stack wide" onSubmit=${create}>
      <${CompetitorFields} prefix="competitor-new" f=${add} set=${setAdd} errors=${errorOf === 'add' ? fieldErrors(action.error) : {}} />
      ${errorOf === 'add' ? html`<${ErrorBox} error=${action.error} />` : null}
      <button type="submit" disabled=${action.busy || items.length >= 12}>${say('dashboard.settings.addCompetitor')}</button>
    </form>
    <${Notice}>${notice}</${Notice}></${Section}>`;
}
