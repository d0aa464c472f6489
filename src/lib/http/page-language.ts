import Negotiator from 'negotiator';
import { LANGUAGES, type Language } from '../format/format.ts';

// Which language a page (the dashboard's, the OAuth consent) speaks: the person's own choice when they made one
// (PUT /api/v1/account/preferences), else the best of the browser's Accept-Language among the
// catalogue's languages ("es-MX" reads Spanish, "ca;q=0.9, en;q=0.5" Catalan), else English.
// Negotiator (the library Express and Koa use) weighs q-values and matches a regional tag
// to its language, so neither is hand-parsed here.

export function pageLanguage(chosen: Language | null | undefined, acceptLanguage: string | string[] | undefined): Language {
  if (chosen) return chosen;
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage;
  if (!header) return 'en';
  const best = new Negotiator({ headers: { 'accept-language': header } }).language([...LANGUAGES]);
  return (LANGUAGES as readonly string[]).includes(best ?? '') ? (best as Language) : 'en';
}
