import { decide, signalsOf, type AnswerSupport } from './evidence.fns.ts';
import { layoutOf, lineAt, positionOf, type Line } from './layout.fns.ts';
import { detectLanguage, promptWords, type Language } from './lexicon.fns.ts';
import { fold, foldWithOffsets, hostOf, isWordChar, urlSpans } from './text.fns.ts';

// Who an answer mentions. The rules (docs/analysis.md):
// - a name or alias counts as a whole word, case- and accent-insensitive; a possessive ending
//   ('s, ’s) still counts, and so does a plural (s, es) of a name that is not a common word;
//   a match inside a longer word, a URL, or a domain name does not;
// - a domain counts bare in the text ("acme.com", "blog.acme.com") or as the host of a URL or
//   of a provider source (subdomains included);
// - an `ambiguous` name (a common word) counts where the evidence around it says it names the
//   entity (evidence.fns.ts); its full name and distinctive aliases ("Trade Coffee",
//   "ConvertKit") count on their own and support its short form.

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
  /** Why it counts (or, in `rejected`, why not): signals named in docs/analysis.md. */
  evidence: string[];
}
export interface MentionOptions {
  sourceUrls?: string[];
  industry?: string | null;
  /** The prompt the answer replies to: its words are the answer's topic. */
  prompt?: string;
  language?: Language;
}
export interface Found {
  entity: Entity;
  hits: Hit[];
  /** Occurrences of an ambiguous name that did not count, with the evidence against them. */
  rejected: Hit[];
  firstAt: number | null;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const POSSESSIVE_OR_PLURAL = /^(?:'s|'|es|s)?/;
const POSSESSIVE = /^(?:'s|')?/;
const ENUMERATION = /^(?:\*\*|__|\]\([^)]*\))?\s*(?:,|;|\/|&|\+|\s(?:and|or|vs\.?|versus|y|o|i|et|ou|e|ni|nor)\s|,\s*(?:and|or|y|o|i|et|ou)\s)\s*(?:\*\*|__|\[)?$/i;

export function hostMatches(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

/** An alias that cannot be an ordinary word: several words, an inner capital, a digit or a sign. */
export function isDistinctive(alias: string): boolean {
  const a = alias.trim();
  return /\s/.test(a) || /.\p{Lu}/u.test(a) || /[^\p{L}]/u.test(a);
}

const industrySets = new Map<string, Set<string>>();
function industryWords(industry?: string | null): Set<string> {
  const key = industry ?? '';
  let words = industrySets.get(key);
  if (!words) {
    if (industrySets.size > 1000) industrySets.clear();
    words = new Set(fold(key).split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 3));
    industrySets.set(key, words);
  }
  return words;
}
const bares = new Map<string, RegExp>();
function barePattern(domain: string): RegExp {
  if (!bares.has(domain)) {
    if (bares.size > 10_000) bares.clear();
    bares.set(domain, new RegExp(`(?<![a-z0-9.@/-])(?:\\*\\.)?(?:[a-z0-9-]+\\.)*${escape(domain)}(?![a-z0-9-]|\\.[a-z0-9])`, 'g'));
  }
  return bares.get(domain)!;
}

const words = new Map<string, RegExp>();
function wordPattern(name: string): RegExp {
  if (!words.has(name)) {
    if (words.size > 10_000) words.clear();
    words.set(name, new RegExp(`(?<![\\p{L}\\p{N}])${escape(name)}(?![\\p{L}\\p{N}])`, 'u'));
  }
  return words.get(name)!;
}

// Words of every tracked name and alias ("Acme" in "Acme Monday" is not a longer proper name).
const nameWords = new Map<string, Set<string>>();
function wordsOfNames(entities: Entity[]): Set<string> {
  const names = entities.flatMap((e) => [e.name, ...e.aliases]);
  const key = names.join('\u0000');
  let words = nameWords.get(key);
  if (!words) {
    if (nameWords.size > 1000) nameWords.clear();
    words = new Set(names.flatMap((n) => fold(n).split(/[^\p{L}\p{N}]+/u)).filter(Boolean));
    nameWords.set(key, words);
  }
  return words;
}

interface Raw extends Hit {
  end: number;
}
/** Where an entity is written, for the company rule: its span and its line. */
interface Place { start: number; end: number; line: Line }
/**
 * A hit as the analysis returns it (no internal fields). At module level, not per entity: a
 * closure costs its allocation each time it is made, and more where the code runs through tsx
 * (development, tests, benchmarks run by `npx tsx`), whose transform names every function created
 * in a function body (esbuild's keepNames). The compiled start (scripts/build.mjs) does not.
 */
const bareHit = (h: Hit): Hit => ({ start: h.start, via: h.via, matched: h.matched, evidence: h.evidence });

export function findMentions(answer: string, entities: Entity[], options: MentionOptions = {}): Found[] {
  const { folded, offsets } = foldWithOffsets(answer);
  const toOriginal = (i: number) => (offsets ? (offsets[i] ?? answer.length) : Math.min(i, answer.length));
  const spans = urlSpans(answer);
  const inUrl = (start: number, end: number) => spans.some((s) => start >= s.start && end <= s.end);
  // Bare domain names in the text ("acme-reviews.net"): a name inside one is part of another site.
  const domainTokens = [...folded.matchAll(/(?<![\p{L}\p{N}.@-])(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(?![\p{L}\p{N}-])/gu)]
    .map((m) => ({ start: m.index!, end: m.index! + m[0].length }));
  const insideOtherDomain = (at: number, length: number) =>
    domainTokens.some((d) => at >= d.start && at + length <= d.end && (at !== d.start || at + length !== d.end));

  function termHits(term: string, via: Via, ending: RegExp): Raw[] {
    const base = fold(term.trim());
    if (!base) return [];
    // Catalan ela geminada typed with a full stop ("col.lecta") besides l·l, ŀl and ll.
    return base.includes('ll') ? [...scan(base, via, ending), ...scan(base.replaceAll('ll', 'l.l'), via, ending)] : scan(base, via, ending);
  }

  function scan(needle: string, via: Via, ending: RegExp): Raw[] {
    const hits: Raw[] = [];
    for (let at = folded.indexOf(needle); at !== -1; at = folded.indexOf(needle, at + 1)) {
      const before = folded[at - 1];
      const rest = folded.slice(at + needle.length, at + needle.length + 4);
      const suffix = ending.exec(rest)![0];
      const after = rest[suffix.length];
      if (isWordChar(before) && isWordChar(needle[0])) continue; // inside a longer word
      if (isWordChar(after) && isWordChar(needle.at(-1))) continue;
      if (before === '.' || before === '@' || (after === '.' && /[a-z]/.test(rest[suffix.length + 1] ?? ''))) continue; // part of a domain
      if (insideOtherDomain(at, needle.length)) continue;
      const start = toOriginal(at);
      const end = toOriginal(at + needle.length - 1) + 1;
      if (inUrl(start, end)) continue;
      hits.push({ start, end: toOriginal(at + needle.length + suffix.length - 1) + 1, via, matched: answer.slice(start, end), evidence: [via] });
    }
    return hits;
  }

  // Hosts parsed once per answer, not once per entity.
  const spanHosts = spans.map((s) => hostOf(s.url));
  const sourceHosts = (options.sourceUrls ?? []).map(hostOf);
  function domainHits(domain: string): Raw[] {
    const d = domain.toLowerCase();
    const hits: Raw[] = [];
    spans.forEach((span, i) => {
      const host = spanHosts[i];
      if (host && hostMatches(host, d)) hits.push({ start: span.start, end: span.end, via: 'domain', matched: span.url, evidence: ['domain'] });
    });
    if (folded.includes(d)) {
      const bare = barePattern(d);
      bare.lastIndex = 0;
      for (const m of folded.matchAll(bare)) {
        const start = toOriginal(m.index!);
        const end = toOriginal(m.index! + m[0].length - 1) + 1;
        if (!inUrl(start, start + 1)) hits.push({ start, end, via: 'domain', matched: answer.slice(start, end), evidence: ['domain'] });
      }
    }
    sourceHosts.forEach((host, i) => {
      // Sources have no place in the text: they rank after everything the text says.
      if (host && hostMatches(host, d)) hits.push({ start: answer.length + i, end: answer.length + i, via: 'source', matched: options.sourceUrls![i]!, evidence: ['source'] });
    });
    return hits;
  }

  const raw = entities.map((entity) => {
    const domain = entity.domains.flatMap(domainHits);
    const aliases = entity.aliases.filter((a) => fold(a) !== fold(entity.name));
    if (!entity.ambiguous) {
      const words = [...termHits(entity.name, 'name', POSSESSIVE_OR_PLURAL), ...aliases.flatMap((a) => termHits(a, 'alias', POSSESSIVE_OR_PLURAL))];
      return { entity, sure: [...domain, ...words], candidates: [] as Raw[], answerWide: [] as string[] };
    }
    // A common word: no plural ("vaults", "Canvas" is not Canva's plural), and only the
    // distinctive aliases count on their own; they and the domain support the short form.
    const distinctive = aliases.filter(isDistinctive).flatMap((a) => termHits(a, 'alias', POSSESSIVE));
    const plain = [...termHits(entity.name, 'name', POSSESSIVE), ...aliases.filter((a) => !isDistinctive(a)).flatMap((a) => termHits(a, 'alias', POSSESSIVE))];
    const candidates = plain.filter((h) => !distinctive.some((d) => h.start >= d.start && h.start < d.end));
    const answerWide: string[] = [];
    if (domain.length) answerWide.push('domain-in-answer');
    const name = fold(entity.name);
    if (distinctive.some((d) => fold(d.matched).includes(name))) answerWide.push('full-name-in-answer');
    if (distinctive.some((d) => !fold(d.matched).includes(name))) answerWide.push('alias-in-answer');
    for (const d of distinctive) d.evidence = [fold(d.matched).includes(name) ? 'full-name' : 'alias'];
    return { entity, sure: [...domain, ...distinctive], candidates, answerWide };
  });

  const needsContext = raw.some((r) => r.candidates.length);
  const lines: Line[] = needsContext ? layoutOf(answer) : [];
  const language = options.language ?? (needsContext ? detectLanguage(folded) : 'en');
  const promptSet = needsContext ? promptWords(options.prompt) : new Set<string>();
  const trackedWords = needsContext ? wordsOfNames(entities) : new Set<string>();
  // Where each entity is written in the text (capitalised when ambiguous), for company.
  const places = raw.map((r) => ({
    name: r.entity.name,
    id: r.entity.id,
    at: needsContext
      ? [...r.sure.filter((h) => h.via !== 'source'), ...r.candidates.filter((h) => h.matched !== h.matched.toLowerCase())]
        .map((h) => ({ start: h.start, end: h.end, line: lineAt(lines, h.start) }))
      : [],
  }));
  // Company: the same list or table, or one enumeration in a sentence ("Trello, Asana and X").
  const sameCompany = (a: Place, b: Place) => {
    const la = a.line;
    const lb = b.line;
    if (la.kind === 'list' || la.kind === 'table') return la.block === lb.block && la.kind === lb.kind && la !== lb;
    const [first, second] = a.start < b.start ? [a, b] : [b, a];
    return la === lb && ENUMERATION.test(answer.slice(first.end, second.start));
  };

  const decided = raw.map(({ entity, sure, candidates, answerWide }) => {
    const hits: Hit[] = [...sure];
    const rejected: Hit[] = [];
    if (candidates.length) {
      // The prompt names the brand ("Is Monday good for agencies?"): capitalised, as a name.
      const named = !!options.prompt && options.prompt.includes(entity.name) && wordPattern(entity.name).test(options.prompt);
      const support: AnswerSupport = {
        answerWide: named ? [...answerWide, 'named-in-prompt'] : answerWide,
        language, industryWords: industryWords(options.industry), promptWords: promptSet,
      };
      for (const c of candidates) {
        const here = { start: c.start, end: c.end, line: lineAt(lines, c.start) };
        const coListed = places.filter((p) => p.id !== entity.id && p.at.some((at) => sameCompany(here, at))).map((p) => p.name);
        const evidence = signalsOf({
          configured: c.via === 'name' ? entity.name : c.matched, matched: c.matched, start: c.start,
          position: positionOf(answer, lines, c.start, c.end), coListed, trackedWords,
        }, support);
        (decide(evidence).counted ? hits : rejected).push({ start: c.start, via: c.via, matched: c.matched, evidence });
      }
    }
    return { entity, hits, rejected };
  });
  // Market context: a capitalised occurrence that fell short gains a point when the answer
  // names other tracked entities for sure (an answer about this market).
  const named = decided.map((d) => d.hits.some((h) => h.via !== 'source'));
  return decided.map(({ entity, hits, rejected }, i) => {
    const inMarket = named.some((n, j) => n && j !== i);
    const kept: Hit[] = [];
    for (const r of rejected) {
      const evidence = inMarket && !r.evidence.includes('lowercase') ? [...r.evidence, 'market-context'] : r.evidence;
      (evidence !== r.evidence && decide(evidence).counted ? hits : kept).push({ ...r, evidence });
    }
    hits.sort((a, b) => a.start - b.start);
    return { entity, hits: hits.map(bareHit), rejected: kept.map(bareHit), firstAt: hits[0]?.start ?? null };
  });
}

/** 1-based order of first mention among the entities that are mentioned. */
export function ranks(found: Array<{ entity: Entity; firstAt: number | null }>): Map<string, number> {
  const mentioned = found.filter((f) => f.firstAt !== null).sort((a, b) => a.firstAt! - b.firstAt!);
  return new Map(mentioned.map((f, i) => [f.entity.id, i + 1]));
}
