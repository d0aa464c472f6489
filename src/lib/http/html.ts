import { english } from '../format/english.ts';

// The smallest safe templating: every interpolated value goes through escapeHtml.
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/** A small server page; `lang` the language its words are in. */
export function page(title: string, body: string, lang = 'en'): string {
  return `<!doctype html>
<html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · GEO visibility</title>
<link rel="icon" href="/favicon.ico" type="image/png">
<style>
:root { font-family: system-ui, sans-serif; color: #1b1f24; background: #f6f7f9; }
main { max-width: 30rem; margin: 3rem auto; padding: 2rem; background: #fff; border-radius: 12px; box-shadow: 0 1px 4px rgb(0 0 0 / 0.08); }
.amount { font-size: 2rem; font-weight: 700; margin: 0.5rem 0 1.5rem; }
.note { color: #57606a; }
form { display: inline; }
button { padding: 0.6rem 1.2rem; font-size: 1rem; border: 0; border-radius: 6px; background: #1f6feb; color: #fff; cursor: pointer; margin-right: 0.5rem; }
button.secondary { background: #eaeef2; color: #1b1f24; }
</style></head>
<body><main>${body}</main></body></html>`;
}

/** The page for an address the dashboard does not have. */
export function notFoundPage(): string {
  return page('Page not found', `<h1>Page not found</h1>
<p>There is no dashboard page at this address. It may have been mistyped, or the workspace may have another name.</p>
<p><a href="/">Go to your workspaces</a></p>`);
}

export function formatUsd(micros: number): string {
  return english.usd(micros);
}
