// Recommendations as a list grouped by the five statuses (a five-column board clipped at 1280 px). Each card offers only the actions its status
// allows (spec 3.2); a move someone else made first (409 stale_state) reloads the board and says so.
import { Alert, Loading, Notice, Simulated, fmt, html, newKey, plural, useAction, useLoad, useState, waitForJob, words, call, client } from '../lib.js';
import { generationNotice } from '../generation.ts';
import { Detail } from './recs-detail.js';

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
/**
 * A figure as a line: "Answers naming competitors but not the brand: 75.0% (95% 30.1–95.4%, 3 of 4
 * answers)." Labels are noun phrases, singular or plural ("click-through rate", "pages passing the
 * check"), so the value follows a colon, never "is".
 */
function figureSentence(f) {
  const label = String(f.label ?? '').trim().replace(/[.!?…]$/, '');
  const Label = `${label.charAt(0).toUpperCase()}${label.slice(1)}`;
  // A count is a count ("Previous clicks: 120."), not an average with an interval it cannot have.
  if (f.unit === 'count') return `${Label}: ${fmt.count(f.value)}.`;
  const value = f.unit === 'percent' ? fmt.percent(f.value) : fmt.decimal(f.value);
  const iv = f.interval ? `95% ${fmt.interval(f.interval, undefined, f.unit === 'percent' ? { unit: '%' } : {})}` : fmt.notEnough('no_interval');
  const of = f.k !== undefined && f.k !== null ? `${fmt.count(f.k)} of ${fmt.count(f.n)} ${f.n === 1 ? 'answer' : 'answers'}` : fmt.n(f.n);
  return `${Label}: ${value} (${iv}, ${of}).`;
}
/** Links only to sources real engines cited; a simulated engine's addresses are invented, so they are not links. */
function Sources({ ev }) {
  if (!ev.urls?.length) return null;
  const urls = ev.urls.slice(0, 5);
  if (ev.simulated) return html`<p class="muted">Sources named by simulated answers (not real pages): ${urls.map((u, i) => html`${i ? ', ' : ''}<span class="fake-url">${u}</span>`)}.</p>`;
  return html`<p>Sources cited: ${urls.map((u, i) => html`${i ? ', ' : ''}<a href=${u} rel="noopener noreferrer nofollow" target="_blank">${new URL(u, location.href).hostname}</a>`)}.</p>`;
}

function Card({ slug, rec, onMove }) {
  const [open, setOpen] = useState(false);
  const ev = rec.evidence ?? {};
  const current = ev.metric?.current;
  // A template's rationale already says what the evidence summary says; a model's may leave it out.
  return html`<li class="rec" data-rec=${rec.rec_id}>
    <h3>${rec.title}</h3>
    <p class="meta">${ev.simulated ? html`<${Simulated} simulated /> ` : null}<span class="badge">${LANES[rec.lane] ?? words(rec.lane)}</span> <span class="badge">${words(rec.type)}</span>${rec.compliance_flag ? html` <span class="badge">needs compliance approval</span>` : null}</p>
    <p><strong>Why:</strong> ${sentence(rec.rationale)}${ev.summary && rec.writtenBy === 'model' ? ` ${sentence(ev.summary)}` : ''}</p>
    ${ev.figures?.length ? html`<ul class="plain figures">${ev.figures.slice(0, 3).map((f) => html`<li>${figureSentence(f)}</li>`)}</ul>` : null}
    <p><strong>Expected effect:</strong> ${current ? html`moves ${words(ev.metric.name)} (${ev.metric.better ?? 'higher'} is better), today ${fmt.percent(current.value)} with 95% interval ${fmt.interval(current.interval, undefined, { unit: '%' })} over ${fmt.count(current.n)} ${current.n === 1 ? 'answer' : 'answers'}` : rec.status === 'done' ? 'measured now that it is done (Evidence and effect)' : 'not measurable before it is done'}; priority ${fmt.decimal(rec.scores?.priority, 'not_measured')} (impact ${fmt.decimal((rec.scores?.impact ?? NaN) * 100)}%, confidence ${fmt.decimal((rec.scores?.confidence ?? NaN) * 100)}%).</p>
    <${Sources} ev=${ev} />
    <div class="actions">${ACTIONS[rec.status].map(([action, label]) => html`<button type="button" class=${action === ACTIONS[rec.status][0][0] ? 'small' : 'secondary small'} onClick=${() => onMove(rec, action)}>${label}</button>`)}
      <button type="button" class="link" aria-expanded=${open} onClick=${() => setOpen(!open)}>${open ? 'Hide details' : 'Evidence and effect'}</button></div>
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
