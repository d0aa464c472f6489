// The AI traffic page's views (docs/dashboard.md, "AI traffic"): four sub-views a marketer picks
// from a row of tabs, each tab with its headline figure, so the whole page reads at a glance
// without scrolling through every table. The view is in the address (`?view=crawlers`): a view
// can be linked, bookmarked, and the browser's back button returns to the previous one.
import { html, say, useEffect, useLoad, useState, call, client } from '../lib.js';
import { linkWord } from './traffic-chain.js';

/** The views, in the order a reader meets them: where the chain breaks first. */
export const VIEWS = /** @type {const} */ (['chain', 'crawlers', 'visits', 'robots']);

const viewIn = (search) => {
  const v = new URLSearchParams(search).get('view');
  return VIEWS.includes(/** @type {any} */ (v)) ? v : VIEWS[0];
};
/** The address of a view: this page's, with `view` set (the first view has the bare address). */
export const viewHref = (view) => {
  const p = new URLSearchParams(location.search);
  if (view === VIEWS[0]) p.delete('view'); else p.set('view', view);
  const q = p.toString();
  return `${location.pathname}${q ? `?${q}` : ''}`;
};

/** The view the address names, and a way to go to another (a new history entry, no reload). */
export function useView() {
  const [view, setView] = useState(() => viewIn(location.search));
  useEffect(() => {
    const back = () => setView(viewIn(location.search));
    addEventListener('popstate', back);
    return () => removeEventListener('popstate', back);
  }, []);
  const go = (next) => {
    if (next === view) return;
    history.pushState(null, '', viewHref(next));
    setView(next);
  };
  return { view, go };
}

/**
 * Each view's headline: where the chain breaks first (its summary, one page of one row), the
 * verified hits and the visits of the range (already loaded), and the known pages no AI crawler
 * fetched. A figure still loading or unreadable leaves the tab its name alone.
 */
function useHeadlines(slug, data) {
  const chain = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/traffic/chain', { params: { path: { workspace: slug }, query: { limit: 1 } } })), [slug]);
  const unfetched = useLoad(() => call(client.GET('/api/v1/workspaces/{workspace}/traffic/unfetched', { params: { path: { workspace: slug } } })), [slug]);
  const s = chain.data?.summary;
  const verified = data.agentDays.filter((r) => r.verification === 'verified').reduce((n, r) => n + r.hits, 0);
  const visits = data.referrals.reduce((n, r) => n + r.visits, 0);
  const u = unfetched.data;
  return {
    chain: !s ? '' : !s.pages ? say('dashboard.traffic.noPage') : s.weakest ? say('dashboard.traffic.breaksOn', { link: linkWord(s.weakest), k: s.byLink[s.weakest], n: s.pages }) : say('dashboard.traffic.nothingBroken', { n: s.pages }),
    crawlers: say('dashboard.traffic.verifiedCount', { n: verified }),
    visits: say('dashboard.traffic.visitCount', { n: visits }),
    robots: !u ? '' : !u.logsReceived ? say('dashboard.traffic.noLog') : u.rows.length ? say('dashboard.traffic.neverFetched', { k: u.rows.length, n: u.pagesKnown }) : say('dashboard.traffic.allFetched', { n: u.pagesKnown }),
  };
}

/** The row of tabs: links (they open in a new tab too), the current one marked, each with its headline figure. */
export function ViewTabs({ slug, data, view, go }) {
  const head = useHeadlines(slug, data);
  const open = (v) => (e) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button) return;
    e.preventDefault();
    go(v);
  };
  return html`<nav class="views" id="traffic-views" aria-label=${say('dashboard.traffic.views')}><ul>
    ${VIEWS.map((v) => html`<li><a href=${viewHref(v)} id=${`view-${v}`} aria-current=${view === v ? 'true' : undefined} onClick=${open(v)}>
      <strong>${say(`dashboard.traffic.view.${v}`)}</strong>${head[v] ? html`<span class="headline">${head[v]}</span>` : null}</a></li>`)}
  </ul></nav>`;
}
