import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ACCESS } from '../../lib/http/credentials.ts';

// The server-rendered approval page of device authorization (`verificationUri`). Static files:
// everything dynamic happens in the browser against the JSON API, under a strict CSP.

const file = (name: string) => readFileSync(new URL(name, import.meta.url), 'utf8');
const ASSETS = {
  html: file('./device.html'),
  js: file('./device.js'),
  css: file('./device.css'),
};

const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

function secure(reply: FastifyReply) {
  // Framing is refused so the Approve button cannot be clickjacked; the code in the URL stays here.
  return reply.header('content-security-policy', CSP).header('x-frame-options', 'DENY').header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff').header('cache-control', 'no-store');
}

export function devicePageRoutes(app: FastifyInstance) {
  const page = (url: string, operationId: string, type: string, body: string, summary: string) =>
    app.get(url, {
      config: { credential: ACCESS.public },
      schema: { operationId, tags: ['pages'], summary, produces: [type], response: { 200: { description: summary, content: { [type.split(';')[0]!]: { schema: { type: 'string' } } } } } },
    }, async (_request, reply) => secure(reply).type(type).send(body));

  page('/device', 'devicePage', 'text/html; charset=utf-8', ASSETS.html, 'Approval page for device authorization (sign in, enter the code, approve or deny)');
  page('/device/device.js', 'devicePageScript', 'text/javascript; charset=utf-8', ASSETS.js, 'Script of the device page');
  page('/device/device.css', 'devicePageStyles', 'text/css; charset=utf-8', ASSETS.css, 'Styles of the device page');
}
