import { PACKS } from './lang/index.ts';
import type { Category, Language } from './prompts.types.ts';

// The category as a noun phrase the user confirms, per language: its checks, and its proposal
// from what the site says about itself (title, description, headings, schema.org data).

export const CATEGORY_MAX = 80;
export const AUDIENCE_MAX = 60;
export interface CategoryInput { language: string; singular: string; plural: string; gender?: 'm' | 'f' | null; audience?: string | null }
export interface FieldProblem { field: string; message: string }

/** Every problem of a category body at once, each naming its field. */
export function categoryProblems(input: CategoryInput, workspaceLanguages: string[]): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (!workspaceLanguages.includes(input.language)) {
    problems.push({ field: 'language', message: `body.language must be one of the workspace's languages (${workspaceLanguages.join(', ')})` });
  }
  for (const field of ['singular', 'plural'] as const) {
    const value = input[field].trim();
    if (!value) problems.push({ field, message: `body.${field} must not be empty` });
    else if (value.length > CATEGORY_MAX) problems.push({ field, message: `body.${field} must be at most ${CATEGORY_MAX} characters` });
    else if (/[{}?¿!]/.test(value)) problems.push({ field, message: `body.${field} must be a noun phrase, without braces or question marks` });
  }
  const audience = input.audience?.trim() ?? '';
  if (audience.length > AUDIENCE_MAX) problems.push({ field: 'audience', message: `body.audience must be at most ${AUDIENCE_MAX} characters` });
  else if (/[{}?¿!]/.test(audience)) problems.push({ field: 'audience', message: 'body.audience must be a plain phrase, without braces or question marks' });
  if (input.language !== 'en' && workspaceLanguages.includes(input.language) && !input.gender) {
    problems.push({ field: 'gender', message: `body.gender is required in ${input.language}: m or f, the gender of the phrase's head noun` });
  }
  return problems;
}

export const cleanCategory = (input: CategoryInput): Category => ({
  singular: input.singular.trim().replace(/\s+/g, ' '), plural: input.plural.trim().replace(/\s+/g, ' '),
  gender: input.language === 'en' ? null : input.gender ?? null,
});

