// How access logs reach the AI traffic page: upload a file here, push it with the CLI (also from
// cron or a tail pipe), or post it with an API key; and what the latest logs counted. Shown as
// the page's empty state before any log, and folded under the figures afterwards.
import { Alert, Notice, apiPath, call, client, fmt, html, jobReason, rawBody, useAction, useState, waitForJob, when } from '../lib.js';

/** The log file as the request body, streamed by the browser (never parsed as JSON); 202 with the ingestion job. */
const uploadLog = (slug, file) => call(client.POST('/api/v1/workspaces/{workspace}/traffic/logs', {
  params: { path: { workspace: slug } }, headers: { 'content-type': 'application/octet-stream' }, ...rawBody(file),
}));

/** What one upload counted, in words and through the shared formatter. */
export function countsLine(u) {
  const c = u.counts;
  return `${fmt.count(c.lines)} lines: ${fmt.count(c.agentHits)} AI agent requests (${fmt.count(c.verified)} verified, ${fmt.count(c.claimed)} claimed), `
    + `${fmt.count(c.referrals)} AI-referred visits, ${fmt.count(c.other)} other requests, ${fmt.count(c.unparsed)} lines that did not parse`
    + `${c.duplicates ? `, ${fmt.count(c.duplicates)} already received` : ''}.`;
}

/** A command with a button that copies it (and says so to screen readers). */
function Command({ id, text }) {
  const [copied, setCopied] = useState(false);
  const copy = () => navigator.clipboard?.writeText(text).then(() => setCopied(true), () => setCopied(false));
  return html`<div class="command"><pre id=${id}><code>${text}</code></pre>
    <button type="button" class="secondary small" onClick=${copy} aria-describedby=${id}>Copy</button>
    <span class="muted small" role="status">${copied ? 'Copied.' : ''}</span></div>`;
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
      setNotice(`Uploading ${file.name}…`);
      const job = await uploadLog(slug, file);
      setNotice(`Reading ${file.name}…`);
      const done = await waitForJob(slug, job.id, { maxTries: 600 });
      if (done.status !== 'succeeded') {
        setNotice('');
        throw new Error(`The log could not be read (${done.status}): ${jobReason(done)}`);
      }
      setNotice(`${file.name}: ${countsLine(await call(client.GET('/api/v1/workspaces/{workspace}/traffic/uploads/{id}', { params: { path: { workspace: slug, id: job.id } } })))}`);
      onSent?.();
    });
  };
  return html`<div class="send-logs">
    <h3>Upload a log file</h3>
    <form class="controls" onSubmit=${submit}>
      <label for="log-file">Access log (nginx or Apache, Cloudflare, Vercel or CloudFront; plain or gzip, up to 100 MB)
        <input id="log-file" type="file" onChange=${(e) => setFile(e.target.files?.[0] ?? null)} /></label>
      <button type="submit" disabled=${action.busy || !file}>${action.busy ? 'Reading the log…' : 'Upload'}</button>
    </form>
    <div aria-live="polite"><${Notice}>${notice}</${Notice}></div>
    <${Alert} error=${action.error} />
    <h3>Or push it from the server</h3>
    <p>With the command line: log in once, then push a file (by hand or from cron) or a stream. Lines already received count once, so overlapping pushes are safe.</p>
    <${Command} id="cmd-login" text=${`npx geo login --server ${server} --workspace ${slug}`} />
    <${Command} id="cmd-push" text=${'npx geo traffic push /var/log/nginx/access.log --wait'} />
    <${Command} id="cmd-pipe" text=${'zcat /var/log/nginx/access.log.*.gz | npx geo traffic push -'} />
    <p>Or with an API key that has <code>settings:write</code> (Settings → API keys):</p>
    <${Command} id="cmd-curl" text=${`curl -X POST --data-binary @access.log -H "Authorization: Bearer $GEO_API_KEY" ${server}${apiPath('/api/v1/workspaces/{workspace}/traffic/logs', { workspace: slug })}`} />
  </div>`;
}

/** Before any log: what this page needs, why, and the ways to send it. Not an error. */
export function NoLogsYet({ slug, onSent }) {
  return html`<section class="card empty-state" aria-labelledby="nologs-h" id="traffic-empty">
    <h2 id="nologs-h">No access log yet</h2>
    <p>This page shows which AI crawlers and agents read your site (GPTBot, ClaudeBot, PerplexityBot, Googlebot…), whether they come from their operators’ published addresses, what they were answered, and which visits AI answers sent you. AI agents do not run JavaScript, so your server’s access logs are the only record: send one and the figures appear here.</p>
    <${SendLogs} slug=${slug} onSent=${onSent} />
  </section>`;
}

/** The latest logs received, and the way to send more (folded). */
export function Received({ slug, uploads, onSent }) {
  const last = uploads[0];
  return html`<section class="card" aria-labelledby="received-h" id="traffic-received">
    <h2 id="received-h">Logs received</h2>
    <p>Last ${last.source === 'upload' ? 'upload' : 'push'} ${when(last.createdAt)}${last.status === 'succeeded' ? `: ${countsLine(last)}` : last.status === 'running' ? ': still being read.' : html`: <span class="field-error">${last.status}</span>.`}</p>
    <details><summary>Send more logs</summary><${SendLogs} slug=${slug} onSent=${onSent} /></details>
  </section>`;
}
