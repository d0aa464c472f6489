import type { TraceIn } from './views.fns.ts';
import { classOf, type ClassContext } from './source-classes.fns.ts';
import { cutAt, trimTrailingSlashes } from '../../lib/text/trim.ts';

// The brand's own pages as the engines read them, per engine and page path: in how many answers
// each was retrieved and cited, against how many answers the engine gave (and how many reported
// what they retrieved). The traffic module joins this to what the engines' crawlers fetched and
// the visits their answers sent — one page's chain from crawled to visited.

/** A URL's path as access logs write it: no query or fragment, no trailing slash but the root's. */
export function pathKey(urlOrPath: string): string {
  let path = urlOrPath;
  if (/^https?:\/\//i.test(urlOrPath)) {
    try {
      path = new URL(urlOrPath).pathname;
    } catch {
      return urlOrPath;
    }
  }
  path = cutAt(path, '?#') || '/';
  return path.length > 1 ? trimTrailingSlashes(path) || '/' : path;
}

export interface OwnedPathTally {
  engine: string;
  surface: string;
  path: string;
  /** The first owned URL seen with this path (its host kept for display). */
  url: string;
  retrieved: number;
  cited: number;
  simulated: boolean;
}
export interface EngineAnswers { engine: string; surface: string; answers: number; retrievalReported: number; simulated: boolean }

export function ownedPathTallies(traces: TraceIn[], ctx: ClassContext): { engines: EngineAnswers[]; rows: OwnedPathTally[] } {
  const engines = new Map<string, EngineAnswers>();
  const rows = new Map<string, OwnedPathTally & { r: Set<string>; c: Set<string> }>();
  const owned = (domain: string) => classOf(domain, ctx).class === 'owned';
  for (const t of traces) {
    const key = `${t.engine}\u0000${t.surface}`;
    const e = engines.get(key) ?? { engine: t.engine, surface: t.surface, answers: 0, retrievalReported: 0, simulated: false };
    e.answers++;
    if (!t.missing.includes('retrieved')) e.retrievalReported++;
    e.simulated ||= t.simulated;
    engines.set(key, e);
    const touch = (s: { url: string; domain: string }) => {
      const path = pathKey(s.url);
      const id = `${key}\u0000${path}`;
      const row = rows.get(id) ?? { engine: t.engine, surface: t.surface, path, url: s.url, retrieved: 0, cited: 0, simulated: false, r: new Set(), c: new Set() };
      row.simulated ||= t.simulated;
      rows.set(id, row);
      return row;
    };
    for (const s of t.retrieved) if (owned(s.domain)) touch(s).r.add(t.resultId);
    for (const c of t.cited) if (owned(c.domain)) touch(c).c.add(t.resultId);
  }
  return {
    engines: [...engines.values()].sort((a, b) => a.engine.localeCompare(b.engine) || a.surface.localeCompare(b.surface)),
    rows: [...rows.values()].map(({ r, c, ...row }) => ({ ...row, retrieved: r.size, cited: c.size }))
      .sort((a, b) => a.path.localeCompare(b.path) || a.engine.localeCompare(b.engine) || a.surface.localeCompare(b.surface)),
  };
}
