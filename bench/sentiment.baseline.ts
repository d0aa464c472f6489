// Today's sentence sentiment before issue 9 (src/modules/analysis/sentiment.fns.ts at b220814),
// kept verbatim as the baseline the sentiment benchmarks measure against.
import { fold } from '../src/modules/analysis/text.fns.ts';

// Sentence sentiment in [-1, 1] from a small lexicon for en, es, ca and fr (accent-folded),
// with negation (the next three words flip) and intensifiers (×1.5). score = tanh(Σ weights):
// one clear word gives ±0.76, a positive and a negative word cancel out.

const POSITIVE = `
best better great excellent recommended recommend reliable easy intuitive powerful affordable popular leading top trusted
fast love loved favorite favourite robust secure flexible helpful outstanding impressive strong solid good ideal perfect
seamless efficient innovative friendly praised standout superior accurate cheap simple
mejor mejores excelente excelentes recomendado recomendada recomendable fiable fiables facil potente asequible popular lider
rapido rapida seguro flexible util bueno buena buenos ideal perfecto eficiente destacado destaca barato sencillo encanta
millor millors excel·lent excellent recomanat recomanada fiable facil potent assequible rapid rapida segur bo bona ideal
perfecte eficient destacat barat senzill
meilleur meilleure meilleurs excellente recommande recommandee fiable facile puissant abordable populaire rapide sur
flexible utile bon bonne ideal parfait efficace remarquable apprecie pratique
`;
const NEGATIVE = `
worst worse bad poor expensive slow buggy unreliable difficult complicated confusing outdated limited lacking complaints
complaint problems problem issues issue overpriced clunky frustrating disappointing weak hard costly risky insecure
awful terrible mediocre steep fails failed lag laggy
peor peores malo mala caro cara caros lento lenta complicado dificil limitado problemas problema quejas fallos
deficiente costoso inseguro decepcionante
pitjor pitjors dolent dolenta car cara lent lenta complicat dificil limitat problemes queixes errors
mauvais mauvaise pire cher chere chers lent lente complique difficile limite problemes plaintes decevant couteux faible
`;
const NEGATORS = new Set(['not', 'no', 'never', 'without', 'hardly', 'nor', 'nunca', 'ni', 'sin', 'tampoco', 'mai', 'sense', 'gens', 'ne', 'pas', 'jamais', 'sans', 'aucun', 'aucune', 'cap']);
const INTENSIFIERS = new Set(['very', 'really', 'extremely', 'highly', 'super', 'muy', 'realmente', 'molt', 'tres', 'vraiment', 'particularly', 'especially', 'too', 'demasiado', 'massa', 'trop']);

const words = (list: string) => new Set(list.split(/\s+/).filter(Boolean).map(fold));
const POS = words(POSITIVE);
const NEG = words(NEGATIVE);

export function tokens(sentence: string): string[] {
  return fold(sentence).replace(/n't\b/g, ' not').split(/[^\p{L}\p{N}·]+/u).filter(Boolean);
}

export function sentenceSentiment(sentence: string): number {
  const list = tokens(sentence);
  let sum = 0;
  let negateFor = 0;
  let boost = 1;
  for (const token of list) {
    if (NEGATORS.has(token)) {
      negateFor = 3;
      continue;
    }
    if (INTENSIFIERS.has(token)) {
      boost = 1.5;
      continue;
    }
    const polarity = POS.has(token) ? 1 : NEG.has(token) ? -1 : 0;
    if (polarity) {
      sum += polarity * boost * (negateFor > 0 ? -1 : 1);
      boost = 1;
    }
    if (negateFor > 0) negateFor--;
  }
  return Math.tanh(sum);
}

/** Mean sentiment of the given sentences, or null when there are none. */
export function meanSentiment(sentencesNamingEntity: string[]): number | null {
  if (!sentencesNamingEntity.length) return null;
  return sentencesNamingEntity.reduce((acc, s) => acc + sentenceSentiment(s), 0) / sentencesNamingEntity.length;
}
