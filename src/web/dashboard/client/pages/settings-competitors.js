// Settings: competitors — add, edit in place, remove (the API addresses them by position and
// keeps 2 to 12). A position that moved under us (someone else removed one) answers 404: the
// list is then loaded again and the message says so.
import { Loading, Notice, Section, html, useLoad, useState, call, client } from '../lib.js';
import { ErrorBox, Field, fieldErrors, list, sure, useFocusFirst, useListEdits } from './settings-ui.js';

const blank = { name: '', domains: '', aliases: '', ambiguous: false };
const formOf = (c) => ({ name: c.name, domains: c.domains.join(', '), aliases: c.aliases.join(', '), ambiguous: c.ambiguous });
const bodyOf = (f) => ({ name: f.name.trim(), domains: list(f.domains), aliases: list(f.aliases).length ? list(f.aliases) : [f.name.trim()], ambiguous: f.ambiguous });

/** The fields of one competitor; `prefix` keeps the ids of the add form and each edit form apart. */
function CompetitorFields({ prefix, f, set, errors }) {
  const bind = (key) => ({ value: f[key], onInput: (e) => set({ ...f, [key]: e.target.value }) });
  return html`<${Field} id=${`${prefix}-name`} label="Name" error=${errors.name} required minlength="2" maxlength="60" ...${bind('name')} />
    <${Field} id=${`${prefix}-domains`} label="Domains (comma separated)" hint="1 to 5, such as rival.com" error=${errors.domains} required placeholder="rival.com" ...${bind('domains')} />
    <${Field} id=${`${prefix}-aliases`} label="Aliases (comma separated)" hint="Other spellings; the name when empty" error=${errors.aliases} ...${bind('aliases')} />
    <label class="choice"><input type="checkbox" checked=${f.ambiguous} onChange=${(e) => set({ ...f, ambiguous: e.target.checked })} /> Also a common word: count mentions only in context</label>`;
}

function EditCompetitor({ c, edit, setEdit, busy, onSave, error }) {
  const ref = useFocusFirst();
  const save = async (e) => {
    e.preventDefault();
    if (await onSave(c.index, edit)) setEdit(null);
  };
  return html`<li class="item editing"><form ref=${ref} class="stack" onSubmit=${save} aria-label=${`Edit ${c.name}`}>
    <${CompetitorFields} prefix=${`competitor-${c.index}`} f=${edit} set=${setEdit} errors=${fieldErrors(error)} />
    <div class="actions"><button type="submit" disabled=${busy}>Save competitor</button><button type="button" class="secondary" onClick=${() => setEdit(null)}>Cancel</button></div>
  </form></li>`;
}

function CompetitorRow({ c, busy, onSave, onRemove, error }) {
  const [edit, setEdit] = useState(null);
  if (!edit) {
    return html`<li class="item"><div><strong>${c.name}</strong> <small class="muted">${c.domains.join(', ')}${c.aliases.length ? ` · aliases: ${c.aliases.join(', ')}` : ''}${c.ambiguous ? ' · common word' : ''}</small></div>
      <div class="actions"><button type="button" class="secondary small" onClick=${() => setEdit(formOf(c))}>Edit<span class="visually-hidden"> ${c.name}</span></button>
        <button type="button" class="secondary small danger" disabled=${busy} onClick=${() => onRemove(c)}>Remove<span class="visually-hidden"> ${c.name}</span></button></div></li>`;
  }
  return html`<${EditCompetitor} c=${c} edit=${edit} setEdit=${setEdit} busy=${busy} onSave=${onSave} error=${error} />`;
}

export function Competitors({ slug }) {
  const c = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/competitors', { params: { path: { workspace: slug } } })), [slug]);
  const [add, setAdd] = useState(blank);
  const { action, notice, errorOf, run } = useListEdits(c);
  const create = async (e) => {
    e.preventDefault();
    if (await run('add', () => call(client.POST('/api/v1/workspaces/{workspace}/competitors', { params: { path: { workspace: slug } }, body: bodyOf(add) })), `${add.name.trim()} added.`)) setAdd(blank);
  };
  const save = (index, f) => run(index, () => call(client.PUT('/api/v1/workspaces/{workspace}/competitors', { params: { path: { workspace: slug } }, body: { index, ...bodyOf(f) } })), `${f.name.trim()} saved.`);
  const remove = (x) => sure(`Remove the competitor ${x.name}? Its mentions stop counting in the next runs.`)
    && run('list', () => call(client.DELETE('/api/v1/workspaces/{workspace}/competitors', { params: { path: { workspace: slug } }, body: { index: x.index } })), `${x.name} removed.`);
  const items = c.data?.competitors ?? [];
  return html`<${Section} id="competitors" title="Competitors">
    <p class="muted">${items.length} of at most 12; at least 2 are kept.</p>
    ${c.data ? html`<ul class="plain items" id="competitor-list">${items.map((x) => html`<${CompetitorRow} key=${`${x.index}-${x.name}`} c=${x} busy=${action.busy} onSave=${save} onRemove=${remove} error=${errorOf === x.index ? action.error : null} />`)}</ul>` : html`<${Loading} />`}
    ${errorOf !== 'add' ? html`<${ErrorBox} error=${action.error ?? c.error} />` : null}
    <h3>Add a competitor</h3>
    <form class="stack wide" onSubmit=${create}>
      <${CompetitorFields} prefix="competitor-new" f=${add} set=${setAdd} errors=${errorOf === 'add' ? fieldErrors(action.error) : {}} />
      ${errorOf === 'add' ? html`<${ErrorBox} error=${action.error} />` : null}
      <button type="submit" disabled=${action.busy || items.length >= 12}>Add competitor</button>
    </form>
    <${Notice}>${notice}</${Notice}></${Section}>`;
}
