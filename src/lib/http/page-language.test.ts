import { describe, expect, it } from 'vitest';
import { pageLanguage } from './page-language.ts';

describe('pageLanguage', () => {
  it.each([
    [null, undefined, 'en'],
    [null, '', 'en'],
    [null, 'es-ES,es;q=0.9,en;q=0.8', 'es'],
    [null, 'es-MX', 'es'],
    [null, 'fr-CA, en;q=0.5', 'fr'],
    [null, 'de-DE, ca;q=0.7, en;q=0.5', 'ca'],
    [null, 'en;q=0.4, fr;q=0.9', 'fr'],
    [null, 'de, ja', 'en'],
    [null, '*', 'en'],
    [null, ';;;,,q=abc', 'en'],
    [null, ['fr', 'es'], 'fr'],
    ['ca', 'fr-FR', 'ca'],
    ['en', 'es', 'en'],
  ] as const)('chosen %s, Accept-Language %j → %s', (chosen, header, want) => {
    expect(pageLanguage(chosen, header as string | string[] | undefined)).toBe(want);
  });
});
