// An answer's text cut for the reader's marks: wherever a tracked name or a tone's evidence
// starts or ends. Offsets are UTF-16, as the API sends them and JavaScript strings index. Pure,
// so that a table test checks it without a browser.

export interface Span { start: number; end: number }

export interface Piece<M extends Span, E extends Span> {
  text: string;
  /** The mention this piece is part of, if any (the first listed, where two overlap). */
  mention: M | null;
  /** The evidence this piece is part of, if any. */
  evidence: E | null;
}

/** The text in order, whole (the pieces join back to it); spans out of range or empty are ignored. */
export function pieces<M extends Span, E extends Span>(text: string, mentions: readonly M[], evidence: readonly E[]): Piece<M, E>[] {
  const usable = (s: Span) => s.start >= 0 && s.end <= text.length && s.start < s.end;
  const cuts = new Set([0, text.length]);
  for (const s of [...mentions, ...evidence]) if (usable(s)) cuts.add(s.start).add(s.end);
  const at = [...cuts].sort((a, b) => a - b);
  return at.slice(0, -1).map((start, i) => {
    const end = at[i + 1]!;
    const covers = (s: Span) => usable(s) && s.start <= start && s.end >= end;
    return { text: text.slice(start, end), mention: mentions.find(covers) ?? null, evidence: evidence.find(covers) ?? null };
  }).filter((p) => p.text.length > 0);
}
