// Recommendations as a list grouped by the five statuses (a five-column board clipped at 1280 px). Each card offers only the actions its status
// allows (spec 3.2); a move someone else made first (409 stale_state) reloads the board and says so.
// The board's own words are in the workspace's language, like its cards: the items' `language`, or
// (an empty board) the first of the workspace's languages the catalogue speaks.
import { Alert, Loading, Notice, fmt, html, newKey, useAction, useLoad, useState, waitForJob, call, client } from '../lib.js';
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
/** A status as the board names it, in `lang` ("Por hacer"). */
export const statusWord = (lang, status) => sayIn(lang, `recs.ui.status.${status}`);
const CATALOGUE = ['en', 'es', 'ca', 'fr'];
/** The board's language: its items' (the API says it), else the workspace's first language the catalogue speaks. */
export function boardLanguage(groups, languages) {
  const item = groups ? Object.values(groups).flat().find((r) => r?.language) : null;
  return item?.language ?? (languages ?? []).map((l) => String(l).toLowerCase().split(/[-_]/)[0]).find((l) => CATALOGUE.includes(l)) ?? 'en';
}

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
  return html`<li class="rec" data-rec=${rec.rec_id} lang=${lang}>
    <h3>${rec.title}</h3>
    <p class="meta">${ev.simulated ? html`<span class="badge simulated" title=${sayIn(lang, 'recs.ui.simulated')}>${sayIn(lang, 'recs.ui.simulatedBadge')}</span> ` : null}<span class=${`badge priority ${rec.priorityLevel ?? ''}`} title=${rec.priorityDetail ?? ''}>${rec.priorityLabel ?? fmt.decimal(rec.scores?.priority)}</span>
      <span class="badge" title=${rec.lane ? sayIn(lang, `recs.ui.lane.${rec.lane}`) : ''}>${sayIn(lang, `recs.type.${rec.type}`)}</span>${rec.compliance_flag ? html` <span class="badge">${sayIn(lang, 'recs.ui.compliance')}</span>` : null}</p>
    <p class="why">${sentence(why)}</p>
    <details class="evidence"><summary>${sayIn(lang, 'recs.ui.evidence')}</summary>
      ${rest ? html`<p>${sentence(rest)}</p>` : null}
      ${ev.figures?.length ? html`<ul class="plain figures">${ev.figures.slice(0, 3).map((f) => html`<li>${figureSentence(f, lang)}</li>`)}</ul>` : null}
      ${current && ev.metric?.name ? html`<p class="muted">${sayIn(lang, 'recs.ui.now', { metric: sayIn(lang, `recs.metric.${ev.metric.name}`), value: fmtIn(lang).percent(current.value), n: current.n })}</p>` : null}
      ${ev.simulated ? html`<p class="muted">${sayIn(lang, 'recs.ui.simulated')}</p>` : null}
      <${Sources} ev=${ev} language=${lang} />
    </details>
    <div class="actions">${ACTIONS[rec.status].map((action, i) => html`<button type="button" class=${i === 0 ? 'small' : 'secondary small'} onClick=${() => onMove(rec, action)}>${sayIn(lang, `recs.ui.action.${action}`)}</button>`)}
      <button type="button" class="link" aria-expanded=${open} onClick=${() => setOpen(!open)}>${open ? sayIn(lang, 'recs.ui.hide') : sayIn(lang, 'recs.ui.effectAndHistory')}</button></div>
    ${open ? html`<${Detail} slug=${slug} rec=${rec} />` : null}
  </li>`;
}

export function Recs({ workspace }) {
  const board = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/recs', { params: { path: { workspace: workspace } } })), [workspace]);
  // Only an empty board needs it: its items say their language otherwise.
  const settings = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/settings', { params: { path: { workspace: workspace } } })).catch(() => null), [workspace]);
  const lang = boardLanguage(board.data, settings.data?.languages);
  const F = fmtIn(lang);
  const move = useAction();
  const gen = useAction();
  const [notice, setNotice] = useState('');
  const onMove = (rec, action) => move.run(async () => {
    setNotice('');
    const said = rec.language ?? lang;
    try {
      const body = { action, expectedStatus: rec.status, expectedVersion: rec.state_version, idempotencyKey: newKey() };
      if (rec.compliance_flag && (action === 'submit' || action === 'verify')) {
        if (!confirm(sayIn(said, 'recs.ui.complianceConfirm'))) return;
        body.complianceApproved = true;
      }
      const moved = await call(client.POST('/api/v1/workspaces/{workspace}/recs/{id}/transition', { params: { path: { workspace, id: rec.rec_id } }, body }));
      setNotice(sayIn(said, 'recs.ui.moved', { title: moved.title ?? rec.title, status: statusWord(said, moved.status) }));
    } catch (err) {
      if (err.code !== 'stale_state') throw err;
      const now = err.details?.currentStatus;
      setNotice(STATUSES.includes(now) ? sayIn(said, 'recs.ui.stale', { title: rec.title, status: statusWord(said, now) }) : sayIn(said, 'recs.ui.staleElsewhere', { title: rec.title }));
    } finally {
      board.reload();
    }
  });
  const generate = (lane) => gen.run(async () => {
    const job = await call(client.POST('/api/v1/workspaces/{workspace}/recs/generate', { params: { path: { workspace: workspace } }, body: { lane } }));
    setNotice(sayIn(lang, 'recs.ui.generating', { lane }));
    const done = await waitForJob(workspace, job.id, { maxTries: 60 });
    setNotice(generationNotice(done, (key, params) => sayIn(lang, key, params)));
    board.reload();
  });
  return html`<h1 lang=${lang}>${sayIn(lang, 'recs.ui.heading')}</h1>
    <div class="controls" lang=${lang}>
      <button type="button" onClick=${() => generate('geo')} disabled=${gen.busy}>${sayIn(lang, 'recs.ui.generateGeo')}</button>
      <button type="button" class="secondary" onClick=${() => generate('seo')} disabled=${gen.busy}>${sayIn(lang, 'recs.ui.generateSeo')}</button>
    </div>
    <div aria-live="polite" lang=${lang}><${Notice}>${notice}</${Notice}></div>
    <${Alert} error=${board.error ?? move.error ?? gen.error} />
    ${board.loading && !board.data ? html`<${Loading} />` : null}
    ${board.data ? html`<div class="rec-groups" lang=${lang}>${STATUSES.map((status) => {
      const items = board.data[status];
      const list = html`<ul class="plain rec-list">${items.map((rec) => html`<${Card} key=${rec.rec_id} slug=${workspace} rec=${rec} onMove=${onMove} />`)}</ul>`;
      return html`<section class="rec-group" aria-labelledby=${`col-${status}`} id=${`col-${status}-list`}>
        <h2 id=${`col-${status}`}>${statusWord(lang, status)} <span class="count">${F.count(items.length)}</span></h2>
        ${!items.length ? html`<p class="muted empty">${sayIn(lang, `recs.ui.empty.${status}`)}</p>` : status === 'archived' ? html`<details><summary>${sayIn(lang, 'recs.ui.showArchived', { n: items.length })}</summary>${list}</details>` : list}
      </section>`;
    })}</div>` : null}`;
}
