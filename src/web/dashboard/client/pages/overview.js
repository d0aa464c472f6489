// Workspace overview: the GEO score with its five components, the scoreboard against the
// competitors, and the time series per engine with its 95% interval band.
import { BandChart, COLORS, MORE_COLORS } from '../chart.js';
import { toneAccuracyPercent } from '../../../../lib/stats/tone-accuracy.ts';
import { Alert, Change, ENGINES, OPTIONAL_ENGINES, Grade, gradeReasons, Loading, Simulated, answersHref, day, hasMeasurement, measuredBefore, forgetMeasured, engineName, fmt, html, interval, newKey, num, pct, say, sayWith, usd, useAction, useLoad, useState, call, client } from '../lib.js';

const COMPONENTS = {
  visibility: say('dashboard.overview.cVisibility'),
  // Not the scoreboard's share of voice (a brand's part of all mentions): the catalogue's name and
  // explanation, the same words as the reports'.
  relativeSov: `${say('label.relativeSov')} — ${say('explain.relativeSov')}`,
  position: say('dashboard.overview.cPosition'),
  sentiment: say('dashboard.overview.cSentiment'),
  volume: say('dashboard.overview.cVolume'),
};
const MISSING = say('dashboard.overview.missing');
/** How often the tone label agrees with people's (lib/stats/tone-accuracy.ts, docs/analysis.md "The blind set"). */
const TONE = toneAccuracyPercent();

/** The days of a day stamp's cadence window (its `dateRange`, both ends counted). */
const windowDays = (range) => (range.from ? Math.round((Date.parse(range.to) - Date.parse(range.from)) / 86_400_000) + 1 : 0);

/** How the score was made and whether to decide on it: the grade, then why (the score's own stamp). */
function Methodology({ stamp: data }) {
  if (!data) return null;
  const decision = data.grade === 'decision-grade';
  return html`<details class="methodology" id="methodology">
    <summary><span class=${decision ? 'badge ok' : 'badge'}>${say(decision ? 'dashboard.common.decisionGrade' : 'dashboard.common.exploratory')}</span>
      ${' '}${say('dashboard.overview.how', { surface: ['api', 'product', 'mixed'].includes(data.surface) ? data.surface : 'none', engines: data.engines.length, answers: data.answers })}</summary>
    ${decision ? html`<p>${say('dashboard.common.gradeFit')}</p>` : html`<p>${say('dashboard.overview.notFit')}</p><ul>${gradeReasons(data).map((r) => html`<li>${r}</li>`)}</ul>`}
    <p class="muted">${say('dashboard.overview.models', { list: data.engines.map((e) => say('dashboard.overview.modelOf', { engine: engineName(e.engine), versions: e.modelVersions.join(', ') || say('dashboard.overview.noVersion') })).join('; ') })}${' '}
      ${say('dashboard.overview.sampling', { samples: fmt.decimal(data.samplesPerPrompt), prompts: data.prompts, days: data.runDays, cadence: windowDays(data.dateRange), version: fmt.scoreVersion(data.metricVersion) })}</p>
    <p class="muted" id="tone-sure">${say('dashboard.overview.toneSure', { n: fmt.count(TONE.n), share: fmt.percent(TONE.value), interval: fmt.interval(TONE.interval, undefined, { unit: '%' }) })}</p>
  </details>`;
}

