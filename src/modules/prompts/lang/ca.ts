import type { LanguagePack } from './pack.ts';

export const ca: LanguagePack = {
  templates: {
    discovery: ['{Quins|Quines} són {els|les} millors {cat}?', '{Quins|Quines} {cat} recomanen els experts?', '{Quins|Quines} {cat} val la pena tenir en compte?'],
    problem_solution: ['Com trio {un bon|una bona} {catSg}?', 'Què he de tenir en compte en triar {un|una} {catSg}?', "Quins errors he d'evitar en triar {un|una} {catSg}?"],
    use_case: ['{Quin|Quina} {catSg} és la millor opció?', 'Em recomanes {un|una} {catSg}?', '{Quin|Quina} {catSg} em convé?'],
    comparison: ['{brand} o {competitor}: quina és la millor opció?', 'Com es compara {brand} amb {competitor}?', 'És {competitor} una bona alternativa a {brand}?'],
    expert: ['Què diuen els experts sobre com triar {un|una} {catSg}?', '{Quins|Quines} {cat} lideren el mercat?', '{Quins|Quines} són {els|les} {cat} més ben {valorats|valorades} a les ressenyes?'],
    brand_research: ['Val la pena {brand}?', 'Quins són els pros i els contres {de:brand}?', 'Què diuen les ressenyes {de:brand}?'],
  },
  productTemplates: { use_case: ['És {product} una bona opció?'], brand_research: ['Què opinen els usuaris {de:product}, {de:brand}?'] },
  topicTemplate: '{Quin és el millor|Quina és la millor} {catSg} per a {topic}?',
  modifiers: {
    discovery: ['{ctx}', '', "l'any {year}", 'amb bones ressenyes'],
    problem_solution: ['{ctx}', '', 'amb poc pressupost'],
    use_case: ['{ctx}', '', 'amb poc pressupost', 'amb bona atenció al client', 'amb la millor relació qualitat-preu'],
    comparison: ['', '{ctx}'],
    expert: ['{ctx}', "l'any {year}", ''],
    brand_research: ['', '{ctx}', "l'any {year}"],
  },
  context: (audience, place) => [audience ? `per a ${audience}` : '', place ?? ''].filter(Boolean).join(' '),
  // Countries named with an article in Catalan ("al Canadà", "als Estats Units", "a l'Argentina").
  inPlace: (name, code) => (({ US: 'als ', NL: 'als ', GB: 'al ', CA: 'al ', JP: 'al ', BR: 'al ', MA: 'al ', PE: 'al ', PY: 'al ', AR: "a l'", IN: "a l'", UY: "a l'", EU: "a la " } as Record<string, string>)[code] ?? 'a ') + name,
  fallbackCategory: { singular: 'proveïdor', plural: 'proveïdors', gender: 'm' },
  headNouns: {
    acadèmia: 'f', aerolínia: 'f', agència: 'f', aplicació: 'f', app: 'f', asseguradora: 'f', autoescola: 'f', banc: 'm', botiga: 'f',
    centre: 'm', clínica: 'f', creador: 'm', eina: 'f', empresa: 'f', fabricant: 'm', farmàcia: 'f', fotògraf: 'm', gestor: 'm',
    gimnàs: 'm', hotel: 'm', 'instal·lador': 'm', marca: 'f', operador: 'm', plataforma: 'f', programa: 'm', proveïdor: 'm',
    servei: 'm', sistema: 'm', solució: 'f',
  },
  concepts: {
    agency: 'agència', airline: 'aerolínia', app: 'app', application: 'aplicació', bank: 'banc', brand: 'marca', builder: 'creador', clinic: 'clínica',
    company: 'empresa', gym: 'gimnàs', hotel: 'hotel', installer: 'instal·lador', insurer: 'asseguradora', manager: 'gestor', manufacturer: 'fabricant',
    operator: 'operador', pharmacy: 'farmàcia', photographer: 'fotògraf', platform: 'plataforma', provider: 'proveïdor', service: 'servei',
    shop: 'botiga', solution: 'solució', store: 'botiga', supplier: 'proveïdor', system: 'sistema', tool: 'eina',
    dental: 'dental', digital: 'digital', mobile: 'mòbil', legal: 'legal',
  },
  stopwords: ['un', 'una', 'uns', 'unes', 'el', 'la', 'els', 'les', "l'", 'de', "d'", 'del', 'per', 'a', 'en', 'amb', 'i', 'o', 'que', 'què', 'quin', 'quina', 'quins', 'quines', 'com', 'és', 'són', 'em', 'el meu', 'millor', 'millors', 'bon', 'bona'],
  questionWords: ['què', 'que', 'com', 'quin', 'quina', 'quins', 'quines', 'on', 'quan', 'quant', 'per què', 'qui', 'és', 'són', 'puc', 'val'],
  replyQuestion: /^(?:vols|t'agradaria|necessites ajuda|et puc ajudar|desitges)/i,
  intentCues: [
    ['comparison', /\b(?:vs\.?|versus|compar\w*|alternatives?|millor que|diferencies? entre)\b/i],
    ['expert', /\b(?:tendencies?|mercat|experts?|analistes?|futur|estadistiques)\b/i],
    ['discovery', /\b(?:millors|top|recomana\w*|liders|mes populars)\b/i],
    ['problem_solution', /(?:\bcom\b|\bper que\b|\bproblemes?\b|\btriar\b|\bevitar\b|\berrors\b)/i],
  ],
  keywordQuestions: [
    // ([\s\S]+)$, not (.+)$: the second name cannot fail at a line break, so no "a vs a vs …" retries every vs (keywordQuestion has made every break a space already).
    [/^(.+?) (?:vs\.?|versus) ([\s\S]+)$/, (m) => `${m[1]} o ${m[2]}: quin és millor`],
    [/^alternatives? (?:a )?(.+)$|^(.+?) alternatives?$/, (m) => `Quines alternatives hi ha a ${m[1] ?? m[2]}`],
    [/^millors? (.+)$/, (m) => `Quina és la millor opció de ${m[1]}`],
    [/^(?:opinions|ressenyes) (?:de |sobre )?(.+)$|^(.+?) (?:opinions|ressenyes)$/, (m) => `Quines opinions hi ha sobre ${m[1] ?? m[2]}`],
    [/^(?:preus?|cost|tarifes?) (?:de )?(.+)$|^(.+?) (?:preus?|cost|tarifes?)$/, (m) => `Quin és el preu de ${m[1] ?? m[2]}`],
    [/^pros (?:i )?contres (?:de |d')?(.+)$/, (m) => `Quins són els pros i els contres ${/^[aeiouàèéíòóú]/.test(m[1]!) ? "d'" : 'de '}${m[1]}`],
    [/^(.+?) fòrums?$/, (m) => `Què es diu als fòrums sobre ${m[1]}`],
    [/^comparativa (?:de )?(.+)$/, (m) => `Quina és la millor opció de ${m[1]}`],
  ],
  fragmentWords: ['jo', 'nosaltres', 'es', "s'", 'em', 'et', 'ens', 'us', 'li', 'hi', 'ho', 'és', 'són', 'era', 'està', 'estan', 'he', 'ha', 'han', 'puc', 'pot', 'poden', 'cal', 'val', 'pena', 'convé', 'tenir', 'trio', 'triar', 'escollir', 'compara', 'comparen', 'comparar', 'recomanen', 'recomanes', 'recomana', 'diuen', 'opinen', 'lideren', 'evitar', 'fer', 'què', 'que', 'com', 'quin', 'quina', 'quins', 'quines', 'quant', 'on', 'qui', 'opció', 'alternativa', 'alternatives', 'vs', 'versus'],
  inYear: (year) => `el ${year}`,
  // -ca/-ga/-ça/-ja/-qua/-gua change their consonant before -es (clínica → clíniques, platja → platges).
  plural: (noun) => (/a$/.test(noun)
    ? `${noun.slice(0, -1).replace(/(?:[qg]u|[cgçj])$/, (e) => ({ c: 'qu', g: 'gu', ç: 'c', j: 'g', qu: 'qü', gu: 'gü' })[e]!)}es`
    : /[sxç]$/.test(noun) ? `${noun}os` : `${noun}s`),
  questionMark: '?',
  openQuestion: '',
};
