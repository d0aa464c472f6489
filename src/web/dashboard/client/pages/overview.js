// Workspace overview: the GEO score with its five components, the scoreboard against the
// competitors, and the time series per engine with its 95% interval band.
import { BandChart, COLORS } from '../chart.js';
import { Alert, Change, ENGINES, Grade, Loading, Simulated, answersHref, day, hasMeasurement, engineName, fmt, html, interval, newKey, num, pct, plural, say, usd, useAction, useLoad, useState, call, client } from '../lib.js';

const COMPONENTS = {
  visibility: 'Visibility — share of answers that name the brand',
  // Not the scoreboard's share of voice (a brand's part of all mentions): the catalogue's name and
  // explanation, the same words as the reports'.
  relativeSov: `${say('label.relativeSov')} — ${say('explain.relativeSov')}`,
  position: 'Position — how early the brand is named',
  sentiment: 'Sentiment — tone of the answers naming the brand',
  volume: 'Volume — citations of the brand’s own sites',
};
const MISSING = 'missing: no answer in this snapshot could measure it, so its weight went to the others';

const SURFACES = { api: 'provider APIs', product: 'consumer products', mixed: 'provider APIs and consumer products, pooled' };

/** How the score was made and whether to decide on it (GET …/methodology): the grade, then why. */
function Methodology({ slug, date }) {
  const { data } = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/methodology', { params: { path: { workspace: slug }, query: { date } } })), [slug, date]);
  if (!data) return null;
  const decision = data.grade === 'decision-grade';
  return html`<details class="methodology" id="methodology">
    <summary><span class=${decision ? 'badge ok' : 'badge'}>${decision ? 'Decision-grade' : 'Exploratory'}</span>
      ${' '}How this score was made: ${SURFACES[data.surface] ?? 'no answers'}, ${plural(data.engines.length, 'engine')}, ${fmt.count(data.answers)} answers</summary>
    ${decision ? html`<p>Every rule holds: fit to decide on.</p>` : html`<p>Not yet fit to decide on, because:</p><ul>${data.reasons.map((r) => html`<li>${r}</li>`)}</ul>`}
    <p class="muted">Engines and the model versions their providers reported: ${data.engines.map((e) => `${engineName(e.engine)} (${e.modelVersions.join(', ') || 'no version reported'})`).join('; ')}.
      Samples per prompt ${fmt.decimal(data.samplesPerPrompt)} · ${fmt.count(data.prompts)} prompts · answers on ${fmt.count(data.runDays)} of the last ${fmt.count(data.cadenceDays)} days · metric ${data.metricVersion}.</p>
  </details>`;
}

function ScoreCard({ slug }) {
  const { data, error, loading } = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/score', { params: { path: { workspace: slug }, query: { format: 'json' } } })), [slug]);
  if (loading) return html`<${Loading} what="Loading the score" />`;
  if (error?.code === 'score_not_available') return html`<section aria-labelledby="score-h"><h2 id="score-h">GEO score</h2><p>No measurement has finished yet. <a href=${`/w/${slug}/runs`}>Start a run</a> to get a score.</p></section>`;
  if (error) return html`<${Alert} error=${error} />`;
  return html`<section aria-labelledby="score-h" class="card">
    <h2 id="score-h">GEO score <${Simulated} simulated=${data.simulated} share=${data.simulatedShare} /></h2>
    <p class="big"><strong id="geo-score">${num(data.score)}</strong> <span class="muted">/ 100</span></p>
    <p>95% interval ${interval(data.interval)} · ${fmt.n(data.n)} answers, ${fmt.count(data.prompts, 'not_measured')} prompts, ${fmt.count(data.runs)} ${data.runs === 1 ? 'run' : 'runs'} on ${day(data.date)} · <${Change} change=${data.change} /></p>
    <${Methodology} slug=${slug} date=${data.date} />
    <div class="table-wrap"><table id="components">
      <caption>The five components (${data.version})</caption>
      <thead><tr><th scope="col">Component</th><th scope="col">Weight</th><th scope="col">Value</th><th scope="col">95% interval</th></tr></thead>
      <tbody>${Object.entries(COMPONENTS).map(([key, label]) => {
        const c = data.components[key];
        const missing = data.missingComponents.includes(key);
        return html`<tr class=${missing ? 'missing' : ''}><th scope="row">${label}</th>
          <td>${pct(c.weight * 100)}</td>
          <td>${missing ? html`<em>${MISSING}</em>` : num(c.value)}</td>
          <td>${missing ? fmt.notEnough('missing_component') : html`${interval(data.sampleSizes?.[key]?.interval)} <small class="muted">${fmt.n(data.sampleSizes?.[key]?.n)}</small>`}</td></tr>`;
      })}</tbody>
    </table></div>
  </section>`;
}

