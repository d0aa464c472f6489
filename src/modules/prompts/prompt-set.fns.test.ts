import { describe, expect, it } from 'vitest';
import { apportion, templatesFor, type TemplateInput } from './prompts.fns.ts';
import type { Language } from './prompts.types.ts';

// The generated set as a marketer reads it, per language: no numbered copies, no two prompts
// that are the same question once case, accents, punctuation and spacing are folded, no
// placeholder word where the category belongs, no question repeated in more than a fifth of
// the set, and the workspace's audience and regions in the words.

const QUOTAS = { discovery: 0.2, problem_solution: 0.2, use_case: 0.2, comparison: 0.2, expert: 0.1, brand_research: 0.1 };
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

interface Case {
  language: Language;
  input: TemplateInput;
  /** The audience and region phrases the set must carry. */
  context: string[];
  /** Words that would stand in for a missing category. */
  placeholders: RegExp;
  /** Endings that make a variant of a question: the context phrases and the plain modifiers. */
  variants: string[];
}

const CASES: Case[] = [
  {
    language: 'es',
    input: {
      brand: 'Holded', competitors: ['Contasimple', 'Quipu', 'Sage'], languages: ['es'], regions: ['es'], year: 2026,
      categories: { es: { singular: 'programa de facturación', plural: 'programas de facturación', gender: 'm' } }, audiences: { es: 'autónomos y pymes' },
    },
    context: ['para autónomos y pymes en España'],
    placeholders: /\bproveedor(?:es)?\b/i,
    variants: ['para autónomos y pymes en España', 'en 2026', 'con poco presupuesto', 'con buenas opiniones', 'con buena atención al cliente', 'con la mejor relación calidad-precio'],
  },
  {
    language: 'en',
    input: {
      brand: 'Pipedrive', competitors: ['HubSpot', 'Zoho CRM'], languages: ['en'], regions: ['us', 'gb'], year: 2026,
      categories: { en: { singular: 'CRM platform', plural: 'CRM platforms', gender: null } }, audiences: { en: 'small sales teams' },
    },
    context: ['for small sales teams in the United States', 'for small sales teams in the United Kingdom'],
    placeholders: /\bproviders?\b/i,
    variants: ['for small sales teams in the United States', 'for small sales teams in the United Kingdom', 'in 2026', 'on a tight budget', 'on a budget', 'with good reviews', 'with good customer service', 'with the best value for money'],
  },
  {
    language: 'ca',
    input: {
      brand: 'Holded', competitors: ['Contasimple', 'Quipu'], languages: ['ca'], regions: ['es'], year: 2026,
      categories: { ca: { singular: 'programa de facturació', plural: 'programes de facturació', gender: 'm' } }, audiences: { ca: 'autònoms' },
    },
    context: ['per a autònoms a Espanya'],
    placeholders: /\bprove[iï]dors?\b/i,
    variants: ['per a autònoms a Espanya', "l'any 2026", 'amb poc pressupost', 'amb bones ressenyes', 'amb bona atenció al client', 'amb la millor relació qualitat-preu'],
  },
  {
    language: 'fr',
    input: {
      brand: 'Qonto', competitors: ['Shine', 'Revolut Business', 'Memo Bank'], languages: ['fr'], regions: ['fr', 'be'], year: 2026,
      categories: { fr: { singular: 'banque en ligne', plural: 'banques en ligne', gender: 'f' } }, audiences: { fr: 'les indépendants' },
    },
    context: ['pour les indépendants en France', 'pour les indépendants en Belgique'],
    placeholders: /\b(?:prestataires?|fournisseurs?)\b/i,
    variants: ['pour les indépendants en France', 'pour les indépendants en Belgique', 'en 2026', 'avec un petit budget', 'avec de bons avis', 'avec un bon service client', 'avec le meilleur rapport qualité-prix'],
  },
];

/** The question without the ending that makes it a variant. */
function stemOf(text: string, variants: string[]) {
  const t = fold(text);
  const ending = variants.map(fold).filter((v) => t.endsWith(` ${v}`)).sort((a, b) => b.length - a.length)[0];
  return ending ? t.slice(0, -ending.length - 1) : t;
}

describe.each(CASES)('the $language prompt set', ({ input, context, placeholders, variants }) => {
  describe.each([20, 50, 150, 300])('of %i wanted', (total) => {
    const set = templatesFor(input, apportion(total, QUOTAS));
    const texts = set.prompts.map((p) => p.text);

    it('has no numbered copy', () => {
      for (const t of texts) expect(t, t).not.toMatch(/\(\d+\)|\s\d+$/);
    });
    it('has no two prompts that are the same after normalising', () => {
      expect(new Set(texts.map(fold)).size).toBe(texts.length);
    });
    it('has no placeholder noun for the category', () => {
      for (const t of texts) expect(t, t).not.toMatch(placeholders);
    });
    it('repeats no question in more than a fifth of the set', () => {
      const counts = new Map<string, number>();
      for (const t of texts) counts.set(stemOf(t, variants), (counts.get(stemOf(t, variants)) ?? 0) + 1);
      expect(Math.max(...counts.values())).toBeLessThanOrEqual(texts.length / 5);
    });
    it('names the audience and every region', () => {
      for (const phrase of context) expect(texts.some((t) => t.includes(phrase)), phrase).toBe(true);
    });
    it('is smaller rather than padded, and says by how much', () => {
      expect(texts.length).toBeLessThanOrEqual(total);
      expect(set.missing).toBe(total - texts.length);
      if (total <= 50) expect(texts.length).toBeGreaterThanOrEqual(total - 2);
    });
  });

  it('without a category: only questions naming the brand and its competitors, no placeholder, and a smaller set', () => {
    const set = templatesFor({ ...input, categories: {} }, apportion(50, QUOTAS));
    expect(set.prompts.length).toBeGreaterThan(0);
    expect(set.missing).toBeGreaterThan(0);
    for (const p of set.prompts) {
      expect(['comparison', 'brand_research']).toContain(p.intent);
      expect(p.text).toContain(input.brand);
      expect(p.text).not.toMatch(placeholders);
      expect(p.text, p.text).not.toMatch(/\(\d+\)|\s\d+$/);
    }
    // The smaller set holds to the same rules: no repeats once normalised, no stem past a fifth.
    const texts = set.prompts.map((p) => p.text);
    expect(new Set(texts.map(fold)).size).toBe(texts.length);
    const counts = new Map<string, number>();
    for (const t of texts) counts.set(stemOf(t, variants), (counts.get(stemOf(t, variants)) ?? 0) + 1);
    expect(Math.max(...counts.values())).toBeLessThanOrEqual(texts.length / 5);
  });

  it('is the same set every time', () => {
    expect(templatesFor(input, apportion(50, QUOTAS))).toEqual(templatesFor(input, apportion(50, QUOTAS)));
  });
});

describe('a set in two languages', () => {
  it('keeps each language to its own words and meets every competitor', () => {
    const input: TemplateInput = { ...CASES[0]!.input, languages: ['es', 'ca'], categories: { ...CASES[0]!.input.categories, ...CASES[2]!.input.categories }, audiences: { es: 'autónomos y pymes', ca: 'autònoms' } };
    const set = templatesFor(input, apportion(50, QUOTAS)).prompts;
    expect(set.filter((p) => p.language === 'ca').every((p) => !p.text.includes('autónomos'))).toBe(true);
    for (const c of input.competitors) expect(set.some((p) => p.intent === 'comparison' && p.text.includes(c)), c).toBe(true);
  });
});
