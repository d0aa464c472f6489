import type { LanguagePack } from './pack.ts';

export const fr: LanguagePack = {
  templates: {
    discovery: ['{Quels sont les meilleurs|Quelles sont les meilleures} {cat} ?', '{Quels|Quelles} {cat} les experts recommandent-ils ?', '{Quels|Quelles} {cat} faut-il envisager ?'],
    problem_solution: ['Comment choisir {un bon|une bonne} {catSg} ?', 'Que faut-il vérifier avant de choisir {un|une} {catSg} ?', 'Quelles erreurs éviter en choisissant {un|une} {catSg} ?'],
    use_case: ['{Quel|Quelle} {catSg} est le meilleur choix ?', 'Peux-tu me recommander {un|une} {catSg} ?', '{Quel|Quelle} {catSg} me conviendrait ?'],
    comparison: ['{brand} ou {competitor} : quel est le meilleur choix ?', 'Que vaut {brand} face à {competitor} ?', '{competitor} : une bonne alternative à {brand} ?'],
    expert: ["Que disent les experts sur le choix {d'un|d'une} {catSg} ?", '{Quels|Quelles} {cat} dominent le marché ?', '{Quels sont les|Quelles sont les} {cat} les mieux {notés|notées} dans les avis ?'],
    brand_research: ['Que vaut {brand} ?', 'Quels sont les avantages et les inconvénients {de:brand} ?', 'Que disent les avis sur {brand} ?'],
  },
  productTemplates: { use_case: ['{product} : un bon choix ?'], brand_research: ['Que pensent les utilisateurs {de:product}, proposé par {brand} ?'] },
  topicTemplate: '{Quel est le meilleur|Quelle est la meilleure} {catSg} pour {topic} ?',
  modifiers: {
    discovery: ['{ctx}', '', 'en {year}', 'avec de bons avis'],
    problem_solution: ['{ctx}', '', 'avec un petit budget'],
    use_case: ['{ctx}', '', 'avec un petit budget', 'avec un bon service client', 'avec le meilleur rapport qualité-prix'],
    comparison: ['', '{ctx}'],
    expert: ['{ctx}', 'en {year}', ''],
    brand_research: ['', '{ctx}', 'en {year}'],
  },
  context: (audience, place) => [audience ? `pour ${audience}` : '', place ?? ''].filter(Boolean).join(' '),
  // "en" before feminine names and vowels, "au" before masculine ones, "aux" before plurals.
  inPlace: (name, code) => {
    if (/^(?:US|NL|AE|PH)$/.test(code)) return `aux ${name}`;
    if (code === 'EU') return `dans l'${name}`;
    const masculine = /^(?:MX|KH|MZ|ZW)$/.test(code) || !/e$/.test(name);
    return /^[AEIOUÉÈ]/i.test(name) || !masculine ? `en ${name}` : `au ${name}`;
  },
  fallbackCategory: { singular: 'prestataire', plural: 'prestataires', gender: 'm' },
  headNouns: {
    agence: 'f', application: 'f', appli: 'f', assureur: 'm', banque: 'f', boutique: 'f', cabinet: 'm', centre: 'm', clinique: 'f',
    compagnie: 'f', créateur: 'm', entreprise: 'f', fabricant: 'm', fournisseur: 'm', gestionnaire: 'm', hôtel: 'm', installateur: 'm',
    logiciel: 'm', loueur: 'm', magasin: 'm', marque: 'f', outil: 'm', pharmacie: 'f', photographe: 'm', plateforme: 'f',
    prestataire: 'm', service: 'm', solution: 'f', système: 'm', école: 'f',
  },
  concepts: {
    agency: 'agence', app: 'appli', application: 'application', bank: 'banque', brand: 'marque', builder: 'créateur', clinic: 'clinique',
    company: 'entreprise', hotel: 'hôtel', installer: 'installateur', insurer: 'assureur', manager: 'gestionnaire', manufacturer: 'fabricant',
    pharmacy: 'pharmacie', photographer: 'photographe', platform: 'plateforme', provider: 'prestataire', service: 'service', shop: 'boutique',
    software: 'logiciel', solution: 'solution', store: 'magasin', supplier: 'fournisseur', system: 'système', tool: 'outil',
    dental: 'dentaire', digital: 'numérique', mobile: 'mobile', legal: 'juridique',
  },
  stopwords: ['un', 'une', 'des', 'le', 'la', 'les', "l'", 'de', "d'", 'du', 'pour', 'par', 'en', 'avec', 'et', 'ou', 'que', 'quel', 'quelle', 'quels', 'quelles', 'comment', 'est', 'sont', 'me', 'mon', 'ma', 'meilleur', 'meilleure', 'meilleurs', 'meilleures', 'bon', 'bonne'],
  questionWords: ['quel', 'quelle', 'quels', 'quelles', 'comment', 'pourquoi', 'où', 'quand', 'combien', 'qui', 'que', 'est-ce', 'peut-on', 'faut-il'],
  replyQuestion: /^(?:voulez-vous|veux-tu|souhaitez-vous|aimeriez-vous|puis-je vous aider|avez-vous besoin)/i,
  intentCues: [
    ['comparison', /\b(?:vs\.?|versus|compar\w*|alternatives?|mieux que|differences? entre)\b/i],
    ['expert', /\b(?:tendances?|marche|experts?|analystes?|avenir|statistiques)\b/i],
    ['discovery', /\b(?:meilleur\w*|top|recommande\w*|leaders?|plus populaires)\b/i],
    ['problem_solution', /(?:\bcomment\b|\bpourquoi\b|\bproblemes?\b|\bchoisir\b|\beviter\b|\berreurs\b)/i],
  ],
  keywordQuestions: [
    // ([\s\S]+)$, not (.+)$: the second name cannot fail at a line break, so no "a vs a vs …" retries every vs (keywordQuestion has made every break a space already).
    [/^(.+?) (?:vs\.?|versus) ([\s\S]+)$/, (m) => `${m[1]} ou ${m[2]} : lequel choisir`],
    [/^alternatives? (?:à )?(.+)$|^(.+?) alternatives?$/, (m) => `Quelles sont les alternatives à ${m[1] ?? m[2]}`],
    [/^(?:avis) (?:sur )?(.+)$|^(.+?) avis$/, (m) => `Que disent les avis sur ${m[1] ?? m[2]}`],
    [/^avantages et inconvénients (?:de |d'|du |des )?(.+)$/, (m) => `Quels sont les avantages et les inconvénients ${/^[aeiouéèêh]/.test(m[1]!) ? "d'" : 'de '}${m[1]}`],
    [/^(.+?) forums?$/, (m) => `Que dit-on sur les forums à propos ${/^[aeiouéèêh]/.test(m[1]!) ? "d'" : 'de '}${m[1]}`],
    [/^(?:prix|tarifs?) (?:de |des |du )?(.+)$|^(.+?) (?:prix|tarifs?)$/, (m) => `Quels sont les prix pour ${m[1] ?? m[2]}`],
  ],
  fragmentWords: ['je', 'tu', 'il', 'elle', 'on', 'nous', 'vous', 'ils', 'elles', 'se', "s'", 'me', "m'", 'est', 'sont', 'était', 'a', 'ont', 'peut', 'peux', 'puis', 'dois', 'doit', 'faut', 'vaut', 'choisir', 'choisissant', 'comparer', 'compare', 'recommandent', 'recommander', 'recommandez', 'disent', 'pensent', 'dominent', 'éviter', 'vérifier', 'envisager', 'conviendrait', 'quel', 'quelle', 'quels', 'quelles', 'comment', 'pourquoi', 'combien', 'qui', 'que', "qu'", 'est-ce', 'choix', 'alternative', 'alternatives', 'vs', 'versus'],
  inYear: (year) => `en ${year}`,
  plural: (noun) => (/[sxz]$/.test(noun) ? noun : /(?:au|eu)$/.test(noun) ? `${noun}x` : /al$/.test(noun) ? `${noun.slice(0, -2)}aux` : `${noun}s`),
  questionMark: ' ?',
  openQuestion: '',
};
