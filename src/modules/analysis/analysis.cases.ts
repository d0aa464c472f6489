// Labelled answers for the GEO answer analysis (mentions, rank, citations, brand sentiment).
// Labels were written by hand from the annotation rules, not from any implementation:
//  1. Mention = whole-word name/alias (case- and accent-insensitive; possessives and plurals count),
//     or one of the entity's domains in the text (bare or as a URL host / subdomain), or a provider
//     source on its domain. Matches inside longer words or inside another site's URL/domain do not count.
//  2. Ambiguous entities count only with support: their domain in text/sources, a multi-word alias, or a
//     category word (industry words or the generic list) in the same sentence as the match.
//  3. Rank = brand's 1-based position among mentioned tracked entities ordered by first counted mention.
//  4. Citations = registrable domains of URLs (sources first, then inline links/bare URLs in text order).
//  5. Sentiment = sign of the mean sentence sentiment over sentences naming the brand.
// Cases avoid the situations the rules leave open (see the notes at the end of the file).

export interface CaseEntity { name: string; aliases: string[]; domains: string[]; ambiguous: boolean }
export interface CaseWorkspace { brand: CaseEntity; competitors: CaseEntity[]; industry?: string }
export interface AnalysisCase {
  name: string;
  language: 'en' | 'es' | 'ca' | 'fr';
  workspace: CaseWorkspace;
  answer: string;
  sources?: Array<{ url: string; title?: string }>;
  expect: {
    mentioned: string[];
    brandRank: number | null;
    citations?: Array<{ domain: string; class: 'owned' | 'competitor' | 'third_party' }>;
    brandSentiment?: 'positive' | 'negative' | 'neutral' | null;
  };
}

type CitationClass = 'owned' | 'competitor' | 'third_party';
const owned = (domain: string) => ({ domain, class: 'owned' as CitationClass });
const comp = (domain: string) => ({ domain, class: 'competitor' as CitationClass });
const third = (domain: string) => ({ domain, class: 'third_party' as CitationClass });

// ---------------------------------------------------------------------------------------------
// Entities and workspaces
// ---------------------------------------------------------------------------------------------

// CRM software
const ACME: CaseEntity = { name: 'Acme', aliases: ['Acme CRM'], domains: ['acme.com'], ambiguous: false };
const GLOBEX: CaseEntity = { name: 'Globex', aliases: [], domains: ['globex.io'], ambiguous: false };
const HUBSPOT: CaseEntity = { name: 'HubSpot', aliases: [], domains: ['hubspot.com'], ambiguous: false };
const MONDAY: CaseEntity = { name: 'Monday', aliases: ['Monday Sales CRM'], domains: ['monday.com'], ambiguous: true };
const NOTION: CaseEntity = { name: 'Notion', aliases: ['Notion Labs'], domains: ['notion.so'], ambiguous: true };
const CRM_WS: CaseWorkspace = { brand: ACME, competitors: [GLOBEX, HUBSPOT, MONDAY, NOTION], industry: 'crm' };
/** Same market, but the tracked brand is the ambiguous one. */
const MONDAY_WS: CaseWorkspace = { brand: MONDAY, competitors: [ACME, GLOBEX, NOTION], industry: 'crm' };

// Fashion retail (UK)
const NORTHWIND: CaseEntity = { name: 'Northwind Apparel', aliases: ['Northwind'], domains: ['northwind.co.uk'], ambiguous: false };
const CANDA: CaseEntity = { name: 'C&A', aliases: [], domains: ['c-and-a.com'], ambiguous: false };
const HM: CaseEntity = { name: 'H&M', aliases: ['Hennes & Mauritz'], domains: ['hm.com'], ambiguous: false };
const ZARA: CaseEntity = { name: 'Zara', aliases: [], domains: ['zara.com'], ambiguous: false };
const MANGO: CaseEntity = { name: 'Mango', aliases: ['Mango Fashion'], domains: ['mango.com'], ambiguous: true };
const FASHION_WS: CaseWorkspace = { brand: NORTHWIND, competitors: [CANDA, HM, ZARA, MANGO], industry: 'fashion' };

// Fashion retail (Spain)
const LINEA_NORTE: CaseEntity = { name: 'Línea Norte', aliases: [], domains: ['lineanorte.es'], ambiguous: false };
const CORTE_INGLES: CaseEntity = { name: 'El Corte Inglés', aliases: ['Corte Inglés'], domains: ['elcorteingles.es'], ambiguous: false };
const FASHION_ES_WS: CaseWorkspace = { brand: LINEA_NORTE, competitors: [ZARA, MANGO, CANDA, CORTE_INGLES], industry: 'moda' };

