// Runs: start one (preset, samples, the cost quoted first), watch its progress, cancel it; and
// the run detail as a filterable table of prompts × engines.
import { wilsonPercent } from '../../../../lib/stats/wilson.ts';
import { Alert, ENGINES, Loading, Notice, Simulated, answersHref, engineName, fmt, html, newKey, num, say, sayCode, sayWith, tone, toneWord, usd, useAction, when, useEffect, useLoad, useState, words, call, client } from '../lib.js';

/** Each preset: its value, its name (the runs list says it) and what it asks. */
const PRESETS = /** @type {const} */ ([
  ['smoke', say('dashboard.runs.smoke'), say('dashboard.runs.smokeWhat')],
  ['lite', say('dashboard.runs.lite'), say('dashboard.runs.liteWhat')],
  ['standard', say('dashboard.runs.standard'), say('dashboard.runs.standardWhat')],
  ['searchx', say('dashboard.runs.search'), say('dashboard.runs.searchWhat')],
]);
const PRESET_NAMES = Object.fromEntries(PRESETS.map(([v, name]) => [v, name]));

function StartRun({ slug, onStarted, running }) {
  const [preset, setPreset] = useState(/** @type {import('../lib.js').Query<'/api/v1/workspaces/{workspace}/runs/quote'>['preset']} */ ('smoke'));
  const [samples, setSamples] = useState(1);
  // Adaptive sampling: extra samples only where an interval straddles a decision or is wider than the target.
  const [adaptive, setAdaptive] = useState(false);
  const [width, setWidth] = useState(30);
  const sampling = adaptive ? { mode: /** @type {const} */ ('adaptive'), targetWidth: width } : null;
  const quote = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/runs/quote', { params: { path: { workspace: slug }, query: { preset, samples, batch: false, ...(sampling ? { sampling: 'adaptive', targetWidth: width } : {}) } } })), [slug, preset, samples, adaptive, width]);
  const balance = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/credits/balance', { params: { path: { workspace: slug } } })), [slug, running]);
  const action = useAction();
  const start = (e) => {
    e.preventDefault();
    action.run(async () => onStarted(await call(client.POST('/api/v1/workspaces/{workspace}/runs', { params: { path: { workspace: slug } }, body: { preset, samples, ...(sampling ? { sampling } : {}), idempotencyKey: newKey() } }))));
  };
  const q = quote.data;
  const short = q && balance.data && q.estimateMicrousd > balance.data.availableMicrousd;
  return html`<form class="card stack" onSubmit=${start} aria-labelledby="start-h">
    <h2 id="start-h">${say('dashboard.runs.startHeading')}</h2>
    <fieldset><legend>${say('dashboard.runs.preset')}</legend>
      ${PRESETS.map(([v, name, what]) => html`<label class="choice"><input type="radio" name="preset" value=${v} checked=${preset === v} onChange=${() => setPreset(v)} /> ${name} — ${what}</label>`)}
    </fieldset>
    <div class="field"><label for="samples">${say('dashboard.runs.samples')}</label>
      <input id="samples" type="number" min="1" max="10" value=${samples} onInput=${(e) => setSamples(Math.min(10, Math.max(1, Number(e.target.value) || 1)))} /></div>
    <label class="check"><input id="adaptive" type="checkbox" checked=${adaptive} onChange=${(e) => setAdaptive(e.target.checked)} /> ${say('dashboard.runs.adaptive')}</label>
    ${adaptive ? html`<div class="field"><label for="target-width">${say('dashboard.runs.targetWidth')}</label>
      <input id="target-width" type="number" min="5" max="100" value=${width} onInput=${(e) => setWidth(Math.min(100, Math.max(5, Number(e.target.value) || 30)))} /></div>` : null}
    <div id="quote" aria-live="polite">${q ? html`<p>${sayWith('dashboard.runs.quote', { pass: q.sampling ? 'first' : 'all', available: usd(balance.data?.availableMicrousd) }, { prompts: html`<strong>${fmt.count(q.promptCount)}</strong>`, calls: html`<strong>${fmt.count(q.totalCalls)}</strong>`, cost: html`<strong id="quote-cost">${usd(q.estimateMicrousd)}</strong>` })}</p>
      ${q.sampling ? html`<p class="muted">${say('dashboard.runs.firstPass', { first: usd(q.sampling.firstPassMicrousd), extra: usd(q.sampling.extraCeilingMicrousd) })}</p>` : null}
      <p class="muted">${say('dashboard.runs.engines', { list: q.engines.map((e) => say('dashboard.runs.engine', { engine: engineName(e.id), state: e.enabled ? (e.simulated ? 'simulated' : 'on') : 'off' })).join(', ') })}</p>
      ${q.engines.some((e) => e.enabled && e.simulated) ? html`<p><${Simulated} simulated /> ${say('dashboard.runs.simulatedNote')}</p>` : null}` : html`<${Loading} what=${say('dashboard.runs.quoting')} />`}
      ${short ? html`<p class="alert" role="alert">${say('dashboard.runs.short')} <a href=${`/w/${slug}/settings#credits`}>${say('dashboard.runs.buy')}</a></p>` : null}
    </div>
    <${Alert} error=${action.error ?? quote.error} />
    <button type="submit" disabled=${action.busy || !q || running}>${say(running ? 'dashboard.runs.inProgress' : 'dashboard.runs.start')}</button>
  </form>`;
}

