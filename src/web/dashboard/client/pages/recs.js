// Recommendations as a list grouped by the five statuses (a five-column board clipped at 1280 px). Each card offers only the actions its status
// allows (spec 3.2); a move someone else made first (409 stale_state) reloads the board and says so.
import { Alert, Loading, Notice, fmt, html, newKey, plural, useAction, useLoad, useState, waitForJob, call, client } from '../lib.js';
import { generationNotice } from '../generation.ts';
import { Detail } from './recs-detail.js';
import { Sources, figureSentence, fmtIn, sayIn } from './recs-words.js';

export const STATUSES = [['proposed', 'Proposed'], ['todo', 'To do'], ['in_review', 'In review'], ['done', 'Done'], ['archived', 'Archived']];
export const ACTIONS = {
  proposed: [['accept', 'Accept'], ['decline', 'Decline']],
  todo: [['submit', 'Submit for review'], ['archive', 'Archive']],
  in_review: [['verify', 'Verify done'], ['request_changes', 'Request changes'], ['archive', 'Archive']],
  done: [['stale_reopen', 'Reopen'], ['archive', 'Archive']],
  archived: [['restore', 'Restore']],
};

const LANES = { geo: 'AI answers (GEO)', seo: 'Search (SEO)' };
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
      <span class="badge" title=${LANES[rec.lane] ?? ''}>${sayIn(lang, `recs.type.${rec.type}`)}</span>${rec.compliance_flag ? html` <span class="badge">${sayIn(lang, 'recs.ui.compliance')}</span>` : null}</p>
    <p class="why">${sentence(why)}</p>
    <details class="evidence"><summary>${sayIn(lang, 'recs.ui.evidence')}</summary>
      ${rest ? html`<p>${sentence(rest)}</p>` : null}
      ${ev.figures?.length ? html`<ul class="plain figures">${ev.figures.slice(0, 3).map((f) => html`<li>${figureSentence(f, lang)}</li>`)}</ul>` : null}
      ${current && ev.metric?.name ? html`<p class="muted">${sayIn(lang, 'recs.ui.now', { metric: sayIn(lang, `recs.metric.${ev.metric.name}`), value: fmtIn(lang).percent(current.value), n: current.n })}</p>` : null}
      ${ev.simulated ? html`<p class="muted">${sayIn(lang, 'recs.ui.simulated')}</p>` : null}
      <${Sources} ev=${ev} language=${lang} />
    </details>
    <div class="actions">${ACTIONS[rec.status].map(([action, label]) => html`<button type="button" class=${action === ACTIONS[rec.status][0][0] ? 'small' : 'secondary small'} onClick=${() => onMove(rec, action)}>${label}</button>`)}
      <button type="button" class="link" aria-expanded=${open} onClick=${() => setOpen(!open)}>${open ? sayIn(lang, 'recs.ui.hide') : sayIn(lang, 'recs.ui.effectAndHistory')}</button></div>
    ${open ? html`<${Detail} slug=${slug} rec=${rec} />` : null}
  </li>`;
}

const EMPTY = {
  proposed: 'Nothing proposed. Recommendations come from the latest run’s answers: generate them above.',
  todo: 'Nothing to do yet. Accept a proposed recommendation to plan it.',
  in_review: 'Nothing waiting for review.',
  done: 'Nothing done yet. A verified recommendation lands here and its effect is measured by the next run.',
  archived: 'Nothing archived.',
};

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
        if (!confirm('This item makes health or product claims. Confirm that compliance approved it.')) return;
        body.complianceApproved = true;
      }
      const moved = await call(client.POST('/api/v1/workspaces/{workspace}/recs/{id}/transition', { params: { path: { workspace, id: rec.rec_id } }, body }));
      setNotice(`“${rec.title}” moved to ${STATUSES.find(([s]) => s === moved.status)[1]}.`);
    } catch (err) {
      if (err.code !== 'stale_state') throw err;
      const now = STATUSES.find(([s]) => s === err.details?.currentStatus)?.[1] ?? 'elsewhere';
      setNotice(`Someone else changed “${rec.title}” first (it is now in ${now}). The board was reloaded; check it and try again.`);
    } finally {
      board.reload();
    }
  });
  const generate = (lane) => gen.run(async () => {
    const job = await call(client.POST('/api/v1/workspaces/{workspace}/recs/generate', { params: { path: { workspace: workspace } }, body: { lane } }));
    setNotice(`Generating ${lane.toUpperCase()} recommendations…`);
    const done = await waitForJob(workspace, job.id, { maxTries: 60 });
    setNotice(generationNotice(done, plural));
    board.reload();
  });
  return html`<h1>Recommendations</h1>
    <div class="controls">
      <button type="button" onClick=${() => generate('geo')} disabled=${gen.busy}>Generate GEO recommendations (free)</button>
      <button type="button" class="secondary" onClick=${() => generate('seo')} disabled=${gen.busy}>Generate SEO recommendations (uses credit)</button>
    </div>
    <div aria-live="polite"><${Notice}>${notice}</${Notice}></div>
    <${Alert} error=${board.error ?? move.error ?? gen.error} />
    ${board.loading && !board.data ? html`<${Loading} />` : null}
    ${board.data ? html`<div class="rec-groups">${STATUSES.map(([status, label]) => {
      const items = board.data[status];
      const list = html`<ul class="plain rec-list">${items.map((rec) => html`<${Card} key=${rec.rec_id} slug=${workspace} rec=${rec} onMove=${onMove} />`)}</ul>`;
      return html`<section class="rec-group" aria-labelledby=${`col-${status}`} id=${`col-${status}-list`}>
        <h2 id=${`col-${status}`}>${label} <span class="count">${fmt.count(items.length)}</span></h2>
        ${!items.length ? html`<p class="muted empty">${EMPTY[status]}</p>` : status === 'archived' ? html`<details><summary>Show ${fmt.count(items.length)} archived</summary>${list}</details>` : list}
      </section>`;
    })}</div>` : null}`;
}
