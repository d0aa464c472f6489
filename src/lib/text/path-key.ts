import { cutAt, trimTrailingSlashes } from './trim.ts';

// One page, one key. The same page reaches us written several ways: `/es/facturacion/` in an
// nginx log, `https://acme.es/es/facturacion?utm_source=chatgpt` in an answer's citation,
// `/es/facturación` in GA4, `/es/facturaci%C3%B3n` in a sitemap. Every table and API view that
// names a page of the site keys it by this function, so one page is one row everywhere.

/**
 * A URL's or a logged request's path as one key: the path of an absolute URL; no query or
 * fragment; no trailing slash but the root's; percent-escapes of letters decoded (reserved
 * characters such as `%2F` and `%3F` stay escaped: decoding them would change the path).
 * Case is kept: `/Pricing` and `/pricing` are different URLs to a server.
 */
export function pathKey(urlOrPath: string): string {
  let path = urlOrPath.trim();
  if (/^https?:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      return path;
    }
  }
  path = cutAt(path, '?#');
  if (!path.startsWith('/')) path = `/${path}`;
  if (path.includes('%')) {
    try {
      path = decodeURI(path);
    } catch {
      // A malformed escape (`%E0%A4%A`): kept as written, still one key for one spelling.
    }
  }
  return path.length > 1 ? trimTrailingSlashes(path) || '/' : path;
}
