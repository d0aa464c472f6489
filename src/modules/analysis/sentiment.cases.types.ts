// The shape of the labelled sentiment set, and its annotation rules.
// An item is (answer, entity, label). The label is the stance the answer takes toward that
// entity, as a reader takes it:
//  - positive: the answer speaks well of it (praise, a recommendation, the winning side of a comparison);
//  - negative: it speaks ill of it (criticism, complaints, advice against it, the losing side);
//  - mixed: clear praise and clear criticism of comparable weight ("powerful but slow");
//  - neutral: facts only, or a bare listing.
// The entities are invented, unambiguous names, so that the set measures tone, not mention finding.

import type { SentimentLabel } from './sentiment.fns.ts';

export type { SentimentLabel };
export type CaseLanguage = 'en' | 'es' | 'ca' | 'fr';
export type CaseKind =
  | 'positive' | 'negative' | 'neutral' | 'negation' | 'pronoun' | 'null-subject' | 'comparative'
  | 'advice' | 'hedged' | 'mixed' | 'scope' | 'list' | 'table' | 'long';

export interface SentimentCase {
  language: CaseLanguage;
  kind: CaseKind;
  answer: string;
  /** entity name → expected label, for every entity the item set covers in this answer */
  labels: Record<string, SentimentLabel>;
}

/** The tracked names every case is analysed with (the first labelled one is the brand). */
export const CASE_ENTITIES = ['Acme', 'Globex', 'Initech', 'Hooli', 'Vandelay', 'Zentrix', 'Pixelo'];

export const sc = (language: CaseLanguage, kind: CaseKind, answer: string, labels: Record<string, SentimentLabel>): SentimentCase => ({
  language, kind, answer, labels,
});
