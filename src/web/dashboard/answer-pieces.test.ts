import { describe, expect, it } from 'vitest';
import { pieces, type Span } from './client/answer-pieces.ts';

type Named = Span & { id: string };
const m = (id: string, start: number, end: number): Named => ({ id, start, end });
const shape = (text: string, mentions: Named[], evidence: Named[]) =>
  pieces(text, mentions, evidence).map((p) => [p.text, p.mention?.id ?? null, p.evidence?.id ?? null]);

describe('pieces', () => {
  it.each<[string, string, Named[], Named[], Array<[string, string | null, string | null]>]>([
    ['no spans: the text whole', 'Acme is fine.', [], [], [['Acme is fine.', null, null]]],
    ['a mention at the start', 'Acme is fine.', [m('brand', 0, 4)], [], [['Acme', 'brand', null], [' is fine.', null, null]]],
    ['two mentions and text between', 'Acme beats Zeta.', [m('brand', 0, 4), m('c0', 11, 15)], [],
      [['Acme', 'brand', null], [' beats ', null, null], ['Zeta', 'c0', null], ['.', null, null]]],
    ['evidence over a mention: both cover the name', 'Acme is great.', [m('brand', 0, 4)], [m('e', 0, 13)],
      [['Acme', 'brand', 'e'], [' is great', null, 'e'], ['.', null, null]]],
    ['evidence inside the text after a name', 'Acme is great.', [m('brand', 0, 4)], [m('e', 8, 13)],
      [['Acme', 'brand', null], [' is ', null, null], ['great', null, 'e'], ['.', null, null]]],
    ['UTF-16 offsets: an emoji before the name', '🚀 Acme', [m('brand', 3, 7)], [], [['🚀 ', null, null], ['Acme', 'brand', null]]],
    ['spans out of range or empty are ignored', 'Acme', [m('x', 2, 9), m('y', 1, 1)], [m('z', -1, 2)], [['Acme', null, null]]],
  ])('%s', (_name, text, mentions, evidence, expected) => {
    expect(shape(text, mentions, evidence)).toEqual(expected);
    expect(pieces(text, mentions, evidence).map((p) => p.text).join('')).toBe(text);
  });
});
