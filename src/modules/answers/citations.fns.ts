import { classify } from '../analysis/citations.fns.ts';
import type { Entity } from '../analysis/mentions.fns.ts';
import { hostOf } from '../analysis/text.fns.ts';
import type { StoredAnalysis } from '../runs/detail.fns.ts';
import { trimEndOf } from '../../lib/text/trim.ts';

export interface CitationView { url: string; title: string | null; domain: string; class: 'owned' | 'competitor' | 'third_party'; cited: boolean }

const trimSlash = (url: string) => trimEndOf(url, '/');

/**
 * The answer's sources: those the analysis counted as cited (`cited: true`, in the analysis'
 * order), then those the engine retrieved and did not cite (`cited: false`), each URL once.
 */
export function citationViews(stored: StoredAnalysis | null, retrieved: Array<{ url: string; title: string | null; domain: string }>, titles: Map<string, string | null>, entities: Entity[]): CitationView[] {
  const seen = new Set<string>();
  const out: CitationView[] = [];
  for (const c of stored?.citations ?? []) {
    if (seen.has(trimSlash(c.url))) continue;
    seen.add(trimSlash(c.url));
    out.push({ url: c.url, title: titles.get(c.url) ?? null, domain: c.domain, class: c.class, cited: true });
  }
  for (const r of retrieved) {
    if (seen.has(trimSlash(r.url))) continue;
    seen.add(trimSlash(r.url));
    out.push({ url: r.url, title: r.title, domain: r.domain, class: classify(hostOf(r.url) ?? r.domain, entities).class, cited: false });
  }
  return out;
}
