// Settings: one page of sections, each loading and saving on its own (one failure never blocks
// another section): brand and its design, competitors, prompts, model, connections, API keys,
// connected apps, team, credits, schedule, alerts and webhooks. The sections live in settings-*.js; this file lays them out with their navigation.
import { html, say, useLoad, call, client } from '../lib.js';
import { Brand, Design } from './settings-brand.js';
import { Competitors } from './settings-competitors.js';
import { Prompts } from './settings-prompts.js';
import { Connections, Model } from './settings-connections.js';
import { ApiKeys } from './settings-keys.js';
import { ConnectedApps } from './settings-apps.js';
import { Team } from './settings-team.js';
import { Credits } from './settings-credits.js';
import { Schedule, Webhooks } from './settings-ops.js';
import { Alerts } from './settings-alerts.js';

const SECTIONS = /** @type {const} */ ([['brand', 'brand'], ['design', 'design'], ['competitors', 'competitors'], ['prompts', 'prompts'], ['model', 'model'], ['connections', 'connections'],
  ['api-keys', 'apiKeys'], ['connected-apps', 'connectedApps'], ['team', 'team'], ['credits', 'credits'], ['schedule', 'schedule'], ['alerts', 'alerts'], ['webhooks', 'webhooks']]);

export function Settings({ workspace }) {
  // Brand and design show the same stored settings: one load, reloaded by either.
  const settings = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/settings', { params: { path: { workspace: workspace } } })), [workspace]);
  return html`<div class="settings"><h1>${say('dashboard.page.settings')}</h1>
    <nav aria-label=${say('dashboard.settings.sections')} class="subnav"><ul>${SECTIONS.map(([id, l]) => html`<li><a href=${`#${id}`}>${say(`dashboard.settings.nav.${l}`)}</a></li>`)}</ul></nav>
    <${Brand} slug=${workspace} settings=${settings} /><${Design} slug=${workspace} settings=${settings} />
    <${Competitors} slug=${workspace} /><${Prompts} slug=${workspace} settings=${settings} /><${Model} slug=${workspace} />
    <${Connections} slug=${workspace} /><${ApiKeys} slug=${workspace} /><${ConnectedApps} slug=${workspace} /><${Team} slug=${workspace} /><${Credits} slug=${workspace} />
    <${Schedule} slug=${workspace} /><${Alerts} slug=${workspace} /><${Webhooks} slug=${workspace} /></div>`;
}
