import { PACKS } from './lang/index.ts';
import type { Category, Intent, Language } from './prompts.types.ts';

// Templates made into prompts. The words are in the language packs (./lang/*.ts); here is only
// the grammar they need: the workspace's category (a noun phrase with its own head noun, in
// singular, plural and gender), "a"/"an" in English, "de"/"d'" in Catalan and French, and the
// gendered alternatives `{masculine|feminine}` of the templates.

export const CATEGORY_INTENTS: ReadonlySet<Intent> = new Set(['discovery', 'problem_solution', 'use_case', 'expert']);

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

/** The category of `language`, or the language's neutral fallback until the workspace confirms one. */
export function categoryOr(language: Language, category: Category | null | undefined): Category {
  return category ?? PACKS[language].fallbackCategory;
}

export interface Fill {
  brand: string;
  competitor: string;
  product: string | null;
  category: Category;
  modifier: string;
  topic?: string;
}

/** One template made into a prompt: placeholders filled, the modifier before the question mark. */
export function render(language: Language, template: string, fill: Fill): string {
  const { category } = fill;
  const names: Record<string, string> = {
    cat: category.plural, catSg: category.singular, aCatSg: withArticle(category.singular),
    brand: fill.brand, competitor: fill.competitor, product: fill.product ?? fill.brand, topic: fill.topic ?? '',
  };
  const feminine = category.gender === 'f';
  let text = template
    .replace(/\{([^{}|]*)\|([^{}|]*)\}/g, (_, m: string, f: string) => (feminine ? f : m))
    .replace(/\{(de:)?(\w+)\}/g, (_, prep: string | undefined, key: string) => {
      const value = names[key] ?? '';
      return prep ? de(language, value) : value;
    });
  if (fill.modifier) {
    const mark = PACKS[language].questionMark;
    text = text.endsWith(mark) ? `${text.slice(0, -mark.length)} ${fill.modifier}${mark}` : `${text} ${fill.modifier}`;
  }
  return text.replace(/\s{2,}/g, ' ').trim();
}
