import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../lib/format/format.ts';
import { fixtureReport } from './reports.fixtures.ts';
import { toHtml } from './render.fns.ts';
import { toCsv } from './csv.fns.ts';

// Every measured section of a report states its surface in one line, in the report's language:
// the all-engines figures are `api`, `product` or `mixed`; the per-engine table is each engine's own.

const MIXED: Record<Language, RegExp> = {
  en: /Surface: mixed — these all-engines figures pool API and consumer-product answers/,
  es: /Superficie: mixta — estas cifras de todos los motores combinan/,
  ca: /Superfície: mixta — aquestes xifres de tots els motors combinen/,
  fr: /Surface\s:\smixte — ces chiffres tous moteurs confondus regroupent/,
};
const API: Record<Language, RegExp> = {
  en: /Surface: the providers’ APIs only\./, es: /Superficie: solo las API de los proveedores\./, ca: /Superfície: només les API dels proveïdors\./, fr: /Surface\s:\suniquement les API des fournisseurs\./,
};
/** The period's answers named by the traces: ChatGPT through its API, Google AI Overviews as the product serves it. */
const mixed = [
  { engine: 'chatgpt', surface: 'api', modelVersion: 'gpt-5', answers: 54 },
  { engine: 'perplexity', surface: 'product', modelVersion: null, answers: 36 },
];

describe('the surface of each figure section', () => {
  it.each(LANGUAGES as readonly Language[])('%s: API-only engines say api on every measured section, the per-engine table its own', (language) => {
    const r = fixtureReport('visibility_summary', language);
    expect(r.sections.filter((s) => s.surface).map((s) => s.surface)).toEqual(['api', 'api', 'per-engine', 'api', 'api']);
    expect(r.sections.filter((s) => !s.surface).length).toBeGreaterThan(0); // recommendations' effects, traffic: not measured answers
    const html = toHtml(r);
    expect(html.match(new RegExp(API[language].source, 'g'))).toHaveLength(4);
  });

  it.each(LANGUAGES as readonly Language[])('%s: API and product answers pooled say mixed', (language) => {
    for (const type of ['visibility_summary', 'competitor_comparison', 'citation_sources'] as const) {
      const r = fixtureReport(type, language, { modelVersions: mixed });
      expect(r.sections.filter((s) => s.surface && s.surface !== 'per-engine').every((s) => s.surface === 'mixed')).toBe(true);
      expect(toHtml(r)).toMatch(MIXED[language]);
    }
  });

  it('the CSV has a surface row for each measured section', () => {
    const csv = toCsv(fixtureReport('competitor_comparison', 'en', { modelVersions: mixed }));
    expect(csv.split('\r\n').filter((l) => l.includes(',surface,'))).toEqual(['competitor_comparison,Scoreboard,surface,2026-11-03,,,,,,mixed,true']);
  });

  it('reports without measured answers state no surface', () => {
    expect(fixtureReport('recommendations_progress', 'en').sections.some((s) => s.surface)).toBe(false);
  });
});
