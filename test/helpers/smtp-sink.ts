import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// A local SMTP server that keeps every mail it takes, for the delivery tests: a real SMTP
// conversation on loopback. `refuseOnce` makes it answer 451 to a recipient once (a server in
// trouble), and the readers pull a header, a MIME part or the unsubscribe link out of a mail.

export interface Received { to: string[]; data: string }

export async function startSmtpSink() {
  const received: Received[] = [];
  const refuse = new Set<string>();
  const server = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], logger: false, size: 50 * 1024 * 1024,
    onRcptTo(address, _session, callback) {
      if (refuse.delete(address.address)) return callback(Object.assign(new Error('451 try again later'), { responseCode: 451 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}?ignoreTLS=true`,
    received,
    mailsTo: (to: string) => received.filter((m) => m.to.includes(to)),
    refuseOnce: (...addresses: string[]) => addresses.forEach((a) => refuse.add(a)),
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}

/** Header lines unfolded (RFC 5322 folding), then the one asked for. */
export const header = (mail: Received, name: string) => mail.data.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
/** RFC 2047 encoded words (nodemailer's Q encoding of non-ASCII subjects) as text. */
export const decodeWords = (value: string) => value.replace(/=\?UTF-8\?Q\?([^?]*)\?=\s*/gi, (_, q: string) =>
  Buffer.from(q.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'));
export const unsubscribeUrl = (mail: Received) => /<(http[^>]+)>/.exec(header(mail, 'List-Unsubscribe') ?? '')![1]!;
/** The first MIME part of the mail with that content type (nested multiparts included), its headers and decoded body. */
export function part(mail: Received, type: string) {
  const boundaries = [...mail.data.matchAll(/boundary="?([^";\r\n]+)"?/g)].map((m) => m[1]!);
  const chunks = boundaries.reduce((parts, b) => parts.flatMap((p) => p.split(`--${b}`)), [mail.data]);
  for (const chunk of chunks) {
    const [head, ...rest] = chunk.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
    if (head && new RegExp(`content-type: ${type}`, 'i').test(head)) {
      const body = rest.join('\n\n');
      return { head, body: /base64/i.test(head) ? Buffer.from(body.replace(/\s+/g, ''), 'base64') : Buffer.from(body) };
    }
  }
  return null;
}
/** The plain-text part with quoted-printable soft breaks and `=3D` undone. */
export const plainText = (mail: Received) => part(mail, 'text/plain')!.body.toString().replace(/=\r?\n/g, '').replace(/=3D/g, '=');