/** What the run alone measured: the share of its answers that name the brand, with n and its interval. */
function RunFigure({ run }) {
  const v = run.brandVisibility;
  if (!v) return null;
  return html`<p class="run-figure">${sayWith('dashboard.runs.figure', {}, { share: html`<strong>${fmt.percent(v.percent)}</strong>` })} <span class="muted">(${say('dashboard.common.ci95', { interval: fmt.interval(v.interval, undefined, { unit: '%' }) })}, ${fmt.n(v.n)})</span></p>`;
}

function Progress({ run }) {
  const p = run.progress;
  return html`<div class="progress"><progress max=${p.totalCalls || 1} value=${p.completedCalls} aria-label=${say('dashboard.runs.progressOf', { id: run.id })}></progress>
    <span>${say('dashboard.runs.progress', { done: p.completedCalls, total: p.totalCalls, percent: p.percent })}</span></div>`;
}

export function Runs({ workspace }) {
  const list = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/runs', { params: { path: { workspace }, query: { limit: 20 } } })), [workspace]);
  // A notice about one run ("started") holds while that run runs; its row says how it ended.
  const [notice, setNotice] = useState(/** @type {{ text: string, runId?: string }} */ ({ text: '' }));
  const cancel = useAction();
  const runs = list.data?.runs ?? [];
  const running = runs.some((r) => r.status === 'running');
  // Live progress: poll while anything runs; stops by itself when all are finished.
  useEffect(() => {
    if (!running) return undefined;
    const t = setTimeout(list.reload, 1000);
    return () => clearTimeout(t);
  }, [list.data]);
  const doCancel = (run) => cancel.run(async () => {
    await call(client.DELETE('/api/v1/workspaces/{workspace}/runs/{id}', { params: { path: { workspace, id: run.id } } }));
    setNotice({ text: say('dashboard.runs.cancelled') });
    list.reload();
  });
  return html`<h1>${say('dashboard.page.runs')}</h1>
    <${StartRun} slug=${workspace} running=${running} onStarted=${(run) => { setNotice({ text: say('dashboard.runs.started', { calls: run.progress.totalCalls }), runId: run.id }); list.reload(); }} />
    <${Notice}>${notice.runId && runs.some((r) => r.id === notice.runId && r.status !== 'running') ? '' : notice.text}</${Notice}>
    <${Alert} error=${list.error ?? cancel.error} />
    <section aria-labelledby="runs-h"><h2 id="runs-h">${say('dashboard.runs.recent')}</h2>
    ${list.loading && !list.data ? html`<${Loading} />` : null}
    ${list.data && !runs.length ? html`<p>${say('dashboard.runs.none')}</p>` : null}
    <ul class="runs" id="runs">${runs.map((r) => html`<li class=${`run ${r.status}`}>
      <p><a href=${`/w/${workspace}/runs/${r.id}`}>${say('dashboard.runs.runOf', { when: when(r.startedAt) })}</a>
        <span class=${`badge status-${r.status}`}>${sayCode('dashboard.status', r.status)}</span> <${Simulated} simulated=${r.simulated} share=${r.simulatedShare} /></p>
      <p class="muted">${r.preset ? `${PRESET_NAMES[r.preset]} · ` : ''}${r.engines.map(engineName).join(', ')}${r.samples > 1 ? ` · ${say('dashboard.runs.nSamples', { n: r.samples })}` : ''}</p>
      <${RunFigure} run=${r} />
      ${r.status === 'running' ? html`<${Progress} run=${r} />` : null}
      ${r.status === 'running' ? html`<button type="button" class="secondary" onClick=${() => doCancel(r)} disabled=${cancel.busy}>${say('dashboard.runs.cancel')}</button>` : null}
    </li>`)}</ul></section>`;
}

