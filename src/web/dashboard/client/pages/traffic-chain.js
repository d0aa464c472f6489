// The AI traffic page's joined views: where the chain crawled → retrieved → cited → visited breaks,
// counted in pages, then one line per page with the engines side by side (paginated), the paths
// only simulated answers cite apart and labelled; robots.txt's verdict per AI agent beside what the agent fetched;
// and the known pages no AI crawler fetched. Unknown is never shown as zero: a link without data
// reads "no data", and the weakest link is only named where the data can tell.

import { Alert, Grade, Loading, Section, engineName, fmt, html, say, sayCode, useLoad, useState, when, call, client, sayWith } from '../lib.js';

/** The chain's links by name (the views' tabs say the weakest one too). */
export const LINKS = /** @type {const} */ (['crawl', 'retrieval', 'citation', 'visits']);
/** A link of the chain in words (read when shown, in the page's language). */
export const linkWord = (link) => sayCode('dashboard.traffic.link', link);
// 20 pages a screen's table holds on a desktop; on a phone each page is a card of its engines, so fewer.
const PAGE = globalThis.matchMedia?.('(max-width: 700px)').matches ? 8 : 20;


/** One engine's cell of a page: where it breaks (or that nothing does), and the figures behind it, short. */
function EngineCell({ c }) {
  const facts = [];
  // Anthropic publishes no addresses for its crawlers: their fetches are counted as claimed, and said so.
  if (c.crawled) facts.push(c.crawled.verifiable ? say('dashboard.traffic.verifiedFetches', { n: c.crawled.verifiedHits }) : say('dashboard.traffic.unverifiableFetches', { n: c.crawled.claimedHits }));
  if (c.cited && !c.simulated) facts.push(say('dashboard.traffic.cited', { k: c.cited.k, n: c.cited.n }));
  if (c.visits.accessLogs !== null || c.visits.ga4 !== null) facts.push(say('dashboard.traffic.cellVisits', { n: (c.visits.accessLogs ?? 0) + (c.visits.ga4 ?? 0) }));
  return html`<span title=${c.reason ?? ''}>${c.weakest ? html`<strong>${linkWord(c.weakest)}</strong>` : say('dashboard.traffic.noBreak')}</span> <small class="muted facts">${facts.join(' · ')}</small>`;
}

/** Where the chain breaks, counted in pages: the first thing a reader needs, before any table. */
function ChainSummary({ summary }) {
  const { byLink, pages, weakest } = summary;
  // Only the links that do break elsewhere: "retrieval on 0, citation on 0" says nothing.
  const others = LINKS.filter((k) => k !== weakest && byLink[k]).map((k) => say('dashboard.traffic.linkOn', { link: linkWord(k), n: byLink[k] }));
  return html`<div class="stats" id="chain-summary">
    <div class="stat"><strong id="chain-weakest">${weakest ? linkWord(weakest) : say('dashboard.traffic.nothingBrokenShort')}</strong><span>${weakest ? say('dashboard.traffic.breaksFirst', { k: byLink[weakest], n: pages }) : say('dashboard.traffic.asFarAs', { n: pages })}</span></div>
    <div class="stat"><strong>${fmt.count(byLink.none)}</strong><span>${say('dashboard.traffic.noBreakPages')}</span>${others.length ? html`<small class="muted">${say('dashboard.traffic.elsewhere', { list: others.join(', ') })}</small>` : null}</div>
  </div>`;
}

/**
 * A page's first break: the link and the engines where it breaks. The reason is one engine's
 * (it names that engine's crawlers), so it is written out only when one engine breaks there;
 * each engine's own reason is on its cell.
 */
function FirstBreak({ p }) {
  if (!p.weakest) return say('dashboard.traffic.noneFound');
  if (p.weakestEngines.length === 1) return sayWith('dashboard.traffic.breakForOne', { engine: engineName(p.weakestEngines[0]) }, { link: html`<strong>${linkWord(p.weakest)}</strong>`, reason: html`<span class="reason">${p.reason}</span>` });
  return sayWith('dashboard.traffic.breakFor', { engines: p.weakestEngines.map(engineName).join(', ') }, { link: html`<strong>${linkWord(p.weakest)}</strong>` });
}