function Scoreboard({ slug }) {
  const { data, error } = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/scoreboard', { params: { path: { workspace: slug } } })), [slug]);
  if (error?.code === 'score_not_available' || (error && error.status === 404)) return null;
  if (error) return html`<${Alert} error=${error} />`;
  if (!data) return null;
  return html`<section aria-labelledby="board-h" class="card">
    <h2 id="board-h">Scoreboard <${Simulated} simulated=${data.simulated} share=${data.simulatedShare} /> <${Grade} stamp=${data.stamp} /></h2>
    <div class="table-wrap"><table id="scoreboard">
      <caption>Brand and competitors on ${day(data.date)}, ${fmt.count(data.answers)} answers (a name opens the answers naming it) <small class="muted" id="sov-explained">${say('explain.sov')}</small></caption>
      <thead><tr><th scope="col">Rank</th><th scope="col">Name</th><th scope="col">Score</th><th scope="col">Visibility (95%)</th><th scope="col">Share of voice (95%)</th><th scope="col">Avg. position</th><th scope="col">Citations</th></tr></thead>
      <tbody>${data.entities.map((e) => html`<tr class=${e.kind === 'brand' ? 'own' : ''}>
        <td>${e.rank}</td><th scope="row"><a href=${answersHref(slug, { mentions: e.entityId, from: data.date, to: data.date })} aria-label=${`${e.name}: read the answers naming it on ${day(data.date)}`}>${e.name}</a>${e.kind === 'brand' ? ' (you)' : ''}</th><td>${num(e.score)}</td>
        <td>${pct(e.visibility)} <small class="muted">${interval(e.visibilityInterval)}</small></td>
        <td>${pct(e.shareOfVoice)} <small class="muted">${interval(e.shareOfVoiceInterval)}</small></td>
        <td>${num(e.averagePosition, 1, 'no_mentions')}</td><td>${fmt.count(e.citations)}</td></tr>`)}</tbody>
    </table></div>
  </section>`;
}

const RANGES = [['7d', '7 days'], ['28d', '28 days'], ['all', 'All']];

/**
 * The composite and every engine for one range, the brand and its competitors (visibility), and
 * the annotation days: simulated answers, recommendations done, an engine naming a new model.
 */
async function loadSeries(slug, range) {
  const keys = /** @type {const} */ (['composite', ...ENGINES]);
  const [all, recs, entities, models] = await Promise.all([
    Promise.all(keys.map((k) => call(client.GET('/api/v1/workspaces/{workspace}/timeseries', { params: { path: { workspace: slug }, query: { engine: k, format: 'json', range } } })))),
    call(client.GET('/api/v1/workspaces/{workspace}/recs', { params: { path: { workspace: slug } } })).catch(() => null),
    call(client.GET('/api/v1/workspaces/{workspace}/timeseries/entities', { params: { path: { workspace: slug }, query: { engine: 'composite', range } } })),
    call(client.GET('/api/v1/workspaces/{workspace}/model-versions', { params: { path: { workspace: slug }, query: { range } } })).catch(() => null),
  ]);
  const series = all.map((d, i) => ({ key: keys[i], label: engineName(keys[i]), color: COLORS[i], points: d.points, simulated: d.simulated, simulatedShare: d.simulatedShare, stamp: d.stamp }))
    .filter((s) => s.points.length);
  // Visibility per entity: the brand and its competitors, as each day's scoreboard has them.
  const rivals = entities.entities.map((e, i) => ({
    key: e.entityId, label: e.kind === 'brand' ? `${e.name} (you)` : e.name, color: COLORS[i % COLORS.length],
    points: e.points.map((p) => ({ date: p.date, score: p.visibility, interval: p.interval, n: p.n })),
  }));
  const composite = all[0];
  const days = new Set(composite.points.map((p) => p.date));
  const annotations = [
    // A point's simulated share is not in the route's declared schema (it comes as an extra field): checked, not assumed.
    ...composite.points.filter((p) => typeof p.simulatedShare === 'number' && p.simulatedShare > 0).map((p) => ({ date: p.date, kind: 'simulated' })),
    ...(recs?.done ?? []).map((r) => ({ date: r.updatedAt.slice(0, 10), kind: 'done', text: r.title })).filter((a) => days.has(a.date)),
    ...(models?.changes ?? []).map((c) => ({ date: c.date, kind: 'model', text: `${engineName(c.engine)} named ${c.to.join(', ')} (before: ${c.from.join(', ')})` })).filter((a) => days.has(a.date)),
    // Engine changes the canaries flagged, and the days the metric definition changed.
    ...(composite.engineChanges ?? []).map((c) => ({ date: c.day, kind: 'engine', text: `possible engine change on ${engineName(c.engine)}: ${c.reasons.map((r) => r.detail).join('; ')}` })),
    ...(composite.definitionChanges ?? []).map((c) => ({ date: c.date, kind: 'definition', text: `metric definition ${c.from} → ${c.to} (re-derived)` })).filter((a) => days.has(a.date)),
  ];
  return { composite, series, rivals, annotations };
}

