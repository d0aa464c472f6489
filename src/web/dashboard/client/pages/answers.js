// Answers: what the engines said, whole. The list (newest first, filtered and searched, a page at
// a time) and a reader: the answer with each tracked name marked, the words that set its tone
// underlined, its sources numbered (cited apart from retrieved only), what the engine searched,
// and what changed since the previous answer to the same prompt on the same engine.
import { pieces } from '../answer-pieces.ts';
import { Recognition } from './answers-recognition.js';
import { Alert, ENGINES, Loading, Simulated, answersHref, call, client, day, engineName, fmt, html, say, sayCode, sayWith, toneWord, useAction, useEffect, useLoad, useState, when } from '../lib.js';

/** @typedef {import('../lib.js').Query<'/api/v1/workspaces/{workspace}/answers'>} AnswersQuery */

const MENTIONS = /** @type {const} */ ([['', say('dashboard.answers.anyone')], ['brand', say('dashboard.answers.namesBrand')], ['none', say('dashboard.answers.namesNone')], ['unknown', say('dashboard.answers.unknownBrand')]]);
const SNIPPET = 180;
/** Answers a page: 20, or 10 on a phone, so that a page stays a few screens long. */
const PAGE = typeof matchMedia === 'function' && matchMedia('(max-width: 700px)').matches ? 10 : 20;
/** A tone label as a reader says it (`null`: the answer does not name the brand). */
const tone = (label) => (label ? toneWord(label) : say('dashboard.runs.notNamed'));

/** @typedef {Omit<AnswersQuery, 'limit' | 'cursor'>} Filters */

/**
 * The filters the address carries (links from runs and figures), so that a filtered list can be
 * shared; a value the API does not know is refused by it with a message naming the filter.
 * @returns {Filters}
 */
function filtersFromAddress() {
  const p = new URLSearchParams(location.search);
  const keep = (key) => p.get(key) || undefined;
  return /** @type {Filters} */ ({
    q: keep('q'), engine: keep('engine'), surface: keep('surface'), mentions: keep('mentions'), runId: keep('runId'), promptId: keep('promptId'),
    cited: keep('cited'), sentiment: keep('sentiment'), from: keep('from'), to: keep('to'),
  });
}

function toAddress(filters, answerId) {
  const p = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) p.set(key, value);
  if (answerId) p.set('answer', answerId);
  const query = p.toString();
  history.replaceState(null, '', `${location.pathname}${query ? `?${query}` : ''}`);
}

/**
 * Markdown's bold markers (`**`), which engines write and a reader should not see: kept in the
 * page's text (the offsets and a copy stay exact) but not displayed.
 */
const withoutMarkup = (text) => text.split(/(\*\*)/).map((part) => (part === '**' ? html`<span class="markup">**</span>` : part));
/** The answer's start for the list, as read (bold markers dropped). */
const snippet = (text) => {
  const plain = text.replaceAll('**', '');
  return plain.length > SNIPPET ? `${plain.slice(0, SNIPPET).trimEnd()}…` : plain;
};

/** The class that colours a tracked name: the brand in one colour, each competitor in one of six. */
const colourOf = (entities) => (entityId) => {
  if (entityId === 'brand') return 'entity-brand';
  const others = entities.filter((e) => e.kind === 'competitor').map((e) => e.entityId);
  return `entity-c${Math.max(0, others.indexOf(entityId)) % 6}`;
};

/** @typedef {import('../../../../client/api.ts').paths['/api/v1/workspaces/{workspace}/answers/{id}']['get']['responses'][200]['content']['application/json']['answer']} Answer */

/** @param {{ answer: Answer }} props */
function AnswerText({ answer }) {
  const colour = colourOf(answer.entities);
  return html`<div class="answer-text">${pieces(answer.text, answer.mentions, answer.sentiment.evidence).map((p) => {
    const shown = withoutMarkup(p.text);
    const words = p.evidence ? html`<u class="evidence" title=${say('dashboard.answers.toneCue', { cue: p.evidence.cue })}>${shown}</u>` : shown;
    return p.mention ? html`<mark data-entity=${p.mention.entityId} class=${colour(p.mention.entityId)}>${words}</mark>` : words;
  })}</div>`;
}

