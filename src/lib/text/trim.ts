// String trims that regular expressions made quadratic. `/\/+$/` and its kin look harmless, but
// the engine retries the run at every start position: `'/'.repeat(n) + 'x'` costs n²/2 steps,
// and several of these run on addresses a user gives. A scan from the end is linear.

/** `s` without the run of `chars` at its end (`trimEndOf('a//', '/')` → `'a'`). */
export function trimEndOf(s: string, chars: string): string {
  let end = s.length;
  while (end > 0 && chars.includes(s[end - 1]!)) end--;
  return s.slice(0, end);
}

/**
 * `s` without the run at its end of the characters `oneChar` matches, tested one UTF-16 unit at a
 * time: `trimEndWhere(s, /[\s,;:.-]/)`. `oneChar` is a single character class without g or y.
 */
export function trimEndWhere(s: string, oneChar: RegExp): string {
  let end = s.length;
  while (end > 0 && oneChar.test(s[end - 1]!)) end--;
  return s.slice(0, end);
}

/** `s` without the run of `chars` at its start. */
export function trimStartOf(s: string, chars: string): string {
  let start = 0;
  while (start < s.length && chars.includes(s[start]!)) start++;
  return s.slice(start);
}

/** `s` without the run of `chars` at either end (`trimOf('--a-b--', '-')` → `'a-b'`). */
export function trimOf(s: string, chars: string): string {
  return trimStartOf(trimEndOf(s, chars), chars);
}

/** `s` without trailing slashes: `https://x.example/api//` → `https://x.example/api`. */
export function trimTrailingSlashes(s: string): string {
  return trimEndOf(s, '/');
}

/** `s` up to (not including) the first of `chars`, or all of `s` (`cutAt('/a?b#c', '?#')` → `'/a'`). */
export function cutAt(s: string, chars: string): string {
  for (let i = 0; i < s.length; i++) if (chars.includes(s[i]!)) return s.slice(0, i);
  return s;
}
