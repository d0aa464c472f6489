import { describe, expect, it } from 'vitest';
import { decide, signalsOf, THRESHOLD, weightOf, type AnswerSupport } from './evidence.fns.ts';
import { layoutOf, positionOf } from './layout.fns.ts';

// The signals one occurrence carries, read from its text; the decision is their weighted sum.
const support = (over: Partial<AnswerSupport> = {}): AnswerSupport => ({
  answerWide: [], language: 'en', industryWords: new Set(), promptWords: new Set(), ...over,
});
/** The signals of the first occurrence of `name` (any case) in `text`, configured as capitalised. */
function signals(text: string, name: string, over: Partial<AnswerSupport> = {}, coListed: string[] = []) {
  const start = text.toLowerCase().indexOf(name.toLowerCase());
  const position = positionOf(text, layoutOf(text), start, start + name.length);
  const configured = name[0]!.toUpperCase() + name.slice(1);
  return signalsOf({ configured, matched: text.slice(start, start + name.length), start, position, coListed, trackedWords: new Set() }, support(over));
}

describe('signalsOf', () => {
  it.each([
    ['- **Bear** – editor', 'Bear', 'list-head'],
    ['| Bear | $3 |', 'Bear', 'table-cell'],
    ['## Bear', 'Bear', 'heading'],
    ['We use **Bear** daily.', 'Bear', 'bold'],
    ['We use Bear daily.', 'Bear', 'capitalised-mid-sentence'],
    ['Done. Bear is next.', 'Bear', 'sentence-start'],
    ['Bear is calm.', 'Bear', 'opening-words'],
    ['We think Bear offers tags.', 'Bear', 'brand-verb'],
    ['Done. Bear is calm.', 'Bear', 'subject-of-verb'],
    ['Done. Bear keeps notes tidy.', 'Bear', 'verb-after'],
    ['Pick one? Bear.', 'Bear', 'alone-in-sentence'],
    ['We saw a bear.', 'bear', 'lowercase'],
    ['We saw a Bear.', 'Bear', 'determiner-before'],
    ['We saw the Bear.', 'Bear', 'article-before'],
    ['We saw a big Bear.', 'Bear', 'adjective-before'],
    ['Done. Bear the cost.', 'Bear', 'verb-use'],
    ['The Grizzly Bear is big.', 'Bear', 'part-of-longer-name'],
    ['We met on Monday.', 'Monday', 'temporal-context'],
    ['We met Monday morning.', 'Monday', 'temporal-context'],
    ['We met Monday.', 'Monday', 'calendar-word'],
  ])('%s → %s', (text, name, signal) => expect(signals(text, name)).toContain(signal));

  it('reads the category from the industry and the topic from the prompt', () => {
    expect(signals('Done. Bear for writers.', 'Bear', { industryWords: new Set(['writers']) })).toContain('category:writers');
    expect(signals('Done. Bear for writers.', 'Bear', { promptWords: new Set(['writers']) })).toContain('prompt-topic:writers');
    expect(signals('Done. Bear apps rock.', 'Bear')).toContain('category:app');
  });

  it('lists co-listed entities and answer-wide support', () => {
    expect(signals('Acme or Bear.', 'Bear', { answerWide: ['domain-in-answer'] }, ['Acme'])).toEqual(expect.arrayContaining(['domain-in-answer', 'co-listed-with:Acme', 'versus']));
  });

  it('puts adjectives before the name in English only ("un termostato Nest")', () => {
    expect(signals('Tiene un termostato Nest.', 'Nest', { language: 'es' })).not.toContain('adjective-before');
  });

  it('takes a name as an ordinary word of es/ca/fr only when it is one there', () => {
    expect(signals('Elle a vu Bear.', 'Bear', { language: 'fr' })).not.toContain('ordinary-word');
    expect(signals('Elle a vu Orange.', 'Orange', { language: 'fr' })).toContain('ordinary-word');
    expect(signals('She saw Bear.', 'Bear')).toContain('ordinary-word');
  });
});

describe('decide', () => {
  it.each([
    [['list-head', 'ordinary-word'], true],
    [['capitalised-mid-sentence', 'ordinary-word'], true],
    [['sentence-start', 'ordinary-word'], false],
    [['lowercase', 'domain-in-answer', 'ordinary-word'], false],
    [['capitalised-mid-sentence', 'ordinary-word', 'calendar-word', 'temporal-context'], false],
  ])('%j → %s', (signals, counted) => expect(decide(signals).counted).toBe(counted));

  it('counts company once however many entities share the list', () => {
    expect(decide(['co-listed-with:A', 'co-listed-with:B']).score).toBe(2);
  });

  it('weighs named signals by their prefix and counts from the threshold', () => {
    expect(weightOf('category:crm')).toBe(2);
    expect(weightOf('unknown')).toBe(0);
    expect(decide(['heading', 'ordinary-word']).score).toBe(THRESHOLD);
  });
});
