// One recommendation opened on the board: its evidence (figures with n and 95% intervals, the
// prompts and sources behind it), its measured effect (against holdout prompts when it targets
// named prompts, else before/after; intervals and the verdict) and, for Reddit threads, the reply drafts — every version readable, a new one on demand.
import { Alert, LANG, Loading, answersHref, fmt, html, say, useAction, useLoad, useState, when, call, client } from '../lib.js';
import { figureSentence } from './recs-words.js';

// The panel's own words (headings, labels, verdicts, history, the drafts' buttons) are the
// catalogue's `recs.ui.` in the page's language; what the item itself says — the effect's
// summary and explanation (the API's), its figures, the questions behind it, a draft's text —
// stays in the item's `language`, marked with `lang`.
const VERDICTS = ['improved', 'worse', 'no_detectable_change', 'pending'];
const STATUSES = ['proposed', 'todo', 'in_review', 'done', 'archived'];
const ACTIONS = ['accept', 'decline', 'submit', 'verify', 'request_changes', 'archive', 'restore', 'reopen', 'stale_reopen'];
/** A `recs.` key built from a code the API sends (a verdict, a status, an action), said in the page's language. */
const sayKey = (key, params) => say(/** @type {import('../../../../lib/messages/index.ts').MessageKey} */ (key), params);
/** The simulated badge with the board's words. */
const Simulated = ({ simulated }) => (simulated ? html`<span class="badge simulated" title=${say('recs.ui.simulated')}>${say('recs.ui.simulatedBadge')}</span>` : null);

/** One side of the effect: value with k of n and its interval, or that it was not measured. */
function Measured({ label, m }) {
  return html`<li><strong>${label}:</strong> ${m ? html`${fmt.percent(m.value)} <small class="muted">${say('recs.ui.measuredDetail', { interval: fmt.interval(m.interval, undefined, { unit: '%' }), kOfN: say('recs.ui.kOfN', { k: m.k ?? 0, n: m.n }), when: m.observedAt ? `, ${when(m.observedAt)}` : '' })}</small>${m.simulated ? html` <${Simulated} simulated />` : null}` : html`<span class="muted">${say('recs.ui.notMeasured')}</span>`}</li>`;
}

/** The metric's scope in words: `{engine: 'gemini', promptIds: [..3]}` → "on Gemini, 3 questions"; internal keys are never said. */
export function scopeText(scope) {
  if (!scope || typeof scope !== 'object') return '';
  const part = ([k, v]) => (k === 'promptIds' && Array.isArray(v) ? say('recs.ui.scope.prompts', { n: v.length }) : k === 'engine' ? say('recs.ui.scope.engine', { engine: fmt.engine(v) })
    : k === 'language' ? say('recs.ui.scope.language', { language: fmt.languageName(v) }) : k === 'domain' || k === 'bot' || k === 'page' || k === 'query' ? String(v) : k === 'thread' ? say('recs.ui.scope.thread') : null);
  return Object.entries(scope).map(part).filter(Boolean).join(', ');
}

/** Answers and days on each side of a holdout comparison: "Questions worked on (1 question): 151 of 300 answers over 3 days after done; …". */
function Sides({ sides }) {
  const part = (s) => say('recs.ui.side', { k: fmt.count(s.k), n: s.n, days: s.days });
  const line = (key, x, prompts) => html`<li>${say('recs.ui.sides', { label: sayKey(key), prompts, after: part(x.after), before: part(x.before) })}</li>`;
  return html`<ul class="plain effect-sides">${line('recs.ui.target', sides.target, sides.prompts.target)}${line('recs.ui.holdout', sides.holdout, sides.prompts.holdout)}</ul>`;
}

