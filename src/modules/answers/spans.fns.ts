import type { AnswerAnalysis, EntityResult } from '../analysis/analyze.fns.ts';
import { classify } from '../analysis/citations.fns.ts';
import { findMentions, type Entity, type Hit } from '../analysis/mentions.fns.ts';
import { tokenize } from '../analysis/sentiment.tokens.ts';
import type { SentimentEvidence } from '../analysis/sentiment.fns.ts';
import { fold, foldWithOffsets, hostOf } from '../analysis/text.fns.ts';
import type { StoredAnalysis } from '../runs/detail.fns.ts';
import { trimEndOf } from '../../lib/text/trim.ts';

// Where in an answer's text each mention and each sentiment cue is. The stored analysis says who
// was named (what every figure counted); the offsets come from analysing the text again with the
// workspace's names, because the stored analysis keeps no offsets. Offsets are UTF-16 code units
// (JavaScript string indexes), so `text.slice(start, end)` is the text that was matched.

export interface MentionSpan { entityId: string; name: string; kind: 'brand' | 'competitor'; start: number; end: number }
export interface EvidenceSpan { cue: string; weight: number; rule: string; start: number; end: number; exact: boolean }
export interface CitationView { url: string; title: string | null; domain: string; class: 'owned' | 'competitor' | 'third_party'; cited: boolean }
type Stored = StoredAnalysis['entities'][number];

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
export function mentionSpans(text: string, stored: StoredAnalysis | null, fresh: AnswerAnalysis): MentionSpan[] {
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

const trimSlash = (url: string) => trimEndOf(url, '/');

/**
 * The answer's sources: those the analysis counted as cited (`cited: true`, in the analysis'
 * order), then those the engine retrieved and did not cite (`cited: false`), each URL once.
 */
export function citationViews(stored: StoredAnalysis | null, retrieved: Array<{ url: string; title: string | null; domain: string }>, titles: Map<string, string | null>, entities: Entity[]): CitationView[] {
  const seen = new Set<string>();
  const out: CitationView[] = [];
  for (const c of stored?.citations ?? []) {
    if (seen.has(trimSlash(c.url))) continue;
    seen.add(trimSlash(c.url));
    out.push({ url: c.url, title: titles.get(c.url) ?? null, domain: c.domain, class: c.class, cited: true });
  }
  for (const r of retrieved) {
    if (seen.has(trimSlash(r.url))) continue;
    seen.add(trimSlash(r.url));
    out.push({ url: r.url, title: r.title, domain: r.domain, class: classify(hostOf(r.url) ?? r.domain, entities).class, cited: false });
  }
  return out;
}
