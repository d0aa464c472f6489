import { AppError } from '../../lib/errors.ts';
import type { Clock } from '../../lib/clock.ts';
import type { WorkspaceContext } from '../../lib/http/types.ts';
import type { WorkspacesService } from '../workspaces/workspaces.service.ts';
import { extractDesign, stylesheetLinks } from './design.fns.ts';
import { iconLinks, manifestIcons, rankIcons } from './icon-pick.fns.ts';
import { MAX_ICON_BYTES } from './icon.fns.ts';
import type { ProfileService } from './profile.service.ts';

// Design extraction and icon refresh read the workspace's site through the safe fetcher (the
// only door to user-given addresses, src/lib/safe-fetch). It is a dependency, typed here by the
// shape this module uses, so that this module never opens a socket itself.

export interface FetchResult { url: string; status: number; headers: Record<string, string>; body: Buffer; redirects: string[]; truncated: boolean }
export interface Fetcher {
  fetch(url: string, opts?: { maxBytes?: number; timeoutMs?: number; signal?: AbortSignal; headers?: Record<string, string> }): Promise<FetchResult>;
}

const PAGE_MAX = 3 * 1024 * 1024;
const CSS_MAX = 1024 * 1024;
const TIMEOUT_MS = 10_000;
const MAX_ICON_TRIES = 6;
const ACCEPT_HTML = { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5' };

/** A domain's home page over HTTPS, else HTTP; null when neither answers with HTML. */
export async function readHomePage(fetcher: Fetcher, domain: string): Promise<{ url: string; html: string } | null> {
  for (const url of [`https://${domain}/`, `http://${domain}/`]) {
    try {
      const res = await fetcher.fetch(url, { maxBytes: PAGE_MAX, timeoutMs: TIMEOUT_MS, headers: ACCEPT_HTML });
      const type = res.headers['content-type'] ?? '';
      if (res.status >= 200 && res.status < 300 && /html|xml/i.test(type)) return { url: res.url, html: res.body.toString('utf8') };
    } catch { /* refused, timed out, unreachable: try the next scheme */ }
  }
  return null;
}

export function createDesignService(deps: { workspaces: WorkspacesService; profile: ProfileService; fetcher: Fetcher; clock: Clock }) {
  const { workspaces, profile, fetcher } = deps;

  const homePage = (domain: string) => readHomePage(fetcher, domain);

  async function text(url: string, maxBytes: number): Promise<string | null> {
    try {
      const res = await fetcher.fetch(url, { maxBytes, timeoutMs: TIMEOUT_MS });
      return res.status >= 200 && res.status < 300 && !res.truncated ? res.body.toString('utf8') : null;
    } catch {
      return null;
    }
  }

  /** Stores the best icon the page (or /favicon.ico) offers; false when none is an image we accept. */
  async function storeSiteIcon(ws: WorkspaceContext, page: { url: string; html: string } | null, siteUrl: string): Promise<boolean> {
    const { candidates, manifestUrl } = page ? iconLinks(page.html, page.url) : { candidates: [], manifestUrl: null };
    const manifest = manifestUrl ? await text(manifestUrl, 256 * 1024) : null;
    const ranked = rankIcons([...candidates, ...(manifest && manifestUrl ? manifestIcons(manifest, manifestUrl) : [])], siteUrl);
    for (const candidate of ranked.slice(0, MAX_ICON_TRIES)) {
      try {
        const res = await fetcher.fetch(candidate.url, { maxBytes: MAX_ICON_BYTES, timeoutMs: TIMEOUT_MS });
        if (res.status < 200 || res.status >= 300 || res.truncated) continue;
        await profile.storeIcon(ws, res.body, 'site', res.url);
        return true;
      } catch (err) {
        if (err instanceof AppError && err.code !== 'invalid_request') throw err;
        // Not an image we accept, or not reachable: the next candidate.
      }
    }
    return false;
  }

  async function response(ws: WorkspaceContext, ok: boolean, extractionRan: boolean) {
    const s = await workspaces.getSettings(ws);
    const bc = s.brandColors ?? {};
    const bm = s.brandMeta ?? {};
    return {
      ok, extractionRan, designMd: s.designMd ?? '', updatedAt: s.updatedAt,
      brandColors: { primary: bc.primary ?? '', secondary: bc.secondary ?? '', accent: bc.accent ?? '', background: bc.background ?? '', text: bc.text ?? '' },
      brandMeta: { faviconUrl: bm.faviconUrl ?? '', logoUrl: bm.logoUrl ?? '', fontNames: bm.fontNames ?? [] },
      about: s.about ?? '',
    };
  }

  return {
    async extract(ws: WorkspaceContext) {
      const row = await workspaces.getRow(ws);
      const page = await homePage(row.domains[0]!);
      if (!page) return response(ws, false, false);
      const sheets = (await Promise.all(stylesheetLinks(page.html, page.url).map((u) => text(u, CSS_MAX)))).filter((s): s is string => s !== null);
      const design = extractDesign({ html: page.html, pageUrl: page.url, stylesheets: sheets });
      const meta = { ...(row.brandMeta ?? {}), ...(design.logoUrl ? { logoUrl: design.logoUrl } : {}), ...(design.fontNames.length ? { fontNames: design.fontNames } : {}) };
      await workspaces.updateSettings(ws, {
        brandColors: design.brandColors, brandMeta: meta, designMd: design.designMd, ...(design.about ? { about: design.about } : {}),
      });
      // The site's icon belongs to its design: stored as an icon refresh would, from the
      // page already read. No usable icon leaves the stored one; extraction still succeeded.
      await storeSiteIcon(ws, page, page.url);
      return response(ws, true, true);
    },

    async refreshIcon(ws: WorkspaceContext) {
      await profile.iconAttempt(ws);
      const row = await workspaces.getRow(ws);
      const page = await homePage(row.domains[0]!);
      const stored = await storeSiteIcon(ws, page, page?.url ?? `https://${row.domains[0]}/`);
      return response(ws, stored, page !== null);
    },
  };
}
export type DesignService = ReturnType<typeof createDesignService>;
