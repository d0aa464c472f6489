import { describe, expect, it } from 'vitest';
import { apportion, templateSet } from './prompts.fns.ts';

const quotas = { discovery: 0.3, problem_solution: 0.2, use_case: 0.2, comparison: 0.1, expert: 0.1, brand_research: 0.1 };

describe('apportion', () => {
  it.each([20, 21, 50, 150, 300, 7])('splits %i exactly, in proportion', (total) => {
    const counts = apportion(total, quotas);
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(total);
    for (const [k, v] of Object.entries(counts)) expect(Math.abs(v - total * quotas[k as keyof typeof quotas])).toBeLessThan(1);
  });

  it('gives everything to the one intent with quota 1', () => {
    expect(apportion(20, { discovery: 1, problem_solution: 0, use_case: 0, comparison: 0, expert: 0, brand_research: 0 }).discovery).toBe(20);
  });
});

describe('templateSet', () => {
  const input = {
    brand: 'Acme', competitors: ['Globex', 'Initech'], languages: ['en', 'es'] as const, regions: ['us'], year: 2026,
    categories: { en: { singular: 'analytics tool', plural: 'analytics tools', gender: null }, es: { singular: 'herramienta de analítica', plural: 'herramientas de analítica', gender: 'f' as const } },
  };
  it.each([[20, 20], [150, 117], [300, 132]])('makes %i distinct prompts (%i when the templates run out), deterministically', (total, made) => {
    const set = templateSet({ ...input, languages: [...input.languages] }, total, quotas);
    expect(set).toHaveLength(made);
    expect(new Set(set.map((p) => p.text)).size).toBe(made);
    expect(templateSet({ ...input, languages: [...input.languages] }, total, quotas)).toEqual(set);
    expect(set.filter((p) => p.intent === 'discovery').length).toBeLessThanOrEqual(apportion(total, quotas).discovery);
    expect(new Set(set.map((p) => p.language))).toEqual(new Set(['en', 'es']));
  });

  it('names the brand and competitors in comparisons', () => {
    const set = templateSet({ ...input, languages: ['en'] }, 40, quotas);
    expect(set.filter((p) => p.intent === 'comparison').every((p) => p.text.includes('Acme'))).toBe(true);
  });
});