function Legend({ answer }) {
  if (!answer.entities.length) return html`<p class="muted">${say('dashboard.answers.noNames')}</p>`;
  const colour = colourOf(answer.entities);
  return html`<ul class="legend plain" aria-label=${say('dashboard.answers.namesIn')}>${answer.entities.map((e) => html`<li>
    <mark data-entity=${e.entityId} class=${colour(e.entityId)}>${e.name}</mark>${' '}<small class="muted">${say(e.kind === 'brand' ? 'dashboard.answers.yourBrand' : 'dashboard.answers.competitor')}${e.rank ? ` · ${say('dashboard.answers.position', { rank: e.rank })}` : ''}${e.sentiment ? ` · ${tone(e.sentiment)}` : ''}</small></li>`)}</ul>`;
}

function Sources({ answer, slug }) {
  const cited = answer.citations.filter((c) => c.cited);
  const retrieved = answer.citations.filter((c) => !c.cited);
  const item = (c) => html`<li><a href=${c.url} rel="noopener noreferrer nofollow" target="_blank">${c.title || c.url}</a> <small class="muted">${c.domain} · ${say(c.class === 'owned' ? 'dashboard.answers.yourSite' : c.class === 'competitor' ? 'dashboard.answers.competitorSite' : 'dashboard.answers.thirdParty')} · <a href=${answersHref(slug, { cited: c.domain })} aria-label=${say('dashboard.answers.citingLabel', { domain: c.domain })}>${say('dashboard.answers.citingIt')}</a></small></li>`;
  return html`<h3>${say('dashboard.answers.sources')}</h3>
    ${cited.length ? html`<ol class="sources" id="cited-sources">${cited.map(item)}</ol>` : html`<p class="muted">${say('dashboard.answers.noSource')}</p>`}
    ${retrieved.length ? html`<h4>${say('dashboard.answers.readNotCited')}</h4><ol class="sources muted" id="retrieved-sources" start=${cited.length + 1}>${retrieved.map(item)}</ol>` : null}
    ${answer.fanOutQueries.length ? html`<h3>${say('dashboard.answers.searched')}</h3><ul class="plain" id="fan-out">${answer.fanOutQueries.map((q) => html`<li>${q}</li>`)}</ul>` : null}`;
}

function Changes({ changes, previous }) {
  const names = (list) => list.map((e) => e.name).join(', ');
  const lines = [
    changes.entered.length ? say('dashboard.answers.nowNamed', { list: names(changes.entered) }) : null,
    changes.left.length ? say('dashboard.answers.noLongerNamed', { list: names(changes.left) }) : null,
    changes.citationsGained.length ? say('dashboard.answers.newlyCited', { list: changes.citationsGained.join(', ') }) : null,
    changes.citationsLost.length ? say('dashboard.answers.noLongerCited', { list: changes.citationsLost.join(', ') }) : null,
    changes.sentiment.changed ? say('dashboard.answers.toneChanged', { from: tone(changes.sentiment.from), to: tone(changes.sentiment.to) }) : null,
  ].filter(Boolean);
  return html`<section id="answer-changes" aria-labelledby="changes-h"><h3 id="changes-h">${say('dashboard.answers.comparedWith', { when: when(previous.createdAt) })}</h3>
    ${lines.length ? html`<ul>${lines.map((l) => html`<li>${l}</li>`)}</ul>` : html`<p>${say('dashboard.answers.same')}</p>`}
    <details><summary>${say('dashboard.answers.previous')}</summary><${AnswerText} answer=${previous} /></details></section>`;
}