// Travel
const VUELORA: CaseEntity = { name: 'Vuelora', aliases: ['Vuelora Viajes'], domains: ['vuelora.com', 'vuelora.es'], ambiguous: false };
const BOOKING: CaseEntity = { name: 'Booking.com', aliases: [], domains: ['booking.com'], ambiguous: false };
const HOTELSCOM: CaseEntity = { name: 'Hotels.com', aliases: [], domains: ['hotels.com'], ambiguous: false };
const EXPEDIA: CaseEntity = { name: 'Expedia', aliases: [], domains: ['expedia.com'], ambiguous: false };
const KAYAK: CaseEntity = { name: 'Kayak', aliases: ['Kayak Software'], domains: ['kayak.com', 'kayak.co.uk'], ambiguous: true };
const TRAVEL_WS: CaseWorkspace = { brand: VUELORA, competitors: [BOOKING, HOTELSCOM, EXPEDIA, KAYAK], industry: 'travel' };
const TRAVEL_ES_WS: CaseWorkspace = { brand: VUELORA, competitors: [BOOKING, KAYAK, EXPEDIA], industry: 'viajes' };

// Travel (Catalonia)
const BRUIXOLA: CaseEntity = { name: 'Brúixola', aliases: ['Brúixola Viatges'], domains: ['bruixola.cat'], ambiguous: false };
const EDREAMS: CaseEntity = { name: 'eDreams', aliases: [], domains: ['edreams.com', 'edreams.es'], ambiguous: false };
const TRAVEL_CA_WS: CaseWorkspace = { brand: BRUIXOLA, competitors: [BOOKING, KAYAK, EDREAMS], industry: 'viatges' };

// Coffee chain
const CAFE_NOIR: CaseEntity = { name: 'Café Noir', aliases: ['Cafe Noir Roasters'], domains: ['cafenoir.fr'], ambiguous: false };
const STARBUCKS: CaseEntity = { name: 'Starbucks', aliases: [], domains: ['starbucks.com', 'starbucks.fr'], ambiguous: false };
const COLUMBUS: CaseEntity = { name: 'Columbus Café', aliases: ['Columbus Café & Co'], domains: ['columbuscafe.com'], ambiguous: false };
const GRIND: CaseEntity = { name: 'Grind', aliases: ['Grind Coffee'], domains: ['grind.co.uk'], ambiguous: true };
const COFFEE_WS: CaseWorkspace = { brand: CAFE_NOIR, competitors: [STARBUCKS, COLUMBUS, GRIND], industry: 'coffee' };

// Telecom (ambiguous brand)
const ORANGE: CaseEntity = { name: 'Orange', aliases: ['Orange Telecom', 'Orange Business'], domains: ['orange.fr', 'orange.com'], ambiguous: true };
const ATT: CaseEntity = { name: 'AT&T', aliases: [], domains: ['att.com'], ambiguous: false };
const VODAFONE: CaseEntity = { name: 'Vodafone', aliases: [], domains: ['vodafone.com', 'vodafone.co.uk'], ambiguous: false };
const FREE: CaseEntity = { name: 'Free', aliases: ['Free Mobile'], domains: ['free.fr'], ambiguous: true };
const BOUYGUES: CaseEntity = { name: 'Bouygues Telecom', aliases: ['Bouygues'], domains: ['bouyguestelecom.fr'], ambiguous: false };
const TELECOM_WS: CaseWorkspace = { brand: ORANGE, competitors: [ATT, VODAFONE, FREE, BOUYGUES], industry: 'telecom' };

// ---------------------------------------------------------------------------------------------
// Long answers
// ---------------------------------------------------------------------------------------------

const LONG_CRM = `## Best CRM tools for a 10-person agency

Choosing a CRM depends on how your team sells. Below is a short comparison.

### 1. HubSpot
HubSpot's free tier is generous, and its marketing suite is mature. Larger plans get expensive quickly.

### 2. Acme
Acme is the easiest CRM to set up in our testing, and its support team is excellent. See the [pricing page](https://acme.com/pricing) for current plans.

### 3. Globex
Globex is powerful but can be slow with large datasets; reviewers on https://www.trustradius.com/products/globex/reviews mention this often.

### Also worth a look
Notion is a flexible workspace tool, but it is not a dedicated CRM. Plan your migration before Monday's team meeting so nobody loses data.

| Tool | Free plan | Best for |
|---|---|---|
| HubSpot | Yes | Marketing-led teams |
| Acme | 14-day trial | Small sales teams |
| Globex | No | Data-heavy teams |

**Bottom line:** Acme is recommended for most small agencies; HubSpot makes sense if marketing automation matters more.`;

const LONG_TRAVEL = `Planning a city break in Lisbon? Here is how the main booking sites compare.

**Flights.** Kayak is a metasearch tool, so it only redirects you to airlines and agencies. Expedia bundles flights with hotels and often discounts the package.

**Hotels.** Booking.com has the largest inventory in Lisbon, while Hotels.com rewards repeat stays.

**Packages.** Vuelora is the best option if you want flights, transfers and a guided tour in one booking; its customer support is reliable. Vuelora sends the itinerary by email a week before departure.

More details: https://www.vuelora.com/lisbon and https://www.timeout.com/lisbon.`;

