// "Engines that do not know you" (GET …/answers/recognition): per engine, the answers of the API's
// window (the last 28 days) that say the engine does not know the brand, with their share and 95% interval, each
// line linking to those answers. Shown above the Answers list; nothing while it loads.
import { Simulated, answersHref, call, client, fmt, html, say, useLoad } from '../lib.js';

/** @param {{ slug: string }} props */
export function Recognition({ slug }) {
  const { data } = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/answers/recognition', { params: { path: { workspace: slug } } })), [slug]);
  if (!data || !data.answers) return null;
  const unknown = data.engines.filter((e) => e.unknown > 0);
  // The window the API counted (its default, 28 days), read from its bounds rather than assumed.
  const days = Math.round((Date.parse(data.to) - Date.parse(data.from)) / 86_400_000);
  return html`<section class="card" id="recognition" aria-labelledby="recognition-h">
    <h2 id="recognition-h">${say('dashboard.answers.unknownH')} <${Simulated} simulated=${data.simulated} /></h2>
    ${unknown.length
      ? html`<p class="muted">${say('dashboard.answers.unknownLead', { days })}</p>
        <ul class="plain">${unknown.map((e) => html`<li>
          ${say('dashboard.answers.unknownLine', { engine: e.engine.name, k: fmt.count(e.unknown), n: fmt.count(e.answers), share: fmt.percent(e.share.value), interval: fmt.interval(e.share.interval, undefined, { unit: '%' }) })}
          ${' '}<a href=${answersHref(slug, { engine: e.engine.id, mentions: 'unknown' })}>${say('dashboard.answers.unknownRead')}</a></li>`)}</ul>`
      : html`<p>${say('dashboard.answers.unknownNone', { days, n: fmt.count(data.answers) })}</p>`}
  </section>`;
}
