import { INTENTS, type Quotas } from '../workspaces/workspaces.schemas.ts';

// Deterministic prompt sets: what a new workspace asks before anyone pays for generation.

export type Intent = (typeof INTENTS)[number];
export type Language = 'en' | 'es' | 'ca' | 'fr';

/** Splits `total` across the intents in proportion to the quotas (largest remainder; sums exactly). */
export function apportion(total: number, quotas: Quotas): Record<Intent, number> {
  const raw = INTENTS.map((k) => ({ k, exact: total * quotas[k] }));
  const out = Object.fromEntries(raw.map(({ k, exact }) => [k, Math.floor(exact)])) as Record<Intent, number>;
  let left = total - Object.values(out).reduce((a, b) => a + b, 0);
  for (const { k } of [...raw].sort((a, b) => (b.exact % 1) - (a.exact % 1) || INTENTS.indexOf(a.k) - INTENTS.indexOf(b.k))) {
    if (left <= 0) break;
    out[k] += 1;
    left -= 1;
  }
  return out;
}

const TEMPLATES: Record<Language, Record<Intent, string[]>> = {
  en: {
    discovery: ['What are the best {category} {modifier}?', 'Which {category} do experts recommend {modifier}?', 'Top {category} to consider {modifier}'],
    problem_solution: ['How can I choose the right {category} {modifier}?', 'What should I look for in {category} {modifier}?', 'How do teams solve their problems with {category} {modifier}?'],
    use_case: ['Which {category} works best for a growing team {modifier}?', 'What is a good {category} for agencies {modifier}?', 'Recommend {category} for an online business {modifier}'],
    comparison: ['{brand} vs {competitor}: which is better {modifier}?', 'Compare {brand} and {competitor} {modifier}', 'Is {competitor} a good alternative to {brand} {modifier}?'],
    expert: ['What do analysts say about the {category} market {modifier}?', 'Which {category} vendors lead the market {modifier}?', 'What are the trends in {category} {modifier}?'],
    brand_research: ['Is {brand} any good {modifier}?', 'What are the pros and cons of {brand} {modifier}?', 'What do reviews say about {brand} {modifier}?'],
  },
  es: {
    discovery: ['¿Cuáles son las mejores {category} {modifier}?', '¿Qué {category} recomiendan los expertos {modifier}?', 'Las mejores {category} para considerar {modifier}'],
    problem_solution: ['¿Cómo elegir la {category} adecuada {modifier}?', '¿Qué debo buscar en {category} {modifier}?', '¿Cómo resuelven sus problemas los equipos con {category} {modifier}?'],
    use_case: ['¿Qué {category} funciona mejor para un equipo en crecimiento {modifier}?', '¿Qué {category} es buena para agencias {modifier}?', 'Recomienda {category} para un negocio online {modifier}'],
    comparison: ['{brand} o {competitor}: ¿cuál es mejor {modifier}?', 'Compara {brand} y {competitor} {modifier}', '¿Es {competitor} una buena alternativa a {brand} {modifier}?'],
    expert: ['¿Qué dicen los analistas del mercado de {category} {modifier}?', '¿Qué proveedores de {category} lideran el mercado {modifier}?', '¿Cuáles son las tendencias en {category} {modifier}?'],
    brand_research: ['¿Es bueno {brand} {modifier}?', '¿Cuáles son los pros y contras de {brand} {modifier}?', '¿Qué dicen las reseñas de {brand} {modifier}?'],
  },
  ca: {
    discovery: ['Quines són les millors {category} {modifier}?', 'Quines {category} recomanen els experts {modifier}?', 'Les millors {category} a considerar {modifier}'],
    problem_solution: ['Com triar la {category} adequada {modifier}?', 'Què he de buscar en {category} {modifier}?', 'Com resolen els equips els seus problemes amb {category} {modifier}?'],
    use_case: ['Quina {category} funciona millor per a un equip que creix {modifier}?', 'Quina {category} és bona per a agències {modifier}?', 'Recomana {category} per a un negoci en línia {modifier}'],
    comparison: ['{brand} o {competitor}: quina és millor {modifier}?', 'Compara {brand} i {competitor} {modifier}', 'És {competitor} una bona alternativa a {brand} {modifier}?'],
    expert: ['Què diuen els analistes del mercat de {category} {modifier}?', 'Quins proveïdors de {category} lideren el mercat {modifier}?', 'Quines són les tendències en {category} {modifier}?'],
    brand_research: ['És bo {brand} {modifier}?', 'Quins són els pros i contres de {brand} {modifier}?', 'Què diuen les ressenyes de {brand} {modifier}?'],
  },
  fr: {
    discovery: ['Quelles sont les meilleures {category} {modifier} ?', 'Quelles {category} les experts recommandent-ils {modifier} ?', 'Les meilleures {category} à considérer {modifier}'],
    problem_solution: ['Comment choisir la bonne {category} {modifier} ?', 'Que faut-il chercher dans une {category} {modifier} ?', 'Comment les équipes résolvent-elles leurs problèmes avec une {category} {modifier} ?'],
    use_case: ['Quelle {category} convient le mieux à une équipe en croissance {modifier} ?', 'Quelle {category} est bonne pour les agences {modifier} ?', 'Recommande une {category} pour un commerce en ligne {modifier}'],
    comparison: ['{brand} ou {competitor} : lequel est le meilleur {modifier} ?', 'Compare {brand} et {competitor} {modifier}', '{competitor} est-il une bonne alternative à {brand} {modifier} ?'],
    expert: ['Que disent les analystes du marché des {category} {modifier} ?', 'Quels fournisseurs de {category} dominent le marché {modifier} ?', 'Quelles sont les tendances des {category} {modifier} ?'],
    brand_research: ['{brand} est-il bon {modifier} ?', 'Quels sont les avantages et inconvénients de {brand} {modifier} ?', 'Que disent les avis sur {brand} {modifier} ?'],
  },
};
const MODIFIERS: Record<Language, string[]> = {
  en: ['', 'in 2026', 'for small businesses', 'for enterprises', 'on a budget', 'for beginners', 'for startups', 'with good support'],
  es: ['', 'en 2026', 'para pymes', 'para grandes empresas', 'con poco presupuesto', 'para principiantes', 'para startups', 'con buen soporte'],
  ca: ['', 'el 2026', 'per a pimes', 'per a grans empreses', 'amb poc pressupost', 'per a principiants', 'per a startups', 'amb bon suport'],
  fr: ['', 'en 2026', 'pour les PME', 'pour les grandes entreprises', 'avec un petit budget', 'pour débutants', 'pour les startups', 'avec un bon support'],
};
const CATEGORY: Record<Language, string> = { en: 'solutions', es: 'soluciones', ca: 'solucions', fr: 'solutions' };

