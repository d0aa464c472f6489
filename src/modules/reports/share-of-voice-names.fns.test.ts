import { describe, expect, it } from 'vitest';
import { createFormatter, LANGUAGES, type Language } from '../../lib/format/format.ts';
import { t } from '../../lib/messages/index.ts';
import { fixtureReport, fixtureReports } from './reports.fixtures.ts';
import { toHtml } from './render.fns.ts';

// Two figures once shared a name: the score's component `relativeSov` (the brand's mentions over
// the most-named brand's, 100 = named most often) and the scoreboard's share of voice (each
// brand's part of all mentions). Each now has its own name and a line that says what it measures.

const WORDS: Record<Language, { lead: string; leadExplained: RegExp; sov: string; sovExplained: RegExp }> = {
  en: { lead: 'Lead over competitors', leadExplained: /100 = named most often/, sov: 'Share of voice', sovExplained: /Share of voice: each brand’s part of all the brand mentions/ },
  es: { lead: 'Ventaja sobre la competencia', leadExplained: /100 = la más nombrada/, sov: 'Cuota de voz', sovExplained: /Cuota de voz: la parte de todas las menciones de marcas/ },
  ca: { lead: 'Avantatge sobre la competència', leadExplained: /100 = la més esmentada/, sov: 'Quota de veu', sovExplained: /Quota de veu: la part de totes les mencions de marques/ },
  fr: { lead: 'Avance sur les concurrents', leadExplained: /100 = la plus nommée/, sov: 'Part de voix', sovExplained: /Part de voix : la part de toutes les mentions de marques/ },
};
/** The report's text as a reader sees it: no tags, entities decoded, spaces collapsed. */
const text = (html: string) => html.replace(/<style[\s\S]*?<\/style>/g, ' ').replace(/<[^<>]*>/g, ' ').replace(/&amp;/g, '&').replace(/&#39;/g, "'").replace(/[\s\u00a0\u202f]+/g, ' ');
const plain = (s: string) => s.replace(/[\s\u00a0\u202f]+/g, ' ');

describe.each(LANGUAGES)('the two share-of-voice figures in %s', (language) => {
  const w = WORDS[language];

  it('the score component is named and explained', () => {
    expect(t(language, 'label.relativeSov')).toBe(w.lead);
    expect(t(language, 'explain.relativeSov')).toMatch(w.leadExplained);
    expect(createFormatter({ locale: language }).metric('relativeSov')).toBe(w.lead);
    const page = text(toHtml(fixtureReport('visibility_summary', language)));
    expect(page).toContain(w.lead);
    expect(page).toContain(plain(t(language, 'explain.relativeSov')));
  });

  it('the scoreboard share of voice is named and explained', () => {
    expect(t(language, 'col.sov')).toBe(w.sov);
    const page = text(toHtml(fixtureReport('competitor_comparison', language)));
    expect(page).toContain(w.sov);
    expect(page).toMatch(w.sovExplained);
  });

  it('no rendering gives both figures the name share of voice', () => {
    expect(w.lead.toLowerCase()).not.toContain(w.sov.toLowerCase());
    for (const r of fixtureReports(language)) {
      const page = text(toHtml(r)).toLowerCase();
      // The component's old name ("relative share of voice") or any name built on "share of voice".
      expect(page).not.toMatch(new RegExp(`${w.sov.toLowerCase()} relativ|relative ${w.sov.toLowerCase()}`));
      // Each figure shown is said what it is, so the two never read as one.
      const keys = JSON.stringify(r.sections);
      if (keys.includes('"label.relativeSov"')) expect(page).toContain(plain(t(language, 'explain.relativeSov')).toLowerCase());
      if (keys.includes('"col.sov"')) expect(page).toContain(plain(t(language, 'explain.sov')).toLowerCase());
    }
    expect(t(language, 'ui.weights', { version: 'v1' }).toLowerCase()).toContain(w.lead.toLowerCase());
  });
});
