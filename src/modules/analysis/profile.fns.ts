import type { AnalysisProfile } from './analyze.fns.ts';

/**
 * The analysis profile of a workspace: the brand is its display name, with the slug as an alias
 * (hyphens read as spaces) when it differs; competitors as configured.
 */
export function profileFromWorkspace(ws: {
  brand?: string; slug?: string; displayName: string; domains: string[]; industry?: string | null;
  competitors: Array<{ name: string; aliases: string[]; domains: string[]; ambiguous: boolean }>;
}): AnalysisProfile {
  const slug = (ws.slug ?? ws.brand ?? '').replace(/-/g, ' ').trim();
  const aliases = slug.length >= 3 && slug.toLowerCase() !== ws.displayName.toLowerCase() ? [slug] : [];
  return {
    brand: { name: ws.displayName, aliases, domains: ws.domains, ambiguous: false },
    competitors: ws.competitors.map(({ name, aliases: a, domains, ambiguous }) => ({ name, aliases: a, domains, ambiguous })),
    industry: ws.industry ?? null,
  };
}
