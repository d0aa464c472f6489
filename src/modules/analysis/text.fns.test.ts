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
});
