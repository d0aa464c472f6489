import { describe, expect, it } from 'vitest';
import { findMentions, isDistinctive, type Entity } from './mentions.fns.ts';

// One table per rule: the answer, and which entities it mentions (in order of first mention).
const e = (id: string, name: string, ambiguous: boolean, aliases: string[] = [], domains: string[] = []): Entity =>
  ({ id, kind: id === 'b' ? 'brand' : 'competitor', name, aliases, domains, ambiguous });
const BEAR = e('b', 'Bear', true, ['Bear Notes'], ['bear.app']);
const MONDAY = e('m', 'Monday', true, [], ['monday.com']);
const KIT = e('k', 'Kit', true, ['ConvertKit']);
const CANVA = e('c', 'Canva', true, [], ['canva.com']);
const TRADE = e('t', 'Trade', true, ['Trade Coffee']);
const VAULT = e('v', 'Vault', true, [], ['vaultproject.io']);
const ROAM = e('r', 'Roam', true, ['Roam Research']);
const ACME = e('a', 'Acme', false, ['Acme CRM'], ['acme.com']);
const NOTION = e('n', 'Notion', true, [], ['notion.so']);
const COL_LECTA = e('cl', 'Col·lecta', false, ['Cobrament Fàcil']);
const ALL = [BEAR, MONDAY, KIT, CANVA, TRADE, VAULT, ROAM, ACME, NOTION, COL_LECTA];

const mentioned = (answer: string, options: Parameters<typeof findMentions>[2] = {}) =>
  findMentions(answer, ALL, options).filter((f) => f.firstAt !== null).sort((a, b) => a.firstAt! - b.firstAt!).map((f) => f.entity.name);

describe('ambiguous names: position and letter case', () => {
  it.each([
    ['bold list head with a dash', '- **Bear** – Markdown editor\n- **Acme** – CRM', ['Bear', 'Acme']],
    ['paragraph label with a colon', 'Options.\n\n**Bear:** tags and themes.', ['Bear']],
    ['paragraph head with a dash', 'Bear — tags and themes.', ['Bear']],
    ['table cell', '| App | Price |\n|---|---|\n| Bear | $2.99 |', ['Bear']],
    ['heading', '## Bear\nA calm writing app.', ['Bear']],
    ['capital in mid-sentence', 'Most writers on a Mac end up with Bear.', ['Bear']],
    ['sentence alone', 'Our pick? Bear.', ['Bear']],
    ['opening subject with a verb', 'Bear is the nicest editor on iOS.', ['Bear']],
    ['lowercase common noun', 'We saw a bear near the lake.', []],
    ['imperative with an object', 'Bear with me for a moment.', []],
  ])('%s', (_rule, answer, expected) => expect(mentioned(answer)).toEqual(expected));
});

describe('ambiguous names: ordinary senses and grammar', () => {
  it.each([
    ['weekday after a time preposition', 'We ship on Monday and Acme invoices on Friday.', ['Acme']],
    ['weekday with a determiner and a time noun', 'Schedule a Monday kickoff with Acme.', ['Acme']],
    ['lowercase inside a phrase', "Every creator's starter kit includes Acme.", ['Acme']],
    ['plural is the ordinary noun', 'Store secrets in vaults, not in Acme notes.', ['Acme']],
    ['a longer name holding the short one', 'Universities use Canvas LMS and Acme CRM.', ['Acme']],
    ['a blank canvas', 'Start from a blank canvas in Acme.', ['Acme']],
    ['the verb roam', 'Let the kids roam while you plan in Acme.', ['Acme']],
    ['a capitalised word before it makes another name', 'The Grizzly Bear exhibit opens today.', []],
  ])('%s', (_rule, answer, expected) => expect(mentioned(answer)).toEqual(expected));
});

describe('ambiguous names: support from the rest of the answer', () => {
  it.each([
    ['the full name supports the short form', 'Trade Coffee ships fast. Trade also sells gear.', ['Trade']],
    ['a distinctive alias counts and supports', 'ConvertKit became Kit; Kit suits creators.', ['Kit']],
    ['the domain supports a sentence-initial use', 'Monday has automations. Pricing is on monday.com.', ['Monday']],
    ['other brands in the same enumeration', 'Compare Acme, Notion and Bear.', ['Acme', 'Notion', 'Bear']],
    ['untracked names in the same enumeration', 'Done. Bear, Ulysses and iA Writer all sync.', ['Bear']],
    ['weekdays enumerated are still weekdays', 'Done. Monday, Tuesday and Friday are busy.', []],
    ['a category word in the sentence', 'Notion is a workspace app for teams.', ['Notion']],
  ])('%s', (_rule, answer, expected) => expect(mentioned(answer)).toEqual(expected));

  it('takes the prompt that names the brand as support', () => {
    expect(mentioned('Short answer. Roam for research: yes.', {})).toEqual([]);
    expect(mentioned('Short answer. Roam for research: yes.', { prompt: 'Is Roam good for a PhD?' })).toEqual(['Roam']);
  });

  it('does not let a false hit outrank the real one', () => {
    const found = findMentions('See you on Monday! Meanwhile compare Acme and Monday on price.', [ACME, MONDAY]);
    expect(found.find((f) => f.entity.id === 'm')!.hits.map((h) => h.start)).toEqual([46]);
    expect(found.find((f) => f.entity.id === 'a')!.firstAt).toBeLessThan(found.find((f) => f.entity.id === 'm')!.firstAt!);
  });

  it('names the evidence for every counted and rejected occurrence', () => {
    const [bear] = findMentions('We saw a bear. Writers love Bear for notes.', [BEAR]);
    expect(bear!.hits).toHaveLength(1);
    expect(bear!.hits[0]!.evidence).toEqual(expect.arrayContaining(['capitalised-mid-sentence']));
    expect(bear!.rejected[0]!.evidence).toEqual(expect.arrayContaining(['lowercase', 'determiner-before']));
  });
});

describe('names that are not common words', () => {
  it.each([
    ['Catalan ela geminada in every spelling', 'Col·lecta, Coŀlecta, Collecta i Col.lecta.', ['Col·lecta']],
    ['an alias without its accents', 'Cobrament Facil arriba a Girona.', ['Col·lecta']],
    ['plural and possessive', 'Two Acmes, and Acme’s app.', ['Acme']],
    ['inside a longer word', 'Acmeology is a field.', []],
    ['inside another site', 'Read notacme.io today.', []],
  ])('%s', (_rule, answer, expected) => expect(mentioned(answer)).toEqual(expected));
});

describe('folding', () => {
  it('finds each spelling of a Catalan ela geminada', () => {
    expect(findMentions('Col·lecta, Coŀlecta, Collecta i Col.lecta.', [COL_LECTA])[0]!.hits.map((h) => h.matched)).toEqual(['Col·lecta', 'Coŀlecta', 'Collecta', 'Col.lecta']);
  });
});

describe('isDistinctive', () => {
  it.each([['ConvertKit', true], ['Trade Coffee', true], ['monday.com', true], ['Kit', false], ['kit', false]])('%s', (alias, expected) => {
    expect(isDistinctive(alias)).toBe(expected);
  });
});
