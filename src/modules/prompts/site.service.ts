import type { Clock } from '../../lib/clock.ts';
import type { Db } from '../../lib/db.ts';
import type { SafeFetcher } from '../../lib/safe-fetch/safe-fetch.ts';
import { pagesToFollow, readPage, type SiteFacts } from './site.fns.ts';
import { createSiteReadsRepo } from './site.repo.ts';

// The workspace's own site as prompt proposals and the category proposal read it: the home page
// and up to three pages it links, fetched through the safe fetcher and parsed with cheerio, the
// facts kept for a day (docs/prompts.md, "The site read"). Without the day, every GET of
// categories or proposals fetched and parsed up to 8 MB for every caller, API keys included.

/** Each page is read up to this size (the safe fetcher stops there). */
const PAGE_MAX = 2 * 1024 * 1024;
const PAGE_TIMEOUT_MS = 10_000;
/** How long a read serves later requests: sites change slowly, proposals are a starting point. */
export const SITE_READ_TTL_MS = 24 * 3600 * 1000;

export interface SiteReaderDeps {
  db: Db;
  clock: Clock;
  fetcher: Pick<SafeFetcher, 'fetch'>;
}

export function createSiteReader(deps: SiteReaderDeps) {
  const reads = createSiteReadsRepo(deps.db);

  async function page(url: string) {
    try {
      const res = await deps.fetcher.fetch(url, { maxBytes: PAGE_MAX, timeoutMs: PAGE_TIMEOUT_MS, headers: { accept: 'text/html' } });
      return res.status >= 200 && res.status < 300 && /html/i.test(res.headers['content-type'] ?? '') ? { url: res.url, html: res.body.toString('utf8') } : null;
    } catch {
      return null;
    }
  }

  /** The home page (HTTPS, else HTTP) and up to three FAQ, product or service pages it links on its own host. */
  async function fetchSite(domain: string): Promise<SiteFacts[] | null> {
    const home = (await page(`https://${domain}/`)) ?? (await page(`http://${domain}/`));
    if (!home) return null;
    const { facts, links } = readPage(home.html);
    const more = await Promise.all(pagesToFollow(links, home.url).map(page));
    return [facts, ...more.flatMap((p) => (p ? [readPage(p.html).facts] : []))];
  }

  return {
    /**
     * The site's facts, one entry per page read, the home page first; null when the home page did
     * not answer with HTML. A read younger than a day of the same domain is served from the
     * database; a failed read is not kept, so a site that comes back is read on the next request
     * (the routes' rate limit bounds how often a failing site is tried).
     */
    async read(workspaceId: string, domain: string): Promise<SiteFacts[] | null> {
      const now = deps.clock.now();
      const kept = await reads.fresh(workspaceId, domain, new Date(now.getTime() - SITE_READ_TTL_MS));
      if (kept) return kept;
      const pages = await fetchSite(domain);
      if (pages) await reads.store(workspaceId, domain, pages, deps.clock.now());
      return pages;
    },
  };
}
export type SiteReader = ReturnType<typeof createSiteReader>;
