// Agency overview as a portfolio (issue 24): every client with score, trend, change (significant
// or not), share of voice against its top competitor, open recommendations, last run, credits
// left; sortable; a click opens the client. And the form that creates a workspace.
import { Alert, Change, Loading, Simulated, Sparkline, api, fmt, html, interval, num, usd, useAction, useLoad, useState, when, words, ws } from '../lib.js';

/** One client's row: score with band and change, share of voice against its top competitor, open recommendations, last run, credits left. */
async function loadClient(w) {
  const get = (path) => api('GET', ws(w.id, path)).catch(() => null);
  const [runs, recs, balance] = await Promise.all([get('/runs?limit=100'), get('/recs'), get('/credits/balance')]);
  const measured = (runs?.runs ?? []).some((r) => r.status === 'succeeded');
  const [series, board] = measured ? await Promise.all([get('/timeseries?range=28d'), get('/scoreboard')]) : [null, null];
  const points = series?.points ?? [];
  const own = board?.entities.find((e) => e.kind === 'brand');
  const rival = board?.entities.filter((e) => e.kind !== 'brand').sort((a, b) => (b.shareOfVoice ?? 0) - (a.shareOfVoice ?? 0))[0];
  return {
    ...w, series, last: points[points.length - 1] ?? null, values: points.map((p) => p.score), bands: points.map((p) => p.interval ?? null), own, rival,
    open: recs ? ['proposed', 'todo', 'in_review'].reduce((n, k) => n + recs[k].length, 0) : null,
    lastRun: runs?.runs?.[0] ?? null, credits: balance?.availableMicrousd ?? null,
  };
}
const loadWorkspaces = async () => Promise.all((await api('GET', '/api/v1/workspaces')).map(loadClient));

const SORTS = {
  name: (a, b) => a.displayName.localeCompare(b.displayName),
  score: (a, b) => (b.last?.score ?? -1) - (a.last?.score ?? -1),
  change: (a, b) => (b.last?.change?.delta ?? -999) - (a.last?.change?.delta ?? -999),
  open: (a, b) => (b.open ?? -1) - (a.open ?? -1),
  credits: (a, b) => (a.credits ?? Infinity) - (b.credits ?? Infinity),
};

export function Agency() {
  const { data, error, loading } = useLoad(loadWorkspaces);
  const [sort, setSort] = useState('name');
  const rows = data ? [...data].sort(SORTS[sort]) : [];
  const Head = ({ by, children }) => html`<th scope="col" aria-sort=${sort === by ? 'descending' : undefined}><button type="button" class="link" onClick=${() => setSort(by)}>${children}</button></th>`;
  return html`<h1>Workspaces</h1>
    <p><a class="button" href="/new">New workspace</a></p>
    <${Alert} error=${error} />
    ${loading && !data ? html`<${Loading} what="Loading workspaces" />` : null}
    ${data && !data.length ? html`<p class="empty">No workspace yet. Create one to measure your brand’s visibility in AI answers: it needs the brand’s name and website.</p>` : null}
    ${data?.length ? html`<div class="table-wrap"><table class="agency">
      <caption>Every client: GEO score of the last 28 days, share of voice against the strongest competitor, work open and credit left. Column headings sort.</caption>
      <thead><tr><${Head} by="name">Workspace</${Head}><${Head} by="score">GEO score</${Head}><th scope="col">Trend</th><${Head} by="change">Change</${Head}>
        <th scope="col">Share of voice</th><${Head} by="open">Open recs</${Head}><th scope="col">Last run</th><${Head} by="credits">Credits left</${Head}><th scope="col">Data</th></tr></thead>
      <tbody>${rows.map((w) => html`<tr>
        <th scope="row"><a href=${`/w/${w.id}`}>${w.displayName}</a><br /><small class="muted">${w.id} · ${w.role}</small></th>
        <td>${w.last ? html`<strong class="score">${num(w.last.score)}</strong><br /><small class="muted">95% ${interval(w.last.interval)}</small>` : html`<span class="muted">not measured yet</span>`}</td>
        <td><${Sparkline} values=${w.values} bands=${w.bands} label=${`GEO score trend of ${w.displayName}`} /></td>
        <td>${w.last ? html`<${Change} change=${w.last.change} />` : html`<span class="muted">no run yet</span>`}</td>
        <td>${w.own ? html`${fmt.percent(w.own.shareOfVoice)}${w.rival ? html`<br /><small class="muted">vs ${w.rival.name} ${fmt.percent(w.rival.shareOfVoice)}</small>` : null}` : html`<span class="muted">no run yet</span>`}</td>
        <td>${w.open === null ? '—' : html`<a href=${`/w/${w.id}/recs`}>${fmt.count(w.open)}</a>`}</td>
        <td>${w.lastRun ? html`${when(w.lastRun.createdAt ?? w.lastRun.startedAt)}<br /><small class="muted">${words(w.lastRun.status)}</small>` : html`<span class="muted">none yet</span>`}</td>
        <td>${usd(w.credits)}</td>
        <td>${w.series?.simulated ? html`<${Simulated} simulated share=${w.series.simulatedShare} />` : w.last ? 'measured' : '—'}</td>
      </tr>`)}</tbody>
    </table></div>` : null}`;
}

