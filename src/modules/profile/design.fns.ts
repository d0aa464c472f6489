import * as cheerio from 'cheerio';
import { absoluteHttpUrl } from './url.fns.ts';
import { distance, isChromatic, luminance, parseColor } from './colors.fns.ts';
import { emptyFacts, firstFontFamily, scanCss, type CssFacts } from './css.fns.ts';

// Design extraction as pure functions over a page's HTML and its stylesheets' text. The rule
// mapping colours to roles is written in docs/design-extraction.md; keep the two together.

export interface BrandColors { primary?: string; secondary?: string; accent?: string; background?: string; text?: string }
export interface Design {
  brandColors: BrandColors;
  fontNames: string[];
  logoUrl: string | null;
  about: string | null;
  designMd: string;
}

const VAR_ROLES: Array<[keyof BrandColors, RegExp]> = [
  ['primary', /(?:^|-)(?:primary|brand)(?:-color)?$|^(?:color-)?(?:primary|brand)(?:-\d+|-base|-main)?$/],
  ['secondary', /(?:^|-)secondary(?:-color)?$|^(?:color-)?secondary(?:-\d+|-base|-main)?$/],
  ['accent', /(?:^|-)accent(?:-color)?$|^(?:color-)?accent(?:-\d+|-base|-main)?$/],
  ['background', /^(?:color-)?(?:background|bg|body-bg|page-bg|surface)(?:-color)?$/],
  ['text', /^(?:color-)?(?:text|foreground|fg|body-color|body-text)(?:-color)?$/],
];

/** Custom properties by role: the first property (in source order) whose name says the role. */
export function rolesFromVars(vars: Map<string, string>): BrandColors {
  const out: BrandColors = {};
  for (const [name, color] of vars) {
    for (const [role, pattern] of VAR_ROLES) if (!out[role] && pattern.test(name)) out[role] = color;
  }
  return out;
}

/**
 * The rule (docs/design-extraction.md): roles named by custom properties win; then the meta
 * theme-color is the primary; the background and text are the root element's, else the most used
 * light background and dark text colour; primary, secondary and accent are then filled from the
 * most used chromatic colours, each at least 48 apart (RGB distance) from those already taken.
 */
export function mapBrandColors(facts: CssFacts, themeColor: string | null): BrandColors {
  const out: BrandColors = rolesFromVars(facts.colorVars);
  if (!out.primary && themeColor && isChromatic(themeColor)) out.primary = themeColor;
  const ranked = [...facts.colorUses.entries()].map(([color, u]) => ({ color, ...u, total: u.background + u.text + u.other }))
    .sort((a, b) => b.total - a.total || a.color.localeCompare(b.color));
  out.background ??= facts.rootBackground ?? ranked.filter((c) => c.background > 0 && luminance(c.color) > 0.7).sort((a, b) => b.background - a.background)[0]?.color ?? '#ffffff';
  out.text ??= facts.rootText ?? ranked.filter((c) => c.text > 0 && luminance(c.color) < 0.2).sort((a, b) => b.text - a.text)[0]?.color ?? '#111111';
  const taken = Object.values(out).filter(Boolean) as string[];
  for (const role of ['primary', 'secondary', 'accent'] as const) {
    if (out[role]) continue;
    const next = ranked.find((c) => isChromatic(c.color) && taken.every((t) => distance(t, c.color) >= 48));
    if (!next) break;
    out[role] = next.color;
    taken.push(next.color);
  }
  return out;
}

const absolute = absoluteHttpUrl;

type Json = Record<string, unknown>;
/** JSON-LD objects of the page, @graph flattened; broken blocks are skipped. */
export function jsonLdObjects($: cheerio.CheerioAPI): Json[] {
  const out: Json[] = [];
  const visit = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === 'object') {
      out.push(v as Json);
      if (Array.isArray((v as Json)['@graph'])) visit((v as Json)['@graph']);
    }
  };
  $('script[type="application/ld+json"]').each((_, el) => {
    try {
      visit(JSON.parse($(el).text()));
    } catch { /* a broken block says nothing */ }
  });
  return out;
}

const isOrganization = (o: Json) => [o['@type']].flat().some((t) => typeof t === 'string' && /Organization|Corporation|LocalBusiness|Brand/.test(t));
const imageUrl = (v: unknown): string | undefined => (typeof v === 'string' ? v : v && typeof v === 'object' ? imageUrl((v as Json).url ?? (v as Json).contentUrl) : undefined);

