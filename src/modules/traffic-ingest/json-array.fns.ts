// A JSON array body (Vercel's `json` drain delivery: `[{…},{…}]`, often on one line) turned into
// JSON lines as it streams, so the line-based ingestion reads it like NDJSON without ever parsing
// or holding the whole array. A byte-level scan is enough: the bytes that matter (`[ ] { } " \ ,`
// and line breaks) are ASCII, and UTF-8 never uses ASCII bytes inside a multi-byte character.
// Each top-level element becomes one line: the outer brackets and the separators' whitespace are
// dropped, the commas between elements become newlines, and line breaks inside an element (a
// pretty-printed array) become spaces. Whether an element is valid JSON is the parser's business:
// a broken one is one unparsed line, never a failed upload.

const LBRACKET = 0x5b;
const RBRACKET = 0x5d;
const LBRACE = 0x7b;
const RBRACE = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const TAB = 0x09;

const isBlank = (b: number) => b === SPACE || b === TAB || b === LF || b === CR;

/** True when the first non-blank byte of a body is `[`; null while only blanks were seen. */
export function startsWithArray(chunk: Buffer): boolean | null {
  for (let i = 0; i < chunk.length; i++) if (!isBlank(chunk[i]!)) return chunk[i] === LBRACKET;
  return null;
}

export function createArraySplitter() {
  let depth = 0; // 1 inside the outer array, 2+ inside an element
  let inString = false;
  let escaped = false;

  return {
    /** The JSON-lines text for one chunk of the array (state carries over to the next chunk). */
    write(chunk: Buffer): Buffer {
      const out = Buffer.allocUnsafe(chunk.length);
      let n = 0;
      for (let i = 0; i < chunk.length; i++) {
        const b = chunk[i]!;
        if (inString) {
          if (escaped) escaped = false;
          else if (b === BACKSLASH) escaped = true;
          else if (b === QUOTE) inString = false;
          out[n++] = b === LF || b === CR ? SPACE : b; // a raw break in a string is invalid JSON anyway: keep the element on one line
          continue;
        }
        if (depth === 0) {
          if (b === LBRACKET) depth = 1; // the array opens (or a next one, after the first closed)
          else if (!isBlank(b)) out[n++] = b; // text outside any array: passed on, to be counted unparsed
          continue;
        }
        if (depth === 1) {
          if (b === COMMA) out[n++] = LF;
          else if (b === RBRACKET) {
            depth = 0;
            out[n++] = LF;
          } else if (!isBlank(b)) {
            if (b === LBRACE || b === LBRACKET) depth++;
            else if (b === QUOTE) inString = true;
            out[n++] = b;
          }
          continue;
        }
        if (b === QUOTE) inString = true;
        else if (b === LBRACE || b === LBRACKET) depth++;
        else if (b === RBRACE || b === RBRACKET) depth--;
        out[n++] = b === LF || b === CR ? SPACE : b;
      }
      return out.subarray(0, n);
    },
  };
}
