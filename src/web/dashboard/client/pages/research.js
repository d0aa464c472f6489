// Research: start the research pipeline (topics, questions, competitors, sources), follow its
// stages, and take what it found into the workspace: suggested prompts into the prompt set,
// untracked competitors into the competitor list (with their domain, which research cannot know).
import { Alert, Loading, Notice, Simulated, fmt, html, say, sayCode, useAction, useEffect, useLoad, useState, when, call, client } from '../lib.js';

function Prompts({ slug, job, findings, onDone }) {
  const [picked, setPicked] = useState([]);
  const action = useAction();
  const open = findings.filter((f) => !f.accepted);
  const toggle = (id) => setPicked(picked.includes(id) ? picked.filter((p) => p !== id) : [...picked, id]);
  const accept = () => action.run(async () => {
    await call(client.POST('/api/v1/workspaces/{workspace}/research/{id}/accept-prompts', { params: { path: { workspace: slug, id: job.id } }, body: { findingIds: picked } }));
    onDone(say('dashboard.research.added', { n: picked.length })); setPicked([]);
  });
  return html`<fieldset id="found-prompts"><legend>${say('dashboard.research.suggested', { n: open.length })}</legend>
    ${findings.map((f) => html`<label class="choice"><input type="checkbox" disabled=${f.accepted} checked=${f.accepted || picked.includes(f.id)} onChange=${() => toggle(f.id)} />
      ${f.text} <small class="muted">${sayCode('dashboard.runs.intent', f.intent)} · ${fmt.languageName(f.language)}${f.accepted ? ` · ${say('dashboard.research.addedOne')}` : ''}</small></label>`)}
    <button type="button" class="small" onClick=${accept} disabled=${action.busy || !picked.length}>${say('dashboard.research.add', { n: picked.length })}</button>
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
      onDone(say('dashboard.research.tracked', { name: f.name }));
    });
  };
  // Where the name came from: the question research asked and the page the answer gave, shown as text (not checked, so not a link).
  return html`<li><strong>${f.name}</strong> <small class="muted">${say('dashboard.research.namedIn', { k: f.mentions, n: f.probes })}</small>
    ${f.source ? html`<p class="muted">${f.source.url ? say('dashboard.research.fromUrl', { question: f.source.question, url: f.source.url }) : say('dashboard.research.from', { question: f.source.question })}</p>` : null}
    ${f.accepted ? html` <span class="badge">${say('dashboard.research.trackedBadge')}</span>` : html`<form class="controls" onSubmit=${track}>
      <label>${say('dashboard.research.domainOf', { name: f.name })}<input required value=${domain} onInput=${(e) => setDomain(e.target.value)} placeholder=${say('dashboard.research.domainHint')} /></label>
      <button type="submit" class="secondary small" disabled=${action.busy}>${say('dashboard.research.track')}</button></form><${Alert} error=${action.error} />`}</li>`;
}

function Findings({ slug, job, onDone }) {
  const all = job.stages.flatMap((s) => s.findings);
  const of = (kind) => all.filter((f) => f.kind === kind);
  return html`<div class="findings">
    ${of('topic').length ? html`<h3>${say('dashboard.research.stage.topics')}</h3><p>${of('topic').map((t) => html`<span class="badge">${t.text}</span> `)}</p>` : null}
    ${of('prompt').length ? html`<${Prompts} slug=${slug} job=${job} findings=${of('prompt')} onDone=${onDone} />` : null}
    ${of('competitor').length ? html`<h3>${say('dashboard.research.untracked')}</h3><ul class="plain" id="found-competitors">${of('competitor').map((f) => html`<${Competitor} key=${f.id} slug=${slug} job=${job} f=${f} onDone=${onDone} />`)}</ul>` : null}
    ${of('source').length ? html`<h3>${say('dashboard.research.stage.sources')}</h3><div class="table-wrap"><table><thead><tr><th scope="col">${say('col.domain')}</th><th scope="col">${say('col.citations')}</th><th scope="col">${say('col.kind')}</th></tr></thead>
      <tbody>${of('source').map((s) => html`<tr><th scope="row">${s.domain}</th><td>${say('dashboard.research.citationsIn', { k: s.citations, n: s.probes })}</td><td>${sayCode('dashboard.sourceClass', s.class)}</td></tr>`)}</tbody></table></div>` : null}
    ${all.length ? null : html`<p class="muted">${say('dashboard.research.nothing')}</p>`}
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
    setNotice(say('dashboard.research.started'));
    list.reload();
  });
  const done = (text) => { setNotice(text); list.reload(); };
  const latest = jobs[0];
  return html`<h1>${say('dashboard.page.research')}</h1>
    <p>${say('dashboard.research.lead', { calls: 80 })}</p>
    <p><button type="button" onClick=${start} disabled=${action.busy || running}>${say(running ? 'dashboard.research.running' : 'dashboard.research.start')}</button></p>
    <div aria-live="polite"><${Notice}>${notice}</${Notice}></div>
    <${Alert} error=${action.error ?? list.error} />
    ${list.loading && !list.data ? html`<${Loading} />` : null}
    ${list.data && !jobs.length ? html`<p class="muted">${say('dashboard.research.none')}</p>` : null}
    ${latest ? html`<section class="card" aria-labelledby="latest-h" id="research-latest"><h2 id="latest-h">${say('dashboard.research.of', { when: when(latest.startedAt) })}
        <span class=${`badge status-${latest.status}`}>${sayCode('dashboard.status', latest.status)}</span>
        ${latest.simulated?.model || latest.simulated?.serp ? html` <${Simulated} simulated />` : null}</h2>
      <ol class="stages">${latest.stages.map((s) => html`<li>${say('dashboard.research.stageLine', { stage: sayCode('dashboard.research.stage', s.stage) })} <span class=${`badge status-${s.status}`}>${sayCode('dashboard.status', s.status)}</span> <small class="muted">${say('dashboard.research.stageCounts', { calls: s.calls, found: s.findings.length })}</small></li>`)}</ol>
      ${latest.status === 'failed' ? html`<p class="alert" role="alert">${latest.lastLines[latest.lastLines.length - 1] ?? say('dashboard.research.failed')}</p>` : null}
      ${latest.status !== 'running' ? html`<${Findings} slug=${workspace} job=${latest} onDone=${done} />` : null}
    </section>` : null}
    ${jobs.length > 1 ? html`<details><summary>${say('dashboard.research.earlier', { n: jobs.length - 1 })}</summary><ul>${jobs.slice(1).map((j) => html`<li>${say('dashboard.research.earlierOne', { when: when(j.startedAt), status: sayCode('dashboard.status', j.status) })}</li>`)}</ul></details>` : null}`;
}
