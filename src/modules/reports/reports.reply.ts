import type { FastifyReply } from 'fastify';
import type { ReportsService } from './reports.service.ts';

// How a made report goes out over HTTP, shared by the reports' own routes, the portfolio's and
// the signed links of scheduled mail.

/** A read report as the answer: a file to save (or view inline), HTML that may load nothing. */
export function sendReport(reply: FastifyReply, out: Awaited<ReturnType<ReportsService['read']>>, disposition: 'attachment' | 'inline') {
  if ('filename' in out && out.filename) reply.header('content-disposition', `${disposition}; filename="${out.filename}"`);
  if (out.type.startsWith('text/html')) reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:");
  // The PDF is a Buffer: the schemas' binary string is how OpenAPI spells bytes, not a JS type.
  return reply.type(out.type).send(out.body);
}
