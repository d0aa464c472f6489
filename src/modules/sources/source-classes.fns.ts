import { readFileSync } from 'node:fs';
import { hostMatches } from '../analysis/mentions.fns.ts';

// Source classes: what kind of site an engine read or cited. The workspace's own domains are
// `owned` and its competitors' `competitor` (from its settings, always); then the workspace's
// overrides; then the shipped list (domain-classes.json, editable by the operator); else `other`.
// A domain matches its subdomains (en.wikipedia.org is wikipedia.org).

export const SOURCE_CLASSES = ['owned', 'competitor', 'earned_media', 'user_generated', 'reference', 'social', 'other'] as const;
export type SourceClass = (typeof SOURCE_CLASSES)[number];
/** What a workspace may set for a domain (owned and competitor come from its settings). */
export const OVERRIDABLE_CLASSES = ['earned_media', 'user_generated', 'reference', 'social', 'other'] as const;
export type OverridableClass = (typeof OVERRIDABLE_CLASSES)[number];

type Shipped = Map<string, OverridableClass>;

export function parseDomainClasses(json: string): Shipped {
  const data = JSON.parse(json) as Record<string, unknown>;
  const out: Shipped = new Map();
  for (const cls of OVERRIDABLE_CLASSES) {
    const list = data[cls];
    if (list !== undefined && !Array.isArray(list)) throw new Error(`"${cls}" must be a list of domains`);
    for (const d of (list as unknown[] | undefined) ?? []) if (typeof d === 'string') out.set(d.toLowerCase(), cls);
  }
  return out;
}

let shipped: Shipped | null = null;
/** The shipped list, read once (GEO_SOURCE_CLASSES_FILE points at another file). */
export function shippedClasses(): Shipped {
  shipped ??= parseDomainClasses(readFileSync(process.env.GEO_SOURCE_CLASSES_FILE || new URL('./domain-classes.json', import.meta.url), 'utf8'));
  return shipped;
}

export interface ClassContext {
  owned: string[];
  competitors: Array<{ name: string; domains: string[] }>;
  overrides: Map<string, OverridableClass>;
  shipped: Shipped;
}

/** The class of the domain or of its nearest listed parent (label by label). */
const lookup = (map: Map<string, OverridableClass>, domain: string) => {
  const labels = domain.split('.');
  for (let i = 0; i < labels.length - 1; i++) {
    const cls = map.get(labels.slice(i).join('.'));
    if (cls) return cls;
  }
  return null;
};

export function classOf(domain: string, ctx: ClassContext): { class: SourceClass; competitor: string | null } {
  const d = domain.toLowerCase();
  if (ctx.owned.some((o) => hostMatches(d, o.toLowerCase()))) return { class: 'owned', competitor: null };
  const rival = ctx.competitors.find((c) => c.domains.some((o) => hostMatches(d, o.toLowerCase())));
  if (rival) return { class: 'competitor', competitor: rival.name };
  return { class: lookup(ctx.overrides, d) ?? lookup(ctx.shipped, d) ?? 'other', competitor: null };
}