export function ChainPanel({ slug }) {
  const [weakest, setWeakest] = useState(/** @type {import('../lib.js').Query<'/api/v1/workspaces/{workspace}/traffic/chain'>['weakest'] | ''} */ (''));
  const [offset, setOffset] = useState(0);
  const { data, error, loading } = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/traffic/chain', { params: { path: { workspace: slug }, query: { limit: PAGE, offset, ...(weakest ? { weakest } : {}) } } })), [slug, weakest, offset]);
  const engines = data?.pages[0]?.engines.map((e) => e.engine) ?? [];
  return html`<${Section} id="chain" title=${say('dashboard.traffic.chainTitle')}>
    <p class="muted">${say('dashboard.traffic.chainIntro')}</p>
    ${loading && !data ? html`<${Loading} what=${say('dashboard.traffic.loadingChain')} />` : error ? html`<${Alert} error=${error} />` : !data.summary.pages
      ? html`<p>${say('dashboard.traffic.chainEmpty')}</p>`
      : html`<${ChainSummary} summary=${data.summary} />
      ${data.pages.length && data.pages[0].engines.every((c) => c.simulated || !c.cited) && data.simulatedPaths.length ? html`<p class="notice" id="chain-simulated-note">${say('dashboard.traffic.simulatedNote')}</p>` : null}
      <p class="muted">${say('dashboard.traffic.chainPeriod', { from: fmt.date(data.from), to: fmt.date(data.to), logs: data.logsReceived ? 'yes' : 'no', ga4: data.ga4 ? 'yes' : 'no', when: data.ga4 ? when(data.ga4.syncedAt) : '' })} ${say('dashboard.traffic.retrievedCited')} <${Grade} stamp=${data.stamp} /></p>
      <div class="controls"><label>${say('dashboard.traffic.breaksAt')} <select value=${weakest} onChange=${(e) => { setWeakest(e.target.value); setOffset(0); }}>
        <option value="">${say('dashboard.traffic.anyLink')}</option>${LINKS.map((k) => html`<option value=${k}>${linkWord(k)}</option>`)}<option value="none">${say('dashboard.traffic.noBreakFound')}</option>
      </select></label></div>
      ${data.pages.length ? html`<div class="table-wrap"><table id="chain-table" class="cards chain">
        <caption>${say('dashboard.traffic.chainCaption', { from: offset + 1, to: offset + data.pages.length, total: data.pagesTotal })}</caption>
        <thead><tr><th scope="col">${say('dashboard.traffic.page')}</th>${engines.map((e) => html`<th scope="col">${engineName(e)}</th>`)}<th scope="col">${say('dashboard.traffic.firstBreak')}</th></tr></thead>
        <tbody>${data.pages.map((p) => html`<tr class=${p.weakest ? 'weak' : ''}>
          <th scope="row" class="path"><code>${p.path}</code></th>
          ${p.engines.map((c) => html`<td data-label=${engineName(c.engine)}><${EngineCell} c=${c} /></td>`)}
          <td data-label=${say('dashboard.traffic.firstBreak')}><${FirstBreak} p=${p} /></td></tr>`)}</tbody>
      </table></div>
      <div class="actions" id="chain-pager">
        ${offset > 0 ? html`<button type="button" class="secondary small" onClick=${() => setOffset(Math.max(0, offset - PAGE))}>${say('dashboard.traffic.previous')}</button>` : null}
        ${offset + PAGE < data.pagesTotal ? html`<button type="button" class="secondary small" onClick=${() => setOffset(offset + PAGE)}>${say('dashboard.traffic.next')}</button>` : null}
      </div>` : html`<p>${say('dashboard.traffic.noneThere')}</p>`}
      ${data.simulatedPaths.length ? html`<details id="chain-simulated"><summary>${say('dashboard.traffic.simulatedPaths', { n: data.simulatedPaths.length })}</summary>
        <p class="muted">${say('dashboard.traffic.simulatedPathsText')}</p>
        <ul>${data.simulatedPaths.map((p) => html`<li><code>${p.path}</code> <span class="badge">${say('dashboard.traffic.simulated')}</span> <small class="muted">${say('dashboard.traffic.simulatedPath', { read: p.retrieved, cited: p.cited, engines: p.engines.map(engineName).join(', '), known: p.known ? 'yes' : 'no' })}</small></li>`)}</ul></details>` : null}`}
  <//>`;
}


