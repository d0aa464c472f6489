// One recommendation opened on the board: its evidence (figures with n and 95% intervals, the
// prompts and sources behind it), its measured effect (against holdout prompts when it targets
// named prompts, else before/after; intervals and the verdict) and, for Reddit threads, the reply drafts — every version readable, a new one on demand.
import { Alert, Loading, Simulated, answersHref, fmt, html, interval, num, plural, say, when, useAction, useLoad, useState, call, client } from '../lib.js';
import { figureSentence, sayIn } from './recs-words.js';

const VERDICTS = ['improved', 'worse', 'no_detectable_change', 'pending'];
// The history's words (the board's English, as its buttons): never the action or status keys.
const STATUS_WORDS = { proposed: 'Proposed', todo: 'To do', in_review: 'In review', done: 'Done', archived: 'Archived' };
const ACTION_WORDS = { accept: 'accepted', decline: 'declined', submit: 'submitted for review', verify: 'verified done', request_changes: 'changes requested', archive: 'archived', restore: 'restored', reopen: 'reopened', stale_reopen: 'reopened' };

/** One side of the effect: value with k of n and its interval, or that it was not measured. */
function Measured({ label, m }) {
  return html`<li><strong>${label}:</strong> ${m ? html`${num(m.value)}% <small class="muted">(95% ${interval(m.interval)}; ${m.k ?? '—'} of ${m.n} ${m.n === 1 ? 'answer' : 'answers'}${m.observedAt ? `, ${when(m.observedAt)}` : ''})</small>${m.simulated ? html` <${Simulated} simulated />` : null}` : html`<span class="muted">not measured</span>`}</li>`;
}

/** The metric's scope in words: `{engine: 'gemini', promptIds: [..3]}` → "on Gemini, 3 prompts"; internal keys are never said. */
export function scopeText(scope) {
  if (!scope || typeof scope !== 'object') return '';
  const part = ([k, v]) => (k === 'promptIds' && Array.isArray(v) ? plural(v.length, 'prompt') : k === 'engine' ? `on ${fmt.engine(v)}` : k === 'language' ? `in ${fmt.languageName(v)}`
    : k === 'domain' || k === 'bot' || k === 'page' || k === 'query' ? String(v) : k === 'thread' ? 'the Reddit thread' : null);
  return Object.entries(scope).map(part).filter(Boolean).join(', ');
}

/** Answers and days on each side of a holdout comparison: "target 151 of 300 answers over 3 days after done (42 of 200 over 2 days before)". */
function Sides({ sides }) {
  const part = (s) => `${fmt.count(s.k)} of ${fmt.count(s.n)} ${s.n === 1 ? 'answer' : 'answers'} over ${plural(s.days, 'day')}`;
  const line = (label, x, prompts) => html`<li><strong>${label}</strong> (${plural(prompts, 'prompt')}): ${part(x.after)} after done; ${part(x.before)} before acceptance</li>`;
  return html`<ul class="plain effect-sides">${line('Target', sides.target, sides.prompts.target)}${line('Holdout', sides.holdout, sides.prompts.holdout)}</ul>`;
}

export function Effect({ effect }) {
  const metric = effect.metric ?? {};
  const scope = scopeText(metric.scope);
  // The headline is the shared formatter's line (the same numbers as reports and MCP), in the reader's locale.
  return html`<div class="effect-box">
    <h4>Effect</h4>
    ${effect.estimate ? html`<p class="effect-line" data-comparison=${effect.comparison}><strong>${fmt.effect(effect)}</strong></p>` : null}
    <p class="effect"><strong class=${`verdict ${effect.verdict}`}>${VERDICTS.includes(effect.verdict) ? say(`dashboard.verdict.${effect.verdict}`) : effect.verdict}</strong>. ${effect.explanation}</p>
    ${effect.sides ? html`<${Sides} sides=${effect.sides} />` : null}
    ${effect.comparison === 'before_after' && effect.comparisonReason ? html`<p class="muted">Compared before/after, not with holdout prompts: ${effect.comparisonReason}.</p>` : null}
    ${metric.name ? html`<p class="muted">Metric: ${sayIn('en', `recs.metric.${metric.name}`).toLowerCase()}${scope ? ` (${scope})` : ''}${metric.better ? `, ${metric.better} is better` : ''}</p>` : null}
    ${effect.before || effect.after ? html`<ul class="plain effect-values"><${Measured} label="Before (at acceptance)" m=${effect.before} /><${Measured} label="After (first run once done)" m=${effect.after} /></ul>` : null}
  </div>`;
}

