import { describe, expect, it } from 'vitest';
import { foldWithOffsets, sentences, urlSpans } from './text.fns.ts';

describe('foldWithOffsets', () => {
  it('lowercases, strips accents and maps back to the original positions', () => {
    const { folded, offsets } = foldWithOffsets('Café Noir’s');
    expect(folded).toBe("cafe noir's");
    expect(offsets![3]).toBe(3);
    expect(offsets![9]).toBe(9);
  });

  it('takes the ASCII fast path with identity offsets', () => {
    expect(foldWithOffsets("Acme's CRM")).toEqual({ folded: "acme's crm", offsets: null });
  });

  it('maps offsets after a character that folds to two', () => {
    const { folded, offsets } = foldWithOffsets('İx');
    expect(folded.endsWith('x')).toBe(true);
    expect(offsets!.at(-1)).toBe(1);
  });
});

describe('urlSpans', () => {
  it('finds http(s) and www URLs without trailing punctuation', () => {
    const text = 'See https://acme.com/pricing. Or (www.globex.com/x), and [docs](https://docs.initech.io/a?b=1).';
    expect(urlSpans(text).map((s) => s.url)).toEqual(['https://acme.com/pricing', 'www.globex.com/x', 'https://docs.initech.io/a?b=1']);
  });
});

describe('sentences', () => {
  it('splits prose, list items and table cells', () => {
    const text = 'Acme is great. Globex is slow!\n- Initech: cheap\n| Acme | fast |\n|---|---|';
    expect(sentences(text).map((s) => s.text)).toEqual(['Acme is great.', 'Globex is slow!', '- Initech: cheap', 'Acme', 'fast']);
  });

  it('keeps domains and decimals inside one sentence', () => {
    expect(sentences('Visit acme.com today. It costs 4.5 dollars.').map((s) => s.text)).toEqual(['Visit acme.com today.', 'It costs 4.5 dollars.']);
  });

  it.each([
    ['abbreviation before a lower-case word', 'Acme is good, e.g. for small teams. Globex is bad.', ['Acme is good, e.g. for small teams.', 'Globex is bad.']],
    ['abbreviation before a name', 'Tools, e.g. Acme and Globex, are good. Initech is not.', ['Tools, e.g. Acme and Globex, are good.', 'Initech is not.']],
    ['i.e. in brackets', 'Acme (i.e. the CRM) wins. Globex loses.', ['Acme (i.e. the CRM) wins.', 'Globex loses.']],
    ['initialism before a name', 'Made in the U.S. Acme ships worldwide.', ['Made in the U.S. Acme ships worldwide.']],
    ['initialism before a lower-case word', 'Made in the U.S. by Acme. Great tool.', ['Made in the U.S. by Acme.', 'Great tool.']],
    ['titles', 'Dr. Smith likes Acme. Mr. Jones prefers Globex.', ['Dr. Smith likes Acme.', 'Mr. Jones prefers Globex.']],
    ['vs.', 'Acme vs. Globex is close. Initech wins.', ['Acme vs. Globex is close.', 'Initech wins.']],
    ['Spanish p. ej. and Sra.', 'Hay opciones, p. ej. Acme. La Sra. López prefiere Globex.', ['Hay opciones, p. ej. Acme.', 'La Sra. López prefiere Globex.']],
    ['French initial', 'M. Dupont préfère Acme. Globex est lente.', ['M. Dupont préfère Acme.', 'Globex est lente.']],
    ['decimals', 'Acme scores 3.5 out of 5. Globex 4.', ['Acme scores 3.5 out of 5.', 'Globex 4.']],
    ['URL with ? and .', 'See https://acme.com/a.b?x=1&y=2. It is good.', ['See https://acme.com/a.b?x=1&y=2.', 'It is good.']],
    ['URL at the end', 'Pricing: https://acme.com/pricing. Globex is cheaper.', ['Pricing: https://acme.com/pricing.', 'Globex is cheaper.']],
    ['three dots', 'Acme is fast... Globex is not.', ['Acme is fast...', 'Globex is not.']],
    ['ellipsis character before a capital', 'Acme is fast… Globex is not.', ['Acme is fast… Globex is not.']],
    ['CJK full stops', 'Acme很好。Globex不好。', ['Acme很好。', 'Globex不好。']],
    ['Spanish ¿? and ¡!', '¿Es bueno Acme? Sí. ¡Claro! Globex no.', ['¿Es bueno Acme?', 'Sí.', '¡Claro!', 'Globex no.']],
    ['a quotation closing the sentence', 'He said "Acme is great." Globex disagrees.', ['He said "Acme is great."', 'Globex disagrees.']],
    ['markdown emphasis', '**Acme** is great. **Globex** is slow.', ['**Acme** is great.', '**Globex** is slow.']],
    ['stops with no space after', 'Acme!Globex? no.', ['Acme!Globex?', 'no.']],
    ['etc. ends a sentence', 'Acme costs $5, $10 etc. Globex is free.', ['Acme costs $5, $10 etc.', 'Globex is free.']],
    ['a numbered list', '1. Acme\n2. Globex', ['1.', 'Acme', '2.', 'Globex']],
    ['stops alone are no sentence', '?? Acme\n...', ['Acme']],
  ])('%s', (_name, text, expected) => expect(sentences(text).map((s) => s.text)).toEqual(expected));

  it('gives each sentence its offsets in the answer', () => {
    const text = 'Intro.  Dr. Smith likes Acme!\n| Globex |';
    for (const s of sentences(text)) expect(text.slice(s.start, s.end)).toBe(s.text);
    expect(sentences(text).map((s) => s.start)).toEqual([0, 8, 32]);
  });
});
