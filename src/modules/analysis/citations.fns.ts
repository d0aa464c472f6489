import { getDomain, parse } from 'tldts';
import { codeSpans, hostOf, urlSpans } from './text.fns.ts';
import { hostMatches, type Entity } from './mentions.fns.ts';
import { linkTargets } from './link-targets.fns.ts';
import { trimEndOf } from '../../lib/text/trim.ts';

// Which sites an answer cites: provider sources first, then, in text order, links in the text
// (markdown links, reference and footnote definitions, bare http(s) URLs) and bare domains listed
// in a sources section ("Sources: linear.app, github.com"); each normalised to its registrable
// domain with the public suffix list and classed owned / competitor / third-party. URLs inside
// inline code or code blocks are examples, not citations. A bare domain in prose is a mention,
// not a citation. Citations are kept apart from mentions: a brand can be cited without being
// named, and named without being cited.

export type CitationClass = 'owned' | 'competitor' | 'third_party';
export interface Citation {
  url: string;
  host: string;
  domain: string;
  origin: 'source' | 'inline';
  class: CitationClass;
  entityId: string | null;
}

// Hosts repeat across answers (a few hundred sites make most citations), and the public suffix
// lookup was a tenth of a simulated call's CPU: each host is looked up once, in a bounded map.
const REGISTRABLE_CACHE = 10_000;
const registrable = new Map<string, string>();
export function registrableDomain(host: string): string {
  let domain = registrable.get(host);
  if (domain === undefined) {
    if (registrable.size >= REGISTRABLE_CACHE) registrable.clear();
    domain = getDomain(host, { allowPrivateDomains: false }) ?? host;
    registrable.set(host, domain);
  }
  return domain;
}

export function classify(host: string, entities: Entity[]): { class: CitationClass; entityId: string | null } {
  for (const entity of entities) {
    if (entity.domains.some((d) => hostMatches(host, d.toLowerCase()))) {
      return { class: entity.kind === 'brand' ? 'owned' : 'competitor', entityId: entity.id };
    }
  }
  return { class: 'third_party', entityId: null };
}

// A line opening a list of sources, in en/es/ca/fr, as a heading, bold label or "Label:".
// Matched on the line without its leading white space, and with each \s* after a token that is
// there, so that no two \s* stand side by side: on a line of spaces they traded the spaces
// back and forth, quadratic in the line's length.
const SECTION = /^(?:#{1,6}\s*)?(?:(?:\*\*|__)\s*)?(?:sources?|references?|referencias|refer[eè]ncies|r[ée]f[ée]rences|fuentes|fonts|citations?|further reading|read more|learn more|bibliograf[ií]a|bibliographie)\s*(?:\*\*|__)?\s*:?\s*(?:\*\*|__)?\s*(?::\s*)?/iu;
const BARE_DOMAIN = /(?<![\p{L}\p{N}.@/:-])(?:www\.)?(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(?:\/[^\s,;)\]>"']*)?/giu;

/** A bare "domain.tld[/path]" when its suffix is a real public suffix ("index.html" is not). */
function asUrl(token: string): string | null {
  const cleaned = trimEndOf(token, '.,;:!?*_');
  const host = cleaned.split('/')[0]!.toLowerCase();
  const parsed = parse(host);
  return parsed.domain && parsed.isIcann ? `https://${cleaned}` : null;
}

/** A line that is a list of domains with at most two words around them ("github.com (code)"). */
function domainsOnly(line: string): boolean {
  const rest = line.replace(BARE_DOMAIN, ' ').split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return rest.length <= 2 && rest.length < line.split(/\s+/).length;
}

/** The sources label that opens `line` ("## Sources:", "**Fuentes**"): its text and where it ends. */
export function sectionLabel(line: string): { text: string; end: number } | null {
  const body = line.trimStart();
  const m = SECTION.exec(body);
  return m ? { text: line.slice(0, line.length - body.length + m[0].length), end: line.length - body.length + m[0].length } : null;
}

/** Bare domains in sources sections: the label's own line and the list lines after it. */
const SECTION_WORD = /sources?|refer|fuentes|fonts|citation|reading|read more|learn more|bibliogra/i;
export function sourceSectionDomains(text: string): Array<{ url: string; start: number }> {
  const out: Array<{ url: string; start: number }> = [];
  if (!SECTION_WORD.test(text)) return out;
  let inSection = false;
  let at = 0;
  for (const line of text.split('\n')) {
    const label = sectionLabel(line);
    const labelEnd = label ? label.end : 0;
    const isLabel = !!label && (label.text.trim().endsWith(':') || /^\s*(?:#|\*\*|__)/.test(line)) && line.length - labelEnd < 400;
    if (isLabel) inSection = true;
    else if (inSection && line.trim() && !/^\s*(?:[-*+•]|\d+[.)]|\[\^?\w+\])\s*/.test(line) && !domainsOnly(line)) inSection = false;
    if (inSection) {
      const from = isLabel ? labelEnd : 0;
      for (const m of line.slice(from).matchAll(BARE_DOMAIN)) {
        const url = asUrl(m[0]);
        if (url) out.push({ url, start: at + from + m.index! });
      }
    }
    at += line.length + 1;
  }
  return out;
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
  const code = codeSpans(answer);
  const inCode = (i: number) => code.some((c) => i >= c.start && i < c.end);
  const inline: Array<{ url: string; start: number }> = urlSpans(answer).filter((s) => /^https?:/i.test(s.url)).map((s) => ({ url: s.url, start: s.start }));
  // Link targets written without a scheme: [Linear](linear.app), [1]: www.acme.com/page.
  for (const { target, start } of linkTargets(answer)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    const url = asUrl(target);
    if (url) inline.push({ url, start });
  }
  inline.push(...sourceSectionDomains(answer));
  inline.sort((a, b) => a.start - b.start);
  for (const i of inline) if (!inCode(i.start)) add(i.url, 'inline');
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
