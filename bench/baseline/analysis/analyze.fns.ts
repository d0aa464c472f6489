import { citedDomains, extractCitations, type Citation } from './citations.fns.ts';
import { findMentions, ranks, type Entity, type Via } from './mentions.fns.ts';
import { meanSentiment } from './sentiment.fns.ts';
import { sentences } from './text.fns.ts';

// One answer in, everything the scores need out: who is mentioned (and how, and first), which
// sites are cited, and the tone of the sentences naming each entity. Pure and synchronous.

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
  sentiment: number | null;
}

export interface AnswerAnalysis {
  entities: EntityResult[];
  brand: { mentioned: boolean; rank: number | null; sentiment: number | null };
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

export function analyzeAnswer(profile: AnalysisProfile, answer: string, sources: Array<{ url: string; title?: string }> = []): AnswerAnalysis {
  const entities = entitiesOf(profile);
  const found = findMentions(answer, entities, { sourceUrls: sources.map((s) => s.url), industry: profile.industry });
  const rankOf = ranks(found);
  const answerSentences = sentences(answer);

  const results: EntityResult[] = found.map(({ entity, hits }) => {
    const inText = hits.filter((h) => h.via !== 'source');
    const naming = answerSentences.filter((s) => inText.some((h) => h.start >= s.start && h.start < s.end)).map((s) => s.text);
    return {
      entityId: entity.id, kind: entity.kind, name: entity.name, mentioned: hits.length > 0, mentions: hits.length,
      rank: rankOf.get(entity.id) ?? null, via: [...new Set(hits.map((h) => h.via))], sentiment: meanSentiment(naming),
    };
  });
  const brand = results[0]!;
  const citations = extractCitations(answer, sources, entities);
  return {
    entities: results,
    brand: { mentioned: brand.mentioned, rank: brand.rank, sentiment: brand.mentioned ? brand.sentiment : null },
    mentioned: found.filter((f) => f.firstAt !== null).sort((a, b) => a.firstAt! - b.firstAt!).map((f) => f.entity.name),
    citations,
    citedDomains: citedDomains(citations),
  };
}
