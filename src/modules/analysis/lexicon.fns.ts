import { fold } from './text.fns.ts';

// Word lists the mention rules read (accent-folded, lowercase), in en, es, ca and fr. They
// describe ordinary language — weekdays, months, articles, time prepositions, words that name
// a kind of product — never a particular brand.

export type Language = 'en' | 'es' | 'ca' | 'fr';
export const LANGUAGES: Language[] = ['en', 'es', 'ca', 'fr'];

const set = (words: string) => new Set(words.split(/\s+/).filter(Boolean).map((w) => fold(w)));

/** Weekdays and months: a name that is one reads as a date in temporal company. */
export const CALENDAR: Record<Language, Set<string>> = {
  en: set('monday tuesday wednesday thursday friday saturday sunday january february march april may june july august september october november december'),
  es: set('lunes martes miércoles jueves viernes sábado domingo enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre'),
  ca: set('dilluns dimarts dimecres dijous divendres dissabte diumenge gener febrer març abril maig juny juliol agost setembre octubre novembre desembre'),
  fr: set('lundi mardi mercredi jeudi vendredi samedi dimanche janvier février mars avril mai juin juillet août septembre octobre novembre décembre'),
};

/**
 * Common words other than English ones that brands borrow: a name that is an ordinary word of
 * the answer's language needs more support. English is not listed: a name flagged `ambiguous`
 * is taken to be an ordinary English word.
 */
export const ORDINARY: Record<Exclude<Language, 'en'>, Set<string>> = {
    // Loanwords count: Spanish, Catalan and French speak of "un kit", "hacer zoom", "le target".
  es: set('naranja libre mango nota noción lineal cubo caja banco marco frente tiempo puerta anillo nido menta cerrojo oso kayak brújula viaje cafe molino uno claro kit zoom pitch target buffer ring stock'),
  ca: set('taronja lliure mango nota noció lineal caixa banc marc front temps porta anell niu menta ós caiac brúixola viatge cafè molí u clar kit zoom pitch target buffer ring'),
  fr: set('orange libre mangue note notion linéaire cube caisse banque cadre front temps porte anneau nid menthe coffre ours kayak boussole voyage café moulin un clair kit zoom pitch target buffer ring square'),
};

/** Articles, quantifiers, demonstratives and possessives: "a Monday kickoff", "every kit". */
export const DETERMINERS = set(`
a an every each this that these those my your our their his her its some any no another next last
un una unos unas cada este esta estos estas ese esa mi tu su nuestro nuestra otro otra
uns unes aquest aquesta aquests aquestes aquell aquella meu meva teu teva seu seva nostre nostra altre altra
une des chaque ce cet cette ces mon ma mes ton ta tes son sa ses notre nos votre vos leur leurs autre
`);
/** Definite articles: weaker than the rest ("the Notion app" names the brand). */
export const ARTICLES = set('the el la los las le les l lo els del al dels au aux du');
/** Words before a weekday or month that make it a date: "on Monday", "el lunes", "dès lundi". */
export const TIME_PREPOSITIONS = set(`
on by until till before after since from every next last this each through starting
el los hasta desde antes despues cada proximo pasado este
dilluns fins des abans despres cada proper passat aquest
le lundi jusqu depuis avant apres chaque prochain dernier ce des
`);
/** Words after a weekday or month that make it a date: "Monday morning", "Monday's standup". */
export const TIME_NOUNS = set(`
morning mornings afternoon evening night nights kickoff standup stand meeting meetings deadline
blues launch release holiday holidays week weekend
week weeks month months year years day days time today tomorrow tonight
manana tarde noche semana mes ano dia matin soir apres-midi semaine mois annee jour mati tarda nit setmana any
`);
/** A verb taking an object right after the name: "Roam the city", "Grind the beans", "Zoom in". */
export const OBJECT_STARTERS = set('the your a an around through freely across them it our their my his her those these in out up down with into off away back');
/** Words to look past for the verb after a subject: adverbs, clitics ("Loom ho permet"). */
export const SKIP_BEFORE_VERB = set(`
now also still already even just only recently really often usually typically currently clearly
ahora tambien ya todavia aun solo ara tambe ja encara nomes aussi encore deja seulement toujours
lo la le les los ho hi en se li els nos vous y
`);
/** Auxiliaries and negations that only follow a subject: "Slack doesn't", "Asana n'a", "Loom no". */
export const AUXILIARIES = set("does doesn't did didn't can can't cannot will won't isn't wasn't hasn't has had is was may might should no ne n");
/** Subjects before a verb use: "you can roam", "to kit out". */
export const VERB_CUES = set('to can will you we they i should could would must lets let\'s don\'t never always');
/** What a product does in a sentence: "Notion offers…", "Square charges…", "Kit lets you…". */
export const BRAND_VERBS = set(`
offers provides lets allows supports integrates integrates charges costs includes features focuses specializes
specialises ships sells runs powers hosts stands excels shines targets positions leads ranks remains
ofrece permite incluye integra cobra cuesta destaca vende
ofereix permet inclou integra cobra costa destaca ven
propose permet offre inclut intègre facture coûte vend
`);
/** Capitalised words that continue a brand name rather than start another one ("Notion AI"). */
export const PRODUCT_SUFFIXES = set(`
ai pro plus premium business enterprise teams team calendar mail docs sites cloud web desktop mobile app apps api
crm studio go one max basic starter standard workspace workspaces work os hq inc ltd llc labs free sales
`);
/** Words whose capitalised use says "a product of this kind" (the generic category lexicon). */
export const CATEGORY_WORDS = set(`
software platform tool app application service company brand vendor solution product crm saas startup provider suite
workspace editor manager system os marketplace site website store shop retailer bank fintech network carrier operator
chain label engine browser assistant api extension plugin integration integrations subscription plan plans pricing
account dashboard automation automations template templates feature features interface ui alternative alternatives
competitor competitors rival option options pick choice seller marketplace newsletter
plataforma herramienta empresa aplicacion servicio marca proveedor programa tienda cadena banco operador alternativa
opcion precio precios plan planes funciones
eina aplicacio servei marca proveidor botiga cadena operador alternativa opcio preu preus funcions
logiciel plateforme outil entreprise marque fournisseur application boutique enseigne chaine banque operateur
alternative option prix tarif tarifs abonnement fonctions
`);

