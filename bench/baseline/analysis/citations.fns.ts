import { getDomain } from 'tldts';
import { hostOf, urlSpans } from './text.fns.ts';
import { hostMatches, type Entity } from './mentions.fns.ts';

// Which sites an answer cites: provider sources first, then links in the text (markdown or
// bare http(s) URLs), each normalised to its registrable domain with the public suffix list
// and classed owned / competitor / third-party. Citations are kept apart from mentions:
// a brand can be cited without being named, and named without being cited.

export type CitationClass = 'owned' | 'competitor' | 'third_party';
export interface Citation {
  url: string;
  host: string;
  domain: string;
  origin: 'source' | 'inline';
  class: CitationClass;
  entityId: string | null;
}

export function registrableDomain(host: string): string {
  return getDomain(host, { allowPrivateDomains: false }) ?? host;
}

export function classify(host: string, entities: Entity[]): { class: CitationClass; entityId: string | null } {
  for (const entity of entities) {
    if (entity.domains.some((d) => hostMatches(host, d.toLowerCase()))) {
      return { class: entity.kind === 'brand' ? 'owned' : 'competitor', entityId: entity.id };
    }
  }
  return { class: 'third_party', entityId: null };
}

/** Every cited URL, deduplicated by URL, in order: sources, then the text's links. */
export function extractCitations(answer: string, sources: Array<{ url: string }>, entities: Entity[]): Citation[] {
  const seen = new Set<string>();
  const out: Citation[] = [];
  const add = (url: string, origin: 'source' | 'inline') => {
    const host = hostOf(url);
    if (!host || !/^https?:\/\//i.test(url) || seen.has(url)) return;
    seen.add(url);
    out.push({ url, host, domain: registrableDomain(host), origin, ...classify(host, entities) });
  };
  for (const s of sources) add(s.url, 'source');
  for (const span of urlSpans(answer)) add(span.url, 'inline');
  return out;
}

/** Distinct cited domains in order of first appearance. */
export function citedDomains(citations: Citation[]) {
  const byDomain = new Map<string, { domain: string; class: CitationClass; count: number }>();
  for (const c of citations) {
    const entry = byDomain.get(c.domain) ?? { domain: c.domain, class: c.class, count: 0 };
    entry.count += 1;
    byDomain.set(c.domain, entry);
  }
  return [...byDomain.values()];
}
