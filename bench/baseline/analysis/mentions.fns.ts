import { fold, foldWithOffsets, hostOf, isWordChar, sentences, urlSpans } from './text.fns.ts';

// Who an answer mentions. The rules (docs/analysis.md):
// - a name or alias counts as a whole word, case- and accent-insensitive; a possessive or
//   plural ending ('s, ’s, s, es) still counts; a match inside a longer word, a URL, or a
//   domain name does not;
// - a domain counts bare in the text ("acme.com", "blog.acme.com") or as the host of a URL or
//   of a provider source (subdomains included);
// - an `ambiguous` entity (a common word) counts only with support: its domain appears, a
//   multi-word alias appears, or the sentence of the match holds a category word.

export interface Entity {
  id: string;
  kind: 'brand' | 'competitor';
  name: string;
  aliases: string[];
  domains: string[];
  ambiguous: boolean;
}

export type Via = 'name' | 'alias' | 'domain' | 'source';
export interface Hit {
  start: number;
  via: Via;
  matched: string;
}

export const CATEGORY_WORDS = [
  'software', 'platform', 'tool', 'app', 'application', 'service', 'company', 'brand', 'vendor', 'solution', 'product', 'crm',
  'saas', 'startup', 'provider', 'suite', 'plataforma', 'herramienta', 'empresa', 'aplicacion', 'servicio', 'eina', 'aplicacio',
  'servei', 'logiciel', 'plateforme', 'outil', 'entreprise', 'marque',
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const POSSESSIVE_OR_PLURAL = /^(?:'s|'|es|s)?/;

export function hostMatches(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

export function categoryLexicon(industry?: string | null): string[] {
  const extra = fold(industry ?? '').split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 3);
  return [...CATEGORY_WORDS, ...extra];
}

// Compiled once per industry / domain: answers of one workspace share them.
const lexicons = new Map<string, RegExp[]>();
function lexiconPatterns(industry?: string | null): RegExp[] {
  const key = industry ?? '';
  if (!lexicons.has(key)) {
    if (lexicons.size > 1000) lexicons.clear();
    lexicons.set(key, categoryLexicon(industry).map((w) => new RegExp(`(?<![\\p{L}\\p{N}])${escape(w)}(?![\\p{L}\\p{N}])`, 'u')));
  }
  return lexicons.get(key)!;
}
const bares = new Map<string, RegExp>();
function barePattern(domain: string): RegExp {
  if (!bares.has(domain)) {
    if (bares.size > 10_000) bares.clear();
    bares.set(domain, new RegExp(`(?<![a-z0-9.@/-])(?:[a-z0-9-]+\\.)*${escape(domain)}(?![a-z0-9-]|\\.[a-z0-9])`, 'g'));
  }
  return bares.get(domain)!;
}

export function findMentions(answer: string, entities: Entity[], options: { sourceUrls?: string[]; industry?: string | null } = {}) {
  const { folded, offsets } = foldWithOffsets(answer);
  const toOriginal = (i: number) => (offsets ? (offsets[i] ?? answer.length) : Math.min(i, answer.length));
  const spans = urlSpans(answer);
  const inUrl = (start: number, end: number) => spans.some((s) => start >= s.start && end <= s.end);
  // Bare domain names in the text ("acme-reviews.net"): a name inside one is part of another site.
  const domainTokens = [...folded.matchAll(/(?<![\p{L}\p{N}.@-])(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(?![\p{L}\p{N}-])/gu)]
    .map((m) => ({ start: m.index!, end: m.index! + m[0].length }));
  const insideOtherDomain = (at: number, length: number) =>
    domainTokens.some((d) => at >= d.start && at + length <= d.end && (at !== d.start || at + length !== d.end));
  const lexicon = lexiconPatterns(options.industry);
  const answerSentences = sentences(answer);
  const sentenceAt = (index: number) => answerSentences.find((s) => index >= s.start && index < s.end)?.text ?? '';

  function termHits(term: string, via: Via): Hit[] {
    const needle = fold(term.trim());
    if (!needle) return [];
    const hits: Hit[] = [];
    for (let at = folded.indexOf(needle); at !== -1; at = folded.indexOf(needle, at + 1)) {
      const before = folded[at - 1];
      const rest = folded.slice(at + needle.length);
      const suffix = POSSESSIVE_OR_PLURAL.exec(rest)![0];
      const after = rest[suffix.length];
      if (isWordChar(before) && isWordChar(needle[0])) continue; // inside a longer word
      if (isWordChar(after) && isWordChar(needle.at(-1))) continue;
      if (before === '.' || before === '@' || (after === '.' && /[a-z]/.test(rest[suffix.length + 1] ?? ''))) continue; // part of a domain
      if (insideOtherDomain(at, needle.length)) continue;
      const start = toOriginal(at);
      const end = toOriginal(at + needle.length - 1) + 1;
      if (inUrl(start, end)) continue;
      hits.push({ start, via, matched: answer.slice(start, end) });
    }
    return hits;
  }

  function domainHits(domain: string): Hit[] {
    const d = domain.toLowerCase();
    const hits: Hit[] = [];
    for (const span of spans) {
      const host = hostOf(span.url);
      if (host && hostMatches(host, d)) hits.push({ start: span.start, via: 'domain', matched: span.url });
    }
    const bare = barePattern(d);
    bare.lastIndex = 0;
    for (const m of folded.matchAll(bare)) {
      const start = toOriginal(m.index!);
      if (!inUrl(start, start + 1)) hits.push({ start, via: 'domain', matched: answer.slice(start, toOriginal(m.index! + m[0].length - 1) + 1) });
    }
    (options.sourceUrls ?? []).forEach((url, i) => {
      const host = hostOf(url);
      // Sources have no place in the text: they rank after everything the text says.
      if (host && hostMatches(host, d)) hits.push({ start: answer.length + i, via: 'source', matched: url });
    });
    return hits;
  }

  return entities.map((entity) => {
    const domain = entity.domains.flatMap(domainHits);
    const words = [...termHits(entity.name, 'name'), ...entity.aliases.filter((a) => fold(a) !== fold(entity.name)).flatMap((a) => termHits(a, 'alias'))];
    let counted = words;
    if (entity.ambiguous) {
      const multiWordAlias = words.some((h) => h.via === 'alias' && /\s/.test(h.matched.trim()));
      if (!domain.length && !multiWordAlias) {
        counted = words.filter((h) => lexicon.some((re) => re.test(fold(sentenceAt(h.start)))));
      }
    }
    const hits = [...domain, ...counted].sort((a, b) => a.start - b.start);
    return { entity, hits, firstAt: hits[0]?.start ?? null };
  });
}

/** 1-based order of first mention among the entities that are mentioned. */
export function ranks(found: Array<{ entity: Entity; firstAt: number | null }>): Map<string, number> {
  const mentioned = found.filter((f) => f.firstAt !== null).sort((a, b) => a.firstAt! - b.firstAt!);
  return new Map(mentioned.map((f, i) => [f.entity.id, i + 1]));
}
