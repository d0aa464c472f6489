// Entities, workspaces and long answers of the first labelled cases.
import type { CaseEntity, CaseWorkspace } from './types.ts';

// ---------------------------------------------------------------------------------------------
// Entities and workspaces
// ---------------------------------------------------------------------------------------------

// CRM software
export const ACME: CaseEntity = { name: 'Acme', aliases: ['Acme CRM'], domains: ['acme.com'], ambiguous: false };
export const GLOBEX: CaseEntity = { name: 'Globex', aliases: [], domains: ['globex.io'], ambiguous: false };
export const HUBSPOT: CaseEntity = { name: 'HubSpot', aliases: [], domains: ['hubspot.com'], ambiguous: false };
export const MONDAY: CaseEntity = { name: 'Monday', aliases: ['Monday Sales CRM'], domains: ['monday.com'], ambiguous: true };
export const NOTION: CaseEntity = { name: 'Notion', aliases: ['Notion Labs'], domains: ['notion.so'], ambiguous: true };
export const CRM_WS: CaseWorkspace = { brand: ACME, competitors: [GLOBEX, HUBSPOT, MONDAY, NOTION], industry: 'crm' };
/** Same market, but the tracked brand is the ambiguous one. */
export const MONDAY_WS: CaseWorkspace = { brand: MONDAY, competitors: [ACME, GLOBEX, NOTION], industry: 'crm' };

// Fashion retail (UK)
export const NORTHWIND: CaseEntity = { name: 'Northwind Apparel', aliases: ['Northwind'], domains: ['northwind.co.uk'], ambiguous: false };
export const CANDA: CaseEntity = { name: 'C&A', aliases: [], domains: ['c-and-a.com'], ambiguous: false };
export const HM: CaseEntity = { name: 'H&M', aliases: ['Hennes & Mauritz'], domains: ['hm.com'], ambiguous: false };
export const ZARA: CaseEntity = { name: 'Zara', aliases: [], domains: ['zara.com'], ambiguous: false };
export const MANGO: CaseEntity = { name: 'Mango', aliases: ['Mango Fashion'], domains: ['mango.com'], ambiguous: true };
export const FASHION_WS: CaseWorkspace = { brand: NORTHWIND, competitors: [CANDA, HM, ZARA, MANGO], industry: 'fashion' };

// Fashion retail (Spain)
export const LINEA_NORTE: CaseEntity = { name: 'Línea Norte', aliases: [], domains: ['lineanorte.es'], ambiguous: false };
export const CORTE_INGLES: CaseEntity = { name: 'El Corte Inglés', aliases: ['Corte Inglés'], domains: ['elcorteingles.es'], ambiguous: false };
export const FASHION_ES_WS: CaseWorkspace = { brand: LINEA_NORTE, competitors: [ZARA, MANGO, CANDA, CORTE_INGLES], industry: 'moda' };

// Travel
export const VUELORA: CaseEntity = { name: 'Vuelora', aliases: ['Vuelora Viajes'], domains: ['vuelora.com', 'vuelora.es'], ambiguous: false };
export const BOOKING: CaseEntity = { name: 'Booking.com', aliases: [], domains: ['booking.com'], ambiguous: false };
export const HOTELSCOM: CaseEntity = { name: 'Hotels.com', aliases: [], domains: ['hotels.com'], ambiguous: false };
export const EXPEDIA: CaseEntity = { name: 'Expedia', aliases: [], domains: ['expedia.com'], ambiguous: false };
export const KAYAK: CaseEntity = { name: 'Kayak', aliases: ['Kayak Software'], domains: ['kayak.com', 'kayak.co.uk'], ambiguous: true };
export const TRAVEL_WS: CaseWorkspace = { brand: VUELORA, competitors: [BOOKING, HOTELSCOM, EXPEDIA, KAYAK], industry: 'travel' };
export const TRAVEL_ES_WS: CaseWorkspace = { brand: VUELORA, competitors: [BOOKING, KAYAK, EXPEDIA], industry: 'viajes' };

