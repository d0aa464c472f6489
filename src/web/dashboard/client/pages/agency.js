// Agency overview: every reachable workspace with its GEO score, trend, change and whether the
// change is significant; and the form that creates a workspace.
import { Alert, Change, Loading, Simulated, Sparkline, api, hasMeasurement, html, interval, num, useAction, useLoad, useState, ws } from '../lib.js';

async function loadWorkspaces() {
  const list = await api('GET', '/api/v1/workspaces');
  return Promise.all(list.map(async (w) => {
    const series = (await hasMeasurement(w.id).catch(() => false)) ? await api('GET', ws(w.id, '/timeseries?range=28d')).catch(() => null) : null;
    const points = series?.points ?? [];
    return { ...w, series, last: points[points.length - 1] ?? null, values: points.map((p) => p.score) };
  }));
}

export function Agency() {
  const { data, error, loading } = useLoad(loadWorkspaces);
  return html`<h1>Workspaces</h1>
    <p><a class="button" href="/new">New workspace</a></p>
    <${Alert} error=${error} />
    ${loading && !data ? html`<${Loading} what="Loading workspaces" />` : null}
    ${data && !data.length ? html`<p>No workspace yet. Create one to measure your brand’s visibility in AI answers.</p>` : null}
    ${data?.length ? html`<div class="table-wrap"><table class="agency">
      <caption>GEO score of each workspace, last 28 days</caption>
      <thead><tr><th scope="col">Workspace</th><th scope="col">GEO score</th><th scope="col">Trend</th><th scope="col">Change</th><th scope="col">Data</th></tr></thead>
      <tbody>${data.map((w) => html`<tr>
        <th scope="row"><a href=${`/w/${w.id}`}>${w.displayName}</a><br /><small class="muted">${w.id} · ${w.role}</small></th>
        <td>${w.last ? html`<strong class="score">${num(w.last.score)}</strong><br /><small class="muted">95% ${interval(w.last.interval)}</small>` : html`<span class="muted">not measured yet</span>`}</td>
        <td><${Sparkline} values=${w.values} label=${`GEO score trend of ${w.displayName}`} /></td>
        <td>${w.last ? html`<${Change} change=${w.last.change} />` : '—'}</td>
        <td>${w.series?.simulated ? html`<${Simulated} simulated share=${w.series.simulatedShare} />` : w.last ? 'measured' : '—'}</td>
      </tr>`)}</tbody>
    </table></div>` : null}`;
}

const QUOTAS = { discovery: 0.2, problem_solution: 0.2, use_case: 0.2, comparison: 0.2, expert: 0.1, brand_research: 0.1 };
const LANGS = [['en', 'English'], ['es', 'Spanish'], ['ca', 'Catalan'], ['fr', 'French']];
const list = (text) => text.split(',').map((s) => s.trim()).filter(Boolean);

export function NewWorkspace() {
  const [f, setF] = useState({ brand: '', displayName: '', domain: '', languages: ['en'], regions: '', c1: '', c1d: '', c2: '', c2d: '', ga4: '', size: 50, compliance: 'none' });
  const set = (key) => (e) => setF({ ...f, [key]: e.target.type === 'number' ? Number(e.target.value) : e.target.value });
  const toggleLang = (code) => setF({ ...f, languages: f.languages.includes(code) ? f.languages.filter((l) => l !== code) : [...f.languages, code] });
  const action = useAction();
  const submit = (e) => {
    e.preventDefault();
    action.run(async () => {
      const competitor = (name, domain) => ({ name, domains: [domain], aliases: [name], ambiguous: false });
      const created = await api('POST', '/api/v1/workspaces', {
        brand: f.brand, displayName: f.displayName, domains: [f.domain], languages: f.languages, regions: list(f.regions),
        competitors: [competitor(f.c1, f.c1d), competitor(f.c2, f.c2d)], gscProperty: `sc-domain:${f.domain}`, ga4Property: f.ga4,
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
        ${field('ga4', 'Google Analytics 4 property ID', { required: true, pattern: '[0-9]{6,12}', inputmode: 'numeric' }, '6-12 digits; the Search Console property is taken from the domain')}
        ${field('size', 'Active prompts', { type: 'number', min: 20, max: 300, required: true }, 'How many prompts the engines are asked (20-300)')}
        <div class="field"><label for="compliance">Compliance profile</label>
          <select id="compliance" value=${f.compliance} onChange=${set('compliance')}><option value="none">None</option><option value="eu_medical">EU medical</option></select></div>
      </fieldset>
      <${Alert} error=${action.error} />
      <button type="submit" disabled=${action.busy || !f.languages.length}>Create workspace</button>
    </form>`;
}