/**
 * Rows of the run detail on one page: a standard run has hundreds (prompts × engines × samples).
 * 50, or 20 on a phone, where each row is taller, so that a page stays a few screens long.
 */
const PAGE_ROWS = typeof matchMedia === 'function' && matchMedia('(max-width: 700px)').matches ? 20 : 50;

const span = (r) => (r.interval ? `${num(r.interval[0], 0)}–${num(r.interval[1], 0)}%` : '—');
const why = (r) => (r.kind === 'threshold' ? say('dashboard.runs.whyThreshold', { source: r.source === 'alert_rule' ? 'alert' : 'rec', threshold: fmt.percent(r.threshold) }) : say('dashboard.runs.whyWidth', { width: r.targetWidth }));

/** An adaptive run's extra samples: which prompt × engine cells got them, why, and how their interval moved. */
function ExtraSamples({ sampling }) {
  return html`<div class="table-wrap"><table id="extra-samples"><caption>${say('dashboard.runs.extraCaption', { extra: sampling.extraSamples, cells: sampling.cells.length })}</caption>
    <thead><tr><th scope="col">${say('dashboard.runs.prompt')}</th><th scope="col">${say('col.engine')}</th><th scope="col">${say('col.why')}</th><th scope="col">${say('dashboard.runs.samplesCol')}</th><th scope="col">${say('dashboard.runs.intervalBefore')}</th><th scope="col">${say('dashboard.runs.intervalAfter')}</th></tr></thead>
    <tbody>${sampling.cells.length ? sampling.cells.map((c) => html`<tr><th scope="row">${c.prompt ?? c.promptId}</th><td>${engineName(c.engine)}</td><td>${c.reasons.map(why).join('; ')}</td>
      <td>${c.before.samples} → ${c.after.samples}</td><td>${span(c.before)}</td><td>${span(c.after)}</td></tr>`) : html`<tr><td colspan="6">${say('dashboard.runs.noExtra')}</td></tr>`}</tbody>
  </table></div>`;
}

