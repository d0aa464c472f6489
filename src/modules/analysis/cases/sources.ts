// Answers as engines with search return them: footnote markers with a footnote list,
// numbered source lists after the text, Perplexity-style [n] markers over provider sources, a
// "Sources" list of titles and URLs, and AI-overview answers whose references come as provider
// sources. Labelled by the rules in types.ts, before the analysis was run on them.
import { CRM_WS, TELECOM_WS } from './base-entities.ts';
import { HOME_WS, PAY_WS } from './entities.ts';
import { caseIn, comp, owned, third, type AnalysisCase } from './types.ts';

const en = caseIn('en');
const es = caseIn('es');
const fr = caseIn('fr');

export const SOURCES: AnalysisCase[] = [
  en('footnote markers with a footnote list', CRM_WS,
    'Acme is the quickest to set up[^1], while HubSpot has the larger free tier[^2]. Reviewers on Reddit prefer Acme for small teams[^3].\n\n[^1]: https://acme.com/setup\n[^2]: https://www.hubspot.com/pricing/crm\n[^3]: https://www.reddit.com/r/sales/comments/abc/crm_for_small_teams/',
    ['Acme', 'HubSpot'], 1, { citations: [owned('acme.com'), comp('hubspot.com'), third('reddit.com')] }),
  en('numbered source list with titles after the text', CRM_WS,
    'For a 10-person team, Globex and Acme are the usual picks [1][2]. G2 ranks Globex higher on support [3].\n\nSources:\n[1] Globex pricing — https://globex.io/pricing\n[2] Acme features — https://acme.com/features\n[3] G2 CRM grid — https://www.g2.com/categories/crm',
    ['Globex', 'Acme'], 2, { citations: [comp('globex.io'), owned('acme.com'), third('g2.com')] }),
  en('Perplexity-style markers over provider sources', PAY_WS,
    'Stripe charges 2.9% + 30¢ per online card payment [1]. Square’s in-person rate is lower [2], and SumUp has no monthly fee [3].',
    ['Stripe', 'Square', 'SumUp'], 2, {
      sources: [{ url: 'https://stripe.com/pricing', title: 'Stripe pricing' }, { url: 'https://squareup.com/us/en/payments/pricing', title: 'Square fees' }, { url: 'https://www.nerdwallet.com/article/small-business/sumup-review', title: 'SumUp review' }],
      citations: [comp('stripe.com'), owned('squareup.com'), third('nerdwallet.com')],
    }),
  en('AI overview references as provider sources, not named in the text', HOME_WS,
    'Video doorbells that record without a subscription are rarer; most brands keep history behind a plan.\n- Local storage: some models save clips to a hub.',
    ['Ring'], null, {
      sources: [{ url: 'https://ring.com/protect-plans', title: 'Ring Protect' }, { url: 'https://en.wikipedia.org/wiki/Smart_doorbell', title: 'Smart doorbell' }],
      citations: [comp('ring.com'), third('wikipedia.org')],
    }),
  en('markdown footnote links in a sources section', TELECOM_WS,
    'Orange has the widest 5G coverage in France, ahead of Free.\n\n### References\n1. [Arcep — mobile coverage](https://www.arcep.fr/cartes-et-donnees/nos-cartes.html)\n2. [Free Mobile network](https://mobile.free.fr/reseau)\n3. [Orange 5G map](https://reseaux.orange.fr/cartes-de-couverture/5g)',
    ['Orange', 'Free'], 1, { citations: [third('arcep.fr'), comp('free.fr'), owned('orange.fr')] }),
  es('notas al pie con fuentes numeradas', CRM_WS,
    'Acme destaca por su soporte en español[^1]; Monday Sales CRM es más visual[^2].\n\nFuentes:\n[^1]: https://acme.com/es/soporte\n[^2]: https://monday.com/crm',
    ['Acme', 'Monday'], 1, { citations: [owned('acme.com'), comp('monday.com')] }),
  fr('liste de sources avec domaines nus', PAY_WS,
    'Pour un commerce de proximité, SumUp et Square sont les plus simples à installer.\n\nSources : sumup.com, squareup.com, lesnumeriques.com',
    ['SumUp', 'Square'], 2, { citations: [comp('sumup.com'), owned('squareup.com'), third('lesnumeriques.com')] }),
  en('provider sources and the same page linked inline', CRM_WS,
    'HubSpot’s free CRM covers contacts and deals ([pricing](https://www.hubspot.com/pricing/crm)); Acme starts at $12 per seat [1].',
    ['HubSpot', 'Acme'], 2, {
      sources: [{ url: 'https://acme.com/pricing', title: 'Acme pricing' }, { url: 'https://www.hubspot.com/pricing/crm', title: 'HubSpot pricing' }],
      citations: [owned('acme.com'), comp('hubspot.com')],
    }),
];