// Travel (Catalonia)
export const BRUIXOLA: CaseEntity = { name: 'Brúixola', aliases: ['Brúixola Viatges'], domains: ['bruixola.cat'], ambiguous: false };
export const EDREAMS: CaseEntity = { name: 'eDreams', aliases: [], domains: ['edreams.com', 'edreams.es'], ambiguous: false };
export const TRAVEL_CA_WS: CaseWorkspace = { brand: BRUIXOLA, competitors: [BOOKING, KAYAK, EDREAMS], industry: 'viatges' };

// Coffee chain
export const CAFE_NOIR: CaseEntity = { name: 'Café Noir', aliases: ['Cafe Noir Roasters'], domains: ['cafenoir.fr'], ambiguous: false };
export const STARBUCKS: CaseEntity = { name: 'Starbucks', aliases: [], domains: ['starbucks.com', 'starbucks.fr'], ambiguous: false };
export const COLUMBUS: CaseEntity = { name: 'Columbus Café', aliases: ['Columbus Café & Co'], domains: ['columbuscafe.com'], ambiguous: false };
export const GRIND: CaseEntity = { name: 'Grind', aliases: ['Grind Coffee'], domains: ['grind.co.uk'], ambiguous: true };
export const COFFEE_WS: CaseWorkspace = { brand: CAFE_NOIR, competitors: [STARBUCKS, COLUMBUS, GRIND], industry: 'coffee' };

// Telecom (ambiguous brand)
export const ORANGE: CaseEntity = { name: 'Orange', aliases: ['Orange Telecom', 'Orange Business'], domains: ['orange.fr', 'orange.com'], ambiguous: true };
export const ATT: CaseEntity = { name: 'AT&T', aliases: [], domains: ['att.com'], ambiguous: false };
export const VODAFONE: CaseEntity = { name: 'Vodafone', aliases: [], domains: ['vodafone.com', 'vodafone.co.uk'], ambiguous: false };
export const FREE: CaseEntity = { name: 'Free', aliases: ['Free Mobile'], domains: ['free.fr'], ambiguous: true };
export const BOUYGUES: CaseEntity = { name: 'Bouygues Telecom', aliases: ['Bouygues'], domains: ['bouyguestelecom.fr'], ambiguous: false };
export const TELECOM_WS: CaseWorkspace = { brand: ORANGE, competitors: [ATT, VODAFONE, FREE, BOUYGUES], industry: 'telecom' };

// ---------------------------------------------------------------------------------------------
// Long answers
// ---------------------------------------------------------------------------------------------

export const LONG_CRM = `## Best CRM tools for a 10-person agency

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

export const LONG_TRAVEL = `Planning a city break in Lisbon? Here is how the main booking sites compare.

**Flights.** Kayak is a metasearch tool, so it only redirects you to airlines and agencies. Expedia bundles flights with hotels and often discounts the package.

**Hotels.** Booking.com has the largest inventory in Lisbon, while Hotels.com rewards repeat stays.

**Packages.** Vuelora is the best option if you want flights, transfers and a guided tour in one booking; its customer support is reliable. Vuelora sends the itinerary by email a week before departure.

More details: https://www.vuelora.com/lisbon and https://www.timeout.com/lisbon.`;

export const LONG_TRAVEL_ES = `### Mejores webs para reservar un viaje a Canarias

1. **Vuelora**: la opción más recomendada para paquetes con vuelo y hotel. Su atención al cliente es excelente.
2. **Booking.com**: ideal si solo necesitas alojamiento.
3. **Expedia**: buenas ofertas de última hora, aunque recibe quejas por los cambios de reserva.
4. **Kayak**: un buscador de vuelos; no vende directamente.

Más información en https://www.vuelora.es/canarias y en https://www.kayak.com/flights.`;

export const LONG_TELECOM_FR = `## Quel opérateur choisir en 2024 ?

**Orange** reste la marque la plus fiable pour la couverture 4G et 5G, surtout à la campagne. Son service client est excellent, même si les forfaits sont plus élevés que la moyenne.

**Bouygues Télécom** propose de bonnes offres fibre et une box appréciée.

**Free** casse les prix avec des forfaits mobiles à moins de 10 €, mais le service client reçoit des plaintes.

Pour comparer, consultez https://www.ariase.com/box et la page [offres Orange](https://boutique.orange.fr/mobile).`;

// ---------------------------------------------------------------------------------------------