export function RunDetail({ workspace, id }) {
  const [f, setF] = useState({ engine: '', query: '', mentionedOnly: false, tone: '', site: '' });
  const [page, setPage] = useState(0);
  // One page of the rows the filters keep, filtered and cut by the API (a run has thousands of rows).
  const query = /** @type {import('../lib.js').Query<'/api/v1/workspaces/{workspace}/runs/{id}/detail'>} */ ({ limit: PAGE_ROWS, offset: page * PAGE_ROWS, ...(f.engine && { engine: f.engine }), ...(f.mentionedOnly && { mentioned: true }), ...(f.tone && { tone: f.tone }), ...(f.site && { site: f.site }), ...(f.query.trim() && { q: f.query.trim() }) });
  const { data, error, loading } = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/runs/{id}/detail', { params: { path: { workspace, id }, query } })), [workspace, id, JSON.stringify(query)]);
  // A filter changed: back to its first page.
  const set = (key) => (e) => { setPage(0); setF({ ...f, [key]: e.target.type === 'checkbox' ? e.target.checked : e.target.value }); };
  const turn = (to) => { setPage(to); document.getElementById('results')?.scrollIntoView(); };
  if (!data && loading) return html`<h1>${say('dashboard.page.run')}</h1><${Loading} />`;
  if (error) return html`<h1>${say('dashboard.page.run')}</h1><${Alert} error=${error} />`;
  const { items: shownRows, total, sites } = data.rows;
  const pages = Math.max(1, Math.ceil(total / PAGE_ROWS));
  const at = Math.min(page, pages - 1);
  return html`<h1>${say('dashboard.page.run')} <${Simulated} simulated=${data.run.simulated} share=${data.run.simulatedShare} /></h1>
    <p>${say('dashboard.runs.detailLine', { status: sayCode('dashboard.status', data.run.status), calls: data.run.progress.completedCalls, when: when(data.run.startedAt) })} · <a href=${`/w/${workspace}/runs`}>${say('dashboard.runs.all')}</a></p>
    <div class="table-wrap"><table id="engines" class="cards"><caption>${say('dashboard.runs.perEngine')}</caption>
      <thead><tr><th scope="col">${say('col.engine')}</th><th scope="col">${say('col.answers')}</th><th scope="col">${say('dashboard.runs.mentioned')}</th><th scope="col">${say('dashboard.overview.avgPosition')}</th><th scope="col">${say('dashboard.runs.tone')}</th><th scope="col">${say('dashboard.runs.topSites')}</th></tr></thead>
      <tbody>${data.engines.map((e) => html`<tr><th scope="row">${engineName(e.engine)} <${Simulated} simulated=${e.simulated} /></th><td class="short" data-label=${say('col.answers')}>${fmt.count(e.answers)}${e.errors ? ` ${say('dashboard.runs.failedN', { n: e.errors })}` : ''}</td>
        <td data-label=${say('dashboard.runs.mentioned')}>${e.answers ? html`${say('dashboard.runs.kOfN', { k: e.brand.mentions, n: e.answers })} · ${fmt.percent((100 * e.brand.mentions) / e.answers)} <small class="muted">(${say('dashboard.common.ci95', { interval: fmt.interval(wilsonPercent(e.brand.mentions, e.answers), undefined, { unit: '%' }) })})</small>` : '—'}</td><td class="short" data-label=${say('dashboard.overview.avgPosition')}>${num(e.brand.averagePosition)}</td><td class="short" data-label=${say('dashboard.runs.tone')}>${toneWord(e.brand.sentiment)}</td>
        <td data-label=${say('dashboard.runs.topSites')}>${e.citations.topDomains.length ? e.citations.topDomains.slice(0, 3).map((d, k) => html`${k ? ', ' : ''}<a href=${answersHref(workspace, { runId: data.run.id, engine: e.engine, cited: d.domain })} aria-label=${say('dashboard.runs.readCiting', { engine: engineName(e.engine), domain: d.domain })}>${d.domain}</a>`) : '—'}</td></tr>`)}</tbody></table></div>
    ${data.sampling ? html`<${ExtraSamples} sampling=${data.sampling} />` : null}
    <form class="controls" role="search" aria-label=${say('dashboard.runs.filter')} onSubmit=${(e) => e.preventDefault()}>
      <label>${say('col.engine')} <select id="filter-engine" value=${f.engine} onChange=${set('engine')}><option value="">${say('format.allEngines')}</option>${ENGINES.map((e) => html`<option value=${e}>${engineName(e)}</option>`)}</select></label>
      <label>${say('dashboard.runs.tone')} <select id="filter-tone" value=${f.tone} onChange=${set('tone')}><option value="">${say('dashboard.runs.anyTone')}</option>${['positive', 'neutral', 'negative'].map((t) => html`<option value=${t}>${toneWord(t)}</option>`)}</select></label>
      <label>${say('dashboard.runs.citedSite')} <select id="filter-site" value=${f.site} onChange=${set('site')}><option value="">${say('dashboard.runs.anySite')}</option>${sites.map((d) => html`<option value=${d}>${d}</option>`)}</select></label>
      <label>${say('dashboard.common.search')} <input id="filter-text" type="search" value=${f.query} onInput=${set('query')} placeholder=${say('dashboard.runs.searchHint')} /></label>
      <label class="check"><input id="filter-mentioned" type="checkbox" checked=${f.mentionedOnly} onChange=${set('mentionedOnly')} /> ${say('dashboard.runs.mentionedOnly')}</label>
    </form>
    <p role="status" id="row-count">${total > PAGE_ROWS ? say('dashboard.runs.rowsOf', { n: total, from: at * PAGE_ROWS + 1, to: at * PAGE_ROWS + shownRows.length }) : say('dashboard.runs.rowsAll', { n: total })}</p>
    <div class="table-wrap"><table id="results" class="cards"><caption>${say('dashboard.runs.resultsCaption')}</caption>
      <thead><tr><th scope="col">${say('dashboard.runs.prompt')}</th><th scope="col">${say('col.engine')}</th><th scope="col">${say('dashboard.runs.mentionedOrder')}</th><th scope="col">${say('dashboard.runs.brandPosition')}</th><th scope="col">${say('dashboard.runs.tone')}</th><th scope="col">${say('dashboard.runs.citedSites')}</th><th scope="col">${say('dashboard.runs.answer')}</th></tr></thead>
      <tbody>${shownRows.map((r) => html`<tr>
        <th scope="row">${r.text}<br /><small class="muted">${sayCode('dashboard.runs.intent', r.intent)} · ${fmt.languageName(r.language)}${r.samples > 1 ? ` · ${say('dashboard.runs.sampleN', { n: r.sample })}` : ''}</small></th>
        <td class="short" data-label=${say('col.engine')}>${engineName(r.engine)}${r.simulated ? html` <${Simulated} simulated />` : ''}</td>
        <td data-label=${say('dashboard.runs.mentionedOrder')}>${r.error ? html`<em>${say('dashboard.runs.failed', { error: r.error })}</em>` : r.mentioned.length ? html`<ol class="mentions">${r.mentioned.map((m) => html`<li>${m}</li>`)}</ol>` : say('dashboard.runs.nobody')}</td>
        <td class="short" data-label=${say('dashboard.runs.brandPosition')}>${r.brandMentioned ? `#${r.brandRank}` : say('dashboard.runs.notNamed')}</td><td class="short" data-label=${say('dashboard.runs.tone')}>${toneWord(r.brandSentiment)}</td>
        <td data-label=${say('dashboard.runs.citedSites')}>${r.citations.length ? html`<ul class="plain">${r.citations.map((c) => html`<li>${c.domain} <small class="muted">${sayCode('dashboard.sourceClass', c.class)}</small></li>`)}</ul>` : '—'}</td>
        <td class="read">${r.error ? '—' : html`<a href=${answersHref(workspace, { runId: data.run.id, promptId: r.promptId, engine: r.engine, answer: r.id })} aria-label=${say('dashboard.runs.readAnswer', { engine: engineName(r.engine), prompt: r.text })}>${say('dashboard.common.read')}</a>`}</td></tr>`)}</tbody>
    </table></div>
    ${pages > 1 ? html`<nav class="pager" aria-label=${say('dashboard.common.pages')} id="results-pager">
      <button type="button" class="secondary small" disabled=${at === 0} onClick=${() => turn(at - 1)}>${say('dashboard.common.previousPage')}</button>
      <span>${say('dashboard.common.pageOf', { page: at + 1, pages })}</span>
      <button type="button" class="secondary small" disabled=${at >= pages - 1} onClick=${() => turn(at + 1)}>${say('dashboard.common.nextPage')}</button></nav>` : null}`;
}
