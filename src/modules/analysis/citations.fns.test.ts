import { describe, expect, it } from 'vitest';
import { citedDomains, extractCitations, sourceSectionDomains } from './citations.fns.ts';
import type { Entity } from './mentions.fns.ts';
import { codeSpans } from './text.fns.ts';

const ENTITIES: Entity[] = [
  { id: 'brand', kind: 'brand', name: 'Linear', aliases: [], domains: ['linear.app'], ambiguous: true },
  { id: 'competitor:0', kind: 'competitor', name: 'Jira', aliases: [], domains: ['atlassian.com'], ambiguous: false },
];
const domains = (answer: string, sources: Array<{ url: string }> = []) => citedDomains(extractCitations(answer, sources, ENTITIES)).map((d) => `${d.domain}:${d.class}`);

describe('extractCitations', () => {
  it.each([
    ['bare URL', 'See https://linear.app/pricing.', ['linear.app:owned']],
    ['markdown link', 'The [docs](https://www.atlassian.com/software/jira) say so.', ['atlassian.com:competitor']],
    ['markdown link with a title', '[G2](https://www.g2.com/x "G2 reviews")', ['g2.com:third_party']],
    ['markdown link target without scheme', 'See [Linear](linear.app/docs).', ['linear.app:owned']],
    ['reference-style link', 'Per [the review][1].\n\n[1]: https://www.g2.com/products/linear', ['g2.com:third_party']],
    ['footnote definition', 'Fast [^1].\n\n[^1]: https://techcrunch.com/linear', ['techcrunch.com:third_party']],
    ['autolink', 'Read <https://www.theverge.com/a>.', ['theverge.com:third_party']],
    ['sources line with bare domains', 'Linear is fast.\n\nSources: linear.app, github.com', ['linear.app:owned', 'github.com:third_party']],
    ['sources heading then a list', 'Text.\n\n### References\n- g2.com/products/linear\n- www.capterra.com', ['g2.com:third_party', 'capterra.com:third_party']],
    ['Spanish, Catalan and French labels', 'A.\n\nFuentes: g2.com\n\nFonts: ara.cat\n\nSources : lemonde.fr', ['g2.com:third_party', 'ara.cat:third_party', 'lemonde.fr:third_party']],
    ['bare domain in prose is not a citation', 'Pricing is on linear.app for every plan.', []],
    ['file names are not domains', 'Sources: README.txt, index.html', []],
    ['example URL in inline code', 'Call `https://api.linear.app/graphql` with a token.', []],
    ['URLs in a fenced code block', '```bash\ncurl https://api.linear.app/graphql\n```\nDone.', []],
    ['a sources list ends at prose', 'Sources:\n- g2.com\n\nAlso try example.org someday.', ['g2.com:third_party']],
  ])('%s', (_rule, answer, expected) => expect(domains(answer)).toEqual(expected));

  it('lists provider sources first, then the text in order, one entry per URL', () => {
    const cited = extractCitations('A https://b.example.com/x and https://a.example.org/y and https://b.example.com/x', [{ url: 'https://linear.app/' }], ENTITIES);
    expect(cited.map((c) => [c.origin, c.domain])).toEqual([['source', 'linear.app'], ['inline', 'example.com'], ['inline', 'example.org']]);
  });
});

describe('sourceSectionDomains', () => {
  it('finds nothing without a sources label', () => {
    expect(sourceSectionDomains('linear.app and github.com are sites.')).toEqual([]);
  });
  it('reads a bold label', () => {
    expect(sourceSectionDomains('**Sources:** linear.app').map((d) => d.url)).toEqual(['https://linear.app']);
  });
});

describe('codeSpans', () => {
  it('finds inline code and fenced blocks, unterminated fences to the end', () => {
    const text = 'a `x` b\n```\ncode\n```\nc\n~~~\nopen';
    expect(codeSpans(text).map((s) => text.slice(s.start, s.end))).toEqual(['`x`', '```\ncode\n```', '~~~\nopen']);
  });
});