// Function words that tell the four languages apart, for answers whose language is not given.
const MARKERS: Record<Language, Set<string>> = {
  en: set('the and is are with for of to you your it this that which'),
  es: set('el los las es son con para por del una que muy tambien pero su'),
  ca: set('els les amb per del una que molt tambe pero seu seva es aixo'),
  fr: set('le les est sont avec pour des une que tres aussi mais son sa du'),
};

/** The most likely of en/es/ca/fr from function words (English when nothing tells). */
export function detectLanguage(folded: string): Language {
  const counts: Record<Language, number> = { en: 0, es: 0, ca: 0, fr: 0 };
  const words = folded.slice(0, 2000).split(/[^\p{L}]+/u);
  for (const w of words) for (const l of LANGUAGES) if (MARKERS[l].has(w)) counts[l]++;
  // Catalan and Spanish share many words; "els", "amb", "molt" tell Catalan apart.
  return LANGUAGES.reduce((best, l) => (counts[l] > counts[best] ? l : best), 'en' as Language);
}

/** Whether a folded name is an ordinary word in the answer's language (English: always). */
export function isOrdinaryIn(name: string, language: Language): boolean {
  return language === 'en' || ORDINARY[language].has(name) || CALENDAR[language].has(name);
}

export const isCalendarWord = (name: string) => LANGUAGES.some((l) => CALENDAR[l].has(name));

/** Folded category word, with a plural "s"/"es" taken off when the singular is listed. */
export function categoryWordOf(token: string, extra: Set<string>): string | null {
  if (CATEGORY_WORDS.has(token) || extra.has(token)) return token;
  if (!token.endsWith('s')) return null;
  const singular = token.slice(0, -1);
  if (CATEGORY_WORDS.has(singular) || extra.has(singular)) return singular;
  const stem = token.endsWith('es') ? token.slice(0, -2) : '';
  return stem && (CATEGORY_WORDS.has(stem) || extra.has(stem)) ? stem : null;
}

const PROMPT_STOP = set(`
best top good great which what who how why when where most more recommend recommended should would could does about
for with from that this your their there the and are compare comparison between versus under over
mejor mejores cual cuales como para con que recomienda entre
millor millors quin quina quins com per amb que recomana entre
meilleur meilleurs meilleure quel quelle quels comment pour avec que recommande entre
`);

/** Content words of a prompt (what the user asked about), folded, without stop words. */
export function promptWords(prompt: string | undefined): Set<string> {
  if (!prompt) return new Set();
  return new Set(fold(prompt).split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 4 && !PROMPT_STOP.has(w)));
}