export function RobotsPanel({ slug }) {
  const { data, error, loading } = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/traffic/robots', { params: { path: { workspace: slug } } })), [slug]);
  if (loading) return html`<${Loading} what=${say('dashboard.traffic.loadingRobots')} />`;
  if (error) return html`<${Alert} error=${error} />`;
  const pages = data.agents[0]?.pages ?? [];
  return html`<${Section} id="robots" title=${say('dashboard.traffic.robotsTitle')}>
    ${!pages.length ? html`<p>${say('dashboard.traffic.robotsEmpty')}</p>` : html`
      <p class="muted">${say('dashboard.traffic.robotsFrom', { when: when(data.evaluatedAt), llms: data.llmsTxt?.present ? 'yes' : 'no' })}</p>
      <div class="table-wrap"><table id="robots-table">
        <caption>${say('dashboard.traffic.robotsCaption')}</caption>
        <thead><tr><th scope="col">${say('dashboard.traffic.agent')}</th><th scope="col">${say('dashboard.traffic.purposeCol')}</th>${pages.map((p) => html`<th scope="col">${p.path}</th>`)}<th scope="col">${say('dashboard.traffic.fetchedRobots')}</th><th scope="col">${say('dashboard.traffic.fetchedLlms')}</th></tr></thead>
        <tbody>${data.agents.filter((a) => !a.robotsOnly || a.pages.some((p) => p.robots === 'blocked')).map((a) => html`<tr>
          <th scope="row">${a.token} <small class="muted">${a.operator}</small></th><td>${sayCode('dashboard.traffic.purpose', a.purpose)}</td>
          ${a.pages.map((p) => html`<td class=${p.finding === 'fetched_while_blocked' || p.finding === 'fetch_errors' || p.finding === 'blocked' ? 'weak' : ''}>${sayCode('dashboard.traffic.robots', p.robots)}${p.finding ? html`<br /><small class="muted">${sayCode('dashboard.traffic.finding', p.finding)}${p.verifiedHits ? ` (${fmt.count(p.verifiedHits)})` : ''}</small>` : ''}</td>`)}
          <td>${fmt.count(a.robotsTxt.verifiedHits)}</td><td>${fmt.count(a.llmsTxt.verifiedHits)}</td></tr>`)}</tbody>
      </table></div>`}
  <//>`;
}

/** Where a page is known from, as a reader says it ('crawled' only means the log names it: the claimed fetches are counted apart). */

export function UnfetchedPanel({ slug }) {
  const { data, error, loading } = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/traffic/unfetched', { params: { path: { workspace: slug } } })), [slug]);
  if (loading) return html`<${Loading} what=${say('dashboard.traffic.loadingUnfetched')} />`;
  if (error) return html`<${Alert} error=${error} />`;
  return html`<${Section} id="unfetched" title=${say('dashboard.traffic.unfetchedTitle')}>
    ${!data.logsReceived ? html`<p>${say('dashboard.traffic.unfetchedNoLog')}</p>` : !data.rows.length
      ? html`<p>${say('dashboard.traffic.unfetchedNone', { n: data.pagesKnown })}</p>`
      : html`<p class="muted">${say('dashboard.traffic.unfetchedCount', { k: data.rows.length, n: data.pagesKnown })}</p>
        <ul id="unfetched-list">${data.rows.slice(0, 100).map((p) => html`<li>${p.url ? html`<a href=${p.url} rel="noopener noreferrer">${p.path}</a>` : p.path} <small class="muted">${p.sources.map((x) => sayCode('dashboard.traffic.known', x)).join(', ')}${p.claimedHits ? `; ${say('dashboard.traffic.unverifiedFetches', { n: p.claimedHits })}` : ''}</small></li>`)}</ul>`}
  <//>`;
}
