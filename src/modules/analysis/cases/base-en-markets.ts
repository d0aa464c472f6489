// The first labelled cases: English, fashion, travel, coffee and telecom.
import { MONDAY_WS, FASHION_WS, TRAVEL_WS, COFFEE_WS, TELECOM_WS, LONG_TRAVEL } from './base-entities.ts';
import { type AnalysisCase, owned, comp, third } from './types.ts';

export const BASE_EN_MARKETS: AnalysisCase[] = [
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
    // Relabelled (the earlier label followed a rule, not the text): "Free is catching up" names the operator in a telecom answer.
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

];
