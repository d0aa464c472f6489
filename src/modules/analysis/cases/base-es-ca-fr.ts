// The first labelled cases: Spanish, Catalan and French.
import { FASHION_ES_WS, TRAVEL_ES_WS, TRAVEL_CA_WS, COFFEE_WS, TELECOM_WS, LONG_TRAVEL_ES, LONG_TELECOM_FR } from './base-entities.ts';
import { type AnalysisCase, owned, comp, third } from './types.ts';

export const BASE_ES_CA_FR: AnalysisCase[] = [
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
    // Relabelled (the earlier label followed a rule, not the text): « Free reste moins cher » names the operator.
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
    // Relabelled (the earlier label followed a rule, not the text): « Bouygues et Free se partagent le marché » names the operator.
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
