// Page evaluations: start one for an address, follow its job, and read each evaluation's
// Lighthouse scores, metrics and the nine checks (failed ones with what to do).
import { Alert, Notice, html, jobReason, num, say, sayCode, when, useAction, useLoad, useState, waitForJob, call, client } from '../lib.js';
import { stagesOf } from '../stages.ts';

const CHECKS = { robotsTxt: 'robots.txt', sitemapXml: 'sitemap.xml', llmsTxt: 'llms.txt', metaRobots: 'meta robots', canonical: 'canonical', https: 'HTTPS', viewport: 'viewport' };
const ms = (v) => (v === null || v === undefined ? '—' : say('dashboard.seo.ms', { n: num(v, 0) }));

function Evaluation({ p }) {
  const failed = Object.entries(p.checks).filter(([, c]) => !c.passed);
  return html`<tr>
    <th scope="row">${p.url}<br /><small class="muted">${when(p.fetchedAt)}${p.status === 'partial' ? ` · ${say('dashboard.seo.partial')}` : ''}</small></th>
    <td>${num(p.scores.performance, 0)}</td><td>${num(p.scores.accessibility, 0)}</td><td>${num(p.scores.bestPractices, 0)}</td><td>${num(p.scores.seo, 0)}</td>
    <td><small>LCP ${ms(p.metrics.lcp)}<br />CLS ${num(p.metrics.cls, 2)}<br />TBT ${ms(p.metrics.tbt)}</small></td>
    <td><details><summary>${say('dashboard.seo.passed', { n: 9 - failed.length })}</summary><ul class="plain checks">
      ${Object.entries(p.checks).map(([k, c]) => html`<li><strong>${c.passed ? '✓' : '✗'} ${CHECKS[k] ?? sayCode('dashboard.seo.pageCheck', k)}</strong>${c.value ? html`: <code>${c.value}</code>` : null}${c.passed ? null : html`<br />${c.suggestion}`}</li>`)}
    </ul></details>${p.details?.problems?.length ? html`<p class="muted">${p.details.problems.join('; ')}</p>` : null}</td>
  </tr>`;
}

const MARK = { done: '✓', current: '…', failed: '✗', pending: '·' };

/** The evaluation's stages as its job reports them (polled through GET …/jobs/{id}). */
function Stages({ job }) {
  return html`<ol class="stages" aria-label=${say('dashboard.seo.stages')}>${stagesOf(job.lastLines, job.status).map((s) => html`<li class=${`stage ${s.state}`}>
    <span aria-hidden="true">${MARK[s.state]}</span> ${s.label} <small class="muted">(${sayCode('dashboard.seo.state', s.state)})</small></li>`)}</ol>`;
}

export function PageEvaluations({ slug }) {
  const evals = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/page-evaluation', { params: { path: { workspace: slug } } })), [slug]);
  const [url, setUrl] = useState('');
  const [notice, setNotice] = useState('');
  const [job, setJob] = useState(null);
  const action = useAction();
  const evaluate = (e) => {
    e.preventDefault();
    action.run(async () => {
      const started = await call(client.POST('/api/v1/workspaces/{workspace}/page-evaluation', { params: { path: { workspace: slug } }, body: { url } }));
      setNotice(say('dashboard.seo.evaluating', { url }));
      setJob(started);
      const done = await waitForJob(slug, started.id, { maxTries: 180, onTick: setJob });
      setNotice(done.status === 'succeeded' ? say('dashboard.seo.evaluated', { url }) : '');
      if (done.status !== 'succeeded') throw new Error(say('dashboard.seo.evalFailed', { status: done.status, reason: jobReason(done) }));
      setUrl('');
    }).finally(evals.reload);
  };
  return html`<section class="card" aria-labelledby="pe-h"><h2 id="pe-h">${say('dashboard.seo.evaluations')}</h2>
    <form class="controls" onSubmit=${evaluate}>
      <label for="pe-url">${say('dashboard.seo.address')}<input id="pe-url" type="url" required value=${url} onInput=${(e) => setUrl(e.target.value)} placeholder="https://example.com/" /></label>
      <button type="submit" disabled=${action.busy}>${action.busy ? say('dashboard.seo.evaluatingShort') : say('dashboard.seo.evaluate')}</button>
    </form>
    <div aria-live="polite"><${Notice}>${notice}</${Notice}></div>
    ${job ? html`<${Stages} job=${job} />` : null}
    <${Alert} error=${action.error ?? evals.error} />
    ${evals.data?.length ? html`<div class="table-wrap"><table id="evaluations"><caption>${say('dashboard.seo.evalCaption')}</caption>
      <thead><tr><th scope="col">${say('dashboard.traffic.page')}</th><th scope="col">${say('dashboard.seo.performance')}</th><th scope="col">${say('dashboard.seo.accessibility')}</th><th scope="col">${say('dashboard.seo.bestPractices')}</th><th scope="col">${say('dashboard.seo.seo')}</th><th scope="col">${say('dashboard.seo.metrics')}</th><th scope="col">${say('dashboard.seo.checksCol')}</th></tr></thead>
      <tbody>${evals.data.map((p) => html`<${Evaluation} key=${p.id} p=${p} />`)}</tbody></table></div>` : evals.data ? html`<p class="muted">${say('dashboard.seo.noEval')}</p>` : null}
  </section>`;
}
