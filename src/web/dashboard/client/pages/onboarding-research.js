// Onboarding's competitor check: the competitors of the new workspace were proposed
// before it existed, by the simulated engine (a workspace holds the credit real engines cost).
// Now that it exists, research asks its real model and search engine who the competitors are,
// quoted first; the person picks the ones to track on the Research page.
import { Alert, html, usd, useAction, useLoad, useState, call, client } from '../lib.js';

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
  return html`<section class="card" aria-labelledby="check-h" id="competitor-check"><h3 id="check-h">Check the competitors with ${real ? 'the engines' : 'research'}</h3>
    <p>The competitors you confirmed were named by the simulated engine, before the workspace could pay for real engines.
      ${real ? ' Research asks your model and the search engine who competes with you: ' : ' Research would ask a model and a search engine, but none is configured yet (it runs simulated): '}
      it holds <strong>${usd(q.holdMicrousd)}</strong> of credit and charges only the calls it makes (${q.calls} planned).</p>
    ${started ? html`<p class="notice" role="status">Research started: <a href=${`/w/${encodeURIComponent(slug)}/research`}>follow it on the Research page</a> and track the competitors it finds. It runs beside the first run.</p>`
      : short ? html`<p class="muted">This workspace has ${usd(available)} available: add or move credit first, and the check can run.</p>`
      : html`<p><button type="button" class="secondary" disabled=${action.busy} onClick=${start}>Ask ${real ? 'the engines' : 'research'} (holds ${usd(q.holdMicrousd)})</button></p>`}
    <${Alert} error=${action.error} />
  </section>`;
}
