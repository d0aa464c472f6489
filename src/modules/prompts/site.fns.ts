import * as cheerio from 'cheerio';
import { jsonLdObjects } from '../profile/design.fns.ts';

// What the site says about itself, for prompt proposals: the same title, description and
// schema.org data design extraction reads, plus headings, FAQ questions and product names.

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

type Json = Record<string, unknown>;
const typesOf = (o: Json) => [o['@type']].flat().filter((t): t is string => typeof t === 'string');
const clean = (s: unknown) => (typeof s === 'string' && s.trim() ? s.replace(/\s+/g, ' ').trim() : null);
const NAV = /^(?:home|about( us)?|contact( us)?|pricing|blog|log ?in|sign ?(?:in|up)|menu|faqs?|news|careers|team|inicio|contacto|precios|contacte|preus|accueil|tarifs|à propos|qui sommes-nous)$/i;

export function siteFacts(html: string): SiteFacts {
  const $ = cheerio.load(html);
  const ld = jsonLdObjects($);
  const org = ld.find((o) => typesOf(o).some((t) => /Organization|Corporation|LocalBusiness|Brand|Dentist|Medical|Store|Restaurant|Hotel|ProfessionalService/.test(t)));
  const faq = new Set<string>();
  for (const o of ld) {
    if (!typesOf(o).includes('FAQPage')) continue;
    for (const q of [o.mainEntity].flat() as Json[]) if (q && typeof q === 'object' && clean(q.name)) faq.add(clean(q.name)!);
  }
  $('details > summary, dt, h2, h3').each((_, el) => {
    const text = clean($(el).text());
    if (text && /\?$/.test(text) && text.length <= 200) faq.add(text);
  });
  const products = new Set<string>();
  for (const o of ld) if (typesOf(o).some((t) => /^(?:Product|Service|SoftwareApplication)$/.test(t)) && clean(o.name)) products.add(clean(o.name)!);
  const headings = $('h1, h2, h3').toArray().map((el) => clean($(el).text())).filter((h): h is string =>
    !!h && !h.endsWith('?') && h.length >= 8 && h.length <= 80 && h.split(' ').length >= 2 && !NAV.test(h));
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
