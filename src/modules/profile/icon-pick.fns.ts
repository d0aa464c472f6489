import * as cheerio from 'cheerio';
import { absoluteHttpUrl } from './url.fns.ts';

// Which of a site's icons to use, as pure functions over its HTML and web manifest: the
// candidates in order of preference; the service fetches them in turn until one is an image.

export interface IconCandidate { url: string; source: 'apple-touch-icon' | 'icon' | 'manifest' | 'favicon.ico'; size: number }

const SOURCE_RANK = { 'apple-touch-icon': 0, manifest: 1, icon: 2, 'favicon.ico': 3 } as const;
/** Sizes a link does not state: apple-touch-icons are 180 by convention, others unknown (16). */
const DEFAULT_SIZE = { 'apple-touch-icon': 180, manifest: 16, icon: 16, 'favicon.ico': 0 } as const;

/** The largest side in a `sizes` attribute ("16x16 32x32", "any" for scalable: refused elsewhere). */
export function largestSize(sizes: string | undefined): number | null {
  if (!sizes) return null;
  const sides = [...sizes.matchAll(/(?<!\d)(\d+)\s*x\s*(\d+)/gi)].map((m) => Math.min(Number(m[1]), Number(m[2])));
  return sides.length ? Math.max(...sides) : null;
}

const isSvg = (url: string, type: string | undefined) => type?.includes('svg') === true || /\.svgz?(?:$|[?#])/i.test(url);

const resolve = absoluteHttpUrl;

export function iconLinks(html: string, pageUrl: string): { candidates: IconCandidate[]; manifestUrl: string | null } {
  const $ = cheerio.load(html);
  const candidates: IconCandidate[] = [];
  $('link[rel][href]').each((_, el) => {
    const rel = ($(el).attr('rel') ?? '').toLowerCase().split(/\s+/);
    const source = rel.includes('apple-touch-icon') || rel.includes('apple-touch-icon-precomposed') ? 'apple-touch-icon' : rel.includes('icon') ? 'icon' : null;
    if (!source) return;
    const url = resolve($(el).attr('href'), pageUrl);
    if (!url || isSvg(url, $(el).attr('type'))) return;
    candidates.push({ url, source, size: largestSize($(el).attr('sizes')) ?? DEFAULT_SIZE[source] });
  });
  const manifestUrl = resolve($('link[rel~="manifest"][href]').first().attr('href'), pageUrl);
  return { candidates, manifestUrl };
}

/** Icons of a web manifest (JSON text); garbage gives none. */
export function manifestIcons(text: string, manifestUrl: string): IconCandidate[] {
  let manifest: unknown;
  try {
    manifest = JSON.parse(text);
  } catch {
    return [];
  }
  const icons = (manifest as { icons?: unknown })?.icons;
  if (!Array.isArray(icons)) return [];
  return icons.flatMap((icon) => {
    if (!icon || typeof icon !== 'object') return [];
    const { src, sizes, type, purpose } = icon as Record<string, unknown>;
    const url = typeof src === 'string' ? resolve(src, manifestUrl) : null;
    if (!url || isSvg(url, typeof type === 'string' ? type : undefined)) return [];
    if (typeof purpose === 'string' && !purpose.split(/\s+/).includes('any')) return []; // maskable-only icons are cropped
    return [{ url, source: 'manifest' as const, size: largestSize(typeof sizes === 'string' ? sizes : undefined) ?? DEFAULT_SIZE.manifest }];
  });
}

/** Largest first (an icon of 256 or more is as good as any), then apple-touch-icon, manifest, icon; /favicon.ico last. */
export function rankIcons(found: IconCandidate[], siteUrl: string): IconCandidate[] {
  const favicon = resolve('/favicon.ico', siteUrl)!;
  const seen = new Set<string>();
  const ranked = [...found]
    .sort((a, b) => Math.min(b.size, 256) - Math.min(a.size, 256) || SOURCE_RANK[a.source] - SOURCE_RANK[b.source])
    .filter((c) => !seen.has(c.url) && seen.add(c.url));
  if (!seen.has(favicon)) ranked.push({ url: favicon, source: 'favicon.ico', size: 0 });
  return ranked;
}
