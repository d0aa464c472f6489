// The AI traffic page's joined views: per page and engine, crawled → retrieved → cited → visited
// with the weakest link named; robots.txt's verdict per AI agent beside what the agent fetched;
// and the known pages no AI crawler fetched. Unknown is never shown as zero: a link without data
// reads "no data", and the weakest link is only named where the data can tell.

import { Alert, Grade, Loading, Section, engineName, fmt, html, interval, useLoad, useState, when, words, call, client } from '../lib.js';

const LINKS = { crawl: 'Crawling', retrieval: 'Retrieval', citation: 'Citation', visits: 'Visits' };
const share = (s, reason) => (s ? html`${fmt.count(s.k)} of ${fmt.count(s.n)} <small class="muted">${interval(s.interval)}</small>` : fmt.notEnough(reason));

export function ChainPanel({ slug }) {
  const [weakest, setWeakest] = useState(/** @type {import('../lib.js').Query<'/api/v1/workspaces/{workspace}/traffic/chain'>['weakest'] | ''} */ (''));
  const { data, error, loading } = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/traffic/chain', { params: { path: { workspace: slug }, query: { limit: 200, ...(weakest ? { weakest } : {}) } } })), [slug, weakest]);
  return html`<${Section} id="chain" title="From crawled to visited, per page">
    <p class="muted">For each page and engine: verified fetches by the engine's crawlers (access logs), answers that read and cite the page (latest runs), and the visits the engine's answers sent (logs and GA4). The weakest link is the first that breaks.</p>
    <label>Weakest link <select value=${weakest} onChange=${(e) => setWeakest(e.target.value)}>
      <option value="">Any</option>${Object.entries(LINKS).map(([k, v]) => html`<option value=${k}>${v}</option>`)}<option value="none">None broken</option>
    </select></label>
    ${loading ? html`<${Loading} what="Loading the chain" />` : error ? html`<${Alert} error=${error} />` : !data.rows.length
      ? html`<p>No page to show yet: pages come from page evaluations, the sitemap, answers that read the brand's pages, and access logs.</p>`
      : html`<p class="muted">${fmt.count(data.total)} page × engine rows${data.total > data.rows.length ? `, the first ${fmt.count(data.rows.length)} shown` : ''}; visits ${day2(data.from)}–${day2(data.to)}${data.logsReceived ? '' : '; no access log sent yet, so crawling is unknown'}${data.ga4 ? `; GA4 read ${when(data.ga4.syncedAt)}` : '; GA4 not read'}. Retrieved and cited: <${Grade} stamp=${data.stamp} /></p>
      <div class="table-wrap"><table id="chain-table" class="cards">
        <caption>Pages by weakest link, most broken first</caption>
        <thead><tr><th scope="col">Page</th><th scope="col">Engine</th><th scope="col">Crawled (verified)</th><th scope="col">Retrieved</th><th scope="col">Cited</th><th scope="col">Visits</th><th scope="col">Weakest link</th></tr></thead>
        <tbody>${data.rows.map((r) => html`<tr class=${r.weakest ? 'weak' : ''}>
          <th scope="row">${r.path}</th><td data-label="Engine">${engineName(r.engine)}${r.simulated ? html` <small class="muted">(simulated answers)</small>` : ''}</td>
          <td data-label="Crawled (verified)">${r.crawled ? html`${fmt.count(r.crawled.verifiedHits)}${r.crawled.lastStatus ? html` <small class="muted">last ${r.crawled.lastStatus}</small>` : ''}` : fmt.notEnough('not_measured')}</td>
          <td data-label="Retrieved">${share(r.retrieved, 'not_measured')}</td><td data-label="Cited">${share(r.cited, 'not_measured')}</td>
          <td data-label="Visits">${r.visits.accessLogs === null && r.visits.ga4 === null ? fmt.notEnough('not_measured') : fmt.count((r.visits.accessLogs ?? 0) + (r.visits.ga4 ?? 0))}</td>
          <td data-label="Weakest link">${r.weakest ? html`<strong>${LINKS[r.weakest]}</strong>: ${r.reason}` : 'none broken'}</td></tr>`)}</tbody>
      </table></div>`}
  <//>`;
}
const day2 = (d) => fmt.date(d);