/**
 * The rest of the evidence, in the workspace's language: the figures the card's Evidence does not
 * show (it shows the first three, and the sources), and the questions behind the item, each
 * leading to its answers (on the item's engine when it is about one).
 */
function Evidence({ slug, ev, language }) {
  const more = (ev.figures ?? []).slice(3);
  const engine = ev.metric?.scope?.engine;
  const answers = (promptId) => answersHref(slug, { ...(typeof engine === 'string' ? { engine } : {}), promptId });
  return html`${more.length ? html`<ul class="plain figures">${more.map((f) => html`<li>${figureSentence(f, language)}</li>`)}</ul>` : null}
    ${ev.prompts?.length ? html`<details><summary>${sayIn(language, 'recs.ui.prompts', { n: ev.prompts.length })}</summary><ul>${ev.prompts.slice(0, 10).map((p) => html`<li>${p.promptId ? html`<a href=${answers(p.promptId)}>${p.text}</a>` : p.text ?? p}</li>`)}</ul></details>` : null}`;
}

/** The drafts of a reddit_thread item: the current one shown, earlier versions one click away. */
function Drafts({ slug, rec, data, reload }) {
  const action = useAction();
  const [shown, setShown] = useState(data.current_draft_id);
  const make = () => action.run(async () => {
    const made = await call(client.POST('/api/v1/workspaces/{workspace}/recs/{id}/draft', { params: { path: { workspace: slug, id: rec.rec_id } } }));
    setShown(made.draftId);
    reload();
  });
  const current = data.drafts.find((d) => d.draftId === shown) ?? data.drafts[data.drafts.length - 1];
  return html`<div class="drafts">
    <h4>Reply drafts</h4>
    <p class="muted">Each draft discloses your affiliation in its first line. Writing one uses credit ($0.12).</p>
    ${data.drafts.length ? html`<div class="actions" role="group" aria-label="Draft versions">${data.drafts.map((d) => html`<button type="button" class="secondary small" aria-pressed=${current?.draftId === d.draftId}
        onClick=${() => setShown(d.draftId)}>Version ${d.version}${d.draftId === data.current_draft_id ? ' (current)' : ''}</button>`)}</div>` : html`<p>No draft yet.</p>`}
    ${current ? html`<p class="muted">Version ${current.version}, ${when(current.createdAt)}, ${current.model} ${current.simulated ? html`<${Simulated} simulated />` : null}</p>
      <pre class="draft" id=${`draft-${rec.rec_id}`}>${current.text}</pre>` : null}
    <button type="button" class="secondary small" onClick=${make} disabled=${action.busy}>${action.busy ? 'Writing…' : data.drafts.length ? 'Write another draft' : 'Write a draft reply'}</button>
    <${Alert} error=${action.error} />
  </div>`;
}

export function Detail({ slug, rec }) {
  const { data, error, loading, reload } = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/recs/{id}', { params: { path: { workspace: slug, id: rec.rec_id } } })), [rec.rec_id, rec.state_version]);
  if (loading && !data) return html`<${Loading} />`;
  if (error) return html`<${Alert} error=${error} />`;
  return html`<div class="detail">
    <${Evidence} slug=${slug} ev=${data.evidence ?? {}} language=${data.language ?? 'en'} />
    <${Effect} effect=${data.effect} />
    ${rec.type === 'reddit_thread' ? html`<${Drafts} slug=${slug} rec=${rec} data=${data} reload=${reload} />` : null}
    ${data.history.length ? html`<details><summary>History (${data.history.length})</summary><ul class="plain">${data.history.map((h) => html`<li>${when(h.at)}: ${ACTION_WORDS[h.action] ?? 'moved'} (${STATUS_WORDS[h.from] ?? h.from} → ${STATUS_WORDS[h.to] ?? h.to})${h.note ? ` — ${h.note}` : ''}</li>`)}</ul></details>` : null}
  </div>`;
}
