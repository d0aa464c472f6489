// Onboarding's competitor check: the competitors of the new workspace were proposed
// before it existed, by the simulated engine (a workspace holds the credit real engines cost).
// Now that it exists, research asks its real model and search engine who the competitors are,
// quoted first; the person picks the ones to track on the Research page.
import { Alert, html, say, usd, useAction, useLoad, useState, call, client, sayWith } from '../lib.js';

/** `available`: the workspace's available credit; research is offered only when it covers the hold (never a spend it would refuse). */
export function CompetitorCheck({ slug, available = null }) {
  const quote = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/research/quote', { params: { path: { workspace: slug } } })), [slug]);
  const action = useAction();
  const [started, setStarted] = useState(false);
  const q = quote.data;
  if (!q) return html`<${Alert} error=${quote.error} />`;
  const real = !q.simulated.model || !q.simulated.serp;
  const short = available !== null && available < q.holdMicrousd;
  const start = () => action.run(async () => {
    await call(client.POST('/api/v1/workspaces/{workspace}/research', { params: { path: { workspace: slug } } }));
    setStarted(true);
  });
  return html`<section class="card" aria-labelledby="check-h" id="competitor-check"><h3 id="check-h">${say('dashboard.onboarding.checkTitle', { real: real ? 'yes' : 'no' })}</h3>
    <p>${sayWith('dashboard.onboarding.checkText', { real: real ? 'yes' : 'no', calls: q.calls }, { hold: html`<strong>${usd(q.holdMicrousd)}</strong>` })}</p>
    ${started ? html`<p class="notice" role="status">${sayWith('dashboard.onboarding.checkStarted', {}, { link: html`<a href=${`/w/${encodeURIComponent(slug)}/research`}>${say('dashboard.onboarding.checkLink')}</a>` })}</p>`
      : short ? html`<p class="muted">${say('dashboard.onboarding.checkShort', { available: usd(available) })}</p>`
      : html`<p><button type="button" class="secondary" disabled=${action.busy} onClick=${start}>${say('dashboard.onboarding.checkAsk', { real: real ? 'yes' : 'no', hold: usd(q.holdMicrousd) })}</button></p>`}
    <${Alert} error=${action.error} />
  </section>`;
}
