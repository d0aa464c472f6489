// Recommendations as a board of the five statuses. Each card offers only the actions its status
// allows (spec 3.2); a move someone else made first (409 stale_state) reloads the board and says so.
import { Alert, Loading, Notice, Simulated, api, html, interval, newKey, num, when, useAction, useLoad, useState, ws } from '../lib.js';

export const STATUSES = [['proposed', 'Proposed'], ['todo', 'To do'], ['in_review', 'In review'], ['done', 'Done'], ['archived', 'Archived']];
export const ACTIONS = {
  proposed: [['accept', 'Accept'], ['decline', 'Decline']],
  todo: [['submit', 'Submit for review'], ['archive', 'Archive']],
  in_review: [['verify', 'Verify done'], ['request_changes', 'Request changes'], ['archive', 'Archive']],
  done: [['stale_reopen', 'Reopen'], ['archive', 'Archive']],
  archived: [['restore', 'Restore']],
};

function Detail({ slug, rec }) {
  const { data, error, loading, reload } = useLoad(() => api('GET', ws(slug, `/recs/${rec.rec_id}`)), [rec.rec_id, rec.state_version]);
  const draft = useAction();
  const [text, setText] = useState('');
  if (loading) return html`<${Loading} />`;
  if (error) return html`<${Alert} error=${error} />`;
  const ev = data.evidence ?? {};
  const effect = data.effect;
  const makeDraft = () => draft.run(async () => { setText((await api('POST', ws(slug, `/recs/${rec.rec_id}/draft`))).text); reload(); });
  return html`<div class="detail">
    ${ev.summary ? html`<p>${ev.summary}</p>` : null}
    ${ev.figures?.length ? html`<ul class="plain">${ev.figures.map((f) => html`<li>${f.label}: <strong>${num(f.value)}${f.unit === 'percent' ? '%' : ''}</strong> <small class="muted">(${f.k} of ${f.n}, 95% ${interval(f.interval)})</small></li>`)}</ul>` : null}
    ${ev.simulated ? html`<p><${Simulated} simulated /> Evidence from simulated answers.</p>` : null}
    ${ev.urls?.length ? html`<p>Sources: ${ev.urls.slice(0, 5).map((u) => html`<code>${u}</code> `)}</p>` : null}
    <h4>Effect</h4>
    <p class="effect">${effect.verdict.replaceAll('_', ' ')} — ${effect.explanation}
      ${effect.before ? html`<br />Before: ${num(effect.before.value)} (95% ${interval(effect.before.interval)})` : null}
      ${effect.after ? html`<br />After: ${num(effect.after.value)} (95% ${interval(effect.after.interval)})` : null}</p>
    ${data.drafts.length ? html`<p>Drafts: ${data.drafts.map((d) => html`<span class="badge">v${d.version}${d.simulated ? ' simulated' : ''}</span> `)}</p>` : null}
    ${rec.type === 'reddit_thread' ? html`<button type="button" class="secondary small" onClick=${makeDraft} disabled=${draft.busy}>Write a draft reply</button>` : null}
    ${text ? html`<pre class="draft">${text}</pre>` : null}
    <${Alert} error=${draft.error} />
    ${data.history.length ? html`<details><summary>History</summary><ul class="plain">${data.history.map((h) => html`<li>${when(h.at)}: ${h.action} (${h.from} → ${h.to})</li>`)}</ul></details>` : null}
  </div>`;
}

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
    for (let i = 0; i < 60; i++) {
      const j = await api('GET', ws(workspace, `/jobs/${job.id}`));
      if (j.status !== 'running') { setNotice(`Generation ${j.status}.`); break; }
      await new Promise((r) => setTimeout(r, 1000));
    }
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