const LONG_TRAVEL_ES = `### Mejores webs para reservar un viaje a Canarias

1. **Vuelora**: la opción más recomendada para paquetes con vuelo y hotel. Su atención al cliente es excelente.
2. **Booking.com**: ideal si solo necesitas alojamiento.
3. **Expedia**: buenas ofertas de última hora, aunque recibe quejas por los cambios de reserva.
4. **Kayak**: un buscador de vuelos; no vende directamente.

Más información en https://www.vuelora.es/canarias y en https://www.kayak.com/flights.`;

const LONG_TELECOM_FR = `## Quel opérateur choisir en 2024 ?

**Orange** reste la marque la plus fiable pour la couverture 4G et 5G, surtout à la campagne. Son service client est excellent, même si les forfaits sont plus élevés que la moyenne.

**Bouygues Télécom** propose de bonnes offres fibre et une box appréciée.

**Free** casse les prix avec des forfaits mobiles à moins de 10 €, mais le service client reçoit des plaintes.

Pour comparer, consultez https://www.ariase.com/box et la page [offres Orange](https://boutique.orange.fr/mobile).`;

// ---------------------------------------------------------------------------------------------
// Cases
// ---------------------------------------------------------------------------------------------

export const CASES: AnalysisCase[] = [
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
    // Relabelled (issue 9): the old label followed the old sentence rule, not what the text says.
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

  // ----- English: ambiguous brand (Monday) ---------------------------------------------------
  {
    name: 'ambiguous brand as a weekday, only competitors count',
    language: 'en',
    workspace: MONDAY_WS,
    answer: 'See you on Monday! In the meantime, Acme and Globex are both worth a trial.',
    expect: { mentioned: ['Acme', 'Globex'], brandRank: null, citations: [], brandSentiment: null },
  },
  {
    name: 'ambiguous brand supported by its multi-word alias',
    language: 'en',
    workspace: MONDAY_WS,
    answer: 'For visual pipelines, Monday Sales CRM is the best option, while Globex suits engineering-heavy teams.',
    expect: { mentioned: ['Monday', 'Globex'], brandRank: 1, citations: [], brandSentiment: 'positive' },
  },
  {
    name: 'ambiguous brand supported by a provider source on its domain',
    language: 'en',
    workspace: MONDAY_WS,
    answer: 'Monday is popular with creative agencies, and Globex is common in finance.',
    sources: [{ url: 'https://monday.com/crm' }, { url: 'https://www.zdnet.com/article/best-crm/' }],
    expect: { mentioned: ['Monday', 'Globex'], brandRank: 1, citations: [owned('monday.com'), third('zdnet.com')] },
  },

  // ----- English: fashion --------------------------------------------------------------------
  {
    name: 'co.uk owned subdomain and competitor subdomain URLs',
    language: 'en',
    workspace: FASHION_WS,
    answer:
      "Northwind Apparel's autumn sale is live at https://shop.northwind.co.uk/sale, and H&M has similar discounts at https://www2.hm.com/en_gb/sale.html.",
    expect: {
      mentioned: ['Northwind Apparel', 'H&M'],
      brandRank: 1,
      citations: [owned('northwind.co.uk'), comp('hm.com')],
    },
  },
  {
    name: 'names with ampersands, brand by alias',
    language: 'en',
    workspace: FASHION_WS,
    answer: "For basics, C&A and H&M have the widest ranges. Northwind's fabrics are excellent.",
    expect: { mentioned: ['C&A', 'H&M', 'Northwind Apparel'], brandRank: 3, citations: [], brandSentiment: 'positive' },
  },
  {
    name: 'ampersand possessives and a multi-word alias with ampersand',
    language: 'en',
    workspace: FASHION_WS,
    answer:
      "C&A's denim line and Hennes & Mauritz's Divided range target teenagers. Northwind focuses on workwear.",
    expect: { mentioned: ['C&A', 'H&M', 'Northwind Apparel'], brandRank: 3, citations: [], brandSentiment: 'neutral' },
  },
  {
    name: 'plural of a competitor name',
    language: 'en',
    workspace: FASHION_WS,
    answer: 'There are three Zaras on Oxford Street but only one Northwind store.',
    expect: { mentioned: ['Zara', 'Northwind Apparel'], brandRank: 2, citations: [] },
  },
  {
    name: 'ambiguous competitor as a colour, no support',
    language: 'en',
    workspace: FASHION_WS,
    answer: "Northwind's summer linen comes in mango, sage and sand.",
    expect: { mentioned: ['Northwind Apparel'], brandRank: 1, citations: [] },
  },
  {
    name: 'ambiguous competitor supported by the industry word',
    language: 'en',
    workspace: FASHION_WS,
    answer: 'Mango is a popular name in fast fashion, while Northwind Apparel targets durable workwear.',
    expect: { mentioned: ['Mango', 'Northwind Apparel'], brandRank: 2, citations: [] },
  },
  {
    name: 'ambiguous competitor supported by a provider source subdomain',
    language: 'en',
    workspace: FASHION_WS,
    answer: 'Mango and Zara both restock weekly. Northwind restocks monthly.',
    sources: [{ url: 'https://shop.mango.com/gb/women' }, { url: 'https://www.zara.com/uk/' }],
    expect: {
      mentioned: ['Mango', 'Zara', 'Northwind Apparel'],
      brandRank: 3,
      citations: [comp('mango.com'), comp('zara.com')],
    },
  },
  {
    name: 'brand inside another domain, third-party co.uk URL',
    language: 'en',
    workspace: FASHION_WS,
    answer:
      "Reviews on northwindfans.net are mixed, and https://www.vogue.co.uk/article/h-and-m-autumn-edit praises the new collection. Zara's return policy is the clearest.",
    expect: { mentioned: ['Zara'], brandRank: null, citations: [third('vogue.co.uk')], brandSentiment: null },
  },
  {
    name: 'competitors by bare domain and by hyphenated URL host',
    language: 'en',
    workspace: FASHION_WS,
    answer: 'Check sizes on hm.com and https://www.c-and-a.com/uk/en/shop before ordering from Northwind Apparel.',
    expect: { mentioned: ['H&M', 'C&A', 'Northwind Apparel'], brandRank: 3, citations: [comp('c-and-a.com')] },
  },

  // ----- English: travel ---------------------------------------------------------------------
  {
    name: 'names containing dots',
    language: 'en',
    workspace: TRAVEL_WS,
    answer:
      'For last-minute hotels, Booking.com and Hotels.com usually have the widest inventory. Vuelora focuses on package holidays.',
    expect: { mentioned: ['Booking.com', 'Hotels.com', 'Vuelora'], brandRank: 3, citations: [] },
  },
  {
    name: 'possessive of a dotted name',
    language: 'en',
    workspace: TRAVEL_WS,
    answer: "Hotels.com's loyalty scheme gives a reward night after ten stays, whereas Vuelora has no loyalty scheme.",
    expect: { mentioned: ['Hotels.com', 'Vuelora'], brandRank: 2, citations: [] },
  },
  {
    name: 'ambiguous competitor as a boat, no support',
    language: 'en',
    workspace: TRAVEL_WS,
    answer: 'If you enjoy the outdoors, book a kayak tour on the lake. Vuelora sells these as add-ons.',
    expect: { mentioned: ['Vuelora'], brandRank: 1, citations: [] },
  },
  {
    name: 'ambiguous competitor supported only by the industry word',
    language: 'en',
    workspace: TRAVEL_WS,
    answer:
      'Kayak is a travel search engine that compares flights from many sites. Vuelora focuses on curated packages.',
    expect: { mentioned: ['Kayak', 'Vuelora'], brandRank: 2, citations: [] },
  },
  {
    name: 'ambiguous competitor supported by its co.uk URL',
    language: 'en',
    workspace: TRAVEL_WS,
    answer: 'Kayak shows flexible-date fares (see https://www.kayak.co.uk/explore). Vuelora does not.',
    expect: { mentioned: ['Kayak', 'Vuelora'], brandRank: 2, citations: [comp('kayak.co.uk')] },
  },
  {
    name: 'brand with two owned domains, both cited',
    language: 'en',
    workspace: TRAVEL_WS,
    answer:
      'Vuelora runs separate sites for Spain (https://www.vuelora.es) and everywhere else (https://vuelora.com/en). Expedia uses a single global site.',
    expect: {
      mentioned: ['Vuelora', 'Expedia'],
      brandRank: 1,
      citations: [owned('vuelora.es'), owned('vuelora.com')],
    },
  },
  {
    name: 'dotted competitor name inside a review site URL',
    language: 'en',
    workspace: TRAVEL_WS,
    answer: 'Reviews at https://www.trustpilot.com/review/www.hotels.com are mixed, while Vuelora averages 4.6 stars.',
    expect: { mentioned: ['Vuelora'], brandRank: 1, citations: [third('trustpilot.com')] },
  },
  {
    name: 'long travel answer with five entities, brand last',
    language: 'en',
    workspace: TRAVEL_WS,
    answer: LONG_TRAVEL,
    expect: {
      mentioned: ['Kayak', 'Expedia', 'Booking.com', 'Hotels.com', 'Vuelora'],
      brandRank: 5,
      citations: [owned('vuelora.com'), third('timeout.com')],
      brandSentiment: 'positive',
    },
  },

  // ----- English: coffee ---------------------------------------------------------------------
  {
    name: 'accented brand written without accents',
    language: 'en',
    workspace: COFFEE_WS,
    answer:
      'For a quiet place to work in Paris, cafe noir on Rue Oberkampf is recommended. Starbucks is always an option too.',
    expect: { mentioned: ['Café Noir', 'Starbucks'], brandRank: 1, citations: [], brandSentiment: 'positive' },
  },
  {
    name: 'accented competitor alias with ampersand written without accent',
    language: 'en',
    workspace: COFFEE_WS,
    answer: 'Columbus Cafe & Co has more station kiosks than Café Noir.',
    expect: { mentioned: ['Columbus Café', 'Café Noir'], brandRank: 2, citations: [] },
  },
  {
    name: 'ambiguous competitor as a verb, neutral brand sentence',
    language: 'en',
    workspace: COFFEE_WS,
    answer: 'Grind the beans just before brewing for the best flavour. Café Noir sells whole beans.',
    expect: { mentioned: ['Café Noir'], brandRank: 1, citations: [], brandSentiment: 'neutral' },
  },
  {
    name: 'ambiguous competitor supported by the industry word coffee',
    language: 'en',
    workspace: COFFEE_WS,
    answer: 'In London, Grind is a coffee chain known for its espresso martinis. Café Noir has no UK branches.',
    expect: { mentioned: ['Grind', 'Café Noir'], brandRank: 2, citations: [] },
  },
  {
    name: 'possessive after a trailing s and curly brand possessive',
    language: 'en',
    workspace: COFFEE_WS,
    answer: 'Starbucks’ seasonal menu drives traffic in autumn, but Café Noir’s single-origin filter is excellent.',
    expect: { mentioned: ['Starbucks', 'Café Noir'], brandRank: 2, citations: [], brandSentiment: 'positive' },
  },
  {
    name: 'brand only as a bare domain',
    language: 'en',
    workspace: COFFEE_WS,
    answer: 'Order beans from cafenoir.fr or pick them up in store.',
    expect: { mentioned: ['Café Noir'], brandRank: 1, citations: [] },
  },
  {
    name: 'only competitors, ambiguous one by multi-word alias',
    language: 'en',
    workspace: COFFEE_WS,
    answer: 'Starbucks and Grind Coffee dominate London station kiosks.',
    expect: { mentioned: ['Starbucks', 'Grind'], brandRank: null, citations: [], brandSentiment: null },
  },

  // ----- English: telecom (ambiguous brand) ---------------------------------------------------
  {
    name: 'ambiguous brand as a colour, only competitors',
    language: 'en',
    workspace: TELECOM_WS,
    answer: 'The new handset comes in orange and black. AT&T and Vodafone both stock it.',
    expect: { mentioned: ['AT&T', 'Vodafone'], brandRank: null, citations: [], brandSentiment: null },
  },
  {
    name: 'ambiguous brand supported by a category word, ambiguous competitor by alias',
    language: 'en',
    workspace: TELECOM_WS,
    answer: 'In France, Orange is the largest mobile service by subscribers, ahead of Free Mobile and Bouygues Telecom.',
    expect: { mentioned: ['Orange', 'Free', 'Bouygues Telecom'], brandRank: 1, citations: [] },
  },
  {
    name: 'ampersand name with possessive, competitor URLs',
    language: 'en',
    workspace: TELECOM_WS,
    answer:
      "AT&T’s fibre plans start at $55 (https://www.att.com/internet/fiber/). Vodafone's UK plans are at https://www.vodafone.co.uk.",
    expect: {
      mentioned: ['AT&T', 'Vodafone'],
      brandRank: null,
      citations: [comp('att.com'), comp('vodafone.co.uk')],
      brandSentiment: null,
    },
  },
  {
    // Relabelled (issue 9): "Free is catching up" names the operator in a telecom answer.
    name: 'ambiguous brand supported by a source, ambiguous competitor as a sentence subject',
    language: 'en',
    workspace: TELECOM_WS,
    answer: 'Orange has the best 5G coverage in rural areas, according to the regulator. Free is catching up.',
    sources: [
      { url: 'https://reseaux.orange.fr/couverture-reseaux' },
      { url: 'https://www.arcep.fr/cartes-et-donnees.html' },
    ],
    expect: {
      mentioned: ['Orange', 'Free'],
      brandRank: 1,
      citations: [owned('orange.fr'), third('arcep.fr')],
      brandSentiment: 'positive',
    },
  },
  {
    name: 'ambiguous brand supported by a multi-word alias later in the sentence',
    language: 'en',
    workspace: TELECOM_WS,
    answer:
      'AT&T and Verizon dominate the US market; Orange only serves multinational customers there through Orange Business.',
    expect: { mentioned: ['AT&T', 'Orange'], brandRank: 2, citations: [] },
  },

  // ----- Spanish -----------------------------------------------------------------------------
  {
    name: 'acentos omitidos, marca primera y positiva',
    language: 'es',
    workspace: FASHION_ES_WS,
    answer:
      'Linea Norte es la mejor opción para ropa de oficina. El Corte Ingles tiene más variedad y Zara es más barata.',
    expect: {
      mentioned: ['Línea Norte', 'El Corte Inglés', 'Zara'],
      brandRank: 1,
      citations: [],
      brandSentiment: 'positive',
    },
  },
  {
    name: 'negación: no es caro es positivo',
    language: 'es',
    workspace: FASHION_ES_WS,
    answer:
      'El catálogo de Línea Norte no es caro si compras en rebajas. Zara, en cambio, acumula quejas sobre devoluciones.',
    expect: { mentioned: ['Línea Norte', 'Zara'], brandRank: 1, citations: [], brandSentiment: 'positive' },
  },
  {
    name: 'negación: no es fiable y lento; Mango apoyado por la palabra del sector',
    language: 'es',
    workspace: FASHION_ES_WS,
    answer:
      'Según varias reseñas, el envío de Línea Norte no es fiable y la atención al cliente es lenta. En moda rápida, Mango y C&A cumplen mejor los plazos.',
    expect: { mentioned: ['Línea Norte', 'Mango', 'C&A'], brandRank: 1, citations: [], brandSentiment: 'negative' },
  },
  {
    name: 'Mango como fruta, sin apoyo',
    language: 'es',
    workspace: FASHION_ES_WS,
    answer: 'Línea Norte lanza una camiseta con estampado de mango y piña.',
    expect: { mentioned: ['Línea Norte'], brandRank: 1, citations: [], brandSentiment: 'neutral' },
  },
  {
    name: 'lista numerada, marca segunda',
    language: 'es',
    workspace: FASHION_ES_WS,
    answer: 'Las tiendas más visitadas para comprar trajes:\n\n1. El Corte Inglés\n2. Línea Norte\n3. Zara',
    expect: { mentioned: ['El Corte Inglés', 'Línea Norte', 'Zara'], brandRank: 2, citations: [] },
  },
  {
    name: 'marca ausente, enlaces y URLs de competidores',
    language: 'es',
    workspace: FASHION_ES_WS,
    answer:
      'Puedes comparar precios en [la web de Zara](https://www.zara.com/es/) y en https://www.elcorteingles.es/moda-mujer/. También hay análisis en https://elpais.com/escaparate/.',
    expect: {
      mentioned: ['Zara', 'El Corte Inglés'],
      brandRank: null,
      citations: [comp('zara.com'), comp('elcorteingles.es'), third('elpais.com')],
      brandSentiment: null,
    },
  },
  {
    name: 'fuentes del proveedor, propia y de terceros',
    language: 'es',
    workspace: FASHION_ES_WS,
    answer: 'Línea Norte es excelente para tallas grandes y su web es fácil de usar.',
    sources: [{ url: 'https://www.lineanorte.es/tallas-grandes' }, { url: 'https://www.20minutos.es/moda/' }],
    expect: {
      mentioned: ['Línea Norte'],
      brandRank: 1,
      citations: [owned('lineanorte.es'), third('20minutos.es')],
      brandSentiment: 'positive',
    },
  },
  {
    name: 'caro y lenta: negativo',
    language: 'es',
    workspace: TRAVEL_ES_WS,
    answer:
      'Para escapadas de fin de semana, Booking.com es la mejor opción. Vuelora es caro y su aplicación es lenta.',
    expect: { mentioned: ['Booking.com', 'Vuelora'], brandRank: 2, citations: [], brandSentiment: 'negative' },
  },
  {
    name: 'Kayak apoyado por la palabra empresa',
    language: 'es',
    workspace: TRAVEL_ES_WS,
    answer: 'Kayak es una empresa que compara vuelos de muchas aerolíneas; Vuelora vende paquetes cerrados.',
    expect: { mentioned: ['Kayak', 'Vuelora'], brandRank: 2, citations: [] },
  },
  {
    name: 'kayak como embarcación, sin apoyo',
    language: 'es',
    workspace: TRAVEL_ES_WS,
    answer: 'Si te gusta el agua, alquila un kayak en la Costa Brava. Vuelora incluye esa actividad en algunos paquetes.',
    expect: { mentioned: ['Vuelora'], brandRank: 1, citations: [] },
  },
  {
    name: 'alias de la marca y URL propia: positivo',
    language: 'es',
    workspace: TRAVEL_ES_WS,
    answer:
      'Vuelora Viajes es recomendado por muchos usuarios. Según https://www.vuelora.es/opiniones, Vuelora es fiable.',
    expect: { mentioned: ['Vuelora'], brandRank: 1, citations: [owned('vuelora.es')], brandSentiment: 'positive' },
  },
  {
    name: 'respuesta larga con lista y URLs',
    language: 'es',
    workspace: TRAVEL_ES_WS,
    answer: LONG_TRAVEL_ES,
    expect: {
      mentioned: ['Vuelora', 'Booking.com', 'Expedia', 'Kayak'],
      brandRank: 1,
      citations: [owned('vuelora.es'), comp('kayak.com')],
      brandSentiment: 'positive',
    },
  },

  // ----- Catalan -----------------------------------------------------------------------------
  {
    name: 'accents omesos, millor i excel·lent',
    language: 'ca',
    workspace: TRAVEL_CA_WS,
    answer: "Per a escapades de cap de setmana, Bruixola és la millor opció i l'atenció és excel·lent.",
    expect: { mentioned: ['Brúixola'], brandRank: 1, citations: [], brandSentiment: 'positive' },
  },
  {
    name: 'negació: no és car és positiu',
    language: 'ca',
    workspace: TRAVEL_CA_WS,
    answer: 'El paquet de Brúixola no és car i la reserva és fàcil. eDreams té moltes queixes sobre reemborsaments.',
    expect: { mentioned: ['Brúixola', 'eDreams'], brandRank: 1, citations: [], brandSentiment: 'positive' },
  },
  {
    name: 'negació: no és fiable és negatiu',
    language: 'ca',
    workspace: TRAVEL_CA_WS,
    answer: 'Segons alguns usuaris, Brúixola no és fiable amb els canvis de vol. Booking.com respon més ràpid.',
    expect: { mentioned: ['Brúixola', 'Booking.com'], brandRank: 1, citations: [], brandSentiment: 'negative' },
  },
  {
    name: 'car i lenta: negatiu',
    language: 'ca',
    workspace: TRAVEL_CA_WS,
    answer: 'Brúixola és car i la web és lenta. Us recomanem comparar amb eDreams.',
    expect: { mentioned: ['Brúixola', 'eDreams'], brandRank: 1, citations: [], brandSentiment: 'negative' },
  },
  {
    name: 'Kayak amb la paraula eina',
    language: 'ca',
    workspace: TRAVEL_CA_WS,
    answer: 'Kayak és una eina per comparar vols. Brúixola ven paquets tancats.',
    expect: { mentioned: ['Kayak', 'Brúixola'], brandRank: 2, citations: [] },
  },
  {
    name: 'kayak com a embarcació, sense suport',
    language: 'ca',
    workspace: TRAVEL_CA_WS,
    answer: 'A la Costa Brava pots llogar un kayak per hores. Brúixola organitza excursions a la zona.',
    expect: { mentioned: ['Brúixola'], brandRank: 1, citations: [] },
  },
  {
    name: 'llista amb àlies i fonts',
    language: 'ca',
    workspace: TRAVEL_CA_WS,
    answer: 'Agències en línia habituals a Catalunya:\n\n- eDreams\n- Brúixola Viatges\n- Booking.com',
    sources: [{ url: 'https://www.ara.cat/viatges/agencies-en-linia' }, { url: 'https://www.bruixola.cat/ofertes' }],
    expect: {
      mentioned: ['eDreams', 'Brúixola', 'Booking.com'],
      brandRank: 2,
      citations: [third('ara.cat'), owned('bruixola.cat')],
    },
  },
  {
    name: 'marca absent, només competidors',
    language: 'ca',
    workspace: TRAVEL_CA_WS,
    answer: 'Per a vols barats, eDreams i Booking.com són les opcions més habituals.',
    expect: { mentioned: ['eDreams', 'Booking.com'], brandRank: null, citations: [], brandSentiment: null },
  },
  {
    name: 'enllaços markdown; noms dins la URL d’un altre lloc',
    language: 'ca',
    workspace: TRAVEL_CA_WS,
    answer:
      'Pots reservar a [Brúixola](https://bruixola.cat/reserves) o consultar [aquesta comparativa](https://www.lavanguardia.com/ocio/viajes/kayak-vs-edreams.html).',
    expect: { mentioned: ['Brúixola'], brandRank: 1, citations: [owned('bruixola.cat'), third('lavanguardia.com')] },
  },
  {
    name: 'Cafè amb accent greu coincideix amb Café',
    language: 'ca',
    workspace: COFFEE_WS,
    answer: "A Barcelona, Cafè Noir és recomanat pel seu cafè d'especialitat. Starbucks és més car.",
    expect: { mentioned: ['Café Noir', 'Starbucks'], brandRank: 1, citations: [], brandSentiment: 'positive' },
  },

  // ----- French ------------------------------------------------------------------------------
  {
    // Relabelled (issue 9): « Free reste moins cher » names the operator.
    name: 'marque ambiguë soutenue par service, Free sujet de sa phrase',
    language: 'fr',
    workspace: TELECOM_WS,
    answer: "Orange propose le meilleur service client parmi les opérateurs, selon l'enquête. Free reste moins cher.",
    expect: { mentioned: ['Orange', 'Free'], brandRank: 1, citations: [], brandSentiment: 'positive' },
  },
  {
    name: 'orange comme couleur, marque absente',
    language: 'fr',
    workspace: TELECOM_WS,
    answer: 'Bouygues Telecom a un nouveau logo bleu. La coque du téléphone existe en orange ou en noir.',
    expect: { mentioned: ['Bouygues Telecom'], brandRank: null, citations: [], brandSentiment: null },
  },
  {
    name: 'alias Orange Business, cher et lent',
    language: 'fr',
    workspace: TELECOM_WS,
    answer: 'Orange Business est cher et son support est lent, selon plusieurs PME. Bouygues Telecom est plus abordable.',
    expect: { mentioned: ['Orange', 'Bouygues Telecom'], brandRank: 1, citations: [], brandSentiment: 'negative' },
  },
  {
    name: "élision d'Orange et négation positive",
    language: 'fr',
    workspace: TELECOM_WS,
    answer: "L'offre fibre d'Orange n'est pas chère et le service est fiable. Free Mobile reste une alternative.",
    expect: { mentioned: ['Orange', 'Free'], brandRank: 1, citations: [], brandSentiment: 'positive' },
  },
  {
    name: "négation: n'est pas fiable est négatif",
    language: 'fr',
    workspace: TELECOM_WS,
    answer: "Selon les utilisateurs, l'application Orange Telecom n'est pas fiable. Bouygues Telecom a moins de pannes.",
    expect: { mentioned: ['Orange', 'Bouygues Telecom'], brandRank: 1, citations: [], brandSentiment: 'negative' },
  },
  {
    // Relabelled (issue 9): « Bouygues et Free se partagent le marché » names the operator.
    name: 'marque soutenue par son domaine, Free cité avec Bouygues',
    language: 'fr',
    workspace: TELECOM_WS,
    answer: 'Bouygues et Free se partagent le marché des box. Orange, via orange.fr, reste leader.',
    expect: { mentioned: ['Bouygues Telecom', 'Free', 'Orange'], brandRank: 3, citations: [] },
  },
  {
    name: 'accent dans le texte, pas dans le nom',
    language: 'fr',
    workspace: TELECOM_WS,
    answer: "Bouygues Télécom et Vodafone ont signé un accord d'itinérance.",
    expect: { mentioned: ['Bouygues Telecom', 'Vodafone'], brandRank: null, citations: [], brandSentiment: null },
  },
  {
    name: 'longue réponse avec titres, marque et concurrents',
    language: 'fr',
    workspace: TELECOM_WS,
    answer: LONG_TELECOM_FR,
    expect: {
      mentioned: ['Orange', 'Bouygues Telecom', 'Free'],
      brandRank: 1,
      citations: [third('ariase.com'), owned('orange.fr')],
      brandSentiment: 'positive',
    },
  },
  {
    name: 'majuscules sans accent et alias avec esperluette',
    language: 'fr',
    workspace: COFFEE_WS,
    answer:
      'À Lyon, CAFE NOIR est excellent pour travailler, mais Columbus Café & Co est plus présent dans les gares.',
    expect: { mentioned: ['Café Noir', 'Columbus Café'], brandRank: 1, citations: [], brandSentiment: 'positive' },
  },
  {
    name: "négation: n'est pas cher est positif",
    language: 'fr',
    workspace: COFFEE_WS,
    answer: "Starbucks est cher. Café Noir n'est pas cher et son espresso est excellent.",
    expect: { mentioned: ['Starbucks', 'Café Noir'], brandRank: 2, citations: [], brandSentiment: 'positive' },
  },
  {
    name: 'mauvais et lent: négatif',
    language: 'fr',
    workspace: COFFEE_WS,
    answer:
      'Le service de Café Noir à Bordeaux est mauvais et lent, selon plusieurs avis. Starbucks a de meilleures notes.',
    expect: { mentioned: ['Café Noir', 'Starbucks'], brandRank: 1, citations: [], brandSentiment: 'negative' },
  },
  {
    name: 'sources, lien markdown et URL propre',
    language: 'fr',
    workspace: COFFEE_WS,
    answer:
      "D'après [Le Monde](https://www.lemonde.fr/economie/article/2024/03/12/cafe-noir-accelere.html), Café Noir ouvre dix boutiques cette année. Voir aussi https://www.cafenoir.fr/boutiques.",
    sources: [{ url: 'https://www.lefigaro.fr/conso/cafe-noir-2024' }],
    expect: {
      mentioned: ['Café Noir'],
      brandRank: 1,
      citations: [third('lefigaro.fr'), third('lemonde.fr'), owned('cafenoir.fr')],
      brandSentiment: 'neutral',
    },
  },
];

// Situations the rules leave open, deliberately kept out of the cases above:
//  - Where an entity mentioned only through a provider source sits in the mention order when other
//    entities are named in the text (sources have no character position). Source-only mentions appear
//    here only when no other entity is mentioned.
//  - brandSentiment when the brand is mentioned but no sentence names it (source-only mention): not labelled.
//  - Whether an unsupported earlier occurrence of an ambiguous name counts once a later sentence
//    supports it with a category word (rule 2c is per sentence, 2a/2b are answer-wide): every (c) case
//    has the first occurrence in the supporting sentence.
//  - Bare subdomains without a scheme ("www.acme.com"), e-mail addresses, plurals in "-es", plural or
//    accented category words ("tools", "télécom") next to an ambiguous name, and private public-suffix
//    entries (github.io, gouv.fr style) are not used.
//  - Sentences that mix praise and criticism of the brand, or praise a competitor at the brand's
//    expense, are not labelled for sentiment.
