// Recommendations as a list grouped by the five statuses (a five-column board clipped at 1280 px). Each card offers only the actions its status
// allows (spec 3.2); a move someone else made first (409 stale_state) reloads the board and says so.
// The board's own words (headings, buttons, badges, empty columns, notices) are in the page's
// language (`say`); a recommendation's own text (its title, why, evidence) stays in the item's
// `language`, marked with `lang` so that a screen reader reads each in its own.
import { Alert, Loading, Notice, fmt, html, newKey, say, useAction, useLoad, useState, waitForJob, call, client } from '../lib.js';
import { generationNotice } from '../generation.ts';
import { Detail } from './recs-detail.js';
import { Sources, figureSentence, fmtIn, sayIn } from './recs-words.js';

export const STATUSES = ['proposed', 'todo', 'in_review', 'done', 'archived'];
export const ACTIONS = {
  proposed: ['accept', 'decline'],
  todo: ['submit', 'archive'],
  in_review: ['verify', 'request_changes', 'archive'],
  done: ['stale_reopen', 'archive'],
  archived: ['restore'],
};
/** A status as the board names it, in the page's language ("Por hacer"). */
export const statusWord = (status) => say(/** @type {import('../../../../lib/messages/index.ts').MessageKey} */ (`recs.ui.status.${status}`));
/** A `recs.` key built from a code the API sends (a type, a lane, an action), said in the page's language. */
const sayKey = (key, params) => say(/** @type {import('../../../../lib/messages/index.ts').MessageKey} */ (key), params);

const sentence = (text) => { const t = String(text ?? '').trim(); return t && !/[.!?…]$/.test(t) ? `${t}.` : t; };
/** The card's face: the action, one sentence of why, the priority as a word (its figure on hover); the rest folds under Evidence. */
function Card({ slug, rec, onMove }) {
  const [open, setOpen] = useState(false);
  const ev = rec.evidence ?? {};
  const lang = rec.language ?? 'en';
  const current = ev.metric?.current;
  // The face says why; the evidence adds what to do (a template's rationale opens with the same sentence).
  const why = rec.why ?? rec.rationale;
  const rest = String(rec.rationale ?? '').startsWith(why) ? String(rec.rationale).slice(why.length).trim() : rec.rationale;
  // The priority's word and figure are the API's, in the item's language, as its title is.
  return html`<li class="rec" data-rec=${rec.rec_id} data-lang=${lang}>
    <h3 lang=${lang}>${rec.title}</h3>
    <p class="meta">${ev.simulated ? html`<span class="badge simulated" title=${say('recs.ui.simulated')}>${say('recs.ui.simulatedBadge')}</span> ` : null}<span class=${`badge priority ${rec.priorityLevel ?? ''}`} lang=${lang} title=${rec.priorityDetail ?? ''}>${rec.priorityLabel ?? fmt.decimal(rec.scores?.priority)}</span>
      <span class="badge" title=${rec.lane ? sayKey(`recs.ui.lane.${rec.lane}`) : ''}>${sayKey(`recs.type.${rec.type}`)}</span>${rec.compliance_flag ? html` <span class="badge">${say('recs.ui.compliance')}</span>` : null}</p>
    <p class="why" lang=${lang}>${sentence(why)}</p>
    <details class="evidence"><summary>${say('recs.ui.evidence')}</summary><div lang=${lang}>
      ${rest ? html`<p>${sentence(rest)}</p>` : null}
      ${ev.figures?.length ? html`<ul class="plain figures">${ev.figures.slice(0, 3).map((f) => html`<li>${figureSentence(f, lang)}</li>`)}</ul>` : null}
      ${current && ev.metric?.name ? html`<p class="muted">${sayIn(lang, 'recs.ui.now', { metric: sayIn(lang, `recs.metric.${ev.metric.name}`), value: fmtIn(lang).percent(current.value), n: current.n })}</p>` : null}
      ${ev.simulated ? html`<p class="muted">${sayIn(lang, 'recs.ui.simulated')}</p>` : null}
      <${Sources} ev=${ev} language=${lang} />
    </div></details>
    <div class="actions">${ACTIONS[rec.status].map((action, i) => html`<button type="button" class=${i === 0 ? 'small' : 'secondary small'} onClick=${() => onMove(rec, action)}>${sayKey(`recs.ui.action.${action}`)}</button>`)}
      <button type="button" class="link" aria-expanded=${open} onClick=${() => setOpen(!open)}>${say(open ? 'recs.ui.hide' : 'recs.ui.effectAndHistory')}</button></div>
    ${open ? html`<${Detail} slug=${slug} rec=${rec} />` : null}
  </li>`;
}