/** Font names from Google Fonts / Bunny Fonts links: `family=Inter:wght@400|Roboto+Slab`. */
export function fontsFromLinks(hrefs: string[]): string[] {
  const out: string[] = [];
  for (const href of hrefs) {
    let url: URL;
    try { url = new URL(href, 'https://x.invalid'); } catch { continue; }
    if (!/^fonts\.(?:googleapis\.com|bunny\.net)$/.test(url.hostname)) continue;
    for (const family of url.searchParams.getAll('family')) {
      for (const part of family.split('|')) {
        const name = part.split(':')[0]!.replace(/\+/g, ' ').trim();
        if (name) out.push(name);
      }
    }
  }
  return out;
}

export interface PageInput { html: string; pageUrl: string; stylesheets: string[] }

/** Stylesheets a page links, resolved (the caller fetches them). */
export function stylesheetLinks(html: string, pageUrl: string, max = 8): string[] {
  const $ = cheerio.load(html);
  return $('link[rel~="stylesheet"][href]').toArray().map((el) => absolute($(el).attr('href'), pageUrl)).filter((u): u is string => !!u).slice(0, max);
}

export function extractDesign(input: PageInput): Design {
  const $ = cheerio.load(input.html);
  const facts = emptyFacts();
  for (const css of input.stylesheets) scanCss(css, facts);
  $('style').each((_, el) => void scanCss($(el).text(), facts));
  const inline = $('[style]').toArray().map((el) => `x{${$(el).attr('style')}}`).join('\n');
  if (inline) scanCss(inline, facts);

  const themeColor = parseColor($('meta[name="theme-color"]').first().attr('content') ?? '');
  const brandColors = mapBrandColors(facts, themeColor);

  const linked = fontsFromLinks($('link[href]').toArray().map((el) => $(el).attr('href') ?? ''));
  const used = [...facts.fontUses.entries()].sort((a, b) => b[1] - a[1]).map(([name]) => name);
  const fontNames = [...new Set([...used, ...linked].map((n) => firstFontFamily(n)).filter((n): n is string => !!n))].slice(0, 5);

  const ld = jsonLdObjects($);
  const org = ld.find(isOrganization);
  const logoImg = $('img').toArray().find((el) => /logo/i.test([$(el).attr('src'), $(el).attr('alt'), $(el).attr('class'), $(el).attr('id')].join(' ')));
  const logoUrl = absolute(imageUrl(org?.logo), input.pageUrl)
    ?? absolute($('meta[property="og:image"]').attr('content'), input.pageUrl)
    ?? (logoImg ? absolute($(logoImg).attr('src'), input.pageUrl) : null);

  const clean = (s: unknown) => (typeof s === 'string' && s.trim() ? s.replace(/\s+/g, ' ').trim().slice(0, 1000) : null);
  const about = clean(org?.description) ?? clean(ld.find((o) => typeof o.description === 'string')?.description)
    ?? clean($('meta[name="description"]').attr('content')) ?? clean($('meta[property="og:description"]').attr('content'));

  const name = clean(org?.name) ?? clean($('meta[property="og:site_name"]').attr('content')) ?? clean($('title').first().text());
  return { brandColors, fontNames, logoUrl, about, designMd: designMarkdown({ name, pageUrl: input.pageUrl, brandColors, fontNames, logoUrl, about }) };
}

export function designMarkdown(d: { name: string | null; pageUrl: string; brandColors: BrandColors; fontNames: string[]; logoUrl: string | null; about: string | null }): string {
  const lines = [`# ${d.name ?? 'Brand'} design`, '', `Extracted from ${d.pageUrl}.`, '', '## Colours', ''];
  for (const role of ['primary', 'secondary', 'accent', 'background', 'text'] as const) lines.push(`- ${role}: ${d.brandColors[role] ?? '(not found)'}`);
  lines.push('', '## Fonts', '', ...(d.fontNames.length ? d.fontNames.map((f) => `- ${f}`) : ['- (not found)']));
  lines.push('', '## Logo', '', d.logoUrl ? `![logo](${d.logoUrl})` : '(not found)');
  if (d.about) lines.push('', '## About', '', d.about);
  return `${lines.join('\n')}\n`;
}
