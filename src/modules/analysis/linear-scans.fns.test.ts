// The analysis reads answer text from AI engines: unbounded and untrusted. Its scans replaced
// patterns that backtracked super-linearly. Here each one is held to the pattern it replaced on
// many short generated texts (the pattern is the specification, run only on those), and run on
// the attack text that made the pattern quadratic: 50 000 characters, whose result is asserted
// (a quadratic scan would not finish within the test's timeout).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractCitations, sectionLabel } from './citations.fns.ts';
import { linkTargets } from './link-targets.fns.ts';
import { listNameBefore, wordBefore } from './layout.fns.ts';
import { TOKEN_RE, tokenize } from './sentiment.tokens.ts';
import { codeSpans, sentences, urlSpans } from './text.fns.ts';

const N = 50_000;
// Generated texts are at most this long, so that the former patterns below stay cheap.
const SHORT = 24;
const textOf = (pieces: string[]) => fc.array(fc.constantFrom(...pieces), { maxLength: SHORT }).map((a) => a.join('').slice(0, 4 * SHORT));
const runs = { numRuns: 400 };
const allMatches = (re: RegExp, s: string) => [...s.matchAll(re)].map((m) => [m.index, m[0]]);

// The former patterns, as the specification of the scans. Each runs only through `spec`, which
// refuses a text longer than 4 × SHORT characters (textOf cuts every generated text to that).
// bounded: ≤ 4 × SHORT = 96 characters, generated texts (spec refuses longer)
// eslint-disable-next-line regexp/no-super-linear-backtracking, regexp/no-super-linear-move
const WORD_BEFORE = /([\p{L}\p{N}'’-]+)[^\p{L}\p{N}]*$/u;
// bounded: ≤ 4 × SHORT = 96 characters, generated texts (spec refuses longer)
// eslint-disable-next-line regexp/no-super-linear-move
const LIST_BEFORE = /(\p{Lu}[\p{L}\p{N}.]+)(?:\*\*|__|\])?\s*(?:,|&|\/|\s(?:and|or|vs\.?|y|o|i|et|ou))\s*(?:\*\*|__|\[)?$/u;
// bounded: ≤ 4 × SHORT = 96 characters, generated texts (spec refuses longer)
// eslint-disable-next-line regexp/no-super-linear-backtracking, regexp/no-super-linear-move
const CODE = /^ {0,3}(```+|~~~+)[^\n]*\n[\s\S]*?(?:^ {0,3}\1[^\n]*$|(?![\s\S]))|`+[^`\n]+`+/gm;
// bounded: ≤ 4 × SHORT = 96 characters, generated texts (spec refuses longer)
// eslint-disable-next-line regexp/no-super-linear-move
const STOPS_TOKEN = /\n|[\p{L}\p{N}]+(?:·[\p{L}\p{N}]+)*|[.!?]+(?=\s|$|[*_)"'\]])|[,:|()\u2013\u2014]|;|(?<=\s)-(?=\s)/gu;
// bounded: ≤ 4 × SHORT = 96 characters, generated texts (spec refuses longer)
// eslint-disable-next-line regexp/no-super-linear-move
const LINK_TARGET = /\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)|^\s*\[[^\]\n]+\]:\s*<?([^\s>]+)>?/gmu;
// bounded: ≤ 4 × SHORT = 96 characters, generated texts (spec refuses longer)
// eslint-disable-next-line regexp/no-super-linear-backtracking
const SECTION = /^\s*(?:#{1,6}\s*)?(?:\*\*|__)?\s*(?:sources?|references?|referencias|refer[eè]ncies|r[ée]f[ée]rences|fuentes|fonts|citations?|further reading|read more|learn more|bibliograf[ií]a|bibliographie)\s*(?:\*\*|__)?\s*:?\s*(?:\*\*|__)?\s*(?::\s*)?/iu;

function spec(re: RegExp, s: string): RegExp {
  if (s.length > 4 * SHORT) throw new Error(`a generated text of ${s.length} characters: the former patterns run on short texts only`);
  re.lastIndex = 0;
  return re;
}

describe('scans equal the patterns they replaced', () => {
  it('wordBefore', () => {
    fc.assert(fc.property(textOf(['a', 'B', '7', "'", '’', '-', ' ', '.', '*', 'é', '𝐀', '\n', ',']), (s) => {
      const m = spec(WORD_BEFORE, s).exec(s);
      expect(wordBefore(s)).toEqual(m ? { word: m[1], index: m.index } : null);
    }), runs);
  });

  it('listNameBefore', () => {
    const pieces = ['Kayak', 'Ab', 'x', 'K', '.', ',', '&', '/', ' ', '\t', '**', '__', '_', '*', '[', ']', 'and', 'or', 'vs', 'vs.', 'y', 'o', 'i', 'et', 'ou', '𝐀b', '1'];
    fc.assert(fc.property(textOf(pieces), (s) => {
      expect(listNameBefore(s)).toBe(spec(LIST_BEFORE, s).exec(s)?.[1] ?? null);
    }), runs);
  });

  it('codeSpans', () => {
    fc.assert(fc.property(textOf(['`', '```', '~~~', '~', 'a', ' ', '   ', '\n', 'x y']), (s) => {
      const want = allMatches(spec(CODE, s), s).map(([index, raw]) => ({ start: index, end: (index as number) + (raw as string).length }));
      expect(codeSpans(s)).toEqual(s.includes('`') || s.includes('~~~') ? want : []);
    }), runs);
  });

  it('the sentiment tokens: a run of stops', () => {
    fc.assert(fc.property(textOf(['a', ' ', '.', '!', '?', '\n', '*', ')', '-', ' - ', 'x', '...', ';']), (s) => {
      expect(allMatches(TOKEN_RE, s)).toEqual(allMatches(spec(STOPS_TOKEN, s), s));
    }), runs);
  });

  it('linkTargets (texts without a lone CR, where the pattern saw a line start and the scan does not)', () => {
    const pieces = ['](', '[1]', '[a b]', ':', ' ', '\n', '\t', 'x.com', '(', ')', '<', '>', '"t"', '"', ']', '['];
    fc.assert(fc.property(textOf(pieces), (s) => {
      const want = [...s.matchAll(spec(LINK_TARGET, s))].map((m) => {
        const target = m[1] ?? m[2]!;
        return { target, start: m.index + m[0].indexOf(target) };
      });
      expect(linkTargets(s)).toEqual(want);
    }), runs);
  });

  it('sectionLabel', () => {
    const pieces = [' ', '\t', '#', '##', '**', '__', 'Sources', 'fuentes', ':', ' :', 'x', 'read more', '*'];
    fc.assert(fc.property(textOf(pieces), (s) => {
      expect(sectionLabel(s)?.text ?? null).toBe(spec(SECTION, s).exec(s)?.[0] ?? null);
    }), runs);
  });
});

// The sentences are ICU's (Intl.Segmenter) with our own cuts and joins, no longer a pattern's:
// held to what must hold of any split on many short generated texts.
describe('sentences on generated texts', () => {
  it('are trimmed, in order, within one line or table cell, and lose no letter or digit', () => {
    const pieces = ['a', 'b c', 'A', ' ', '.', '!', '?', '\n', '|', 'x', '4.5', '-', '#', '\t', 'e.g. ', 'U.S. ', 'Dr. ', '。', '¿', '…', 'https://a.io/?q=1'];
    fc.assert(fc.property(textOf(pieces), (s) => {
      let covered = '';
      let last = 0;
      for (const x of sentences(s)) {
        expect(s.slice(x.start, x.end)).toBe(x.text);
        expect(x.text).toBe(x.text.trim());
        expect(x.text).not.toMatch(/[\n|]/);
        expect(x.start).toBeGreaterThanOrEqual(last);
        covered += s.slice(last, x.start).replace(/[\p{L}\p{N}]/gu, '') + x.text;
        last = x.end;
      }
      covered += s.slice(last).replace(/[\p{L}\p{N}]/gu, '');
      expect(covered.replace(/[^\p{L}\p{N}]/gu, '')).toBe(s.replace(/[^\p{L}\p{N}]/gu, ''));
    }), runs);
  });
});

describe('the attack texts finish, with the right result', () => {
  it('wordBefore and listNameBefore on a long run of name characters', () => {
    expect(wordBefore(`${'a'.repeat(N)}!`)).toEqual({ word: 'a'.repeat(N), index: 0 });
    expect(wordBefore("'".repeat(N))).toEqual({ word: "'".repeat(N), index: 0 });
    expect(listNameBefore(`${'A'.repeat(N)}x`)).toBeNull();
    expect(listNameBefore(`${' '.repeat(N)}, `)).toBeNull();
    expect(listNameBefore(`x${'A'.repeat(N)}, `)).toBe('A'.repeat(N));
  });

  it('sentences on a run of stops before a letter, and on runs of abbreviations and stops', () => {
    const text = `a${'.'.repeat(N)}x`;
    expect(sentences(text)).toEqual([{ text, start: 0, end: text.length }]);
    expect(sentences('Dr. '.repeat(N / 4))).toHaveLength(1);
    expect(sentences('A. '.repeat(N / 3))).toHaveLength(1);
    expect(sentences('? '.repeat(N / 2))).toEqual([]);
    expect(sentences('Go! '.repeat(N / 4))).toHaveLength(N / 4);
  });

  it('codeSpans on long fences and backtick runs without an end', () => {
    expect(codeSpans('`'.repeat(N))).toEqual([]);
    expect(codeSpans(`${'`'.repeat(N)}\n`)).toEqual([{ start: 0, end: N + 1 }]); // an unclosed fence runs to the end
    expect(codeSpans(`${'`'.repeat(N)}x`)).toEqual([]);
    expect(codeSpans('~'.repeat(N))).toEqual([]);
  });

  it('urlSpans on a URL ending in a long run of punctuation', () => {
    expect(urlSpans(`https://a.example/${'.'.repeat(N)}x`)).toHaveLength(1);
    expect(urlSpans(`https://a.example/x${'!'.repeat(N)}`)).toEqual([{ url: 'https://a.example/x', start: 0, end: 19 }]);
  });

  it('tokenize on a run of stops before a letter', () => {
    const { tokens } = tokenize(`good${'.'.repeat(N)}x`, []);
    expect(tokens.text).toEqual(['good', 'x']);
  });

  it('citations on a line of spaces and on many blank lines', () => {
    expect(extractCitations(`Sources:\n${' '.repeat(N)}x\n- g2.com`, [], []).map((c) => c.domain)).toEqual(['g2.com']);
    expect(extractCitations(`x${'\n'.repeat(N)}[1]: https://g2.com/a`, [], []).map((c) => c.domain)).toEqual(['g2.com']);
    expect(extractCitations(`[1]:${'\n'.repeat(N)}`, [], [])).toEqual([]);
    expect(sectionLabel(`${' '.repeat(N)}x`)).toBeNull();
    expect(linkTargets('](('.repeat(N / 3))).toEqual([]);
    expect(linkTargets(`${'](('.repeat(N / 3)})`)).toHaveLength(1);
    expect(linkTargets('\t[\r'.repeat(N / 3))).toEqual([]);
    expect(codeSpans('~~~\r'.repeat(N / 4))).toEqual([]);
  });
});
