import { describe, expect, it } from 'vitest';
import { competitorsFrom, competitorsFromSite, languagesOf, regionsOf, siteIdentity, slugCandidates, slugOf } from './proposal.fns.ts';

const identity = (lang: string | null, hreflangs: string[] = []) => ({ name: null, lang, hreflangs, medical: false });

describe('slugOf', () => {
  it.each([
    ['Acme Analytics', 'acme', 'acme-analytics'],
    ['Clínica Sonrisa & Co.', 'x', 'clinica-sonrisa-co'],
    ['A very long brand name indeed', 'x', 'a-very-long-brand-na'],
    ['Brand name with - at twenty', 'x', 'brand-name-with-at-t'],
    ['日本', 'example', 'example'],
    ['!', 'x', 'x0'],
    ['Brand name with a dash - ', 'x', 'brand-name-with-a-da'],
    ['Nineteen characters--x', 'x', 'nineteen-characters'],
  ])('%s → %s', (name, fallback, slug) => {
    expect(slugOf(name, fallback)).toBe(slug);
  });

  it('tries suffixes within 20 characters', () => {
    expect(slugCandidates('acme', 3)).toEqual(['acme', 'acme-2', 'acme-3']);
    expect(slugCandidates('a-very-long-brand-na', 2)).toEqual(['a-very-long-brand-na', 'a-very-long-brand-2']);
  });
});

describe('languagesOf and regionsOf', () => {
  it.each([
    [identity('es-ES', ['ca', 'x-default']), ['es', 'ca']],
    [identity('de'), ['en']],
    [identity(null), ['en']],
    [null, ['en']],
    [identity('fr-ca', ['en-ca']), ['fr', 'en']],
  ])('%j → %j', (id, languages) => {
    expect(languagesOf(id).languages).toEqual(languages);
  });

  it.each([
    [identity('es-es'), 'clinic.es', ['es']],
    [identity('en-gb'), 'shop.co.uk', ['gb']],
    [identity('en'), 'acme.io', []],
    [identity('fr-ca', ['en-ca']), 'acme.com', ['ca']],
    [null, 'acme.de', ['de']],
  ])('%j on %s → %j', (id, domain, regions) => {
    expect(regionsOf(id, domain).regions).toEqual(regions);
  });
});

describe('siteIdentity', () => {
  it('reads the name, languages and a medical type', () => {
    const page = '<html lang="ES-es"><head><title>Sonrisa | Dentistas</title><link rel="alternate" hreflang="ca" href="/ca/"><script type="application/ld+json">{"@type":"Dentist","name":"Clínica Sonrisa"}</script></head></html>';
    expect(siteIdentity(page)).toEqual({ name: 'Clínica Sonrisa', lang: 'es-es', hreflangs: ['ca'], medical: true });
    expect(siteIdentity('<html><head><title>Acme | Home</title></head></html>')).toEqual({ name: 'Acme', lang: null, hreflangs: [], medical: false });
  });
});

describe('competitorsFrom', () => {
  it('takes list names other than the brand, at most five, and invents no domain', () => {
    const answer = '1. Acme - the brand\n2. Pipedrive - a well-known option\n3. **HubSpot** - another\n4. Zoho CRM\n5. Salesforce - x\n6. Freshsales - y\n7. Close - z';
    expect(competitorsFrom(answer, 'acme').map((c) => [c.name, c.domains])).toEqual([
      ['Pipedrive', []], ['HubSpot', []], ['Zoho CRM', []], ['Salesforce', []], ['Freshsales', []],
    ]);
  });
});

describe('competitorsFromSite', () => {
  const page = (links: string) => `<html><body>${links}</body></html>`;
  it.each([
    ['<a href="/es/holded-vs-contasimple">Holded vs Contasimple</a>', [['Contasimple', []]]],
    ['<a href="https://www.quipu.com/">Holded o Quipu: ¿cuál elegir?</a>', [['Quipu', ['quipu.com']]]],
    ['<a href="/alternativas/sage">Alternativa a Sage</a><a href="/x">Sage alternative</a>', [['Sage', []]]],
    ['<a href="/precios">Precios</a><a href="https://twitter.com/holded">Twitter</a>', []],
    ['<a href="/a">Facturas o presupuestos</a>', []],
  ])('%s → %j', (links, expected) => {
    expect(competitorsFromSite(page(links), 'Holded', 'https://holded.com/es', 'holded.com').map((c) => [c.name, c.domains])).toEqual(expected);
  });
  it('says where each was found', () => {
    expect(competitorsFromSite(page('<a href="/vs">Holded vs Contasimple</a>'), 'Holded', 'https://holded.com/', 'holded.com')[0]!.detail).toContain('Holded vs Contasimple');
  });
});
