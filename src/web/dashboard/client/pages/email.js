// Email inbox: the workspace's own address (where alerts and reports can be sent and replies
// arrive) and its provisioning status; an owner can try provisioning again when it failed.
import { Alert, Loading, Notice, html, say, sayCode, useAction, useLoad, useState, call, client } from '../lib.js';

const status = (code) => sayCode('dashboard.email.status', code);

export function Email({ workspace }) {
  const inbox = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/email', { params: { path: { workspace: workspace } } })), [workspace]);
  const action = useAction();
  const [notice, setNotice] = useState('');
  const backfill = () => action.run(async () => {
    const res = await call(client.POST('/api/v1/workspaces/{workspace}/email/backfill', { params: { path: { workspace } } }));
    setNotice(res.changed ? say('dashboard.email.changed', { status: status(res.status) }) : say('dashboard.email.unchanged', { message: res.message }));
    inbox.reload();
  });
  const missing = inbox.error?.status === 404;
  const d = inbox.data;
  const canRetry = missing || (d && (d.status === 'unconfigured' || d.status === 'failed'));
  return html`<h1>${say('dashboard.page.email')}</h1>
    <div aria-live="polite"><${Notice}>${notice}</${Notice}></div>
    <${Alert} error=${missing ? null : inbox.error} />
    ${inbox.loading && !d && !inbox.error ? html`<${Loading} />` : null}
    <section class="card" aria-labelledby="inbox-h"><h2 id="inbox-h">${say('dashboard.email.inbox')}</h2>
      ${missing ? html`<p>${say('dashboard.email.missing')}</p>` : null}
      ${d ? html`<dl class="facts" id="inbox">
        <dt>${say('dashboard.email.address')}</dt><dd>${d.email ? html`<a href=${`mailto:${d.email}`}>${d.email}</a>` : html`<span class="muted">${say('dashboard.email.none')}</span>`}</dd>
        <dt>${say('dashboard.credits.status')}</dt><dd><span class=${`badge inbox-${d.status}`}>${status(d.status)}</span></dd>
        <dt>${say('dashboard.ops.attempts')}</dt><dd>${d.attempts}</dd>
        <dt>${say('dashboard.email.details')}</dt><dd>${d.message || '—'}</dd>
      </dl>` : null}
      ${canRetry ? html`<p><button type="button" onClick=${backfill} disabled=${action.busy}>${say('dashboard.email.retry')}</button>
        <small class="muted"> ${say('dashboard.email.owners')}</small></p>` : null}
      <${Alert} error=${action.error} />
    </section>`;
}
