import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { createSafeFetcher } from '../../src/lib/safe-fetch/safe-fetch.ts';

// A site on loopback for page tests, and a trap listener beside it that must never be reached.
// The fetcher allows the site's origin alone and resolves no names, so that no test ever sends
// a packet off this machine (not even a DNS query for the names Chromium likes to call).

export type Route = (req: http.IncomingMessage, res: http.ServerResponse, ctx: { origin: string; trap: string }) => void;

export interface FixtureSite {
  origin: string;
  /** `127.0.0.1:PORT` of the trap. */
  trap: string;
  trapHits(): number;
  fetcher: ReturnType<typeof createSafeFetcher>;
  close(): Promise<void>;
}

const listen = async (server: net.Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

export const html = (res: http.ServerResponse, body: string, status = 200) =>
  void res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body);
export const text = (res: http.ServerResponse, body: string, type = 'text/plain') => void res.writeHead(200, { 'content-type': type }).end(body);

export async function startFixtureSite(routes: Record<string, Route>): Promise<FixtureSite> {
  let hits = 0;
  const trapServer = net.createServer((socket) => {
    hits++;
    socket.destroy();
  });
  const trap = `127.0.0.1:${await listen(trapServer)}`;
  let origin = '';
  const site = http.createServer((req, res) => {
    const route = routes[new URL(req.url!, origin).pathname];
    if (route) route(req, res, { origin, trap });
    else res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  origin = `http://127.0.0.1:${await listen(site)}`;
  const fetcher = createSafeFetcher({ allowOrigins: [origin], lookup: async () => [], totalTimeoutMs: 10_000 });
  return {
    origin, trap, trapHits: () => hits, fetcher,
    async close() {
      await fetcher.close();
      site.closeAllConnections();
      await new Promise((r) => site.close(r));
      await new Promise((r) => trapServer.close(r));
    },
  };
}

/** A page that passes the nine checks except https (served over http on loopback). */
export function goodPage(origin: string, extraBody = '') {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Acme Analytics — dashboards</title>
<meta name="description" content="Acme Analytics builds dashboards that answer questions about your business data.">
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="canonical" href="${origin}/">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Acme"}</script>
</head><body><main><h1>Acme Analytics</h1><p>Dashboards for everyone.</p>${extraBody}</main></body></html>`;
}

export const ROBOTS = (origin: string) => `User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nAllow: /\nSitemap: ${origin}/sitemap.xml\n`;
export const SITEMAP = (origin: string, paths: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths.map((p) => `<url><loc>${origin}${p}</loc></url>`).join('')}</urlset>`;
export const LLMS = '# Acme Analytics\n\n> Dashboards for everyone.\n\n## Docs\n- [API](https://acme.com/api)\n';

/** Polls `GET …/jobs/{id}` until the job is no longer running; returns its status. */
export async function jobWhenDone(app: { inject: FastifyInstance['inject'] }, slug: string, id: string, headers: Record<string, string>, timeoutMs = 240_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const job = (await app.inject({ method: 'GET', url: `/api/v1/workspaces/${slug}/jobs/${id}`, headers })).json() as { id: string; status: string; lastLines: string[] };
    if (job.status !== 'running') return job;
    if (Date.now() > until) throw new Error(`job ${id} still running after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * A fetcher that serves domains from fixture sites (`domain → site`), each through its own safe
 * fetcher; HTTPS and any other name are refused as a closed port would be.
 */
export function mappedFetcher(sites: Record<string, FixtureSite>) {
  return {
    async fetch(url: string, opts?: Parameters<FixtureSite['fetcher']['fetch']>[1]) {
      const target = new URL(url);
      const site = sites[target.hostname] ?? Object.values(sites).find((s) => s.origin === target.origin);
      if (target.protocol === 'https:' || !site) throw new Error('connect ECONNREFUSED');
      return site.fetcher.fetch(`${site.origin}${target.pathname}${target.search}`, opts);
    },
    close: async () => {},
  } as unknown as FixtureSite['fetcher'];
}
