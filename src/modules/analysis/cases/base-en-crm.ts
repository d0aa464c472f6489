// The first labelled cases: English, CRM market.
import { ACME, CRM_WS, LONG_CRM } from './base-entities.ts';
import { type AnalysisCase, owned, comp, third } from './types.ts';

export const BASE_EN_CRM: AnalysisCase[] = [
  // ----- English: CRM ------------------------------------------------------------------------
  {
    name: 'plain prose, brand first and praised',
    language: 'en',
    workspace: CRM_WS,
    answer:
      'For a small sales team, Acme is the best choice because it is easy to set up. Globex offers deeper reporting but takes longer to configure. HubSpot is popular with marketing teams.',
    expect: { mentioned: ['Acme', 'Globex', 'HubSpot'], brandRank: 1, citations: [], brandSentiment: 'positive' },
  },
  {
    name: 'numbered list, brand third',
    language: 'en',
    workspace: CRM_WS,
    answer:
      'Here are three CRMs worth shortlisting for a startup:\n\n1. **HubSpot** – strong marketing features.\n2. **Globex** – flexible pipelines and a solid API.\n3. **Acme** – simple pricing for small teams.\n\nAll three integrate with Gmail and Outlook.',
    expect: { mentioned: ['HubSpot', 'Globex', 'Acme'], brandRank: 3, citations: [] },
  },
  {
    name: 'bulleted list, brand second via alias',
    language: 'en',
    workspace: CRM_WS,
    answer:
      '- **Globex**: built for enterprise sales orgs.\n- **Acme CRM**: reliable and easy to use for teams under 20.\n- **HubSpot**: best known for its marketing suite.',
    expect: { mentioned: ['Globex', 'Acme', 'HubSpot'], brandRank: 2, citations: [], brandSentiment: 'positive' },
  },
  {
    name: 'markdown table, brand in last row',
    language: 'en',
    workspace: CRM_WS,
    answer:
      '| CRM | Team size | Starting price |\n|---|---|---|\n| Globex | 50+ | $49/user |\n| HubSpot | 5–50 | $20/user |\n| Acme | 1–20 | $12/user |',
    expect: { mentioned: ['Globex', 'HubSpot', 'Acme'], brandRank: 3, citations: [], brandSentiment: 'neutral' },
  },
  {
    name: 'markdown links to third-party, owned and competitor sites',
    language: 'en',
    workspace: CRM_WS,
    answer:
      "According to [G2's CRM grid](https://www.g2.com/categories/crm), [Acme](https://acme.com) leads on ease of use, while [Globex](https://www.globex.io/pricing) is stronger for large teams.",
    expect: {
      mentioned: ['Acme', 'Globex'],
      brandRank: 1,
      citations: [third('g2.com'), owned('acme.com'), comp('globex.io')],
    },
  },
  {
    name: 'bare URLs only, competitor URL first',
    language: 'en',
    workspace: CRM_WS,
    answer:
      'Compare plans at http://globex.io/plans and https://acme.com/pricing before deciding. A neutral overview is at https://www.capterra.com/customer-relationship-management-software/.',
    expect: {
      mentioned: ['Globex', 'Acme'],
      brandRank: 2,
      citations: [comp('globex.io'), owned('acme.com'), third('capterra.com')],
    },
  },
  {
    name: 'provider sources with competitor subdomain',
    language: 'en',
    workspace: CRM_WS,
    answer: 'Acme and HubSpot are both common choices for agencies.',
    sources: [
      { url: 'https://www.g2.com/products/acme-crm/reviews', title: 'Top CRM reviews' },
      { url: 'https://blog.hubspot.com/sales/agency-crm', title: 'Agency CRM guide' },
      { url: 'https://acme.com/customers/agencies' },
    ],
    expect: {
      mentioned: ['Acme', 'HubSpot'],
      brandRank: 1,
      citations: [third('g2.com'), comp('hubspot.com'), owned('acme.com')],
    },
  },
  {
    name: 'brand only in a provider source',
    language: 'en',
    workspace: CRM_WS,
    answer:
      'Most teams choose a CRM based on pipeline features, integrations and price. Start with a two-week trial and import a sample of real deals.',
    sources: [
      { url: 'https://acme.com/guides/choosing-a-crm' },
      { url: 'https://www.forbes.com/advisor/business/software/best-crm-software/' },
    ],
    expect: { mentioned: ['Acme'], brandRank: 1, citations: [owned('acme.com'), third('forbes.com')] },
  },
  {
    name: 'possessives with straight apostrophe',
    language: 'en',
    workspace: CRM_WS,
    answer: "Globex's reporting is deep, but Acme's onboarding is the best in the category.",
    expect: { mentioned: ['Globex', 'Acme'], brandRank: 2, citations: [], brandSentiment: 'positive' },
  },
  {
    name: 'possessives with curly apostrophe',
    language: 'en',
    workspace: CRM_WS,
    answer: 'HubSpot’s free CRM is a common starting point. Acme’s mobile app is reliable and fast.',
    expect: { mentioned: ['HubSpot', 'Acme'], brandRank: 2, citations: [], brandSentiment: 'positive' },
  },
  {
    name: 'plural of the brand name',
    language: 'en',
    workspace: CRM_WS,
    answer:
      'Large agencies sometimes run two Acmes side by side, one for sales and one for support. Globex is rarely deployed that way.',
    expect: { mentioned: ['Acme', 'Globex'], brandRank: 1, citations: [] },
  },
  {
    name: 'brand name only inside longer words',
    language: 'en',
    workspace: CRM_WS,
    answer: 'The Acmeology podcast and the preacme newsletter both review sales software. Globex sponsors the podcast.',
    expect: { mentioned: ['Globex'], brandRank: null, citations: [], brandSentiment: null },
  },
  {
    name: 'names only inside other sites URLs and domains',
    language: 'en',
    workspace: CRM_WS,
    answer:
      'A detailed comparison is available at https://reviews.example.com/acme-vs-globex, and the notacme.io newsletter covers it too. Forum threads on acme-reviews.net are less reliable.',
    expect: { mentioned: [], brandRank: null, citations: [third('example.com')], brandSentiment: null },
  },
  {
    name: 'owned subdomain URL is the first mention',
    language: 'en',
    workspace: CRM_WS,
    answer: "The import guide at https://help.acme.com/articles/csv-import is clearer than Globex's documentation.",
    expect: { mentioned: ['Acme', 'Globex'], brandRank: 1, citations: [owned('acme.com')] },
  },
  {
    name: 'bare domains are mentions but not citations',
    language: 'en',
    workspace: CRM_WS,
    answer: 'You can sign up at acme.com or globex.io in a few minutes; HubSpot requires a sales call for its top tier.',
    expect: { mentioned: ['Acme', 'Globex', 'HubSpot'], brandRank: 1, citations: [] },
  },
  {
    name: 'brand absent, only competitors',
    language: 'en',
    workspace: CRM_WS,
    answer: 'For enterprise pipelines, Globex and HubSpot are the usual shortlist. Both have mature APIs.',
    expect: { mentioned: ['Globex', 'HubSpot'], brandRank: null, citations: [], brandSentiment: null },
  },
  {
    name: 'ambiguous competitor as a weekday, no support',
    language: 'en',
    workspace: CRM_WS,
    answer:
      "Plan the kickoff for Monday morning and finish the data import by Friday. Acme's importer handles most of the work.",
    expect: { mentioned: ['Acme'], brandRank: 1, citations: [] },
  },
  {
    name: 'ambiguous competitor supported by its bare domain later in the text',
    language: 'en',
    workspace: CRM_WS,
    answer: 'Monday is popular with marketing teams, and its pricing is listed on monday.com. Acme costs less for teams under ten.',
    expect: { mentioned: ['Monday', 'Acme'], brandRank: 2, citations: [] },
  },
  {
    name: 'ambiguous competitor supported by a multi-word alias',
    language: 'en',
    workspace: CRM_WS,
    answer:
      'Notion is where many teams keep their wikis. Acme connects to it through Zapier, and Notion Labs has announced a native integration.',
    expect: { mentioned: ['Notion', 'Acme'], brandRank: 2, citations: [] },
  },
  {
    name: 'ambiguous competitor supported by a category word in its sentence',
    language: 'en',
    workspace: CRM_WS,
    answer:
      'Acme covers the sales pipeline well. For project tracking, Monday is a flexible platform that many agencies pair with it.',
    expect: { mentioned: ['Acme', 'Monday'], brandRank: 1, citations: [] },
  },
  {
    name: 'ambiguous competitor as a lowercase common noun',
    language: 'en',
    workspace: CRM_WS,
    answer: 'Globex has a notion of deal rooms that Acme lacks.',
    expect: { mentioned: ['Globex', 'Acme'], brandRank: 2, citations: [] },
  },
  {
    // Relabelled: an earlier label followed the sentence rule of the time, not what the text says.
    name: 'capitalised subject of its own sentence, no category word',
    language: 'en',
    workspace: CRM_WS,
    answer: 'Notion is on our reading list. Acme is a CRM platform for small teams.',
    expect: { mentioned: ['Notion', 'Acme'], brandRank: 2, citations: [] },
  },
  {
    name: 'ambiguous competitor first mentioned by its URL',
    language: 'en',
    workspace: CRM_WS,
    answer: 'Teams often paste links from https://www.notion.so into deal notes. Acme renders Notion pages inline.',
    expect: { mentioned: ['Notion', 'Acme'], brandRank: 2, citations: [comp('notion.so')] },
  },
  {
    name: 'first mention earlier than own list item',
    language: 'en',
    workspace: CRM_WS,
    answer:
      '1. HubSpot — the default choice, although many Acme users migrated from it.\n2. Globex — best for complex territories.\n3. Acme — best for small teams.',
    expect: { mentioned: ['HubSpot', 'Acme', 'Globex'], brandRank: 2, citations: [], brandSentiment: 'positive' },
  },
  {
    name: 'names in a third-party URL path do not set the order',
    language: 'en',
    workspace: CRM_WS,
    answer:
      'See https://www.g2.com/compare/hubspot-vs-acme for a side-by-side view. Acme wins on price, while HubSpot wins on integrations.',
    expect: { mentioned: ['Acme', 'HubSpot'], brandRank: 1, citations: [third('g2.com')] },
  },
  {
    name: 'case-insensitive names',
    language: 'en',
    workspace: CRM_WS,
    answer: 'ACME and globex both offer free trials, and hubspot does too.',
    expect: { mentioned: ['Acme', 'Globex', 'HubSpot'], brandRank: 1, citations: [] },
  },
  {
    name: 'heading pick and recommendation',
    language: 'en',
    workspace: CRM_WS,
    answer:
      '## Our pick: **Acme CRM**\n\nAcme CRM is recommended for teams under 20 people. Globex is too expensive at that size.',
    expect: { mentioned: ['Acme', 'Globex'], brandRank: 1, citations: [], brandSentiment: 'positive' },
  },
  {
    name: 'negative sentiment: slow, complaints, buggy',
    language: 'en',
    workspace: CRM_WS,
    answer:
      "Users report that Acme is slow when syncing large inboxes. Several complaints mention Acme's buggy calendar sync. Globex handles the same volume without problems.",
    expect: { mentioned: ['Acme', 'Globex'], brandRank: 1, citations: [], brandSentiment: 'negative' },
  },
  {
    name: 'negation: not reliable is negative',
    language: 'en',
    workspace: CRM_WS,
    answer: 'Acme is not reliable for imports above 100,000 records. Globex handles them without issues.',
    expect: { mentioned: ['Acme', 'Globex'], brandRank: 1, citations: [], brandSentiment: 'negative' },
  },
  {
    name: 'negation: not expensive is positive',
    language: 'en',
    workspace: CRM_WS,
    answer: 'Acme is not expensive, and its seats are billed monthly. Globex costs twice as much per seat.',
    expect: { mentioned: ['Acme', 'Globex'], brandRank: 1, citations: [], brandSentiment: 'positive' },
  },
  {
    name: 'neutral brand sentence, negative competitor sentence',
    language: 'en',
    workspace: CRM_WS,
    answer:
      'Acme was founded in 2015 and is headquartered in Austin. Globex is the worst option for small teams because it is expensive.',
    expect: { mentioned: ['Acme', 'Globex'], brandRank: 1, citations: [], brandSentiment: 'neutral' },
  },
  {
    name: 'mixed sentiment, three positive sentences against one negative',
    language: 'en',
    workspace: CRM_WS,
    answer:
      "Acme is easy to learn. Acme's support is excellent. Acme's reporting is reliable. Acme's mobile app is slow, though.",
    expect: { mentioned: ['Acme'], brandRank: 1, citations: [], brandSentiment: 'positive' },
  },
  {
    name: 'uppercase host and trailing punctuation after URLs',
    language: 'en',
    workspace: CRM_WS,
    answer: 'Pricing is listed at https://WWW.ACME.COM/pricing. For comparison, see Globex (https://globex.io).',
    expect: { mentioned: ['Acme', 'Globex'], brandRank: 1, citations: [owned('acme.com'), comp('globex.io')] },
  },
  {
    name: 'citations deduplicated, sources before inline links',
    language: 'en',
    workspace: CRM_WS,
    answer:
      'Acme publishes [benchmarks](https://acme.com/benchmarks) and a [trends blog](https://blog.acme.com/crm-trends). Globex relies on the same [G2 data](https://www.g2.com/categories/crm).',
    sources: [{ url: 'https://www.g2.com/compare/acme-vs-globex' }, { url: 'https://globex.io/resources' }],
    expect: {
      mentioned: ['Acme', 'Globex'],
      brandRank: 1,
      citations: [third('g2.com'), comp('globex.io'), owned('acme.com')],
    },
  },
  {
    name: 'competitor named only by the URL of a markdown link',
    language: 'en',
    workspace: CRM_WS,
    answer: 'Read the [official pricing page](https://www.hubspot.com/pricing/crm) before comparing it with Acme.',
    expect: { mentioned: ['HubSpot', 'Acme'], brandRank: 2, citations: [comp('hubspot.com')] },
  },
  {
    name: 'link text names a competitor, target is third-party',
    language: 'en',
    workspace: CRM_WS,
    answer: '[Globex review](https://www.techradar.com/reviews/globex) rates it highly; Acme has not been reviewed there yet.',
    expect: { mentioned: ['Globex', 'Acme'], brandRank: 2, citations: [third('techradar.com')] },
  },
  {
    name: 'no tracked entity at all',
    language: 'en',
    workspace: CRM_WS,
    answer: "I couldn't find reliable information about CRM pricing in your region. Try asking a local reseller.",
    expect: { mentioned: [], brandRank: null, citations: [], brandSentiment: null },
  },
  {
    name: 'long answer with headings, table, links, sources and a weekday',
    language: 'en',
    workspace: CRM_WS,
    answer: LONG_CRM,
    sources: [{ url: 'https://www.g2.com/categories/crm' }],
    expect: {
      mentioned: ['HubSpot', 'Acme', 'Globex', 'Notion'],
      brandRank: 2,
      citations: [third('g2.com'), owned('acme.com'), third('trustradius.com')],
      brandSentiment: 'positive',
    },
  },

];
