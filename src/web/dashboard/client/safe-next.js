// Where to go after signing in: a page of this site only, never another (issue 29). A test on
// the string ("starts with one slash") is not enough: browsers read `/\evil.example` as
// `//evil.example`, and `?next=/%09/evil.example` decodes to a TAB the URL parser drops. So the
// target is resolved as the browser would, its origin compared with ours, and the browser is
// sent to the resolved path, not the raw string.

/** The same-origin path (with query and fragment) to go to, or `/` for anything else. */
export function safeNext(target, origin) {
  if (typeof target !== 'string' || target === '') return '/';
  let url;
  try {
    url = new URL(target, origin);
  } catch {
    return '/';
  }
  if (url.origin !== new URL(origin).origin) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
