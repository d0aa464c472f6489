import type { AnswerAnalysis } from '../analysis/analyze.fns.ts';
import type { SentimentLabel } from '../analysis/sentiment.fns.ts';
import type { AnswerSpans } from '../analysis/spans.fns.ts';

/** What a result keeps of its analysis: the mentioned entities and the citations, nothing derived twice. */
export interface StoredAnalysis {
  mentioned: string[];
  entities: Array<{ entityId: string; name: string; kind: 'brand' | 'competitor'; mentioned: true; rank: number | null; sentiment: number | null; sentimentLabel?: SentimentLabel | null }>;
  citations: Array<{ url: string; domain: string; class: 'owned' | 'competitor' | 'third_party'; entityId: string | null }>;
  /**
   * Where those mentions and the brand's sentiment cues are in the text, kept on the stored row
   * only (not in the run's in-memory tallies): the answers API reads them instead of analysing
   * every answer again. Absent on answers stored before they were kept.
   */
  spans?: AnswerSpans;
  /** The sentence saying the engine does not know the brand (analysis/unknown.fns.ts); absent when it knows it. */
  unknownToEngine?: { start: number; end: number };
}

export function storedAnalysis(a: AnswerAnalysis): StoredAnalysis {
  return {
    mentioned: a.mentioned,
    entities: a.entities.filter((e) => e.mentioned).map((e) => ({ entityId: e.entityId, name: e.name, kind: e.kind, mentioned: true, rank: e.rank, sentiment: e.sentiment === null ? null : Number(e.sentiment.toFixed(4)), sentimentLabel: e.sentimentLabel })),
    citations: a.citations.map((c) => ({ url: c.url, domain: c.domain, class: c.class, entityId: c.entityId })),
    ...(a.unknownToEngine ? { unknownToEngine: { start: a.unknownToEngine.start, end: a.unknownToEngine.end } } : {}),
  };
}
