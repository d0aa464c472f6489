import type { AnalysisProfile } from '../analysis/analyze.fns.ts';

/**
 * The entities simulated engines name in canary answers (a real engine needs none): a fictional
 * market, so that simulated canaries have the list shape and citations real answers have.
 */
export const CANARY_PROFILE: AnalysisProfile = {
  brand: { name: 'Canary Suite', aliases: [], domains: ['canary-suite.example'], ambiguous: false },
  competitors: ['Northwind Tasks', 'Contoso Works', 'Fabrikam Flow', 'Tailspin Desk'].map((name) => ({
    name, aliases: [], domains: [`${name.toLowerCase().replace(/\s+/g, '-')}.example`], ambiguous: false,
  })),
};
