// Research: start the research pipeline (topics, questions, competitors, sources), follow its
// stages, and take what it found into the workspace: suggested prompts into the prompt set,
// untracked competitors into the competitor list (with their domain, which research cannot know).
import { Alert, Loading, Notice, Simulated, fmt, html, plural, useAction, useEffect, useLoad, useState, when, words, call, client } from '../lib.js';

const STAGES = { topics: 'Topics', questions: 'Questions', competitors: 'Competitors', sources: 'Cited sources' };

function Prompts({ slug, job, findings, onDone }) {
  const [picked, setPicked] = useState([]);
  const action = useAction();
  const open = findings.filter((f) => !f.accepted);
  const toggle = (id) => setPicked(picked.includes(id) ? picked.filter((p) => p !== id) : [...picked, id]);
  const accept = () => action.run(async () => {
    await call(client.POST('/api/v1/workspaces/{workspace}/research/{id}/accept-prompts', { params: { path: { workspace: slug, id: job.id } }, body: { findingIds: picked } }));
    onDone(`${picked.length} prompt(s) added to the prompt set.`); setPicked([]);
  });
  return html`<fieldset id="found-prompts"><legend>Suggested prompts (${open.length} not yet added)</legend>
    ${findings.map((f) => html`<label class="choice"><input type="checkbox" disabled=${f.accepted} checked=${f.accepted || picked.includes(f.id)} onChange=${() => toggle(f.id)} />
      ${f.text} <small class="muted">${words(f.intent)} · ${fmt.languageName(f.language)}${f.accepted ? ' · added' : ''}</small></label>`)}
    <button type="button" class="small" onClick=${accept} disabled=${action.busy || !picked.length}>Add ${picked.length || ''} selected prompt(s)</button>
    <${Alert} error=${action.error} />
  </fieldset>`;
}

/** The host of the page the model's answer pointed to, as a first guess at the competitor's domain. */
function hostOf(url) {
  try {
    return url ? new URL(url).hostname.replace(/^www\./, '') : '';
  } catch {
    return '';
  }
}

function Competitor({ slug, job, f, onDone }) {
  const [domain, setDomain] = useState(hostOf(f.source?.url));
  const action = useAction();
  const track = (e) => {
    e.preventDefault();
    action.run(async () => {
      await call(client.POST('/api/v1/workspaces/{workspace}/research/{id}/accept-competitors', { params: { path: { workspace: slug, id: job.id } }, body: { competitors: [{ findingId: f.id, domains: [domain.trim()] }] } }));
      onDone(`${f.name} is now tracked as a competitor.`);
    });
  };
  // Where the name came from: the question research asked and the page the answer gave, shown as text (not checked, so not a link).
  return html`<li><strong>${f.name}</strong> <small class="muted">named in ${f.mentions} of ${plural(f.probes, 'answer')}</small>
    ${f.source ? html`<p class="muted">From the model's answer to “${f.source.question}”${f.source.url ? `, which gives ${f.source.url} (not checked)` : ''}.</p>` : null}
    ${f.accepted ? html` <span class="badge">tracked</span>` : html`<form class="controls" onSubmit=${track}>
      <label>Domain of ${f.name}<input required value=${domain} onInput=${(e) => setDomain(e.target.value)} placeholder="example.com" /></label>
      <button type="submit" class="secondary small" disabled=${action.busy}>Track</button></form><${Alert} error=${action.error} />`}</li>`;
}

function Findings({ slug, job, onDone }) {
  const all = job.stages.flatMap((s) => s.findings);
  const of = (kind) => all.filter((f) => f.kind === kind);
  return html`<div class="findings">
    ${of('topic').length ? html`<h3>Topics</h3><p>${of('topic').map((t) => html`<span class="badge">${t.text}</span> `)}</p>` : null}
    ${of('prompt').length ? html`<${Prompts} slug=${slug} job=${job} findings=${of('prompt')} onDone=${onDone} />` : null}
    ${of('competitor').length ? html`<h3>Untracked competitors</h3><ul class="plain" id="found-competitors">${of('competitor').map((f) => html`<${Competitor} key=${f.id} slug=${slug} job=${job} f=${f} onDone=${onDone} />`)}</ul>` : null}
    ${of('source').length ? html`<h3>Cited sources</h3><div class="table-wrap"><table><thead><tr><th scope="col">Domain</th><th scope="col">Citations</th><th scope="col">Kind</th></tr></thead>
      <tbody>${of('source').map((s) => html`<tr><th scope="row">${s.domain}</th><td>${s.citations} in ${plural(s.probes, 'answer')}</td><td>${s.class.replace('_', ' ')}</td></tr>`)}</tbody></table></div>` : null}
    ${all.length ? null : html`<p class="muted">Nothing found.</p>`}
  </div>`;
}

export function Research({ workspace }) {
  const list = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/research', { params: { path: { workspace: workspace } } })), [workspace]);
  const [notice, setNotice] = useState('');
  const action = useAction();
  const jobs = list.data ?? [];
  const running = jobs.some((j) => j.status === 'running');
  // Follow a running job's stages; polling stops by itself when it finishes.
  useEffect(() => {
    if (!running) return undefined;
    const t = setTimeout(list.reload, 1000);
    return () => clearTimeout(t);
  }, [list.data]);
  const start = () => action.run(async () => {
    await call(client.POST('/api/v1/workspaces/{workspace}/research', { params: { path: { workspace: workspace } } }));
    setNotice('Research started.');
    list.reload();
  });
  const done = (text) => { setNotice(text); list.reload(); };
  const latest = jobs[0];
  return html`<h1>Research</h1>
    <p>Research asks the workspace model and a search engine about your market: the topics people ask about, questions to add as prompts,
      competitors the answers name that you do not track, and the sites they cite. It holds credit for at most 80 provider calls and is charged for those made.</p>
    <p><button type="button" onClick=${start} disabled=${action.busy || running}>${running ? 'Research is running' : 'Start research'}</button></p>
    <div aria-live="polite"><${Notice}>${notice}</${Notice}></div>
    <${Alert} error=${action.error ?? list.error} />
    ${list.loading && !list.data ? html`<${Loading} />` : null}
    ${list.data && !jobs.length ? html`<p class="muted">No research yet.</p>` : null}
    ${latest ? html`<section class="card" aria-labelledby="latest-h" id="research-latest"><h2 id="latest-h">Research of ${when(latest.startedAt)}
        <span class=${`badge status-${latest.status}`}>${latest.status}</span>
        ${latest.simulated?.model || latest.simulated?.serp ? html` <${Simulated} simulated />` : null}</h2>
      <ol class="stages">${latest.stages.map((s) => html`<li>${STAGES[s.stage] ?? s.stage}: <span class=${`badge status-${s.status}`}>${s.status}</span> <small class="muted">${s.calls} calls, ${s.findings.length} found</small></li>`)}</ol>
      ${latest.status === 'failed' ? html`<p class="alert" role="alert">${latest.lastLines[latest.lastLines.length - 1] ?? 'The research failed.'}</p>` : null}
      ${latest.status !== 'running' ? html`<${Findings} slug=${workspace} job=${latest} onDone=${done} />` : null}
    </section>` : null}
    ${jobs.length > 1 ? html`<details><summary>Earlier research (${jobs.length - 1})</summary><ul>${jobs.slice(1).map((j) => html`<li>${when(j.startedAt)}: ${j.status}</li>`)}</ul></details>` : null}`;
}
