// Workspace overview: the GEO score with its five components, the scoreboard against the
// competitors, and the time series per engine with its 95% interval band.
import { BandChart } from '../chart.js';
import { Alert, Change, ENGINES, Loading, Simulated, api, html, interval, num, pct, useLoad, useState, ws } from '../lib.js';

const COMPONENTS = {
  visibility: 'Visibility — share of answers that name the brand',
  relativeSov: 'Relative share of voice — mentions against competitors',
  position: 'Position — how early the brand is named',
  sentiment: 'Sentiment — tone of the answers naming the brand',
  volume: 'Volume — citations of the brand’s own sites',
};
const MISSING = 'missing: no answer in this snapshot could measure it, so its weight went to the others';

function ScoreCard({ slug }) {
  const { data, error, loading } = useLoad(() => api('GET', ws(slug, '/score')), [slug]);
  if (loading) return html`<${Loading} what="Loading the score" />`;
  if (error?.code === 'score_not_available') return html`<section aria-labelledby="score-h"><h2 id="score-h">GEO score</h2><p>No measurement has finished yet. <a href=${`/w/${slug}/runs`}>Start a run</a> to get a score.</p></section>`;
  if (error) return html`<${Alert} error=${error} />`;
  return html`<section aria-labelledby="score-h" class="card">
    <h2 id="score-h">GEO score <${Simulated} simulated=${data.simulated} share=${data.simulatedShare} /></h2>
    <p class="big"><strong id="geo-score">${num(data.score)}</strong> <span class="muted">/ 100</span></p>
    <p>95% interval ${interval(data.interval)} · ${data.n} answers, ${data.prompts ?? '—'} prompts, ${data.runs} run(s) on ${data.date} · <${Change} change=${data.change} /></p>
    <div class="table-wrap"><table id="components">
      <caption>The five components (${data.version})</caption>
      <thead><tr><th scope="col">Component</th><th scope="col">Weight</th><th scope="col">Value</th><th scope="col">95% interval</th></tr></thead>
      <tbody>${Object.entries(COMPONENTS).map(([key, label]) => {
        const c = data.components[key];
        const missing = data.missingComponents.includes(key);
        return html`<tr class=${missing ? 'missing' : ''}><th scope="row">${label}</th>
          <td>${pct(c.weight * 100)}</td>
          <td>${missing ? html`<em>${MISSING}</em>` : num(c.value)}</td>
          <td>${missing ? '—' : html`${interval(data.sampleSizes?.[key]?.interval)} <small class="muted">n=${data.sampleSizes?.[key]?.n ?? '—'}</small>`}</td></tr>`;
      })}</tbody>
    </table></div>
  </section>`;
}

function Scoreboard({ slug }) {
  const { data, error } = useLoad(() => api('GET', ws(slug, '/scoreboard')), [slug]);
  if (error?.code === 'score_not_available' || (error && error.status === 404)) return null;
  if (error) return html`<${Alert} error=${error} />`;
  if (!data) return null;
  return html`<section aria-labelledby="board-h" class="card">
    <h2 id="board-h">Scoreboard <${Simulated} simulated=${data.simulated} share=${data.simulatedShare} /></h2>
    <div class="table-wrap"><table id="scoreboard">
      <caption>Brand and competitors on ${data.date}, ${data.answers} answers</caption>
      <thead><tr><th scope="col">Rank</th><th scope="col">Name</th><th scope="col">Score</th><th scope="col">Visibility (95%)</th><th scope="col">Share of voice (95%)</th><th scope="col">Avg. position</th><th scope="col">Citations</th></tr></thead>
      <tbody>${data.entities.map((e) => html`<tr class=${e.kind === 'brand' ? 'own' : ''}>
        <td>${e.rank}</td><th scope="row">${e.name}${e.kind === 'brand' ? ' (you)' : ''}</th><td>${num(e.score)}</td>
        <td>${pct(e.visibility)} <small class="muted">${interval(e.visibilityInterval, 0)}</small></td>
        <td>${pct(e.shareOfVoice)} <small class="muted">${interval(e.shareOfVoiceInterval, 0)}</small></td>
        <td>${num(e.averagePosition)}</td><td>${e.citations}</td></tr>`)}</tbody>
    </table></div>
  </section>`;
}

function Series({ slug }) {
  const [engine, setEngine] = useState('composite');
  const [range, setRange] = useState('28d');
  const { data, error, loading } = useLoad(() => api('GET', ws(slug, `/timeseries?engine=${engine}&range=${range}`)), [slug, engine, range]);
  const points = data?.points ?? [];
  return html`<section aria-labelledby="series-h" class="card">
    <h2 id="series-h">Over time <${Simulated} simulated=${data?.simulated} share=${data?.simulatedShare} /></h2>
    <div class="controls">
      <label>Engine <select id="engine" value=${engine} onChange=${(e) => setEngine(e.target.value)}>
        <option value="composite">All engines</option>${ENGINES.map((e) => html`<option value=${e}>${e}</option>`)}</select></label>
      <fieldset class="inline" id="range"><legend>Range</legend>
        ${[['7d', '7 days'], ['28d', '28 days'], ['all', 'All']].map(([v, l]) => html`<label><input type="radio" name="range" value=${v} checked=${range === v} onChange=${() => setRange(v)} /> ${l}</label>`)}
      </fieldset>
    </div>
    <${Alert} error=${error} />
    ${loading && !data ? html`<${Loading} />` : null}
    ${data && !points.length ? html`<p class="muted">No measured day in this range.</p>` : null}
    ${points.length ? html`<${BandChart} points=${points} label=${`GEO score, ${engine === 'composite' ? 'all engines' : engine}, ${range}`} />
      <details><summary>Table of the same numbers</summary><div class="table-wrap"><table id="series-table">
        <thead><tr><th scope="col">Day</th><th scope="col">Score</th><th scope="col">95% interval</th><th scope="col">Answers</th><th scope="col">Change</th><th scope="col">Data</th></tr></thead>
        <tbody>${points.map((p) => html`<tr><th scope="row">${p.date}</th><td>${num(p.score)}</td><td>${interval(p.interval)}</td><td>${p.n}</td><td><${Change} change=${p.change} /></td><td>${p.simulated ? html`<${Simulated} simulated share=${p.simulatedShare} />` : 'measured'}</td></tr>`)}</tbody>
      </table></div></details>` : null}
  </section>`;
}

export function Overview({ workspace }) {
  return html`<h1>Overview</h1>
    <div class="grid"><${ScoreCard} slug=${workspace} /><${Scoreboard} slug=${workspace} /></div>
    <${Series} slug=${workspace} />`;
}
