// How access logs reach the AI traffic page: upload a file here, push it with the CLI (also from
// cron or a tail pipe), or post it with an API key; and what the latest logs counted. Shown as
// the page's empty state before any log, and folded under the figures afterwards.
import { Alert, Notice, apiPath, call, client, html, jobReason, rawBody, say, useAction, useState, waitForJob, when, sayWith } from '../lib.js';

/** The log file as the request body, streamed by the browser (never parsed as JSON); 202 with the ingestion job. */
const uploadLog = (slug, file) => call(client.POST('/api/v1/workspaces/{workspace}/traffic/logs', {
  params: { path: { workspace: slug } }, headers: { 'content-type': 'application/octet-stream' }, ...rawBody(file),
}));

/** What one upload counted, in words and through the shared formatter. */
export function countsLine(u) {
  const c = u.counts;
  const counts = { lines: c.lines, hits: c.agentHits, verified: c.verified, claimed: c.claimed, referrals: c.referrals, other: c.other, unparsed: c.unparsed };
  return c.duplicates ? say('dashboard.traffic.countsDuplicates', { ...counts, duplicates: c.duplicates }) : say('dashboard.traffic.counts', counts);
}

/** A command with a button that copies it (and says so to screen readers). */
function Command({ id, text }) {
  const [copied, setCopied] = useState(false);
  const copy = () => navigator.clipboard?.writeText(text).then(() => setCopied(true), () => setCopied(false));
  return html`<div class="command"><pre id=${id}><code>${text}</code></pre>
    <button type="button" class="secondary small" onClick=${copy} aria-describedby=${id}>${say('dashboard.traffic.copy')}</button>
    <span class="muted small" role="status">${copied ? say('dashboard.traffic.copied') : ''}</span></div>`;
}

export function SendLogs({ slug, onSent }) {
  const [file, setFile] = useState(null);
  const [notice, setNotice] = useState('');
  const action = useAction();
  const server = location.origin;
  const submit = (e) => {
    e.preventDefault();
    if (!file) return;
    action.run(async () => {
      setNotice(say('dashboard.traffic.uploading', { name: file.name }));
      const job = await uploadLog(slug, file);
      setNotice(say('dashboard.traffic.readingFile', { name: file.name }));
      const done = await waitForJob(slug, job.id, { maxTries: 600 });
      if (done.status !== 'succeeded') {
        setNotice('');
        throw new Error(say('dashboard.traffic.unreadable', { status: done.status, reason: jobReason(done) }));
      }
      setNotice(`${file.name}: ${countsLine(await call(client.GET('/api/v1/workspaces/{workspace}/traffic/uploads/{id}', { params: { path: { workspace: slug, id: job.id } } })))}`);
      onSent?.();
    });
  };
  return html`<div class="send-logs">
    <h3>${say('dashboard.traffic.uploadTitle')}</h3>
    <form class="controls" onSubmit=${submit}>
      <label for="log-file">${say('dashboard.traffic.logFile')}
        <input id="log-file" type="file" onChange=${(e) => setFile(e.target.files?.[0] ?? null)} /></label>
      <button type="submit" disabled=${action.busy || !file}>${action.busy ? say('dashboard.traffic.readingLog') : say('dashboard.traffic.upload')}</button>
    </form>
    <div aria-live="polite"><${Notice}>${notice}</${Notice}></div>
    <${Alert} error=${action.error} />
    <h3>${say('dashboard.traffic.pushTitle')}</h3>
    <p>${say('dashboard.traffic.pushText')}</p>
    <${Command} id="cmd-login" text=${`npx geo login --server ${server} --workspace ${slug}`} />
    <${Command} id="cmd-push" text=${'npx geo traffic push /var/log/nginx/access.log --wait'} />
    <${Command} id="cmd-pipe" text=${'zcat /var/log/nginx/access.log.*.gz | npx geo traffic push -'} />
    <p>${sayWith('dashboard.traffic.apiKeyText', {}, { scope: html`<code>settings:write</code>` })}</p>
    <${Command} id="cmd-curl" text=${`curl -X POST --data-binary @access.log -H "Authorization: Bearer $GEO_API_KEY" ${server}${apiPath('/api/v1/workspaces/{workspace}/traffic/logs', { workspace: slug })}`} />
  </div>`;
}

/** Before any log: what this page needs, why, and the ways to send it. Not an error. */
export function NoLogsYet({ slug, onSent }) {
  return html`<section class="card empty-state" aria-labelledby="nologs-h" id="traffic-empty">
    <h2 id="nologs-h">${say('dashboard.traffic.noLogsTitle')}</h2>
    <p>${say('dashboard.traffic.noLogsText')}</p>
    <${SendLogs} slug=${slug} onSent=${onSent} />
  </section>`;
}

/** The latest logs received, and the way to send more (folded). */
export function Received({ slug, uploads, onSent }) {
  const last = uploads[0];
  return html`<section class="card" aria-labelledby="received-h" id="traffic-received">
    <h2 id="received-h">${say('dashboard.traffic.received')}</h2>
    <p>${last.status === 'succeeded' || last.status === 'running' ? say('dashboard.traffic.last', { source: last.source, when: when(last.createdAt), state: last.status, counts: last.status === 'succeeded' ? countsLine(last) : '' }) : sayWith('dashboard.traffic.lastFailed', { source: last.source, when: when(last.createdAt) }, { status: html`<span class="field-error">${last.status}</span>` })}</p>
    <details><summary>${say('dashboard.traffic.sendMore')}</summary><${SendLogs} slug=${slug} onSent=${onSent} /></details>
  </section>`;
}
