import type { Category, Intent } from '../prompts.types.ts';

// What a language brings to prompts: one data file per language (en.ts, es.ts, ca.ts, fr.ts).
// A fifth language is a new file with this shape and its table of categories in the tests.
//
// Template placeholders:
//   {cat} the category's plural · {catSg} its singular · {aCatSg} the singular with "a"/"an" (en)
//   {brand} {competitor} {product} names · {topic} a heading of the site (lower-cased)
//   {de:x} the preposition "de" before x (elided to "d'" before a vowel in ca and fr)
//   {masculine|feminine} the form agreeing with the category's gender (ca, es, fr)
// Templates never put a head noun next to {cat}/{catSg}: the category already has one.

export interface LanguagePack {
  templates: Record<Intent, string[]>;
  /** Replace a generic template in turn when the workspace lists products or services. */
  productTemplates: Partial<Record<Intent, string[]>>;
  /** A heading of the site made into a question (use_case intent). */
  topicTemplate: string;
  /**
   * Appended before the question mark, per intent, in the order they are used: `{ctx}` is the
   * workspace's audience and region ("para autónomos en España"), `{year}` the current year.
   * Few per intent on purpose: variants of one question are capped at a fifth of the set.
   */
  modifiers: Record<Intent, string[]>;
  /** The audience and place as one phrase ("for freelancers in Spain"); either may be missing. */
  context(audience: string | null, place: string | null): string;
  /** A country's name (Intl, in this language) with its preposition ("in the United States", "au Canada"); `code` is upper-case ISO. */
  inPlace(name: string, code: string): string;
  /**
   * The neutral word for what a business offers: said to a model when no category is confirmed,
   * never written into a prompt (templates wait for the category).
   */
  fallbackCategory: Category;
  /** Nouns that head a category phrase (gender where the language has one); proposals look for them on the site. */
  headNouns: Record<string, 'm' | 'f' | null>;
  /**
   * This language's word for a concept named by its English word: head nouns of the lexicon, and
   * a few adjectives that agree in number only (dental, digital, mobile, legal). A category is
   * proposed in a language the site is not written in only when every word of it is here or an
   * acronym (categories.fns.ts `translateCategory`). English leaves it empty: its words are the keys.
   */
  concepts: Record<string, string>;
  /** Words ignored when two prompts are compared (articles, prepositions, question words). */
  stopwords: string[];
  /** A query starting with one of these is question-shaped. */
  questionWords: string[];
  /** Questions an answer asks its reader ("Would you like…"), not questions a buyer asks. */
  replyQuestion: RegExp;
  /** Words that say which intent a free-text question has (first match wins; matched on accent-folded text, so written without accents). */
  intentCues: Array<[Intent, RegExp]>;
  /**
   * Bare keyword queries (Search Console, the engines' fan-out) as questions: the first pattern
   * matching the query (lower-cased, a trailing year taken off) writes the question, without its
   * question marks. A query no pattern matches is not proposed.
   */
  keywordQuestions: Array<[RegExp, (m: RegExpExecArray) => string]>;
  /**
   * Words that mark what a pattern would wrap as a piece of a question, not a topic: pronouns,
   * auxiliaries, the verbs and closing words of the questions prompts ask, and the relation words
   * of the patterns themselves. "alternativas a se compara acme con initech" is an engine's search
   * on a question, and "¿Qué alternativas hay a se compara…?" no one would type: such a query is
   * proposed not at all (proposals.fns.ts `keywordQuestion`).
   */
  fragmentWords: string[];
  /** A year after a question ("in 2026"). */
  inYear(year: string): string;
  /** Plural of a head noun the lexicon does not list. */
  plural(noun: string): string;
  /** The question mark with this language's spacing. */
  questionMark: string;
  /** Opening mark for questions (es "¿"), else "". */
  openQuestion: string;
}