const MEASURES = [['score', 'GEO score per engine'], ['rivals', 'Visibility against competitors']];

function Series({ slug }) {
  const [range, setRange] = useState('28d');
  const [measure, setMeasure] = useState('score');
  const [shown, setShown] = useState(['composite']);
  const [shownRivals, setShownRivals] = useState(null);
  const { data, error, loading } = useLoad(() => loadSeries(slug, range), [slug, range]);
  const points = data?.composite.points ?? [];
  const rivalsOn = measure === 'rivals';
  // Competitor lines start with the brand and its strongest competitor; the rest are a click away.
  const onRivals = shownRivals ?? (data?.rivals ?? []).slice(0, 2).map((r) => r.key);
  const list = rivalsOn ? data?.rivals ?? [] : data?.series ?? [];
  const on = rivalsOn ? onRivals : shown;
  const toggle = (key) => (rivalsOn ? setShownRivals(on.includes(key) ? on.filter((k) => k !== key) : [...on, key]) : setShown(on.includes(key) ? on.filter((k) => k !== key) : [...on, key]));
  const rangeWords = RANGES.find(([v]) => v === range)[1].toLowerCase();
  return html`<section aria-labelledby="series-h" class="card">
    <h2 id="series-h">Over time <${Simulated} simulated=${data?.composite.simulated} share=${data?.composite.simulatedShare} /> <${Grade} stamp=${data?.composite.stamp} /></h2>
    <div class="controls">
      <fieldset class="inline" id="range"><legend>Range</legend>
        ${RANGES.map(([v, l]) => html`<label><input type="radio" name="range" value=${v} checked=${range === v} onChange=${() => setRange(v)} /> ${l}</label>`)}
      </fieldset>
      <fieldset class="inline" id="measure"><legend>Show</legend>
        ${MEASURES.map(([v, l]) => html`<label><input type="radio" name="measure" value=${v} checked=${measure === v} onChange=${() => setMeasure(v)} /> ${l}</label>`)}
      </fieldset>
      ${list.length ? html`<fieldset class="inline" id="engines"><legend>${rivalsOn ? 'Brands' : 'Series'}</legend>
        ${list.map((s) => html`<label><input type="checkbox" checked=${on.includes(s.key)} onChange=${() => toggle(s.key)} /> <span class="swatch" aria-hidden="true" style=${{ background: s.color }}></span>${s.label}</label>`)}
      </fieldset>` : null}
    </div>
    <${Alert} error=${error} />
    ${loading && !data ? html`<${Loading} />` : null}
    ${data && !points.length ? html`<p class="empty">No measured day in the last ${rangeWords}. Pick “All”, or <a href=${`/w/${slug}/runs`}>start a run</a>.</p>` : null}
    ${points.length ? html`<${BandChart} series=${list} shown=${on} annotations=${data.annotations}
        label=${rivalsOn ? `Visibility against competitors, ${rangeWords}` : `GEO score, ${rangeWords}`}
        yLabel=${rivalsOn ? 'Visibility (% of answers)' : 'GEO score (0–100)'} format=${rivalsOn ? fmt.percent : fmt.score}
        linkOf=${(key, date) => answersHref(slug, { ...(rivalsOn ? { mentions: key } : key === 'composite' ? {} : { engine: key }), from: date, to: date })} />
      <details><summary>Table of the same numbers (all engines)</summary><div class="table-wrap"><table id="series-table">
        <thead><tr><th scope="col">Day</th><th scope="col">Score</th><th scope="col">95% interval</th><th scope="col">Answers</th><th scope="col">Change</th><th scope="col">Data</th><th scope="col">Answers</th></tr></thead>
        <tbody>${points.map((p) => html`<tr><th scope="row">${day(p.date)}</th><td>${num(p.score)}</td><td>${interval(p.interval)}</td><td>${fmt.count(p.n)}</td><td><${Change} change=${p.change} /></td><td>${p.simulated ? html`<${Simulated} simulated share=${p.simulatedShare} />` : 'measured'}</td>
          <td><a href=${answersHref(slug, { from: p.date, to: p.date })} aria-label=${`Read the answers of ${day(p.date)}`}>Read</a></td></tr>`)}</tbody>
      </table></div></details>
      ${rivalsOn ? html`<details><summary>Table of the same numbers (brands)</summary><div class="table-wrap"><table id="rivals-table">
        <thead><tr><th scope="col">Brand</th>${points.map((p) => html`<th scope="col">${day(p.date)}</th>`)}</tr></thead>
        <tbody>${data.rivals.map((r) => html`<tr><th scope="row">${r.label}</th>${points.map((p) => {
          const v = r.points.find((x) => x.date === p.date);
          return html`<td>${v ? html`${fmt.percent(v.score, 'no_answers')} <small class="muted">${interval(v.interval)}</small>` : '—'}</td>`;
        })}</tr>`)}</tbody></table></div></details>` : null}` : null}
  </section>`;
}

