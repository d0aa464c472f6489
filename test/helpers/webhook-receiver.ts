import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

// A loopback webhook receiver, as a customer would run one: it verifies each delivery's Standard
// Webhooks signature with the maintained library (400 when it does not verify) and then answers
// as its path's behaviour says, so that tests and benchmarks can make endpoints succeed, fail on
// purpose, redirect or stall.

export type Behaviour =
  | { kind: 'ok'; status?: number; delayMs?: number }
  | { kind: 'fail'; status: number }
  | { kind: 'flaky'; failures: number; status: number }
  | { kind: 'redirect'; to: string }
  | { kind: 'stall'; ms: number };

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  verified: boolean;
  payload: unknown;
}

export interface Receiver {
  origin: string;
  received: Received[];
  /** The path's behaviour and the secret its deliveries are verified with. */
  route(path: string, behaviour: Behaviour, secret?: string): void;
  setSecret(path: string, secret: string): void;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const routes = new Map<string, { behaviour: Behaviour; secret?: string; seen: number }>();
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0]!;
      const body = Buffer.concat(chunks).toString('utf8');
      const route = routes.get(path);
      let verified = false;
      let payload: unknown = null;
      try {
        if (route?.secret) {
          payload = new Webhook(route.secret).verify(body, req.headers as Record<string, string>);
          verified = true;
        }
      } catch {
        verified = false;
      }
      received.push({ path, headers: req.headers, body, verified, payload });
      if (!route) return void res.writeHead(404).end();
      if (!verified) return void res.writeHead(400).end('signature does not verify');
      route.seen++;
      const b = route.behaviour;
      if (b.kind === 'ok') {
        const answer = () => res.writeHead(b.status ?? 204).end();
        return void (b.delayMs ? setTimeout(answer, b.delayMs) : answer());
      }
      if (b.kind === 'fail') return void res.writeHead(b.status).end('failing on purpose');
      if (b.kind === 'flaky') return void res.writeHead(route.seen <= b.failures ? b.status : 200).end();
      if (b.kind === 'redirect') return void res.writeHead(302, { location: b.to }).end();
      setTimeout(() => res.writeHead(200).end(), b.ms);
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    route(path, behaviour, secret) {
      routes.set(path, { behaviour, secret, seen: 0 });
    },
    setSecret(path, secret) {
      const route = routes.get(path);
      if (route) route.secret = secret;
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
