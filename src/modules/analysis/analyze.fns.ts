import { citedDomains, extractCitations, type Citation } from './citations.fns.ts';
import { LANGUAGES } from './lexicon.fns.ts';
import { findMentions, ranks, type Entity, type Hit, type Via } from './mentions.fns.ts';
import { entitySentiments, type SentimentEvidence, type SentimentLabel } from './sentiment.fns.ts';
import { unknownToEngine, type UnknownFinding } from './unknown.fns.ts';

// One answer in, everything the scores need out: who is mentioned (and how, and first), which
// sites are cited, and the tone toward each entity (sentiment.fns.ts). Pure and synchronous.

export interface EntityInput {
  name: string;
  aliases: string[];
  domains: string[];
  ambiguous: boolean;
}
export interface AnalysisProfile {
  brand: EntityInput;
  competitors: EntityInput[];
  industry?: string | null;
}

export interface EntityResult {
  entityId: string;
  kind: 'brand' | 'competitor';
  name: string;
  mentioned: boolean;
  mentions: number;
  rank: number | null;
  via: Via[];
  /** tone toward the entity in [-1, 1] (null when the text does not name it) */
  sentiment: number | null;
  sentimentLabel: SentimentLabel | null;
  /** the cues that drove the sentiment, strongest first (at most five) */
  sentimentEvidence: SentimentEvidence[];
  /** Every counted occurrence with the evidence for it (offset in the answer, as written). */
  evidence: Hit[];
  /** Occurrences of an ambiguous name that did not count, with the evidence against them. */
  rejected: Hit[];
}

/** What else is known about the answer: the prompt it replies to, and its language. */
export interface AnswerContext {
  prompt?: string;
  /** A prompt's language tag ("en", "es-ES"…); only en, es, ca and fr are read. */
  language?: string | null;
}

export interface AnswerAnalysis {
  entities: EntityResult[];
  brand: { mentioned: boolean; rank: number | null; sentiment: number | null; sentimentLabel: SentimentLabel | null; sentimentEvidence: SentimentEvidence[] };
  /**
   * The sentence that says the engine does not know the brand (unknown.fns.ts), or null. When
   * set, the brand is not a mention: not mentioned, no rank, no sentiment.
   */
  unknownToEngine: UnknownFinding | null;
  mentioned: string[];
  citations: Citation[];
  citedDomains: ReturnType<typeof citedDomains>;
}

export function entitiesOf(profile: AnalysisProfile): Entity[] {
  return [
    { id: 'brand', kind: 'brand', ...profile.brand },
    ...profile.competitors.map((c, i) => ({ id: `competitor:${i}`, kind: 'competitor' as const, ...c })),
  ];
}

export function analyzeAnswer(
  profile: AnalysisProfile, answer: string, sources: Array<{ url: string; title?: string }> = [], context: AnswerContext = {},
): AnswerAnalysis {
  const entities = entitiesOf(profile);
  const found = findMentions(answer, entities, {
    sourceUrls: sources.map((s) => s.url), industry: profile.industry, prompt: context.prompt,
    language: LANGUAGES.find((l) => context.language?.toLowerCase().startsWith(l)),
  });
  const unknown = unknownToEngine(answer, found[0]!.hits.filter((h) => h.via !== 'source').map((h) => ({ start: h.start, end: h.start + h.matched.length, matched: h.matched })));
  // "I'm not familiar with Loafly" names the brand without knowing it: not a mention (so the
  // others rank as if it were absent), and no tone toward it.
  if (unknown) found[0] = { ...found[0]!, hits: [], rejected: [...found[0]!.rejected, ...found[0]!.hits.map((h) => ({ ...h, evidence: [...h.evidence, 'unknown_to_engine'] }))], firstAt: null };
  const rankOf = ranks(found);
  const tones = entitySentiments(answer, found.map(({ entity, hits }) => ({
    id: entity.id,
    spans: hits.filter((h) => h.via !== 'source').map((h) => ({ start: h.start, end: h.start + h.matched.length })),
  })));

  const results: EntityResult[] = found.map(({ entity, hits, rejected }, i) => {
    const tone = tones[i] ?? null;
    return {
      entityId: entity.id, kind: entity.kind, name: entity.name, mentioned: hits.length > 0, mentions: hits.length,
      rank: rankOf.get(entity.id) ?? null, via: [...new Set(hits.map((h) => h.via))],
      sentiment: tone?.score ?? null, sentimentLabel: tone?.label ?? null, sentimentEvidence: tone?.evidence ?? [],
      evidence: hits, rejected,
    };
  });
  const brand = results[0]!;
  const citations = extractCitations(answer, sources, entities);
  return {
    entities: results,
    brand: {
      mentioned: brand.mentioned, rank: brand.rank, sentiment: brand.mentioned ? brand.sentiment : null,
      sentimentLabel: brand.mentioned ? brand.sentimentLabel : null, sentimentEvidence: brand.sentimentEvidence,
    },
    mentioned: found.filter((f) => f.firstAt !== null).sort((a, b) => a.firstAt! - b.firstAt!).map((f) => f.entity.name),
    citations,
    citedDomains: citedDomains(citations),
    unknownToEngine: unknown,
  };
}
