// Email inbox: the workspace's own address (where alerts and reports can be sent and replies
// arrive) and its provisioning status; an owner can try provisioning again when it failed.
import { Alert, Loading, Notice, html, useAction, useLoad, useState, call, client } from '../lib.js';

const STATUS = {
  provisioned: 'Ready', unconfigured: 'Not set up: no email provider is configured on this server', failed: 'Provisioning failed',
  username_conflict: 'The address is taken by another inbox',
};

export function Email({ workspace }) {
  const inbox = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/email', { params: { path: { workspace: workspace } } })), [workspace]);
  const action = useAction();
  const [notice, setNotice] = useState('');
  const backfill = () => action.run(async () => {
    const res = await call(client.POST('/api/v1/workspaces/{workspace}/email/backfill', { params: { path: { workspace } } }));
    setNotice(res.changed ? `Inbox status is now: ${STATUS[res.status] ?? res.status}.` : `Nothing changed: ${res.message}`);
    inbox.reload();
  });
  const missing = inbox.error?.status === 404;
  const d = inbox.data;
  const canRetry = missing || (d && (d.status === 'unconfigured' || d.status === 'failed'));
  return html`<h1>Email inbox</h1>
    <div aria-live="polite"><${Notice}>${notice}</${Notice}></div>
    <${Alert} error=${missing ? null : inbox.error} />
    ${inbox.loading && !d && !inbox.error ? html`<${Loading} />` : null}
    <section class="card" aria-labelledby="inbox-h"><h2 id="inbox-h">Workspace inbox</h2>
      ${missing ? html`<p>This workspace was made before inboxes were recorded; provisioning creates its record.</p>` : null}
      ${d ? html`<dl class="facts" id="inbox">
        <dt>Address</dt><dd>${d.email ? html`<a href=${`mailto:${d.email}`}>${d.email}</a>` : html`<span class="muted">none yet</span>`}</dd>
        <dt>Status</dt><dd><span class=${`badge inbox-${d.status}`}>${STATUS[d.status] ?? d.status}</span></dd>
        <dt>Attempts</dt><dd>${d.attempts}</dd>
        <dt>Details</dt><dd>${d.message || '—'}</dd>
      </dl>` : null}
      ${canRetry ? html`<p><button type="button" onClick=${backfill} disabled=${action.busy}>Try provisioning again</button>
        <small class="muted"> Owners only.</small></p>` : null}
      <${Alert} error=${action.error} />
    </section>`;
}