function ScoreCard({ slug }) {
  const { data, error, loading } = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/score', { params: { path: { workspace: slug }, query: { format: 'json' } } })), [slug]);
  if (loading) return html`<${Loading} what=${say('dashboard.overview.loadingScore')} />`;
  // Measured before, yet no score now (the workspace was made again under its name): checked next time.
  if (error?.code === 'score_not_available') forgetMeasured(slug);
  if (error?.code === 'score_not_available') return html`<section aria-labelledby="score-h"><h2 id="score-h">${say('label.score')}</h2><p>${sayWith('dashboard.overview.noScore', {}, { link: html`<a href=${`/w/${slug}/runs`}>${say('dashboard.overview.startRunLink')}</a>` })}</p></section>`;
  if (error) return html`<${Alert} error=${error} />`;
  return html`<section aria-labelledby="score-h" class="card">
    <h2 id="score-h">${say('label.score')} <${Simulated} simulated=${data.simulated} share=${data.simulatedShare} /></h2>
    <p class="big"><strong id="geo-score">${num(data.score)}</strong> <span class="muted">/ 100</span></p>
    <p>${say('dashboard.overview.scoreLine', { interval: interval(data.interval), n: fmt.n(data.n), prompts: fmt.count(data.prompts, 'not_measured'), runs: data.runs, date: day(data.date) })} · <${Change} change=${data.change} /></p>
    <${Methodology} stamp=${data.stamp} />
    <div class="table-wrap"><table id="components">
      <caption>${say('dashboard.overview.components', { version: fmt.scoreVersion(data.version) })}</caption>
      <thead><tr><th scope="col">${say('col.component')}</th><th scope="col">${say('dashboard.overview.weight')}</th><th scope="col">${say('ui.value')}</th><th scope="col">${say('ui.interval95')}</th></tr></thead>
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
    <h2 id="board-h">${say('heading.scoreboard')} <${Simulated} simulated=${data.simulated} share=${data.simulatedShare} /> <${Grade} stamp=${data.stamp} /></h2>
    <div class="table-wrap"><table id="scoreboard">
      <caption>${say('dashboard.overview.boardCaption', { date: day(data.date), answers: data.answers })} <small class="muted" id="sov-explained">${say('explain.sov')}</small></caption>
      <thead><tr><th scope="col">${say('col.rank')}</th><th scope="col">${say('dashboard.overview.name')}</th><th scope="col">${say('col.score')}</th><th scope="col">${say('dashboard.overview.visibility95')}</th><th scope="col">${say('dashboard.overview.sov95')}</th><th scope="col">${say('dashboard.overview.avgPosition')}</th><th scope="col">${say('col.citations')}</th></tr></thead>
      <tbody>${data.entities.map((e) => html`<tr class=${e.kind === 'brand' ? 'own' : ''}>
        <td>${e.rank}</td><th scope="row"><a href=${answersHref(slug, { mentions: e.entityId, from: data.date, to: data.date })} aria-label=${say('dashboard.overview.readNaming', { name: e.name, date: day(data.date) })}>${e.name}</a>${e.kind === 'brand' ? ` ${say('dashboard.overview.you')}` : ''}</th><td>${num(e.score)}</td>
        <td>${pct(e.visibility)} <small class="muted">${interval(e.visibilityInterval)}</small></td>
        <td>${pct(e.shareOfVoice)} <small class="muted">${interval(e.shareOfVoiceInterval)}</small></td>
        <td>${num(e.averagePosition, 1, 'no_mentions')}</td><td>${fmt.count(e.citations)}</td></tr>`)}</tbody>
    </table></div>
  </section>`;
}

/** An engine's colour, the same on every range (one missing from a range shifts no other's); the optional engines' never one of those. */
function colorOf(engine) {
  const fixed = ['composite', ...ENGINES].indexOf(engine);
  if (fixed >= 0) return COLORS[fixed];
  return MORE_COLORS[Math.max(0, OPTIONAL_ENGINES.indexOf(engine)) % MORE_COLORS.length];
}

const RANGES = [['7d', say('dashboard.overview.range7')], ['28d', say('dashboard.overview.range28')], ['all', say('dashboard.overview.rangeAll')]];

/**
 * The composite and every engine for one range, the brand and its competitors (visibility), and
 * the annotation days: simulated answers, recommendations done, an engine naming a new model.
 */
