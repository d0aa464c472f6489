import { describe, expect, it } from 'vitest';
import { pageLinks, pagesToFollow, readPage, siteFacts } from './site.fns.ts';

// Links and facts of a page, parsed with cheerio (a regular expression over the markup
// backtracked for minutes on an opening tag that never closes).

const HOME = 'https://acme.com/';

describe('the links of a page', () => {
  it.each([
    ['a plain link', '<a href="/faq">FAQ</a>', [{ href: '/faq', text: 'FAQ' }]],
    ['other attributes around href', '<a class="nav" href="/products" title="x">Products</a>', [{ href: '/products', text: 'Products' }]],
    ['the fragment cut', '<a href="/faq#billing">Billing</a>', [{ href: '/faq', text: 'Billing' }]],
    ['an in-page anchor: nothing', '<a href="#top">Top</a>', []],
    ['no href: nothing', '<a name="x">Anchor</a>', []],
    ['single quotes and entities', "<a href='/a?x=1&amp;y=2'>Fish &amp; chips</a>", [{ href: '/a?x=1&y=2', text: 'Fish & chips' }]],
    ['text in nested elements, spaces collapsed', '<a href="/services"><span>Our</span>\n  <b>services</b></a>', [{ href: '/services', text: 'Our services' }]],
    ['an image link: empty text', '<a href="/features"><img src="f.png"></a>', [{ href: '/features', text: '' }]],
    ['in page order', '<a href="/b">B</a><p><a href="/a">A</a></p>', [{ href: '/b', text: 'B' }, { href: '/a', text: 'A' }]],
  ])('%s', (_name, body, expected) => {
    expect(pageLinks(`<html><body>${body}</body></html>`)).toEqual(expected);
  });

  it('reads a page ending in ~50 KB of an opening tag that never closes: the links before it, none from it', () => {
    // The old pattern /<a\s[^>]*href="([^"#]+)"[^>]*>([^<]*)</gi took minutes here; the HTML
    // tokenizer drops a tag cut off by the end of the file.
    const links = pageLinks(`<body><a href="/faq">FAQ</a>${'<a href="x" '.repeat(4200)}`);
    expect(links).toEqual([{ href: '/faq', text: 'FAQ' }]);
  });
});

describe('the pages followed', () => {
  const link = (href: string, text = '') => ({ href, text });
  it.each([
    ['by address or by text', [link('/faq'), link('/x', 'Our services'), link('/blog', 'Blog')], [`${HOME}faq`, `${HOME}x`]],
    ['the same origin only', [link('https://other.com/faq', 'FAQ'), link('http://acme.com/faq', 'FAQ'), link('https://acme.com/product')], [`${HOME}product`]],
    ['each once, the page itself left out', [link('/faq'), link('faq'), link('/', 'Features'), link('https://acme.com/faq')], [`${HOME}faq`]],
    ['at most three, in order', ['/faq', '/products', '/services', '/solutions'].map((h) => link(h)), [`${HOME}faq`, `${HOME}products`, `${HOME}services`]],
    ['Spanish and Catalan words', [link('/preguntas-frecuentes'), link('/serveis', 'Serveis')], [`${HOME}preguntas-frecuentes`, `${HOME}serveis`]],
    ['an address that does not parse is skipped', [link('http://[::1', 'FAQ'), link('/faq')], [`${HOME}faq`]],
  ])('%s', (_name, links, expected) => {
    expect(pagesToFollow(links, HOME)).toEqual(expected);
  });
});

describe('the facts of a page', () => {
  it('are read with the links in one parse', () => {
    const { facts, links } = readPage('<html lang="es-ES"><head><title>Clínica Sonrisa</title></head><body><h2>¿La primera visita es gratuita?</h2><a href="/servicios">Servicios</a></body></html>');
    expect(facts).toMatchObject({ lang: 'es', title: 'Clínica Sonrisa', faq: ['¿La primera visita es gratuita?'] });
    expect(links).toEqual([{ href: '/servicios', text: 'Servicios' }]);
  });

  it('are bounded: long texts cut, an overlong FAQ question or product name left out', () => {
    const long = 'word '.repeat(5000);
    const ld = { '@graph': [{ '@type': 'Organization', description: long }, { '@type': 'FAQPage', mainEntity: [{ name: `${'?'.repeat(300)}` }, { name: 'Is it free?' }] }, { '@type': 'Product', name: 'x'.repeat(101) }] };
    const facts = siteFacts(`<html><head><title>${long}</title><meta name="description" content="${long}"><script type="application/ld+json">${JSON.stringify(ld)}</script></head><body><h3>${'Why? '.repeat(100)}</h3></body></html>`);
    for (const text of [facts.title, facts.description, facts.organizationDescription]) {
      expect(text!.startsWith('word word')).toBe(true);
      expect(text!.length).toBeLessThanOrEqual(500); // TEXT_MAX, a trailing space trimmed
    }
    expect(facts.faq).toEqual(['Is it free?']);
    expect(facts.products).toEqual([]);
  });

  it('judges a short text by its whole length, also when a space stands where a cut would fall', () => {
    // 199 characters, then "? tail": cut at 200 (at the space) it would read as a question.
    const question = `${'Q'.repeat(199)}? and more`;
    const heading = `${'Long heading '.repeat(6)}xy and the rest`; // a space at index 80, the heading bound
    const ld = { '@type': 'FAQPage', mainEntity: [{ name: question }, { name: 'Is it free?' }] };
    const facts = siteFacts(`<html><head><script type="application/ld+json">${JSON.stringify(ld)}</script></head><body><h2>${'x'.repeat(199)}? tail</h2><h2>${heading}</h2><h3>Fast onboarding for teams</h3></body></html>`);
    expect(facts.faq).toEqual(['Is it free?']);
    expect(facts.headings).toEqual(['Fast onboarding for teams']);
  });
});