const QUOTAS = { discovery: 0.2, problem_solution: 0.2, use_case: 0.2, comparison: 0.2, expert: 0.1, brand_research: 0.1 };
const LANGS = [['en', 'English'], ['es', 'Spanish'], ['ca', 'Catalan'], ['fr', 'French']];
const list = (text) => text.split(',').map((s) => s.trim()).filter(Boolean);

export function NewWorkspace() {
  const [f, setF] = useState({ brand: '', displayName: '', domain: '', languages: ['en'], regions: '', c1: '', c1d: '', c2: '', c2d: '', ga4: '', gsc: '', size: 50, compliance: 'none' });
  const set = (key) => (e) => setF({ ...f, [key]: e.target.type === 'number' ? Number(e.target.value) : e.target.value });
  const toggleLang = (code) => setF({ ...f, languages: f.languages.includes(code) ? f.languages.filter((l) => l !== code) : [...f.languages, code] });
  const action = useAction();
  const submit = (e) => {
    e.preventDefault();
    action.run(async () => {
      const competitor = (name, domain) => ({ name, domains: [domain], aliases: [name], ambiguous: false });
      const created = await api('POST', '/api/v1/workspaces', {
        brand: f.brand, displayName: f.displayName, domains: [f.domain], languages: f.languages, regions: list(f.regions),
        competitors: [competitor(f.c1, f.c1d), competitor(f.c2, f.c2d)], gscProperty: f.gsc || `sc-domain:${f.domain}`, ga4Property: f.ga4,
        activeSetSize: f.size, complianceProfile: f.compliance, quotas: QUOTAS,
      });
      location.assign(`/w/${created.slug}`);
    });
  };
  const field = (id, label, props = {}, hint = '') => html`<div class="field">
    <label for=${id}>${label}</label>
    <input id=${id} value=${f[id]} onInput=${set(id)} aria-describedby=${hint ? `${id}-hint` : undefined} ...${props} />
    ${hint && html`<small id=${`${id}-hint`} class="muted">${hint}</small>`}
  </div>`;
  return html`<h1>New workspace</h1>
    <form class="stack wide" onSubmit=${submit}>
      <fieldset><legend>Brand</legend>
        ${field('brand', 'Workspace slug', { required: true, pattern: '[a-z0-9\\-]{2,20}', autocomplete: 'off' }, '2-20 lowercase letters, digits or hyphens; it appears in addresses')}
        ${field('displayName', 'Brand name', { required: true, minlength: 2, maxlength: 60 })}
        ${field('domain', 'Website domain', { required: true, placeholder: 'example.com' })}
        <fieldset class="inline"><legend>Languages</legend>
          ${LANGS.map(([code, name]) => html`<label><input type="checkbox" checked=${f.languages.includes(code)} onChange=${() => toggleLang(code)} /> ${name}</label>`)}
        </fieldset>
        ${field('regions', 'Regions (optional)', { placeholder: 'us, eu-west' }, 'Comma separated')}
      </fieldset>
      <fieldset><legend>Two competitors</legend>
        <div class="row">${field('c1', 'Competitor 1 name', { required: true, minlength: 2 })}${field('c1d', 'Competitor 1 domain', { required: true })}</div>
        <div class="row">${field('c2', 'Competitor 2 name', { required: true, minlength: 2 })}${field('c2d', 'Competitor 2 domain', { required: true })}</div>
      </fieldset>
      <fieldset><legend>Measurement</legend>
        ${field('ga4', 'Google Analytics 4 property ID', { required: true, pattern: '[0-9]{6,12}', inputmode: 'numeric', title: '6 to 12 digits' }, 'Where to find it: Google Analytics → Admin → Property details, “Property ID” (6-12 digits)')}
        ${field('gsc', 'Search Console property', { pattern: 'sc-domain:[a-z0-9.\\-]+\\.[a-z]{2,}', placeholder: f.domain ? `sc-domain:${f.domain}` : 'sc-domain:example.com', title: 'sc-domain: followed by the domain' }, 'Where to find it: Search Console → property picker, the domain property (sc-domain:your-domain); empty uses the website domain')}
        ${field('size', 'Active prompts', { type: 'number', min: 20, max: 300, required: true }, 'How many prompts the engines are asked (20-300)')}
        <div class="field"><label for="compliance">Compliance profile</label>
          <select id="compliance" value=${f.compliance} onChange=${set('compliance')}><option value="none">None</option><option value="eu_medical">EU medical</option></select></div>
      </fieldset>
      <${Alert} error=${action.error} />
      <button type="submit" disabled=${action.busy || !f.languages.length}>Create workspace</button>
    </form>`;
}
