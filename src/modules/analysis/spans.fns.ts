import type { AnswerAnalysis, EntityResult } from './analyze.fns.ts';
import { findMentions, type Hit } from './mentions.fns.ts';
import { tokenize } from './sentiment.tokens.ts';
import type { SentimentEvidence } from './sentiment.fns.ts';
import { fold, foldWithOffsets } from './text.fns.ts';

// Where in an answer's text each mention and each sentiment cue is. The stored analysis says who
// was named (what every figure counted); the offsets are computed with it when the answer is
// written (`answerSpans`, kept beside it) and, for answers stored before that, by analysing the
// text again with the workspace's names. Offsets are UTF-16 code units (JavaScript string
// indexes), so `text.slice(start, end)` is the text that was matched.

export interface MentionSpan { entityId: string; name: string; kind: 'brand' | 'competitor'; start: number; end: number }
export interface EvidenceSpan { cue: string; weight: number; rule: string; start: number; end: number; exact: boolean }
/** The spans kept beside a stored analysis, computed once when the answer is written. */
export interface AnswerSpans { mentions: MentionSpan[]; evidence: EvidenceSpan[] }
/** Who a stored analysis named: enough of it to place them in the text. */
interface Stored { entityId: string; name: string; kind: 'brand' | 'competitor' }

const inText = (h: Hit) => h.via !== 'source';

/** The text occurrences of one stored entity: as analysed now, else by its stored name alone. */
function spansOf(text: string, stored: Stored, fresh: EntityResult | undefined): MentionSpan[] {
  // The same entity now (same id and name): its counted occurrences, with aliases and domains.
  const hits = fresh && fold(fresh.name) === fold(stored.name) ? fresh.evidence.filter(inText) : [];
  // Renamed or removed since the answer was analysed: the name it was stored under.
  const found = hits.length ? hits
    : findMentions(text, [{ id: stored.entityId, kind: stored.kind, name: stored.name, aliases: [], domains: [], ambiguous: false }])[0]?.hits.filter(inText) ?? [];
  return found
    .map((h) => ({ entityId: stored.entityId, name: stored.name, kind: stored.kind, start: h.start, end: h.start + h.matched.length }))
    // Only spans that are what was matched: the promise of the offsets.
    .filter((s, i) => text.slice(s.start, s.end) === found[i]!.matched);
}

/**
 * Every mention of the entities the stored analysis named, in text order. A name inside a longer
 * match ("Globex" in "Globex Corp") is one mention, the longer: a reader marks spans that never overlap.
 */
export function mentionSpans(text: string, stored: { entities: Stored[] } | null, fresh: AnswerAnalysis): MentionSpan[] {
  const byId = new Map(fresh.entities.map((e) => [e.entityId, e]));
  const all = (stored?.entities ?? []).flatMap((e) => spansOf(text, e, byId.get(e.entityId))).sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: MentionSpan[] = [];
  for (const span of all) if (!kept.length || span.start >= kept.at(-1)!.end) kept.push(span);
  return kept;
}

/** Where `needle` (folded) first is in text[from, to): original offsets, or null. */
function locate(text: string, from: number, to: number, needle: string): { start: number; end: number } | null {
  const part = text.slice(from, to);
  const { folded, offsets } = foldWithOffsets(part);
  const at = needle ? folded.indexOf(needle) : -1;
  if (at === -1) return null;
  const orig = (i: number) => (offsets ? (offsets[i] ?? part.length) : i);
  return { start: from + orig(at), end: from + orig(at + needle.length) };
}

/**
 * The spans of an entity's sentiment evidence: the cue's words where they stand together in
 * their sentence (`exact`), else the whole sentence (a cue built from words apart).
 */
export function evidenceSpans(text: string, fresh: AnswerAnalysis, evidence: SentimentEvidence[]): EvidenceSpan[] {
  if (!evidence.length) return [];
  // Sentences split as the sentiment split them: with the same entity marks.
  const { tokens, sentences } = tokenize(text, fresh.entities.map((e) => ({ id: e.entityId, spans: e.evidence.filter(inText).map((h) => ({ start: h.start, end: h.start + h.matched.length })) })));
  return evidence.flatMap((ev) => {
    const s = sentences[ev.sentence];
    if (!s || s.to <= s.from) return [];
    const from = tokens.start[s.from]!;
    const to = tokens.end[s.to - 1]!;
    const cue = locate(text, from, to, fold(ev.cue));
    return [{ cue: ev.cue, weight: ev.weight, rule: ev.rule, ...(cue ?? { start: from, end: to }), exact: cue !== null }];
  });
}

/** The spans of a fresh analysis, as stored beside it: its named entities' mentions and the brand's sentiment cues. */
export function answerSpans(text: string, fresh: AnswerAnalysis): AnswerSpans {
  return {
    mentions: mentionSpans(text, { entities: fresh.entities.filter((e) => e.mentioned) }, fresh),
    evidence: fresh.brand.mentioned ? evidenceSpans(text, fresh, fresh.brand.sentimentEvidence) : [],
  };
}
