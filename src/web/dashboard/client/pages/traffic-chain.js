// The AI traffic page's joined views: where the chain crawled → retrieved → cited → visited breaks,
// counted in pages, then one line per page with the engines side by side (paginated), the paths
// only simulated answers cite apart and labelled; robots.txt's verdict per AI agent beside what the agent fetched;
// and the known pages no AI crawler fetched. Unknown is never shown as zero: a link without data
// reads "no data", and the weakest link is only named where the data can tell.

import { Alert, Grade, Loading, Section, engineName, fmt, html, useLoad, useState, when, words, call, client } from '../lib.js';

/** The chain's links by name (the views' tabs say the weakest one too). */
export const LINKS = { crawl: 'Crawling', retrieval: 'Retrieval', citation: 'Citation', visits: 'Visits' };
// 20 pages a screen's table holds on a desktop; on a phone each page is a card of its engines, so fewer.
const PAGE = globalThis.matchMedia?.('(max-width: 700px)').matches ? 8 : 20;

/** A count said as a reader says it: "no …" for none. */
const some = (n, one, many, none) => (n ? `${fmt.count(n)} ${n === 1 ? one : many}` : none);

/** One engine's cell of a page: where it breaks (or that nothing does), and the figures behind it, short. */
function EngineCell({ c }) {
  const facts = [];
  // Anthropic publishes no addresses for its crawlers: their fetches are counted as claimed, and said so.
  if (c.crawled) facts.push(c.crawled.verifiable ? some(c.crawled.verifiedHits, 'verified fetch', 'verified fetches', 'no verified fetch') : some(c.crawled.claimedHits, 'fetch (unverifiable)', 'fetches (unverifiable)', 'no fetch'));
  if (c.cited && !c.simulated) facts.push(`cited ${fmt.count(c.cited.k)}/${fmt.count(c.cited.n)}`);
  if (c.visits.accessLogs !== null || c.visits.ga4 !== null) facts.push(some((c.visits.accessLogs ?? 0) + (c.visits.ga4 ?? 0), 'visit', 'visits', 'no visits'));
  return html`<span title=${c.reason ?? ''}>${c.weakest ? html`<strong>${LINKS[c.weakest]}</strong>` : 'No break'}</span> <small class="muted facts">${facts.join(' · ')}</small>`;
}

/** Where the chain breaks, counted in pages: the first thing a reader needs, before any table. */
function ChainSummary({ summary }) {
  const { byLink, pages, weakest } = summary;
  // Only the links that do break elsewhere: "retrieval on 0, citation on 0" says nothing.
  const others = Object.entries(LINKS).filter(([k]) => k !== weakest && byLink[k]).map(([k, v]) => `${v.toLowerCase()} on ${fmt.count(byLink[k])}`);
  return html`<div class="stats" id="chain-summary">
    <div class="stat"><strong id="chain-weakest">${weakest ? LINKS[weakest] : 'Nothing broken'}</strong><span>${weakest ? `breaks first on ${fmt.count(byLink[weakest])} of ${fmt.count(pages)} pages: fix it first` : `on ${fmt.count(pages)} pages, as far as the data tells`}</span></div>
    <div class="stat"><strong>${fmt.count(byLink.none)}</strong><span>pages with no break found</span>${others.length ? html`<small class="muted">Elsewhere the chain breaks first at ${others.join(', ')}.</small>` : null}</div>
  </div>`;
}

/**
 * A page's first break: the link and the engines where it breaks. The reason is one engine's
 * (it names that engine's crawlers), so it is written out only when one engine breaks there;
 * each engine's own reason is on its cell.
 */
function FirstBreak({ p }) {
  if (!p.weakest) return 'None found';
  if (p.weakestEngines.length === 1) return html`<strong>${LINKS[p.weakest]}</strong> for ${engineName(p.weakestEngines[0])}: ${p.reason}`;
  return html`<strong>${LINKS[p.weakest]}</strong> for ${p.weakestEngines.map(engineName).join(', ')}`;
}

