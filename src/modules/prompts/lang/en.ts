import type { LanguagePack } from './pack.ts';

/** Whether a keyword phrase is plural: its head, the last word before a preposition, ends in a single s. */
const enPlural = (phrase: string) => /(?:^|[^s])s$/.test(phrase.split(/ (?:for|with|in|to|of|on|by|near) /)[0]!.split(' ').at(-1)!);

export const en: LanguagePack = {
  templates: {
    discovery: ['What are the best {cat}?', 'Which {cat} do experts recommend?', 'What are the top {cat} to consider?'],
    problem_solution: ['How do I choose the right {catSg}?', 'What should I check before choosing {aCatSg}?', 'What mistakes should I avoid when choosing {aCatSg}?'],
    use_case: ['Which {catSg} is the best choice?', 'Can you recommend {aCatSg}?', 'Which {catSg} should I use?'],
    comparison: ['{brand} vs {competitor}: which is better?', 'How does {brand} compare with {competitor}?', 'Is {competitor} a good alternative to {brand}?'],
    expert: ['What do experts say about choosing {aCatSg}?', 'Which {cat} lead the market?', 'Which {cat} are rated highest by reviewers?'],
    brand_research: ['Is {brand} any good?', 'What are the pros and cons of {brand}?', 'What do reviews say about {brand}?'],
  },
  productTemplates: { use_case: ['Is {product} a good choice?'], brand_research: ['What do users say about {product} by {brand}?'] },
  topicTemplate: 'What is the best {catSg} for {topic}?',
  modifiers: {
    discovery: ['{ctx}', '', 'in {year}', 'with good reviews'],
    problem_solution: ['{ctx}', '', 'on a tight budget'],
    use_case: ['{ctx}', '', 'on a budget', 'with good customer service', 'with the best value for money'],
    comparison: ['', '{ctx}'],
    expert: ['{ctx}', 'in {year}', ''],
    brand_research: ['', '{ctx}', 'in {year}'],
  },
  context: (audience, place) => [audience ? `for ${audience}` : '', place ?? ''].filter(Boolean).join(' '),
  inPlace: (name, code) => `in ${/^(?:US|GB|NL|AE|PH|EU|DO|BS)$/.test(code) ? 'the ' : ''}${name}`,
  fallbackCategory: { singular: 'provider', plural: 'providers', gender: null },
  headNouns: Object.fromEntries([
    'agency', 'airline', 'app', 'application', 'bank', 'brand', 'builder', 'clinic', 'company', 'consultancy', 'firm', 'gym', 'hotel',
    'installer', 'insurer', 'manager', 'manufacturer', 'marketplace', 'operator', 'pharmacy', 'photographer', 'platform', 'plumber',
    'provider', 'retailer', 'school', 'service', 'shop', 'software', 'solution', 'store', 'studio', 'supplier', 'suite', 'system', 'tool',
  ].map((w) => [w, null])),
  concepts: {},
  stopwords: ['a', 'an', 'the', 'of', 'for', 'to', 'in', 'on', 'with', 'and', 'or', 'is', 'are', 'do', 'does', 'what', 'which', 'how', 'i', 'my', 'me', 'you', 'can', 'should', 'best', 'top', 'good'],
  questionWords: ['how', 'what', 'which', 'who', 'why', 'where', 'when', 'is', 'are', 'can', 'does', 'do', 'should', 'will'],
  replyQuestion: /^(?:would you|do you want|shall i|should i (?:also )?(?:help|create|write)|want me|can i help|is there anything)/i,
  intentCues: [
    ['comparison', /\b(?:vs\.?|versus|compared?|comparison|alternatives?|better than|difference between)\b/i],
    ['expert', /\b(?:trends?|market|experts?|analysts?|future|statistics)\b/i],
    ['discovery', /\b(?:best|top|recommended|leading|most popular)\b/i],
    ['problem_solution', /\b(?:how (?:do|can|to|should)|why|fix|problem|choose|avoid|mistakes?)\b/i],
  ],
  keywordQuestions: [
    // ([\s\S]+)$, not (.+)$: the second name cannot fail at a line break, so no "a vs a vs …" retries every vs (keywordQuestion has made every break a space already).
    [/^(.+?) (?:vs\.?|versus) ([\s\S]+)$/, (m) => `${m[1]} vs ${m[2]}: which is better`],
    [/^alternatives? (?:to )?(.+)$|^(.+?) alternatives?$/, (m) => `What are the best alternatives to ${m[1] ?? m[2]}`],
    [/^(?:best|top) (.+)$/, (m) => `What ${enPlural(m[1]!) ? 'are' : 'is'} the best ${m[1]}`],
    [/^(.+?) reviews?$/, (m) => `What do reviews say about ${m[1]}`],
    [/^(.+?) (?:pricing|prices?|costs?)$/, (m) => `How much ${enPlural(m[1]!) ? 'do' : 'does'} ${m[1]} cost`],
    [/^pros and cons (?:of )?(.+)$/, (m) => `What are the pros and cons of ${m[1]}`],
    [/^(.+?) reddit$/, (m) => `What do people on Reddit say about ${m[1]}`],
    [/^(.+?) comparison$|^comparison of (.+)$/, (m) => `Which ${m[1] ?? m[2]} ${enPlural((m[1] ?? m[2])!) ? 'are' : 'is'} best`],
  ],
  fragmentWords: ['i', 'you', 'we', 'they', 'me', 'is', 'are', 'was', 'were', 'be', 'been', 'being', 'do', 'does', 'did', 'can', 'could', 'should', 'would', 'will', 'may', 'might', 'must', 'have', 'has', 'had', 'compare', 'compares', 'compared', 'choose', 'choosing', 'pick', 'recommend', 'say', 'says', 'said', 'lead', 'leads', 'avoid', 'check', 'consider', 'use', 'need', 'want', 'know', 'any', 'better', 'than', 'worse', 'which', 'what', 'how', 'who', 'why', 'where', 'when', 'alternative', 'alternatives', 'vs', 'versus'],
  inYear: (year) => `in ${year}`,
  plural: (noun) => (/(?:s|x|ch|sh)$/.test(noun) ? `${noun}es` : /[^aeiou]y$/.test(noun) ? `${noun.slice(0, -1)}ies` : noun === 'software' ? noun : `${noun}s`),
  questionMark: '?',
  openQuestion: '',
};
