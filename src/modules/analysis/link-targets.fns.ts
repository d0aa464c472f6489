// Link targets in an answer's markdown: inline links `[text](target "title")` and reference
// definitions `[1]: target` at a line start. One pass over the answer, which is untrusted and
// unbounded: as one pattern (/\](\s*<?([^)\s>]+)>?…\)|^…\[[^\]\n]+\]:\s*<?([^\s>]+)>?/gm) it was
// quadratic, each "](" of "]((](((…" rescanning the rest, and each line start after a lone CR
// rescanning the rest of the text for a line feed.

export interface LinkTarget {
  target: string;
  /** Where the target starts in the answer. */
  start: number;
}

// After an inline target: an optional ">", an optional "title" and the closing parenthesis.
const INLINE_TAIL = />?(?:\s+"[^"]*")?\s*\)/y;
// A reference definition, tried at one line start at a time (sticky).
const DEFINITION = /[^\S\n\r\u2028\u2029]*\[[^\]\n]+\]:\s*<?([^\s>]+)>?/y;
const isSpace = (c: string | undefined) => c !== undefined && /\s/.test(c);
const endsTarget = (c: string) => c === ')' || c === '>' || /\s/.test(c);

interface Found { index: number; end: number; target: string }

/** Every inline link's target, each "](" on its own (overlaps are settled by `linkTargets`). */
function inlineLinks(text: string): Found[] {
  const out: Found[] = [];
  const tails = new Map<number, number>(); // target end → link end, or -1
  let stop = -1; // the first target-ending character at or after the last run's start
  for (let i = text.indexOf(']('); i !== -1; i = text.indexOf('](', i + 1)) {
    let j = i + 2;
    while (isSpace(text[j])) j++;
    const from = text[j] === '<' ? j + 1 : j;
    // Runs that start inside an earlier run end where it ends: find each end once.
    if (stop < from) for (stop = from; stop < text.length && !endsTarget(text[stop]!); stop++);
    const runFrom = stop > from ? from : j; // "<" is a target character when nothing follows it
    if (stop === runFrom) continue;
    let end = tails.get(stop);
    if (end === undefined) {
      INLINE_TAIL.lastIndex = stop;
      end = INLINE_TAIL.test(text) ? INLINE_TAIL.lastIndex : -1;
      tails.set(stop, end);
    }
    if (end !== -1) out.push({ index: i, end, target: text.slice(runFrom, stop) });
  }
  return out;
}

/** Every reference definition, one try at each line start (after a line feed). */
function definitions(text: string): Found[] {
  const out: Found[] = [];
  for (let at = 0; at !== -1 && at <= text.length; at = text.indexOf('\n', at) + 1 || -1) {
    DEFINITION.lastIndex = at;
    const m = DEFINITION.exec(text);
    if (m) out.push({ index: at, end: at + m[0].length, target: m[1]! });
  }
  return out;
}

/** The link targets in text order; where two links overlap, the one that starts first. */
export function linkTargets(text: string): LinkTarget[] {
  const all = [...inlineLinks(text), ...definitions(text)].sort((a, b) => a.index - b.index);
  const out: LinkTarget[] = [];
  let taken = 0;
  for (const f of all) {
    if (f.index < taken) continue;
    out.push({ target: f.target, start: f.index + text.slice(f.index, f.end).indexOf(f.target) });
    taken = f.end;
  }
  return out;
}