async function loadSeries(slug, range) {
  // Every engine's series in one request: the page's requests go out at once over the browser's
  // six connections, instead of in waves (bench/README.md).
  const [engines, recs, entities, models] = await Promise.all([
    call(client.GET('/api/v1/workspaces/{workspace}/timeseries/engines', { params: { path: { workspace: slug }, query: { range } } })),
    call(client.GET('/api/v1/workspaces/{workspace}/recs', { params: { path: { workspace: slug } } })).catch(() => null),
    call(client.GET('/api/v1/workspaces/{workspace}/timeseries/entities', { params: { path: { workspace: slug }, query: { engine: 'composite', range } } })),
    call(client.GET('/api/v1/workspaces/{workspace}/model-versions', { params: { path: { workspace: slug }, query: { range } } })).catch(() => null),
  ]);
  const all = engines.series;
  const series = all.map((d) => ({ key: d.engine, label: engineName(d.engine), color: colorOf(d.engine), points: d.points, simulated: d.simulated, simulatedShare: d.simulatedShare, stamp: d.stamp }))
    .filter((s) => s.points.length);
  // Visibility per entity: the brand and its competitors, as each day's scoreboard has them.
  const rivals = entities.entities.map((e, i) => ({
    key: e.entityId, label: e.kind === 'brand' ? `${e.name} ${say('dashboard.overview.you')}` : e.name, color: COLORS[i % COLORS.length],
    points: e.points.map((p) => ({ date: p.date, score: p.visibility, interval: p.interval, n: p.n })),
  }));
  const composite = all[0];
  const days = new Set(composite.points.map((p) => p.date));
  const annotations = [
    // A point's simulated share is not in the route's declared schema (it comes as an extra field): checked, not assumed.
    ...composite.points.filter((p) => typeof p.simulatedShare === 'number' && p.simulatedShare > 0).map((p) => ({ date: p.date, kind: 'simulated' })),
    ...(recs?.done ?? []).map((r) => ({ date: r.updatedAt.slice(0, 10), kind: 'done', text: r.title })).filter((a) => days.has(a.date)),
    ...(models?.changes ?? []).map((c) => ({ date: c.date, kind: 'model', text: say('dashboard.overview.modelChange', { engine: engineName(c.engine), to: c.to.join(', '), from: c.from.join(', ') }) })).filter((a) => days.has(a.date)),
    // Engine changes the canaries flagged, and the days the metric definition changed.
    ...(composite.engineChanges ?? []).map((c) => ({ date: c.day, kind: 'engine', text: say('dashboard.overview.engineChange', { engine: engineName(c.engine), reasons: c.reasons.map(engineReason).join('; ') }) })),
    ...(composite.definitionChanges ?? []).map((c) => ({ date: c.date, kind: 'definition', text: say('dashboard.overview.definitionChange', { from: fmt.scoreVersion(c.from), to: fmt.scoreVersion(c.to) }) })).filter((a) => days.has(a.date)),
  ];
  return { composite, series, rivals, annotations };
}

/** What a canary saw move, in the reader's language (the API's `detail` is English, with the test statistic). */
function engineReason(r) {
  const side = (v) => (Array.isArray(v) ? v.join(', ') || say('dashboard.overview.noVersion') : fmt.decimal(v));
  return r.feature === 'modelVersion'
    ? say('dashboard.overview.engineModel', { from: side(r.before), to: side(r.after) })
    : say('dashboard.overview.engineFeature', { feature: r.feature, from: side(r.before), to: side(r.after) });
}