function Reader({ slug, id, onClose }) {
  const [state, setState] = useState({ data: null, error: null });
  const [compare, setCompare] = useState(false);
  useEffect(() => {
    setState({ data: null, error: null });
    setCompare(false);
    call(client.GET('/api/v1/workspaces/{workspace}/answers/{id}', { params: { path: { workspace: slug, id } } }))
      .then((data) => setState({ data, error: null }), (error) => setState({ data: null, error }));
  }, [slug, id]);
  if (state.error) return html`<${Alert} error=${state.error} />`;
  if (!state.data) return html`<${Loading} what=${say('dashboard.answers.loadingOne')} />`;
  const { answer, previous, changes } = state.data;
  return html`<article class="card reader" id="answer-reader" aria-labelledby="reader-h">
    <p><button type="button" class="secondary small" onClick=${onClose}>${say('dashboard.answers.back')}</button></p>
    <h2 id="reader-h">${answer.prompt}</h2>
    <p class="muted">${answer.engine.name} · ${when(answer.createdAt)}${answer.modelVersion ? ` · ${answer.modelVersion}` : ''} · ${fmt.languageName(answer.language)}${' '}
      <${Simulated} simulated=${answer.simulated} /></p>
    ${answer.unknownToEngine ? html`<p class="notice" id="answer-unknown">${sayWith('dashboard.answers.unknownSaid', {}, { sentence: html`<q>${answer.text.slice(answer.unknownToEngine.start, answer.unknownToEngine.end).replaceAll("**", "")}</q>` })}</p>` : null}
    <${Legend} answer=${answer} />
    <${AnswerText} answer=${answer} />
    ${answer.unknownToEngine ? null : html`<p id="answer-tone">${sayWith('dashboard.answers.tone', {}, { tone: html`<strong>${tone(answer.sentiment.label)}</strong>` })}${answer.sentiment.evidence.length ? html` <small class="muted">${say('dashboard.answers.underlined')}</small>` : null}</p>`}
    <${Sources} answer=${answer} slug=${slug} />
    ${previous && changes
      ? (compare ? html`<${Changes} changes=${changes} previous=${previous} />` : html`<p><button type="button" class="secondary" id="compare" onClick=${() => setCompare(true)}>${say('dashboard.answers.compare')}</button></p>`)
      : html`<p class="muted">${say('dashboard.answers.first', { engine: answer.engine.name })}</p>`}
  </article>`;
}

/** The period a figure counted, in words: one day, or its bounds. */
function periodOf(filters) {
  if (filters.from && filters.from === filters.to) return say('dashboard.answers.onDay', { date: day(filters.from) });
  if (filters.from && filters.to) return say('dashboard.answers.fromTo', { from: day(filters.from), to: day(filters.to) });
  return filters.from ? say('dashboard.answers.from', { date: day(filters.from) }) : filters.to ? say('dashboard.answers.until', { date: day(filters.to) }) : '';
}

function Filters({ slug, filters, onChange }) {
  const [q, setQ] = useState(filters.q ?? '');
  // The competitors by name, so that "names Globex" (mentions=competitor:0, from a scoreboard row) is a choice of the list.
  const rivals = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/competitors', { params: { path: { workspace: slug } } })).catch(() => ({ competitors: [] })), [slug]);
  const mentions = [...MENTIONS, ...(rivals.data?.competitors ?? []).map((c) => [`competitor:${c.index}`, say('dashboard.answers.names', { name: c.name })])];
  // An entity the list does not know (yet) still shows as chosen rather than as "Anyone".
  if (filters.mentions && !mentions.some(([v]) => v === filters.mentions)) mentions.push([filters.mentions, say('dashboard.answers.names', { name: filters.mentions })]);
  const set = (key) => (e) => onChange({ ...filters, [key]: e.target.value || undefined });
  const chip = (keys, label) => (keys.some((k) => filters[k]) ? html`<li><span class="badge">${label}</span> <button type="button" class="secondary small" onClick=${() => onChange({ ...filters, ...Object.fromEntries(keys.map((k) => [k, undefined])) })}>${say('dashboard.answers.showAll')}<span class="visually-hidden"> ${say('dashboard.answers.insteadOf', { label })}</span></button></li>` : null);
  return html`<form class="controls" role="search" aria-label=${say('dashboard.answers.find')} onSubmit=${(e) => { e.preventDefault(); onChange({ ...filters, q: q.trim() || undefined }); }}>
      <label>${say('dashboard.answers.search')} <input id="answers-q" type="search" value=${q} maxLength="500" onInput=${(e) => setQ(e.target.value)} placeholder=${say('dashboard.answers.searchHint')} /></label>
      <label>${say('col.engine')} <select id="answers-engine" value=${filters.engine ?? ''} onChange=${set('engine')}><option value="">${say('format.allEngines')}</option>${ENGINES.map((e) => html`<option value=${e}>${engineName(e)}</option>`)}</select></label>
      <label>${say('dashboard.answers.namesLabel')} <select id="answers-mentions" value=${filters.mentions ?? ''} onChange=${set('mentions')}>${mentions.map(([v, l]) => html`<option value=${v}>${l}</option>`)}</select></label>
      <button type="submit" class="small">${say('dashboard.common.search')}</button>
    </form>
    <ul class="plain chips" id="answers-chips">${chip(['runId'], say('dashboard.answers.oneRun'))}${chip(['promptId'], say('dashboard.answers.onePrompt'))}${chip(['from', 'to'], periodOf(filters))}${chip(['surface'], say(filters.surface === 'product' ? 'dashboard.answers.productOnly' : 'dashboard.answers.apiOnly'))}${chip(['cited'], say('dashboard.answers.citing', { domain: filters.cited ?? '' }))}${chip(['sentiment'], say('dashboard.answers.toneChip', { tone: tone(filters.sentiment) }))}</ul>`;
}