export function ChainPanel({ slug }) {
  const [weakest, setWeakest] = useState(/** @type {import('../lib.js').Query<'/api/v1/workspaces/{workspace}/traffic/chain'>['weakest'] | ''} */ (''));
  const [offset, setOffset] = useState(0);
  const { data, error, loading } = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/traffic/chain', { params: { path: { workspace: slug }, query: { limit: PAGE, offset, ...(weakest ? { weakest } : {}) } } })), [slug, weakest, offset]);
  const engines = data?.pages[0]?.engines.map((e) => e.engine) ?? [];
  return html`<${Section} id="chain" title="From crawled to visited, per page">
    <p class="muted">For each page and engine: whether the engine's crawlers fetched it (access logs), whether its answers read and cite it (latest runs), and the visits its answers sent (logs and GA4). A page's weak link is the first that breaks; a link without data is never counted as broken.</p>
    ${loading && !data ? html`<${Loading} what="Loading the chain" />` : error ? html`<${Alert} error=${error} />` : !data.summary.pages
      ? html`<p>No page to show yet: pages come from page evaluations, the sitemap, real answers that cite the brand's pages, and access logs.</p>`
      : html`<${ChainSummary} summary=${data.summary} />
      ${data.pages.length && data.pages[0].engines.every((c) => c.simulated || !c.cited) && data.simulatedPaths.length ? html`<p class="notice" id="chain-simulated-note">The engines' answers are simulated: they cite made-up addresses, so what they read and cite is not counted on your pages (see the paths below the table).</p>` : null}
      <p class="muted">Visits ${fmt.date(data.from)}–${fmt.date(data.to)}${data.logsReceived ? '' : '; no access log sent yet, so crawling is unknown'}${data.ga4 ? `; GA4 read ${when(data.ga4.syncedAt)}` : '; GA4 not read'}. Retrieved and cited: <${Grade} stamp=${data.stamp} /></p>
      <div class="controls"><label>Breaks first at <select value=${weakest} onChange=${(e) => { setWeakest(e.target.value); setOffset(0); }}>
        <option value="">Any link</option>${Object.entries(LINKS).map(([k, v]) => html`<option value=${k}>${v}</option>`)}<option value="none">No break found</option>
      </select></label></div>
      ${data.pages.length ? html`<div class="table-wrap"><table id="chain-table" class="cards chain">
        <caption>Pages ${fmt.count(offset + 1)}–${fmt.count(offset + data.pages.length)} of ${fmt.count(data.pagesTotal)}, most broken first</caption>
        <thead><tr><th scope="col">Page</th>${engines.map((e) => html`<th scope="col">${engineName(e)}</th>`)}<th scope="col">First break</th></tr></thead>
        <tbody>${data.pages.map((p) => html`<tr class=${p.weakest ? 'weak' : ''}>
          <th scope="row" class="path"><code>${p.path}</code></th>
          ${p.engines.map((c) => html`<td data-label=${engineName(c.engine)}><${EngineCell} c=${c} /></td>`)}
          <td data-label="First break"><${FirstBreak} p=${p} /></td></tr>`)}</tbody>
      </table></div>
      <div class="actions" id="chain-pager">
        ${offset > 0 ? html`<button type="button" class="secondary small" onClick=${() => setOffset(Math.max(0, offset - PAGE))}>Previous pages</button>` : null}
        ${offset + PAGE < data.pagesTotal ? html`<button type="button" class="secondary small" onClick=${() => setOffset(offset + PAGE)}>Next pages</button>` : null}
      </div>` : html`<p>No page breaks first there.</p>`}
      ${data.simulatedPaths.length ? html`<details id="chain-simulated"><summary>${fmt.count(data.simulatedPaths.length)} paths only simulated answers cite (made up, kept apart)</summary>
        <p class="muted">The simulated engines invent plausible addresses on your site. They are not counted on your real pages; connect a real engine to see what answers actually read.</p>
        <ul>${data.simulatedPaths.map((p) => html`<li><code>${p.path}</code> <span class="badge">simulated</span> <small class="muted">read in ${fmt.count(p.retrieved)}, cited in ${fmt.count(p.cited)} simulated answers (${p.engines.map(engineName).join(', ')})${p.known ? '; also a real page' : ''}</small></li>`)}</ul></details>` : null}`}
  <//>`;
}

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

/** Where a page is known from, as a reader says it ('crawled' only means the log names it: the claimed fetches are counted apart). */
const KNOWN_FROM = { evaluated: 'evaluated', sitemap: 'in the sitemap', answers: 'cited in answers', crawled: 'in the access logs', referred: 'AI-referred visits' };

export function UnfetchedPanel({ slug }) {
  const { data, error, loading } = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/traffic/unfetched', { params: { path: { workspace: slug } } })), [slug]);
  if (loading) return html`<${Loading} what="Loading pages never fetched" />`;
  if (error) return html`<${Alert} error=${error} />`;
  return html`<${Section} id="unfetched" title="Pages no AI crawler fetched">
    ${!data.logsReceived ? html`<p>No access log sent yet: every page is unfetched for want of data.</p>` : !data.rows.length
      ? html`<p>Every one of the ${fmt.count(data.pagesKnown)} known pages was fetched by an AI agent from its operator's addresses.</p>`
      : html`<p class="muted">${fmt.count(data.rows.length)} of ${fmt.count(data.pagesKnown)} known pages; fetches by unverified user agents do not count.</p>
        <ul id="unfetched-list">${data.rows.slice(0, 100).map((p) => html`<li>${p.url ? html`<a href=${p.url} rel="noopener noreferrer">${p.path}</a>` : p.path} <small class="muted">${p.sources.map((x) => KNOWN_FROM[x] ?? words(x)).join(', ')}${p.claimedHits ? `; ${fmt.count(p.claimedHits)} fetches from unverified addresses` : ''}</small></li>`)}</ul>`}
  <//>`;
}
