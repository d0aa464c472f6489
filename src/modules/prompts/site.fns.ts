import * as cheerio from 'cheerio';
import type { CheerioAPI } from 'cheerio';
import { jsonLdObjects } from '../profile/design.fns.ts';

// What the site says about itself, for prompt proposals: the same title, description and
// schema.org data design extraction reads, plus headings, FAQ questions and product names, and
// the links worth following. Pages are parsed with cheerio, never with regular expressions over
// the markup: a backtracking pattern over up to 2 MB of a page anyone controls stopped the API's
// event loop for minutes. Texts are bounded here, so that the rules applied to them
// downstream (question marks, intent cues, the category's head noun) work on short strings.

export interface SiteFacts {
  /** The page's language (`<html lang>`), two letters, or null. */
  lang: string | null;
  title: string | null;
  description: string | null;
  organizationDescription: string | null;
  headings: string[];
  faq: string[];
  products: string[];
}

export interface PageLink { href: string; text: string }

/** Title and descriptions past this many characters are cut: a category is named in their first words. */
export const TEXT_MAX = 500;
/** An FAQ question or a product name longer than this is not one. */
const FAQ_MAX = 200;
const NAME_MAX = 100;

type Json = Record<string, unknown>;
const typesOf = (o: Json) => [o['@type']].flat().filter((t): t is string => typeof t === 'string');
const clean = (s: unknown, max = TEXT_MAX) => (typeof s === 'string' && s.trim() ? s.replace(/\s+/g, ' ').trim().slice(0, max).trimEnd() : null);
/** A short text, whole or not at all (a cut question is not a question): its length is judged before any cut. */
const whole = (s: unknown, max: number) => {
  const t = typeof s === 'string' ? s.replace(/\s+/g, ' ').trim() : '';
  return t && t.length <= max ? t : null;
};
const NAV = /^(?:home|about( us)?|contact( us)?|pricing|blog|log ?in|sign ?(?:in|up)|menu|faqs?|news|careers|team|inicio|contacto|precios|contacte|preus|accueil|tarifs|à propos|qui sommes-nous)$/i;
/** A link whose address or text says it leads to questions, products or services. */
const MORE_PAGES = /faq|frequently|questions|preguntas|preguntes|product|service|servicio|servei|solution|features/i;

export function siteFacts(html: string): SiteFacts {
  return factsOf(cheerio.load(html));
}

/** One parse of a page: what it says and the links it has. */
export function readPage(html: string): { facts: SiteFacts; links: PageLink[] } {
  const $ = cheerio.load(html);
  return { facts: factsOf($), links: linksOf($) };
}

function factsOf($: CheerioAPI): SiteFacts {
  const ld = jsonLdObjects($);
  const org = ld.find((o) => typesOf(o).some((t) => /Organization|Corporation|LocalBusiness|Brand|Dentist|Medical|Store|Restaurant|Hotel|ProfessionalService/.test(t)));
  const faq = new Set<string>();
  for (const o of ld) {
    if (!typesOf(o).includes('FAQPage')) continue;
    for (const q of [o.mainEntity].flat() as Json[]) if (q && typeof q === 'object' && whole(q.name, FAQ_MAX)) faq.add(whole(q.name, FAQ_MAX)!);
  }
  $('details > summary, dt, h2, h3').each((_, el) => {
    const text = whole($(el).text(), FAQ_MAX);
    if (text && text.endsWith('?')) faq.add(text);
  });
  const products = new Set<string>();
  for (const o of ld) if (typesOf(o).some((t) => /^(?:Product|Service|SoftwareApplication)$/.test(t)) && whole(o.name, NAME_MAX)) products.add(whole(o.name, NAME_MAX)!);
  const headings = $('h1, h2, h3').toArray().map((el) => whole($(el).text(), 80)).filter((h): h is string =>
    !!h && !h.endsWith('?') && h.length >= 8 && h.split(' ').length >= 2 && !NAV.test(h));
  return {
    lang: (/^[a-z]{2}/i.exec($('html').attr('lang') ?? '')?.[0] ?? null)?.toLowerCase() ?? null,
    title: clean($('title').first().text()),
    description: clean($('meta[name="description"]').attr('content')) ?? clean($('meta[property="og:description"]').attr('content')),
    organizationDescription: clean(org?.description),
    headings: [...new Set(headings)].slice(0, 20),
    faq: [...faq].slice(0, 30),
    products: [...products].slice(0, 20),
  };
}

/** Every `<a href>` of the page in order: the address as written without its fragment, and the link's text. */
function linksOf($: CheerioAPI): PageLink[] {
  return $('a[href]').toArray().flatMap((el) => {
    const href = ($(el).attr('href') ?? '').split('#')[0]!.trim();
    return href ? [{ href, text: clean($(el).text()) ?? '' }] : [];
  });
}

export function pageLinks(html: string): PageLink[] {
  return linksOf(cheerio.load(html));
}

/**
 * Up to `max` pages of the same origin worth reading after `pageUrl`: links whose address or text
 * names FAQ, products, services, solutions or features, resolved against the page, each once, in
 * the page's order, the page itself left out.
 */
export function pagesToFollow(links: PageLink[], pageUrl: string, max = 3): string[] {
  const origin = new URL(pageUrl).origin;
  const out = new Set<string>();
  for (const { href, text } of links) {
    if (!MORE_PAGES.test(href) && !MORE_PAGES.test(text)) continue;
    let url: URL;
    try { url = new URL(href, pageUrl); } catch { continue; }
    if (url.origin === origin && url.href !== pageUrl) out.add(url.href);
    if (out.size === max) break;
  }
  return [...out];
}