export function Effect({ effect, lang = 'en' }) {
  const metric = effect.metric ?? {};
  const scope = scopeText(metric.scope);
  const better = metric.better === 'higher' || metric.better === 'lower' ? sayKey(`recs.ui.better.${metric.better}`) : '';
  // The headline is the API's summary: the shared formatter's line (the same numbers as reports and MCP), in the item's language.
  return html`<div class="effect-box">
    <h4>${say('recs.ui.effect')}</h4>
    ${effect.estimate ? html`<p class="effect-line" lang=${lang} data-comparison=${effect.comparison}><strong>${effect.summary ?? fmt.effect(effect)}</strong></p>` : null}
    <p class="effect"><strong class=${`verdict ${effect.verdict}`}>${VERDICTS.includes(effect.verdict) ? sayKey(`dashboard.verdict.${effect.verdict}`) : ''}</strong>. <span lang=${lang}>${effect.explanation}</span></p>
    ${effect.sides ? html`<${Sides} sides=${effect.sides} />` : null}
    ${effect.comparison === 'before_after' && effect.comparisonReason ? html`<p class="muted">${say('recs.ui.beforeAfter', { reason: effect.comparisonReason })}</p>` : null}
    ${metric.name ? html`<p class="muted">${say('recs.ui.measured', { metric: sayKey(`recs.metric.${metric.name}`).toLocaleLowerCase(LANG) })}${scope ? ` (${scope})` : ''}${better ? `, ${better}` : ''}</p>` : null}
    ${effect.before || effect.after ? html`<ul class="plain effect-values"><${Measured} label=${say('recs.ui.before')} m=${effect.before} /><${Measured} label=${say('recs.ui.after')} m=${effect.after} /></ul>` : null}
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
  return html`${more.length ? html`<ul class="plain figures" lang=${language}>${more.map((f) => html`<li>${figureSentence(f, language)}</li>`)}</ul>` : null}
    ${ev.prompts?.length ? html`<details><summary>${say('recs.ui.prompts', { n: ev.prompts.length })}</summary><ul lang=${language}>${ev.prompts.slice(0, 10).map((p) => html`<li>${p.promptId ? html`<a href=${answers(p.promptId)}>${p.text}</a>` : p.text ?? p}</li>`)}</ul></details>` : null}`;
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
  const price = fmt.usd(120_000);
  return html`<div class="drafts">
    <h4>${say('recs.ui.drafts')}</h4>
    <p class="muted">${say('recs.ui.draftsNote', { price })}</p>
    ${data.drafts.length ? html`<div class="actions" role="group" aria-label=${say('recs.ui.draftVersions')}>${data.drafts.map((d) => html`<button type="button" class="secondary small" aria-pressed=${current?.draftId === d.draftId}
        onClick=${() => setShown(d.draftId)}>${say(d.draftId === data.current_draft_id ? 'recs.ui.versionCurrent' : 'recs.ui.version', { n: d.version })}</button>`)}</div>` : html`<p>${say('recs.ui.noDraft')}</p>`}
    ${current ? html`<p class="muted">${say('recs.ui.draftMeta', { n: current.version, when: when(current.createdAt), model: current.model })} ${current.simulated ? html`<${Simulated} simulated />` : null}</p>
      <pre class="draft" id=${`draft-${rec.rec_id}`} lang=${rec.language ?? 'en'}>${current.text}</pre>` : null}
    <button type="button" class="secondary small" onClick=${make} disabled=${action.busy}>${say(action.busy ? 'recs.ui.writing' : data.drafts.length ? 'recs.ui.writeAnother' : 'recs.ui.writeFirst')}</button>
    <${Alert} error=${action.error} />
  </div>`;
}

export function Detail({ slug, rec }) {
  const { data, error, loading, reload } = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/recs/{id}', { params: { path: { workspace: slug, id: rec.rec_id } } })), [rec.rec_id, rec.state_version]);
  if (loading && !data) return html`<${Loading} />`;
  if (error) return html`<${Alert} error=${error} />`;
  const lang = data.language ?? rec.language ?? 'en';
  const status = (s) => (STATUSES.includes(s) ? sayKey(`recs.ui.status.${s}`) : s);
  const did = (a) => sayKey(ACTIONS.includes(a) ? `recs.ui.did.${a}` : 'recs.ui.did.other');
  return html`<div class="detail">
    <${Evidence} slug=${slug} ev=${data.evidence ?? {}} language=${lang} />
    <${Effect} effect=${data.effect} lang=${lang} />
    ${rec.type === 'reddit_thread' ? html`<${Drafts} slug=${slug} rec=${rec} data=${data} reload=${reload} />` : null}
    ${data.history.length ? html`<details><summary>${say('recs.ui.history', { n: data.history.length })}</summary><ul class="plain">${data.history.map((h) => html`<li>${when(h.at)}: ${did(h.action)} (${status(h.from)} → ${status(h.to)})${h.note ? ` — ${h.note}` : ''}</li>`)}</ul></details>` : null}
  </div>`;
}