/**
 * A workspace with no measurement yet: what is missing, why, and the one action that fills it,
 * quoted. The run offered is one the credit left can pay: lite, else smoke, else a top-up.
 */
function NoRunYet({ slug }) {
  const offer = useLoad(async () => {
    const [lite, smoke, balance] = await Promise.all([
      call(client.GET('/api/v1/workspaces/{workspace}/runs/quote', { params: { path: { workspace: slug }, query: { preset: 'lite', samples: 1, batch: false } } })),
      call(client.GET('/api/v1/workspaces/{workspace}/runs/quote', { params: { path: { workspace: slug }, query: { preset: 'smoke', samples: 1, batch: false } } })),
      call(client.GET('/api/v1/workspaces/{workspace}/credits/balance', { params: { path: { workspace: slug } } })).catch(() => null),
    ]);
    const affords = (q) => !balance || balance.availableMicrousd >= q.estimateMicrousd;
    return affords(lite) ? { preset: 'lite', q: lite } : affords(smoke) ? { preset: 'smoke', q: smoke } : { preset: null, q: lite, balance };
  }, [slug]);
  const action = useAction();
  const o = offer.data;
  const start = () => action.run(async () => {
    await call(client.POST('/api/v1/workspaces/{workspace}/runs', { params: { path: { workspace: slug } }, body: { preset: o.preset, samples: 1, idempotencyKey: newKey() } }));
    location.assign(`/w/${slug}/runs`);
  });
  const quoted = (q) => ` (quoted: ${usd(q.estimateMicrousd)} of credit, ${plural(q.promptCount, 'prompt')})`;
  return html`<section class="card empty-state" aria-labelledby="empty-h" id="empty-overview">
    <h2 id="empty-h">No runs yet</h2>
    <p>The score, the scoreboard and the trend come from measurement runs: the engines are asked this workspace’s prompts and their answers analysed. Nothing has been measured yet.</p>
    ${o && !o.preset
      ? html`<p>A lite run${quoted(o.q)} needs more credit than the ${usd(o.balance.availableMicrousd)} left. <a class="button" href=${`/w/${slug}/settings#credits`}>Add credit</a></p>`
      : html`<p><button type="button" onClick=${start} disabled=${action.busy || !o}>Start a ${o?.preset ?? 'lite'} run${o ? quoted(o.q) : ''}</button>${' '}<a class="button secondary" href=${`/w/${slug}/runs`}>Other run sizes</a></p>`}
    <${Alert} error=${action.error ?? offer.error} />
  </section>`;
}

export function Overview({ workspace }) {
  // Whether anything was measured, asked first so that "no data yet" is never a failed request.
  const measured = useLoad(() => hasMeasurement(workspace), [workspace]);
  if (measured.loading && measured.data === null) return html`<h1>Overview</h1><${Loading} />`;
  if (measured.error) return html`<h1>Overview</h1><${Alert} error=${measured.error} />`;
  if (!measured.data) return html`<h1>Overview</h1><${NoRunYet} slug=${workspace} />`;
  return html`<h1>Overview</h1>
    <div class="grid"><${ScoreCard} slug=${workspace} /><${Scoreboard} slug=${workspace} /></div>
    <${Series} slug=${workspace} />`;
}
