import { describe, expect, it } from 'vitest';
import { entitiesOf, type AnalysisProfile } from '../analysis/analyze.fns.ts';
import { citationViews } from './citations.fns.ts';

const profile: AnalysisProfile = {
  brand: { name: 'Acme Analytics', aliases: ['Acme'], domains: ['acme.com'], ambiguous: false },
  competitors: [{ name: 'Globex', aliases: ['Globex Corp'], domains: ['globex.com'], ambiguous: false }],
};

describe('citations', () => {
  it('lists cited sources, then retrieved-only ones once, classed', () => {
    const stored = { mentioned: [], entities: [], citations: [{ url: 'https://acme.com/pricing', domain: 'acme.com', class: 'owned' as const, entityId: 'brand' }] };
    const retrieved = [
      { url: 'https://acme.com/pricing/', title: 'Pricing', domain: 'acme.com' },
      { url: 'https://globex.com/x', title: null, domain: 'globex.com' },
      { url: 'https://g2.com/crm', title: 'G2', domain: 'g2.com' },
    ];
    expect(citationViews(stored, retrieved, new Map([['https://acme.com/pricing', 'Acme pricing']]), entitiesOf(profile))).toEqual([
      { url: 'https://acme.com/pricing', title: 'Acme pricing', domain: 'acme.com', class: 'owned', cited: true },
      { url: 'https://globex.com/x', title: null, domain: 'globex.com', class: 'competitor', cited: false },
      { url: 'https://g2.com/crm', title: 'G2', domain: 'g2.com', class: 'third_party', cited: false },
    ]);
  });
});