const FINDINGS = {
  fetched_while_blocked: 'fetched although robots.txt blocks it', blocked: 'blocked by robots.txt', fetch_errors: 'its last fetch failed',
  allowed_not_fetched: 'allowed, never fetched', fetched: 'fetched', robots_only: 'a robots.txt token only',
};

export function RobotsPanel({ slug }) {
  const { data, error, loading } = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/traffic/robots', { params: { path: { workspace: slug } } })), [slug]);
  if (loading) return html`<${Loading} what="Loading robots.txt decisions" />`;
  if (error) return html`<${Alert} error=${error} />`;
  const pages = data.agents[0]?.pages ?? [];
  return html`<${Section} id="robots" title="robots.txt and llms.txt per AI agent">
    ${!pages.length ? html`<p>No page evaluated yet: evaluate a page (SEO → evaluate) to see what robots.txt lets each AI agent read.</p>` : html`
      <p class="muted">From the page evaluation of ${when(data.evaluatedAt)}. llms.txt: ${data.llmsTxt?.present ? 'present' : 'missing'}.</p>
      <div class="table-wrap"><table id="robots-table">
        <caption>Verdict per agent and page beside the agent's verified fetches</caption>
        <thead><tr><th scope="col">Agent</th><th scope="col">Purpose</th>${pages.map((p) => html`<th scope="col">${p.path}</th>`)}<th scope="col">Fetched robots.txt</th><th scope="col">Fetched llms.txt</th></tr></thead>
        <tbody>${data.agents.filter((a) => !a.robotsOnly || a.pages.some((p) => p.robots === 'blocked')).map((a) => html`<tr>
          <th scope="row">${a.token} <small class="muted">${a.operator}</small></th><td>${words(a.purpose)}</td>
          ${a.pages.map((p) => html`<td class=${p.finding === 'fetched_while_blocked' || p.finding === 'fetch_errors' || p.finding === 'blocked' ? 'weak' : ''}>${words(p.robots)}${p.finding ? html`<br /><small class="muted">${FINDINGS[p.finding]}${p.verifiedHits ? ` (${fmt.count(p.verifiedHits)})` : ''}</small>` : ''}</td>`)}
          <td>${fmt.count(a.robotsTxt.verifiedHits)}</td><td>${fmt.count(a.llmsTxt.verifiedHits)}</td></tr>`)}</tbody>
      </table></div>`}
  <//>`;
}

export function UnfetchedPanel({ slug }) {
  const { data, error, loading } = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/traffic/unfetched', { params: { path: { workspace: slug } } })), [slug]);
  if (loading) return html`<${Loading} what="Loading pages never fetched" />`;
  if (error) return html`<${Alert} error=${error} />`;
  return html`<${Section} id="unfetched" title="Pages no AI crawler fetched">
    ${!data.logsReceived ? html`<p>No access log sent yet: every page is unfetched for want of data.</p>` : !data.rows.length
      ? html`<p>Every one of the ${fmt.count(data.pagesKnown)} known pages was fetched by an AI agent from its operator's addresses.</p>`
      : html`<p class="muted">${fmt.count(data.rows.length)} of ${fmt.count(data.pagesKnown)} known pages; fetches by unverified user agents do not count.</p>
        <ul id="unfetched-list">${data.rows.slice(0, 100).map((p) => html`<li>${p.url ? html`<a href=${p.url} rel="noopener noreferrer">${p.path}</a>` : p.path} <small class="muted">${p.sources.map(words).join(', ')}${p.claimedHits ? `; ${fmt.count(p.claimedHits)} unverified fetches` : ''}</small></li>`)}</ul>`}
  <//>`;
}
