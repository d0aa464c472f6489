import type { TraceIn } from './views.fns.ts';
import { classOf, type ClassContext } from './source-classes.fns.ts';
import { pathKey } from '../../lib/text/path-key.ts';

// The brand's own pages as the engines read them, per engine and page path: in how many answers
// each was retrieved and cited, against how many answers the engine gave (and how many reported
// what they retrieved). The traffic module joins this to what the engines' crawlers fetched and
// the visits their answers sent — one page's chain from crawled to visited.
// Simulated answers are tallied apart from real ones (`simulated` is part of each key): a
// simulated engine cites made-up paths of the brand's site (/blog, /docs), so its counts say
// nothing about the site's real pages and must never be added to theirs.

export { pathKey };

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
    const key = `${t.engine}\u0000${t.surface}\u0000${t.simulated}`;
    const e = engines.get(key) ?? { engine: t.engine, surface: t.surface, answers: 0, retrievalReported: 0, simulated: t.simulated };
    e.answers++;
    if (!t.missing.includes('retrieved')) e.retrievalReported++;
    engines.set(key, e);
    const touch = (s: { url: string; domain: string }) => {
      const path = pathKey(s.url);
      const id = `${key}\u0000${path}`;
      const row = rows.get(id) ?? { engine: t.engine, surface: t.surface, path, url: s.url, retrieved: 0, cited: 0, simulated: t.simulated, r: new Set(), c: new Set() };
      rows.set(id, row);
      return row;
    };
    for (const s of t.retrieved) if (owned(s.domain)) touch(s).r.add(t.resultId);
    for (const c of t.cited) if (owned(c.domain)) touch(c).c.add(t.resultId);
  }
  return {
    engines: [...engines.values()].sort((a, b) => a.engine.localeCompare(b.engine) || a.surface.localeCompare(b.surface) || Number(a.simulated) - Number(b.simulated)),
    rows: [...rows.values()].map(({ r, c, ...row }) => ({ ...row, retrieved: r.size, cited: c.size }))
      .sort((a, b) => a.path.localeCompare(b.path) || a.engine.localeCompare(b.engine) || a.surface.localeCompare(b.surface) || Number(a.simulated) - Number(b.simulated)),
  };
}
