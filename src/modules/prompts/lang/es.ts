import type { LanguagePack } from './pack.ts';

export const es: LanguagePack = {
  templates: {
    discovery: ['¿Cuáles son {los|las} mejores {cat}?', '¿Qué {cat} recomiendan los expertos?', '¿Qué {cat} conviene tener en cuenta?'],
    problem_solution: ['¿Cómo elijo {un buen|una buena} {catSg}?', '¿Qué debo tener en cuenta al elegir {un|una} {catSg}?', '¿Qué errores debo evitar al elegir {un|una} {catSg}?'],
    use_case: ['¿Qué {catSg} es la mejor opción?', '¿Me recomiendas {un|una} {catSg}?', '¿Qué {catSg} me conviene?'],
    comparison: ['{brand} o {competitor}: ¿cuál es mejor?', '¿Cómo se compara {brand} con {competitor}?', '¿Es {competitor} una buena alternativa a {brand}?'],
    expert: ['¿Qué dicen los expertos sobre cómo elegir {un|una} {catSg}?', '¿Qué {cat} lideran el mercado?', '¿Cuáles son {los|las} {cat} {mejor valorados|mejor valoradas} en las reseñas?'],
    brand_research: ['¿Vale la pena {brand}?', '¿Cuáles son los pros y los contras {de:brand}?', '¿Qué dicen las reseñas {de:brand}?'],
  },
  productTemplates: { use_case: ['¿Es {product} una buena opción?'], brand_research: ['¿Qué opinan los usuarios {de:product}, {de:brand}?'] },
  topicTemplate: '¿Cuál es {el mejor|la mejor} {catSg} para {topic}?',
  modifiers: {
    category: ['', 'en 2026', 'con poco presupuesto', 'con buenas opiniones', 'con la mejor relación calidad-precio', 'con buena atención al cliente'],
    named: ['', 'en 2026'],
  },
  fallbackCategory: { singular: 'proveedor', plural: 'proveedores', gender: 'm' },
  headNouns: {
    academia: 'f', aerolínea: 'f', agencia: 'f', app: 'f', aplicación: 'f', aseguradora: 'f', autoescuela: 'f', banco: 'm', centro: 'm',
    clínica: 'f', creador: 'm', empresa: 'f', fabricante: 'm', farmacia: 'f', fotógrafo: 'm', gestor: 'm', gimnasio: 'm', herramienta: 'f',
    hotel: 'm', inmobiliaria: 'f', instalador: 'm', marca: 'f', operador: 'm', plataforma: 'f', programa: 'm', proveedor: 'm',
    servicio: 'm', sistema: 'm', software: 'm', solución: 'f', tienda: 'f',
  },
  concepts: {
    agency: 'agencia', airline: 'aerolínea', app: 'app', application: 'aplicación', bank: 'banco', brand: 'marca', builder: 'creador', clinic: 'clínica',
    company: 'empresa', gym: 'gimnasio', hotel: 'hotel', installer: 'instalador', insurer: 'aseguradora', manager: 'gestor', manufacturer: 'fabricante',
    operator: 'operador', pharmacy: 'farmacia', photographer: 'fotógrafo', platform: 'plataforma', provider: 'proveedor', service: 'servicio',
    shop: 'tienda', software: 'software', solution: 'solución', store: 'tienda', supplier: 'proveedor', system: 'sistema', tool: 'herramienta',
    dental: 'dental', digital: 'digital', mobile: 'móvil', legal: 'legal',
  },
  stopwords: ['un', 'una', 'unos', 'unas', 'el', 'la', 'los', 'las', 'de', 'del', 'para', 'por', 'en', 'con', 'y', 'o', 'que', 'qué', 'cuál', 'cuáles', 'cómo', 'es', 'son', 'me', 'mi', 'mejor', 'mejores', 'buen', 'buena'],
  questionWords: ['qué', 'que', 'cómo', 'como', 'cuál', 'cuáles', 'cual', 'dónde', 'donde', 'cuándo', 'cuánto', 'cuanto', 'por qué', 'quién', 'es', 'son', 'puedo', 'vale'],
  replyQuestion: /^¿?(?:quieres|te gustaría|deseas|necesitas ayuda|puedo ayudarte)/i,
  intentCues: [
    ['comparison', /\b(?:vs\.?|versus|compar\w*|alternativas?|mejor que|diferencias? entre)\b/i],
    ['expert', /\b(?:tendencias?|mercado|expertos?|analistas?|futuro|estadisticas)\b/i],
    ['discovery', /\b(?:mejores|top|recomendad[oa]s?|lideres|mas populares)\b/i],
    ['problem_solution', /(?:\bcomo\b|\bpor que\b|\bproblemas?\b|\belegir\b|\bevitar\b|\berrores\b)/i],
  ],
  keywordQuestions: [
    // ([\s\S]+)$, not (.+)$: the second name cannot fail at a line break, so no "a vs a vs …" retries every vs (keywordQuestion has made every break a space already).
    [/^(.+?) (?:vs\.?|versus) ([\s\S]+)$/, (m) => `${m[1]} o ${m[2]}: cuál es mejor`],
    [/^alternativas? (?:a )?(.+)$|^(.+?) alternativas?$/, (m) => `Qué alternativas hay a ${m[1] ?? m[2]}`],
    [/^mejor(?:es)? (.+)$/, (m) => `Cuál es la mejor opción de ${m[1]}`],
    [/^(?:opiniones|reseñas) (?:de |sobre )?(.+)$|^(.+?) (?:opiniones|reseñas)$/, (m) => `Qué opiniones hay sobre ${m[1] ?? m[2]}`],
    [/^(?:precios?|coste|tarifas?) (?:de )?(.+)$|^(.+?) (?:precios?|coste|tarifas?)$/, (m) => `Cuál es el precio de ${m[1] ?? m[2]}`],
    [/^(?:comparativa|comparación) (?:de )?(.+)$/, (m) => `Cuál es la mejor opción de ${m[1]}`],
  ],
  inYear: (year) => `en ${year}`,
  plural: (noun) => (noun === 'software' ? noun : noun === 'app' ? 'apps' : /[aeiouáéó]$/.test(noun) ? `${noun}s` : /z$/.test(noun) ? `${noun.slice(0, -1)}ces` : /ón$/.test(noun) ? `${noun.slice(0, -2)}ones` : `${noun}es`),
  questionMark: '?',
  openQuestion: '¿',
};