export interface TemplateInput {
  brand: string;
  competitors: string[];
  industry: string | null;
  languages: Language[];
  regions: string[];
}

/** `count` distinct prompts of one intent, cycling templates, competitors, modifiers and languages. */
export function templatePrompts(input: TemplateInput, intent: Intent, count: number, offset = 0) {
  const out: Array<{ text: string; language: Language; region: string | null }> = [];
  const seen = new Set<string>();
  for (let i = offset; out.length < count && i < offset + count * 50; i++) {
    const language = input.languages[i % input.languages.length]!;
    const templates = TEMPLATES[language][intent];
    const template = templates[Math.floor(i / input.languages.length) % templates.length]!;
    const modifiers = MODIFIERS[language];
    const modifier = modifiers[Math.floor(i / (input.languages.length * templates.length)) % modifiers.length]!;
    const competitor = input.competitors[i % Math.max(1, input.competitors.length)] ?? input.brand;
    const round = Math.floor(i / (input.languages.length * templates.length * modifiers.length));
    const text = template
      .replaceAll('{brand}', input.brand).replaceAll('{competitor}', competitor)
      .replaceAll('{category}', input.industry ?? CATEGORY[language]).replaceAll('{modifier}', modifier)
      .replace(/\s+([?])/g, language === 'fr' ? ' $1' : '$1').replace(/\s{2,}/g, ' ').trim() + (round > 0 ? ` (${round + 1})` : '');
    if (seen.has(text)) continue;
    seen.add(text);
    out.push({ text, language, region: input.regions.length ? input.regions[i % input.regions.length]! : null });
  }
  return out;
}

/** The whole set: `total` prompts, apportioned by quota, every one distinct. */
export function templateSet(input: TemplateInput, total: number, quotas: Quotas) {
  const counts = apportion(total, quotas);
  return INTENTS.flatMap((intent) => templatePrompts(input, intent, counts[intent]).map((p) => ({ ...p, intent })));
}