export function Recs({ workspace }) {
  const board = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/recs', { params: { path: { workspace: workspace } } })), [workspace]);
  const move = useAction();
  const gen = useAction();
  const [notice, setNotice] = useState('');
  const onMove = (rec, action) => move.run(async () => {
    setNotice('');
    try {
      const body = { action, expectedStatus: rec.status, expectedVersion: rec.state_version, idempotencyKey: newKey() };
      if (rec.compliance_flag && (action === 'submit' || action === 'verify')) {
        if (!confirm(say('recs.ui.complianceConfirm'))) return;
        body.complianceApproved = true;
      }
      const moved = await call(client.POST('/api/v1/workspaces/{workspace}/recs/{id}/transition', { params: { path: { workspace, id: rec.rec_id } }, body }));
      setNotice(say('recs.ui.moved', { title: moved.title ?? rec.title, status: statusWord(moved.status) }));
    } catch (err) {
      if (err.code !== 'stale_state') throw err;
      const now = err.details?.currentStatus;
      setNotice(STATUSES.includes(now) ? say('recs.ui.stale', { title: rec.title, status: statusWord(now) }) : say('recs.ui.staleElsewhere', { title: rec.title }));
    } finally {
      board.reload();
    }
  });
  const generate = (lane) => gen.run(async () => {
    const job = await call(client.POST('/api/v1/workspaces/{workspace}/recs/generate', { params: { path: { workspace: workspace } }, body: { lane } }));
    setNotice(say('recs.ui.generating', { lane }));
    const done = await waitForJob(workspace, job.id, { maxTries: 60 });
    setNotice(generationNotice(done, sayKey));
    board.reload();
  });
  return html`<h1>${say('recs.ui.heading')}</h1>
    <div class="controls">
      <button type="button" onClick=${() => generate('geo')} disabled=${gen.busy}>${say('recs.ui.generateGeo')}</button>
      <button type="button" class="secondary" onClick=${() => generate('seo')} disabled=${gen.busy}>${say('recs.ui.generateSeo')}</button>
    </div>
    <div aria-live="polite"><${Notice}>${notice}</${Notice}></div>
    <${Alert} error=${board.error ?? move.error ?? gen.error} />
    ${board.loading && !board.data ? html`<${Loading} />` : null}
    ${board.data ? html`<div class="rec-groups">${STATUSES.map((status) => {
      const items = board.data[status];
      const list = html`<ul class="plain rec-list">${items.map((rec) => html`<${Card} key=${rec.rec_id} slug=${workspace} rec=${rec} onMove=${onMove} />`)}</ul>`;
      return html`<section class="rec-group" aria-labelledby=${`col-${status}`} id=${`col-${status}-list`}>
        <h2 id=${`col-${status}`}>${statusWord(status)} <span class="count">${fmt.count(items.length)}</span></h2>
        ${!items.length ? html`<p class="muted empty">${sayKey(`recs.ui.empty.${status}`)}</p>` : status === 'archived' ? html`<details><summary>${say('recs.ui.showArchived', { n: items.length })}</summary>${list}</details>` : list}
      </section>`;
    })}</div>` : null}`;
}
