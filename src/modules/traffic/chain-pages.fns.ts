import type { Link } from './chain.fns.ts';
import type { ChainRow } from './chain-rows.fns.ts';

// The chain as a reader wants it: one line per page with the engines side by side (a site of 16
// pages and 6 engines was 96 lines, 12,000 px of page), the page's weakest link the most broken
// of its engines', and a summary of where the chain breaks before any table.

const ORDER: Record<Link, number> = { crawl: 0, retrieval: 1, citation: 2, visits: 3 };
const LINKS: Link[] = ['crawl', 'retrieval', 'citation', 'visits'];
// /guides/2 before /guides/10, as a reader counts.
const byPath = new Intl.Collator('en', { numeric: true }).compare;
type Cell = Omit<ChainRow, 'path' | 'url' | 'sources'>;

/**
 * Rows (page × engine) to pages: the engines' cells in engine order, the page's weakest link with
 * the engines where it breaks. `known`: every page of the site in scope, so that a page with no
 * engine to judge it by (no answer, no crawler, no visit yet) is still a line, with no link broken.
 */
export function chainPages(rows: ChainRow[], known: Iterable<[string, { url: string | null; sources: Set<string> }]> = []) {
  const by = new Map<string, { path: string; url: string | null; sources: string[]; engines: Cell[] }>();
  for (const [path, page] of known) by.set(path, { path, url: page.url, sources: [...page.sources].sort(), engines: [] });
  for (const { path, url, sources, ...cell } of rows) {
    const p = by.get(path) ?? { path, url, sources, engines: [] };
    p.engines.push(cell);
    by.set(path, p);
  }
  return [...by.values()].map((p) => {
    const engines = p.engines.sort((a, b) => a.engine.localeCompare(b.engine));
    const broken = engines.filter((e) => e.weakest).sort((a, b) => ORDER[a.weakest!] - ORDER[b.weakest!]);
    const weakest = broken[0]?.weakest ?? null;
    const at = broken.filter((e) => e.weakest === weakest);
    return { ...p, engines, weakest, weakestEngines: at.map((e) => e.engine), reason: at[0]?.reason ?? null };
  }).sort((a, b) => (a.weakest ? ORDER[a.weakest] : 9) - (b.weakest ? ORDER[b.weakest] : 9) || b.weakestEngines.length - a.weakestEngines.length || byPath(a.path, b.path));
}
export type ChainPage = ReturnType<typeof chainPages>[number];

/**
 * Where the chain breaks, counted in pages: per link, the pages whose weakest link it is (overall
 * and per engine); `none` counts pages with no broken link (a link without data is never broken).
 * `weakest` is the link that breaks on the most pages (the earlier link on a tie): fix it first.
 */
export function chainSummary(pages: ChainPage[]) {
  const count = (pick: (p: ChainPage) => Link | null) => {
    const c = { crawl: 0, retrieval: 0, citation: 0, visits: 0, none: 0 };
    for (const p of pages) c[pick(p) ?? 'none']++;
    return c;
  };
  const byLink = count((p) => p.weakest);
  const engineIds = [...new Set(pages.flatMap((p) => p.engines.map((e) => e.engine)))].sort();
  const weakest = LINKS.reduce<Link | null>((w, l) => (byLink[l] > (w ? byLink[w] : 0) ? l : w), null);
  return {
    pages: pages.length, weakest, byLink,
    engines: engineIds.map((engine) => ({ engine, ...count((p) => p.engines.find((e) => e.engine === engine)?.weakest ?? null) })),
  };
}
