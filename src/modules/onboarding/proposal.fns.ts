import * as cheerio from 'cheerio';
import { fold } from '../analysis/text.fns.ts';
import { jsonLdObjects } from '../profile/design.fns.ts';
import { brandOfLine, listItems } from '../research/research.fns.ts';
import { LANGUAGES, type Quotas } from '../workspaces/workspaces.schemas.ts';
import { trimEndOf } from '../../lib/text/trim.ts';

// A first workspace proposed from its brand name, its domain and its home page, so that a first
// workspace takes a minute: the
// person types two things, the rest is read or guessed here and stays editable in the form.
// Pure: the service fetches the page and asks the engine.

type Language = (typeof LANGUAGES)[number];
export const DEFAULT_QUOTAS: Quotas = { discovery: 0.2, problem_solution: 0.2, use_case: 0.2, comparison: 0.2, expert: 0.1, brand_research: 0.1 };
export const DEFAULT_SET_SIZE = 50;
export const MAX_COMPETITORS = 5;

/** A slug from a brand name: accents folded, lowercase, runs of other characters one hyphen, at most 20. */
export function slugOf(name: string, fallback: string): string {
  const make = (s: string) => trimEndOf(fold(s).replace(/[^a-z0-9]+/g, '-').replace(/^-+/, '').slice(0, 20), '-');
  const slug = make(name);
  return slug.length >= 2 ? slug : make(fallback).padEnd(2, '0');
}

/** `base`, `base-2`, `base-3`… each cut to 20 characters: the slugs to try in order when one is taken. */
export function slugCandidates(base: string, count = 20): string[] {
  return Array.from({ length: count }, (_, i) => {
    const suffix = i ? `-${i + 1}` : '';
    return `${trimEndOf(base.slice(0, 20 - suffix.length), '-')}${suffix}`;
  });
}

export interface SiteIdentity { name: string | null; lang: string | null; hreflangs: string[]; medical: boolean }

const MEDICAL = /Medical|Dentist|Physician|Hospital|Pharmacy|Clinic|Optician|Health/;

/** What the home page says about who it is: its name, `<html lang>`, the hreflang alternates, and whether schema.org calls it medical. */
export function siteIdentity(html: string): SiteIdentity {
  const $ = cheerio.load(html);
  const ld = jsonLdObjects($);
  const types = ld.flatMap((o) => [o['@type']].flat()).filter((t): t is string => typeof t === 'string');
  const org = ld.find((o) => [o['@type']].flat().some((t) => typeof t === 'string' && (/Organization|Corporation|LocalBusiness|Brand|Store/.test(t) || MEDICAL.test(t))));
  const clean = (s: unknown) => (typeof s === 'string' && s.trim() ? s.replace(/\s+/g, ' ').trim() : null);
  const title = clean($('title').first().text())?.split(/\s[|–—-]\s/)[0] ?? null;
  const name = [clean(org?.name), clean($('meta[property="og:site_name"]').attr('content')), title].find((n) => n && n.length >= 2 && n.length <= 60) ?? null;
  return {
    name, lang: clean($('html').attr('lang'))?.toLowerCase() ?? null,
    hreflangs: $('link[rel~="alternate"][hreflang]').toArray().map((el) => ($(el).attr('hreflang') ?? '').toLowerCase()).filter((h) => h && h !== 'x-default'),
    medical: types.some((t) => MEDICAL.test(t)),
  };
}

// Country-code top-level domains that are used as generic ones (.io, .co, .ai…): no region from these.
const GENERIC_CC = new Set(['io', 'co', 'ai', 'me', 'tv', 'ly', 'fm', 'gg', 'sh', 'to', 'ws', 'cc', 'app', 'dev']);
const supported = (tag: string): Language | null => (LANGUAGES as readonly string[]).find((l) => l === tag.slice(0, 2)) as Language | undefined ?? null;

/** Languages of the page (`<html lang>` first, then hreflang alternates) the product supports; English when none. */
export function languagesOf(identity: SiteIdentity | null): { languages: Language[]; reason: string } {
  const tags = identity ? [identity.lang, ...identity.hreflangs].filter((t): t is string => !!t) : [];
  const languages = [...new Set(tags.map(supported).filter((l): l is Language => !!l))];
  if (languages.length) return { languages, reason: `The site declares ${tags.filter((t) => supported(t)).slice(0, 6).join(', ')} (html lang and hreflang alternates).` };
  return { languages: ['en'], reason: identity?.lang ? `The site's language (${identity.lang}) is not one measured here (en, es, ca, fr): English proposed.` : 'The site declares no language: English proposed.' };
}

