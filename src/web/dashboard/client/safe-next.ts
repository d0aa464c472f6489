// Where to go after signing in: a page of this site only, never another. A test
// on the string ("starts with one slash") is not enough: browsers read `/\evil.example` as
// `//evil.example`, and `?next=/%09/evil.example` decodes to a TAB the URL parser drops. So the
// target is resolved as the browser would (WHATWG URL against our origin), its origin compared
// with ours, and the browser is sent to the resolved path, not the raw string.
// The resolved path must not start with `//` (or `/\`): `/..//evil.example` resolves on our origin
// to the path `//evil.example`, and that path handed to location.assign() is a scheme-relative
// address of another host. Dot segments, `%2e`, backslashes and dropped TAB/CR/LF can
// all produce it, so the check is on the resolved path, after the parser has done all of that.

/** The same-origin path (with query and fragment) to go to, or `/` for anything else. */
export function safeNext(target: unknown, origin: string): string {
  if (typeof target !== 'string' || target === '') return '/';
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return '/';
  }
  if (url.origin !== new URL(origin).origin) return '/';
  if (/^[/\\]{2}/.test(url.pathname)) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
