import { describe, expect, it } from 'vitest';
import { detectLanguage } from './lexicon.fns.ts';
import { layoutOf, positionOf } from './layout.fns.ts';
import { fold } from './text.fns.ts';

const at = (text: string, word: string) => {
  const start = text.indexOf(word);
  return positionOf(text, layoutOf(text), start, start + word.length);
};

describe('layoutOf', () => {
  it('classes lines and groups a list (blank lines inside allowed) and a table into blocks', () => {
    const lines = layoutOf('# Title\nIntro\n- a\n\n- b\n| x | y |\n|---|---|\nEnd');
    expect(lines.map((l) => l.kind)).toEqual(['heading', 'text', 'list', 'blank', 'list', 'table', 'table', 'text']);
    expect(lines[2]!.block).toBe(lines[4]!.block);
    expect(lines[5]!.block).toBe(lines[6]!.block);
    expect(lines[5]!.block).not.toBe(lines[4]!.block);
  });
});

describe('positionOf', () => {
  it.each([
    ['1. **Bear** – editor', 'Bear', { head: true, separatorAfter: true, bold: true }],
    ['- [Bear](https://bear.app): notes', 'Bear', { head: true, separatorAfter: true }],
    ['| Tool | Bear |', 'Bear', { tableCell: true, head: true }],
    ['### 2. Bear', 'Bear', { head: true }],
    ['Yes. Bear is calm.', 'Bear', { sentenceInitial: true, head: false }],
    ['We use Bear daily.', 'Bear', { sentenceInitial: false, head: false, nextWord: 'daily', prevWords: ['use', 'We'] }],
    ['Use Bear, then Acme.', 'Bear', { nextWord: 'then', prevAdjacent: true, nextAdjacent: false }],
  ])('%s', (text, word, expected) => expect(at(text, word)).toMatchObject(expected));
});

describe('detectLanguage', () => {
  it.each([
    ['The best tool for your team is the one you use.', 'en'],
    ['La mejor herramienta para el equipo es la que usas con los clientes.', 'es'],
    ['La millor eina per a l\'equip és la que fas servir amb els clients.', 'ca'],
    ['Le meilleur outil pour votre équipe est celui que vous utilisez avec les clients.', 'fr'],
  ])('%s → %s', (text, language) => expect(detectLanguage(fold(text))).toBe(language));
});
