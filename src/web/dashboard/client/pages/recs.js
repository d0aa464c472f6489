// Recommendations as a board of the five statuses. Each card offers only the actions its status
// allows (spec 3.2); a move someone else made first (409 stale_state) reloads the board and says so.
import { Alert, Loading, Notice, api, html, jobReason, newKey, num, useAction, useLoad, useState, waitForJob, ws } from '../lib.js';
import { Detail } from './recs-detail.js';

export const STATUSES = [['proposed', 'Proposed'], ['todo', 'To do'], ['in_review', 'In review'], ['done', 'Done'], ['archived', 'Archived']];
export const ACTIONS = {
  proposed: [['accept', 'Accept'], ['decline', 'Decline']],
  todo: [['submit', 'Submit for review'], ['archive', 'Archive']],
  in_review: [['verify', 'Verify done'], ['request_changes', 'Request changes'], ['archive', 'Archive']],
  done: [['stale_reopen', 'Reopen'], ['archive', 'Archive']],
  archived: [['restore', 'Restore']],
};

function Card({ slug, rec, onMove }) {
  const [open, setOpen] = useState(false);
  return html`<li class="rec" data-rec=${rec.rec_id}>
    <h3>${rec.title}</h3>
    <p class="muted">${rec.lane.toUpperCase()} · ${rec.type.replaceAll('_', ' ')} · priority ${num(rec.scores?.priority)}${rec.compliance_flag ? ' · needs compliance approval' : ''}</p>
    <p>${rec.rationale}</p>
    <div class="actions">${ACTIONS[rec.status].map(([action, label]) => html`<button type="button" class=${action === ACTIONS[rec.status][0][0] ? 'small' : 'secondary small'} onClick=${() => onMove(rec, action)}>${label}</button>`)}
      <button type="button" class="link" aria-expanded=${open} onClick=${() => setOpen(!open)}>${open ? 'Hide details' : 'Evidence and effect'}</button></div>
    ${open ? html`<${Detail} slug=${slug} rec=${rec} />` : null}
  </li>`;
}

export function Recs({ workspace }) {
  const board = useLoad(() => api('GET', ws(workspace, '/recs')), [workspace]);
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
      const moved = await api('POST', ws(workspace, `/recs/${rec.rec_id}/transition`), body);
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
    const job = await api('POST', ws(workspace, '/recs/generate'), { lane });
    setNotice(`Generating ${lane.toUpperCase()} recommendations…`);
    const done = await waitForJob(workspace, job.id, { maxTries: 60 });
    setNotice(done.status === 'succeeded' ? `Generation ${done.status}.` : `Generation ${done.status}: ${jobReason(done)}`);
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
    ${board.data ? html`<div class="board">${STATUSES.map(([status, label]) => html`<section class="column" aria-labelledby=${`col-${status}`} id=${`col-${status}-list`}>
      <h2 id=${`col-${status}`}>${label} <span class="count">${board.data[status].length}</span></h2>
      <ul class="plain">${board.data[status].map((rec) => html`<${Card} key=${rec.rec_id} slug=${workspace} rec=${rec} onMove=${onMove} />`)}</ul>
    </section>`)}</div>` : null}`;
}