export function Answers({ workspace }) {
  const [filters, setFilters] = useState(/** @type {Filters} */ (filtersFromAddress()));
  const [open, setOpen] = useState(() => new URLSearchParams(location.search).get('answer'));
  const [pages, setPages] = useState({ answers: [], nextCursor: null, loading: true, error: null });
  const more = useAction();
  const load = (cursor) => call(client.GET('/api/v1/workspaces/{workspace}/answers', { params: { path: { workspace }, query: { ...filters, limit: PAGE, ...(cursor ? { cursor } : {}) } } }));
  useEffect(() => {
    let live = true;
    setPages({ answers: [], nextCursor: null, loading: true, error: null });
    load(null).then((page) => live && setPages({ ...page, loading: false, error: null }), (error) => live && setPages({ answers: [], nextCursor: null, loading: false, error }));
    return () => { live = false; };
  }, [workspace, JSON.stringify(filters)]);
  useEffect(() => toAddress(filters, open), [JSON.stringify(filters), open]);
  const loadMore = () => more.run(async () => {
    const page = await load(pages.nextCursor);
    setPages({ ...pages, answers: [...pages.answers, ...page.answers], nextCursor: page.nextCursor });
  });

  if (open) return html`<h1>${say('dashboard.page.answers')}</h1><${Reader} slug=${workspace} id=${open} onClose=${() => setOpen(null)} />`;
  return html`<h1>${say('dashboard.page.answers')}</h1>
    <p class="lead">${say('dashboard.answers.lead')}</p>
    <${Recognition} slug=${workspace} />
    <${Filters} slug=${workspace} filters=${filters} onChange=${setFilters} />
    <${Alert} error=${pages.error} />
    ${pages.loading ? html`<${Loading} what=${say('dashboard.answers.loading')} />` : null}
    ${!pages.loading && !pages.error && !pages.answers.length ? html`<p id="answers-empty">${Object.values(filters).some(Boolean) ? say('dashboard.answers.noMatch') : html`${say('dashboard.answers.noneYet')} <a href=${`/w/${workspace}/runs`}>${say('dashboard.overview.startRunLink')}</a>`}</p>` : null}
    <ol class="plain answers" id="answers">${pages.answers.map((a) => html`<li class="card answer-item">
      <p><strong>${a.prompt}</strong></p>
      <p class="muted">${a.engine.name} · ${when(a.createdAt)} · ${a.entities.length ? say('dashboard.answers.namesList', { list: a.entities.map((e) => e.name).join(', ') }) : say('dashboard.answers.namesNoOne')}${a.sentiment.label ? ` · ${tone(a.sentiment.label)}` : ''}${a.unknownToEngine ? html` · <span class="badge">${say('dashboard.answers.unknownBrand')}</span>` : null} <${Simulated} simulated=${a.simulated} /></p>
      <p class="snippet">${snippet(a.text)}</p>
      <button type="button" class="secondary small" onClick=${() => setOpen(a.id)}>${say('dashboard.answers.readWhole')}</button>
    </li>`)}</ol>
    ${pages.nextCursor ? html`<p><button type="button" class="secondary" id="answers-more" onClick=${loadMore} disabled=${more.busy}>${say('dashboard.answers.more', { n: PAGE })}</button></p>` : null}
    <${Alert} error=${more.error} />`;
}