const WORD = /^[\p{L}\p{N}][\p{L}\p{N}'’·&-]*$/u;
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The head noun a word is, singular or plural, with its singular and gender. */
function headOf(language: Language, word: string): { noun: string; gender: 'm' | 'f' | null; plural: boolean } | null {
  const pack = PACKS[language];
  const w = word.toLowerCase();
  for (const [noun, gender] of Object.entries(pack.headNouns)) {
    if (w === noun) return { noun, gender, plural: false };
    if (w === pack.plural(noun)) return { noun, gender, plural: true };
  }
  return null;
}

/**
 * The first category phrase in `text`: a head noun of the language with its qualifiers (English:
 * up to two words before it; Romance languages: a "de …" complement or one adjective after it).
 * Null when the text names no known head noun.
 */
export function categoryFromText(language: Language, text: string, brandWords: string[] = []): Category | null {
  const pack = PACKS[language];
  const tokens = text.replace(/[|–—:;,.!?()"“”«»]/g, ' , ').replace(/(^|\s)[lL]['’](?=\p{L})/gu, '$1').split(/\s+/).filter(Boolean);
  // The brand's own words are not the category, but an acronym in its name may be ("Acme CRM").
  const ownWords = brandWords.flatMap((w) => w.split(/\s+/)).filter((w) => w && !/^[A-Z0-9&]{2,}$/.test(w));
  const stop = new Set([...pack.stopwords, ...ownWords.map(fold)]);
  const usable = (t: string | undefined) => !!t && WORD.test(t) && !stop.has(fold(t)) && !headOf(language, t);
  for (const [i, token] of tokens.entries()) {
    const head = headOf(language, token);
    if (!head) continue;
    const sg = head.noun;
    const pl = pack.plural(sg);
    if (language === 'en') {
      const before: string[] = [];
      for (let j = i - 1; j >= 0 && before.length < 2 && usable(tokens[j]) && !/^[A-Z][a-z]+$/.test(tokens[j]!); j--) before.unshift(tokens[j]!);
      const lead = before.map((w) => (/^[A-Z0-9&]{2,}$/.test(w) ? w : w.toLowerCase())).join(' ');
      return { singular: `${lead} ${sg}`.trim(), plural: `${lead} ${pl}`.trim(), gender: null };
    }
    const next = tokens[i + 1];
    const after = tokens[i + 2];
    if ((next === 'de' && usable(after)) || (next && /^d['’]\p{L}/u.test(next))) {
      const complement = next === 'de' ? `de ${after!.toLowerCase()}` : next.toLowerCase().replace('’', "'");
      return { singular: `${sg} ${complement}`, plural: `${pl} ${complement}`, gender: head.gender };
    }
    if (usable(next) && !/^[A-Z]/.test(next!)) {
      const adjective = next!.toLowerCase();
      const adjectives = /^[A-Z0-9]{2,}$/.test(next!) ? next! : language === 'fr' && /e$/.test(adjective) ? `${adjective}s` : PACKS[language].plural(adjective);
      return { singular: `${sg} ${/^[A-Z0-9]{2,}$/.test(next!) ? next : adjective}`, plural: `${pl} ${adjectives}`, gender: head.gender };
    }
    return { singular: sg, plural: pl, gender: head.gender };
  }
  return null;
}

/** The category of the first text that names one, with the text it came from. */
export function proposeCategory(language: Language, texts: Array<{ from: string; text: string | null }>, brandWords: string[]) {
  for (const { from, text } of texts) {
    const category = text ? categoryFromText(language, text, brandWords) : null;
    if (category) return { category, reason: `The ${from} of the site says "${text!.slice(0, 120)}".` };
  }
  return null;
}

const ACRONYM = /^[A-Z0-9&]{2,}$/;
/** The English concept a word of `language` names (English words are their own concepts). */
const conceptOf = (language: Language, word: string) =>
  language === 'en' ? (PACKS.en.headNouns[word] !== undefined || Object.values(PACKS).some((p) => word in p.concepts) ? word : null)
    : Object.entries(PACKS[language].concepts).find(([, w]) => w === word)?.[0] ?? null;
const wordFor = (language: Language, concept: string) => (language === 'en' ? concept : PACKS[language].concepts[concept] ?? null);

/**
 * A category in another language through the packs' concept tables, when every word of it is
 * known or an acronym: a head noun and at most one qualifier ("CRM platform" → "plataforma CRM",
 * "clínica dental" → "dental clinic"). Null otherwise: we do not guess a phrase the user has not seen.
 */
export function translateCategory(from: Language, category: Category, to: Language): Category | null {
  if (from === to) return category;
  const words = category.singular.split(' ');
  if (words.length > 2) return null;
  // English puts the qualifier before the head; es, ca and fr after it.
  const [head, qualifier] = from === 'en' ? [words.at(-1)!, words.length > 1 ? words[0]! : null] : [words[0]!, words[1] ?? null];
  const headConcept = conceptOf(from, head.toLowerCase());
  const headWord = headConcept ? wordFor(to, headConcept) : null;
  if (!headWord || (to !== 'en' && !(headWord in PACKS[to].headNouns)) || (to === 'en' && !(headWord in PACKS.en.headNouns))) return null;
  let q: { singular: string; plural: string } | null = null;
  if (qualifier && ACRONYM.test(qualifier)) q = { singular: qualifier, plural: qualifier };
  else if (qualifier) {
    const concept = conceptOf(from, qualifier.toLowerCase());
    const word = concept && !(concept in PACKS.en.headNouns) ? wordFor(to, concept) : null;
    if (!word) return null;
    q = { singular: word, plural: to === 'en' ? word : PACKS[to].plural(word) };
  }
  const headPlural = PACKS[to].plural(headWord);
  if (to === 'en') return { singular: [q?.singular, headWord].filter(Boolean).join(' '), plural: [q?.singular, headPlural].filter(Boolean).join(' '), gender: null };
  return { singular: [headWord, q?.singular].filter(Boolean).join(' '), plural: [headPlural, q?.plural].filter(Boolean).join(' '), gender: PACKS[to].headNouns[headWord] ?? null };
}