const MEASURES = [['score', say('dashboard.overview.measureScore')], ['rivals', say('dashboard.overview.measureRivals')]];

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
  return html`<section aria-labelledby="series-h" class="card">
    <h2 id="series-h">${say('dashboard.overview.overTime')} <${Simulated} simulated=${data?.composite.simulated} share=${data?.composite.simulatedShare} /> <${Grade} stamp=${data?.composite.stamp} /></h2>
    <div class="controls">
      <fieldset class="inline" id="range"><legend>${say('dashboard.overview.range')}</legend>
        ${RANGES.map(([v, l]) => html`<label><input type="radio" name="range" value=${v} checked=${range === v} onChange=${() => setRange(v)} /> ${l}</label>`)}
      </fieldset>
      <fieldset class="inline" id="measure"><legend>${say('dashboard.overview.show')}</legend>
        ${MEASURES.map(([v, l]) => html`<label><input type="radio" name="measure" value=${v} checked=${measure === v} onChange=${() => setMeasure(v)} /> ${l}</label>`)}
      </fieldset>
      ${list.length ? html`<fieldset class="inline" id="engines"><legend>${say(rivalsOn ? 'dashboard.overview.brands' : 'dashboard.overview.series')}</legend>
        ${list.map((s) => html`<label><input type="checkbox" checked=${on.includes(s.key)} onChange=${() => toggle(s.key)} /> <span class="swatch" aria-hidden="true" style=${{ background: s.color }}></span>${s.label}</label>`)}
      </fieldset>` : null}
    </div>
    <${Alert} error=${error} />
    ${loading && !data ? html`<${Loading} />` : null}
    ${data && !points.length ? html`<p class="empty">${sayWith('dashboard.overview.noDay', { range }, { link: html`<a href=${`/w/${slug}/runs`}>${say('dashboard.overview.startRunLower')}</a>` })}</p>` : null}
    ${points.length ? html`<${BandChart} series=${list} shown=${on} annotations=${data.annotations}
        label=${say(rivalsOn ? 'dashboard.overview.chartRivals' : 'dashboard.overview.chartScore', { range })}
        yLabel=${say(rivalsOn ? 'dashboard.overview.yVisibility' : 'dashboard.overview.yScore')} format=${rivalsOn ? fmt.percent : fmt.score}
        linkOf=${(key, date) => answersHref(slug, { ...(rivalsOn ? { mentions: key } : key === 'composite' ? {} : { engine: key }), from: date, to: date })} />
      <details><summary>${say('dashboard.overview.tableAll')}</summary><div class="table-wrap"><table id="series-table">
        <thead><tr><th scope="col">${say('col.day')}</th><th scope="col">${say('col.score')}</th><th scope="col">${say('ui.interval95')}</th><th scope="col">${say('col.answers')}</th><th scope="col">${say('ui.portfolio.change')}</th><th scope="col">${say('dashboard.common.data')}</th><th scope="col">${say('col.answers')}</th></tr></thead>
        <tbody>${points.map((p) => html`<tr><th scope="row">${day(p.date)}</th><td>${num(p.score)}</td><td>${interval(p.interval)}</td><td>${fmt.count(p.n)}</td><td><${Change} change=${p.change} /></td><td>${p.simulated ? html`<${Simulated} simulated share=${p.simulatedShare} />` : say('dashboard.common.measured')}</td>
          <td><a href=${answersHref(slug, { from: p.date, to: p.date })} aria-label=${say('dashboard.overview.readDay', { date: day(p.date) })}>${say('dashboard.common.read')}</a></td></tr>`)}</tbody>
      </table></div></details>
      ${rivalsOn ? html`<details><summary>${say('dashboard.overview.tableBrands')}</summary><div class="table-wrap"><table id="rivals-table">
        <thead><tr><th scope="col">${say('col.brand')}</th>${points.map((p) => html`<th scope="col">${day(p.date)}</th>`)}</tr></thead>
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
  const preset = o?.preset ?? 'lite';
  return html`<section class="card empty-state" aria-labelledby="empty-h" id="empty-overview">
    <h2 id="empty-h">${say('dashboard.overview.noRuns')}</h2>
    <p>${say('dashboard.overview.noRunsWhy')}</p>
    ${o && !o.preset
      ? html`<p>${say('dashboard.overview.needCredit', { cost: usd(o.q.estimateMicrousd), prompts: o.q.promptCount, left: usd(o.balance.availableMicrousd) })} <a class="button" href=${`/w/${slug}/settings#credits`}>${say('dashboard.overview.addCredit')}</a></p>`
      : html`<p><button type="button" onClick=${start} disabled=${action.busy || !o}>${o ? say('dashboard.overview.startQuoted', { preset, cost: usd(o.q.estimateMicrousd), prompts: o.q.promptCount }) : say('dashboard.overview.startPreset', { preset })}</button>${' '}<a class="button secondary" href=${`/w/${slug}/runs`}>${say('dashboard.overview.otherSizes')}</a></p>`}
    <${Alert} error=${action.error ?? offer.error} />
  </section>`;
}

export function Overview({ workspace }) {
  // Whether anything was measured, asked first so that "no data yet" is never a failed request;
  // not asked when this browser has seen the workspace measured (lib.js `measuredBefore`).
  const before = measuredBefore(workspace);
  const measured = useLoad(() => (before ? Promise.resolve(true) : hasMeasurement(workspace)), [workspace]);
  if (!before && measured.loading && measured.data === null) return html`<h1>${say('dashboard.page.overview')}</h1><${Loading} />`;
  if (!before && measured.error) return html`<h1>${say('dashboard.page.overview')}</h1><${Alert} error=${measured.error} />`;
  if (!before && !measured.data) return html`<h1>${say('dashboard.page.overview')}</h1><${NoRunYet} slug=${workspace} />`;
  return html`<h1>${say('dashboard.page.overview')}</h1>
    <div class="grid"><${ScoreCard} slug=${workspace} /><${Scoreboard} slug=${workspace} /></div>
    <${Series} slug=${workspace} />`;
}
