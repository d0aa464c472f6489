// Settings: Connected apps (docs/mcp.md, "OAuth"). The agents a member connected to this
// workspace through OAuth, with the host each returns to (what identifies it: the name is its own
// claim), its permissions and last use; Disconnect ends its tokens at once.
import { Notice, Scopes, Section, html, say, useAction, useLoad, useState, when, call, client } from '../lib.js';
import { ErrorBox, sure } from './settings-ui.js';

export function ConnectedApps({ slug }) {
  const apps = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/connected-apps', { params: { path: { workspace: slug } } })), [slug]);
  const [notice, setNotice] = useState('');
  const action = useAction();
  const disconnect = (app) => {
    if (!sure(say('dashboard.apps.confirmDisconnect', { name: app.clientName }))) return;
    setNotice('');
    action.run(async () => {
      await call(client.DELETE('/api/v1/workspaces/{workspace}/connected-apps/{grantId}', { params: { path: { workspace: slug, grantId: app.grantId } } }));
      setNotice(say('dashboard.apps.disconnected', { name: app.clientName }));
      apps.reload();
    });
  };
  const rows = apps.data ?? [];
  return html`<${Section} id="connected-apps" title=${say('dashboard.settings.nav.connectedApps')}>
    <p class="muted">${say('dashboard.apps.intro')}</p>
    ${rows.length ? html`<div class="table-wrap"><table id="connected-apps-table" class="cards"><caption>${say('dashboard.apps.caption')}</caption>
      <thead><tr><th scope="col">${say('dashboard.apps.app')}</th><th scope="col">${say('dashboard.apps.returnsTo')}</th><th scope="col">${say('dashboard.keys.scopes')}</th>
        <th scope="col">${say('dashboard.apps.connected')}</th><th scope="col">${say('dashboard.keys.lastUsed')}</th><th scope="col">${say('dashboard.keys.actions')}</th></tr></thead>
      <tbody>${rows.map((a) => html`<tr key=${a.grantId}><th scope="row">${a.clientName}</th>
        <td data-label=${say('dashboard.apps.returnsTo')}><code>${a.redirectHosts.join(', ')}</code></td>
        <td data-label=${say('dashboard.keys.scopes')}><${Scopes} scopes=${a.scopes} /></td>
        <td data-label=${say('dashboard.apps.connected')}>${when(a.createdAt)}</td><td data-label=${say('dashboard.keys.lastUsed')}>${when(a.lastUsedAt)}</td>
        <td data-label=${say('dashboard.keys.actions')}><button type="button" class="secondary small danger" disabled=${action.busy} onClick=${() => disconnect(a)}>${say('dashboard.apps.disconnect')}<span class="visually-hidden"> ${a.clientName}</span></button></td></tr>`)}</tbody></table></div>`
      : apps.data ? html`<p class="muted">${say('dashboard.apps.none')}</p>` : null}
    <${Notice}>${notice}</${Notice}><${ErrorBox} error=${action.error ?? apps.error} /></${Section}>`;
}
