import type { Intent, Language } from './prompts.fns.ts';

// Grammatical prompt templates in en, es, ca and fr.
//
// The category is always built on one fixed head noun per language (en "tool", es "herramienta",
// ca "eina", fr "solution"), so gender and agreement are fixed in the template text; the
// workspace's industry qualifies it ("analytics tools", "herramientas de analítica", "eines
// d'analítica", "solutions d'analytique"). Placeholders:
//   {cat} plural category · {catSg} singular category · {aCatSg} singular with "a"/"an" (en)
//   {brand} {competitor} {product} names · {de:x} the preposition "de" (elided "d'" in ca/fr)
//   before {cat}, {brand} or {product}.
// A modifier ("for startups", "en 2026") goes before the closing question mark.

type TemplateTable = Record<Intent, string[]>;

const HEAD: Record<Language, { sg: string; pl: string }> = {
  en: { sg: 'tool', pl: 'tools' },
  es: { sg: 'herramienta', pl: 'herramientas' },
  ca: { sg: 'eina', pl: 'eines' },
  fr: { sg: 'solution', pl: 'solutions' },
};

export const TEMPLATES: Record<Language, TemplateTable> = {
  en: {
    discovery: ['What are the best {cat}?', 'Which {cat} do experts recommend?', 'What are the top {cat} to consider?'],
    problem_solution: ['How do I choose the right {catSg}?', 'What should I look for in {aCatSg}?', 'What problems can {aCatSg} solve for my team?'],
    use_case: ['Which {catSg} works best for a growing team?', 'What is a good {catSg} for agencies?', 'Can you recommend {aCatSg} for an online business?'],
    comparison: ['{brand} vs {competitor}: which is better?', 'How does {brand} compare with {competitor}?', 'Is {competitor} a good alternative to {brand}?'],
    expert: ['What do analysts say about the market for {cat}?', 'Which vendors lead the market for {cat}?', 'What are the latest trends in {cat}?'],
    brand_research: ['Is {brand} any good?', 'What are the pros and cons of {brand}?', 'What do reviews say about {brand}?'],
  },
  es: {
    discovery: ['¿Cuáles son las mejores {cat}?', '¿Qué {cat} recomiendan los expertos?', '¿Qué {cat} conviene tener en cuenta?'],
    problem_solution: ['¿Cómo elijo la {catSg} adecuada?', '¿Qué debo buscar en una {catSg}?', '¿Qué problemas puede resolver una {catSg} en mi equipo?'],
    use_case: ['¿Qué {catSg} funciona mejor para un equipo en crecimiento?', '¿Cuál es una buena {catSg} para agencias?', '¿Me recomiendas una {catSg} para un negocio online?'],
    comparison: ['{brand} o {competitor}: ¿cuál es mejor?', '¿Cómo se compara {brand} con {competitor}?', '¿Es {competitor} una buena alternativa a {brand}?'],
    expert: ['¿Qué dicen los analistas del mercado {de:cat}?', '¿Qué proveedores {de:cat} lideran el mercado?', '¿Cuáles son las tendencias en {cat}?'],
    brand_research: ['¿Vale la pena {brand}?', '¿Cuáles son los pros y los contras {de:brand}?', '¿Qué dicen las reseñas {de:brand}?'],
  },
  ca: {
    discovery: ['Quines són les millors {cat}?', 'Quines {cat} recomanen els experts?', 'Quines {cat} val la pena tenir en compte?'],
    problem_solution: ['Com trio la {catSg} adequada?', 'Què he de buscar en una {catSg}?', 'Quins problemes pot resoldre una {catSg} al meu equip?'],
    use_case: ['Quina {catSg} funciona millor per a un equip en creixement?', 'Quina és una bona {catSg} per a agències?', 'Em recomanes una {catSg} per a un negoci en línia?'],
    comparison: ['{brand} o {competitor}: quina és la millor opció?', 'Com es compara {brand} amb {competitor}?', 'És {competitor} una bona alternativa a {brand}?'],
    expert: ['Què diuen els analistes del mercat {de:cat}?', 'Quins proveïdors {de:cat} lideren el mercat?', 'Quines són les tendències en {cat}?'],
    brand_research: ['Val la pena {brand}?', 'Quins són els pros i els contres {de:brand}?', 'Què diuen les ressenyes {de:brand}?'],
  },
  fr: {
    discovery: ['Quelles sont les meilleures {cat} ?', 'Quelles {cat} les experts recommandent-ils ?', 'Quelles {cat} faut-il envisager ?'],
    problem_solution: ['Comment choisir la bonne {catSg} ?', 'Que faut-il regarder dans une {catSg} ?', 'Quels problèmes une {catSg} peut-elle résoudre pour mon équipe ?'],
    use_case: ['Quelle {catSg} convient le mieux à une équipe en croissance ?', 'Quelle est une bonne {catSg} pour les agences ?', 'Peux-tu recommander une {catSg} pour un commerce en ligne ?'],
    comparison: ['{brand} ou {competitor} : quel est le meilleur choix ?', 'Que vaut {brand} face à {competitor} ?', '{competitor} : une bonne alternative à {brand} ?'],
    expert: ['Que disent les analystes du marché des {cat} ?', 'Quels fournisseurs {de:cat} dominent le marché ?', 'Quelles sont les tendances du marché des {cat} ?'],
    brand_research: ['Que vaut {brand} ?', 'Quels sont les avantages et les inconvénients {de:brand} ?', 'Que disent les avis sur {brand} ?'],
  },
};

