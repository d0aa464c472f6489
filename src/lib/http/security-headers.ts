import type { FastifyInstance } from 'fastify';

// Headers every response carries, set in one place rather than per route so none is forgotten:
// - `X-Content-Type-Options: nosniff` on everything, so a browser never runs a JSON body, an
//   icon or a CSV as script or HTML;
// - every HTML page is unframeable: `frame-ancestors 'none'` is added to a page's own CSP when it
//   lacks one, and a page without any CSP gets STRICT_HTML_CSP (nothing loads, nothing runs).
// Routes keep the CSP their page needs (dashboard, device, /docs); this hook only adds.

export const STRICT_HTML_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** A CSP with `frame-ancestors 'none'` added when it sets no frame-ancestors of its own. */
export function unframeable(csp: string): string {
  if (/(^|;)\s*frame-ancestors\s/i.test(csp)) return csp;
  return `${csp.trim().replace(/;\s*$/, '')}; frame-ancestors 'none'`;
}

export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('x-content-type-options')) reply.header('x-content-type-options', 'nosniff');
    if (/^text\/html/i.test(String(reply.getHeader('content-type') ?? ''))) {
      const csp = reply.getHeader('content-security-policy');
      reply.header('content-security-policy', csp ? unframeable(String(csp)) : STRICT_HTML_CSP);
      if (!reply.hasHeader('x-frame-options')) reply.header('x-frame-options', 'DENY');
    }
    return payload;
  });
}