/** Regions from region subtags of the page's languages (en-gb → gb) and a country-code domain (.es → es). */
export function regionsOf(identity: SiteIdentity | null, domain: string): { regions: string[]; reason: string } {
  const subtags = (identity ? [identity.lang, ...identity.hreflangs] : []).map((t) => /^[a-z]{2}-([a-z]{2})$/.exec(t ?? '')?.[1]).filter((r): r is string => !!r);
  const tld = domain.split('.').pop()!;
  const fromTld = tld.length === 2 && !GENERIC_CC.has(tld) ? [tld === 'uk' ? 'gb' : tld] : [];
  const regions = [...new Set([...subtags, ...fromTld])].slice(0, 8);
  if (!regions.length) return { regions, reason: 'Neither the languages nor the domain name a country: no region proposed (all regions).' };
  return { regions, reason: `From ${[subtags.length ? 'the languages\' region subtags' : '', fromTld.length ? `the .${tld} domain` : ''].filter(Boolean).join(' and ')}.` };
}

/** Where a proposed competitor was found, in words: the form shows it beside the name. */
export interface CompetitorSource { name: string; source: 'site' | 'model'; detail: string }
export interface ProposedCompetitor { name: string; domains: string[]; aliases: string[]; ambiguous: false }

/** Competitors from an engine's list answer: names not the brand's, at most five, in the answer's order; no domain (the form asks). */
export function competitorsFrom(answer: string, brand: string) {
  const own = fold(brand);
  const names = [...new Set(listItems(answer).map(brandOfLine).filter((n): n is string => !!n && fold(n) !== own))].slice(0, MAX_COMPETITORS);
  return names.map((name): ProposedCompetitor => ({ name, domains: [], aliases: [name], ambiguous: false }));
}

const NAME = /^[\p{L}\p{N}][\p{L}\p{N} .&'’+-]{0,58}[\p{L}\p{N}+]$/u;
const JOINS = new Set(['vs', 'vs.', 'versus', 'contra', 'o', 'or', 'ou']);
const LEADS = new Set(['las', 'les', 'the', 'best', 'mejores', 'millors', 'meilleures']);
const ALTERNATIVE = /^alternativ(?:a|e|as|es|s)?$/i;
const cut = (s: string) => s.split(/[:?¿!,]/)[0]!.trim();

/** The other name of "A vs B" / "A o B: …" when one side is the brand, or the name of "Alternative to X" / "X alternative". */
function rivalIn(text: string, own: string): string | null {
  const words = text.split(' ');
  const join = words.findIndex((w, i) => i > 0 && i < words.length - 1 && JOINS.has(w.toLowerCase()));
  if (join > 0) {
    const left = cut(words.slice(0, join).join(' '));
    const right = cut(words.slice(join + 1).join(' '));
    return fold(left) === own ? right : fold(right) === own ? left : null;
  }
  let i = 0;
  while (i < words.length && LEADS.has(words[i]!.toLowerCase())) i++;
  if (ALTERNATIVE.test(words[i] ?? '') && /^(?:a|to|à|de)$/i.test(words[i + 1] ?? '')) return cut(words.slice(i + 2).join(' '));
  const last = cut(words.at(-1) ?? '');
  if (words.length > 1 && /^alternatives?$/i.test(last)) return words.slice(0, -1).join(' ');
  return null;
}

/**
 * Competitors the site itself names: links such as "Holded vs Contasimple" or "Alternative to
 * Contasimple" (a comparison page), with the linked site's domain when the link leaves the site.
 */
export function competitorsFromSite(html: string, brand: string, pageUrl: string, ownDomain: string): Array<ProposedCompetitor & { detail: string }> {
  const $ = cheerio.load(html);
  const own = fold(brand);
  const out: Array<ProposedCompetitor & { detail: string }> = [];
  for (const el of $('a[href]').toArray()) {
    const text = $(el).text().replace(/\s+/g, ' ').trim();
    if (!text || text.length > 80) continue;
    const name = rivalIn(text, own);
    if (!name || !NAME.test(name) || fold(name) === own || out.some((c) => fold(c.name) === fold(name))) continue;
    let domain: string | null = null;
    try {
      const host = new URL($(el).attr('href')!, pageUrl).hostname.replace(/^www\./, '');
      if (host !== ownDomain && !host.endsWith(`.${ownDomain}`)) domain = host;
    } catch { /* a broken href names no domain */ }
    out.push({ name, domains: domain ? [domain] : [], aliases: [name], ambiguous: false, detail: `A link on ${pageUrl}: “${text}”.` });
    if (out.length >= MAX_COMPETITORS) break;
  }
  return out;
}