/** Used when the workspace lists products or services: they replace a generic template in turn. */
export const PRODUCT_TEMPLATES: Record<Language, Partial<TemplateTable>> = {
  en: { use_case: ['Is {product} a good choice for a growing team?'], brand_research: ['What do users say about {product} by {brand}?'] },
  es: { use_case: ['¿Es {product} una buena opción para un equipo en crecimiento?'], brand_research: ['¿Qué opinan los usuarios {de:product}, {de:brand}?'] },
  ca: { use_case: ['És {product} una bona opció per a un equip en creixement?'], brand_research: ['Què opinen els usuaris {de:product}, {de:brand}?'] },
  fr: { use_case: ['{product} : un bon choix pour une équipe en croissance ?'], brand_research: ['Que pensent les utilisateurs {de:product}, proposé par {brand} ?'] },
};

export const MODIFIERS: Record<Language, string[]> = {
  en: ['', 'in 2026', 'for small businesses', 'for enterprises', 'on a budget', 'for beginners', 'for startups', 'with good support'],
  es: ['', 'en 2026', 'para pymes', 'para grandes empresas', 'con poco presupuesto', 'para principiantes', 'para startups', 'con buen soporte'],
  ca: ['', "l'any 2026", 'per a pimes', 'per a grans empreses', 'amb poc pressupost', 'per a principiants', 'per a startups', 'amb bon suport'],
  fr: ['', 'en 2026', 'pour les PME', 'pour les grandes entreprises', 'avec un petit budget', 'pour les débutants', 'pour les startups', 'avec un bon support'],
};

const VOWEL_START = /^[aeiouyàâäáéèêëíìîïóòôöúùûüh]/i;

/** "de X" or, in Catalan and French, "d'X" before a vowel or an h. */
export function de(language: Language, word: string): string {
  return (language === 'ca' || language === 'fr') && VOWEL_START.test(word) ? `d'${word}` : `de ${word}`;
}

/** English indefinite article by the first sound, with the common exceptions of spelling. */
export function withArticle(phrase: string): string {
  const first = phrase.split(/[\s-]/)[0] ?? '';
  let vowelSound: boolean;
  if (/^[A-Z0-9&]{2,}$/.test(first)) vowelSound = /^[AEFHILMNORSX8]/.test(first); // read letter by letter: "an SEO tool"
  else {
    const w = first.toLowerCase();
    vowelSound = /^(?:hour|honest|honou?r|heir)/.test(w) || (/^[aeiou]/.test(w) && !/^(?:one|once|eu|uni|use|usu|uti|ura|ubi)/.test(w));
  }
  return `${vowelSound ? 'an' : 'a'} ${phrase}`;
}

/** Industries are written as given, lower-cased unless they look like an acronym or a name in capitals. */
function industryWord(industry: string): string {
  const trimmed = industry.trim().replace(/\s+/g, ' ');
  return trimmed
    .split(' ')
    .map((w) => (/^[A-Z0-9&]{2,}$/.test(w) || /[A-Z]/.test(w.slice(1)) ? w : w.toLowerCase()))
    .join(' ');
}

export function category(language: Language, industry: string | null): { sg: string; pl: string } {
  const head = HEAD[language];
  if (!industry?.trim()) return head;
  const word = industryWord(industry);
  if (language === 'en') return { sg: `${word} ${head.sg}`, pl: `${word} ${head.pl}` };
  return { sg: `${head.sg} ${de(language, word)}`, pl: `${head.pl} ${de(language, word)}` };
}

export interface Fill {
  brand: string;
  competitor: string;
  product: string | null;
  industry: string | null;
  modifier: string;
}

/** One template made into a prompt: placeholders filled, the modifier before the question mark. */
export function render(language: Language, template: string, fill: Fill): string {
  const cat = category(language, fill.industry);
  const names: Record<string, string> = { cat: cat.pl, catSg: cat.sg, aCatSg: withArticle(cat.sg), brand: fill.brand, competitor: fill.competitor, product: fill.product ?? fill.brand };
  let text = template.replace(/\{(de:)?(\w+)\}/g, (_, prep: string | undefined, key: string) => {
    const value = names[key] ?? '';
    return prep ? de(language, value) : value;
  });
  if (fill.modifier) {
    const question = language === 'fr' ? / \?$/ : /\?$/;
    text = question.test(text) ? text.replace(question, ` ${fill.modifier}${language === 'fr' ? ' ?' : '?'}`) : `${text} ${fill.modifier}`;
  }
  return text.replace(/\s{2,}/g, ' ').trim();
}
