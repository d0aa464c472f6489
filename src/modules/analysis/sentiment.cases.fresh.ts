import { type SentimentCase, sc } from './sentiment.cases.types.ts';

// A second batch, written after the rules were built on the first and measured once before any
// change: accuracy 0.79, negative recall 0.91 (n=71) — the honest estimate of how the rules do on
// text they were not fitted to. Its misses (words and idioms the lexicon lacked: "hard to beat",
// "deja mucho que desear", "à merveille", "vieillotte"…) were then added, so it is no longer held
// out. Same annotation rules (sentiment.cases.types.ts).

export const FRESH: SentimentCase[] = [
  sc('en', 'positive', 'If you want a dependable invoicing tool, Acme is hard to beat. Setup took us ten minutes and it has never lost an invoice.', { Acme: 'positive' }),
  sc('en', 'negative', 'Globex used to be the default choice, but lately it feels neglected: updates are rare and bugs linger for months.', { Globex: 'negative' }),
  sc('en', 'neutral', 'Initech is available on iOS, Android and the web, and it supports single sign-on on the Business plan.', { Initech: 'neutral' }),
  sc('en', 'comparative', 'For raw speed, Hooli is faster than Zentrix, especially on large imports.', { Hooli: 'positive', Zentrix: 'negative' }),
  sc('en', 'comparative', 'Pixelo is a better fit than Vandelay for teams that need approvals.', { Pixelo: 'positive', Vandelay: 'negative' }),
  sc('en', 'comparative', 'Acme trails Globex in the latest G2 rankings for ease of use.', { Acme: 'negative', Globex: 'positive' }),
  sc('en', 'advice', 'Unless you are locked into their ecosystem, I would steer clear of Initech.', { Initech: 'negative' }),
  sc('en', 'advice', 'Don’t choose Zentrix for client-facing work; its exports look unprofessional.', { Zentrix: 'negative' }),
  sc('en', 'hedged', 'Several reviewers mention that Hooli can be buggy after major updates.', { Hooli: 'negative' }),
  sc('en', 'hedged', 'Vandelay is known for aggressive upselling, and customers frequently complain about hidden fees.', { Vandelay: 'negative' }),
  sc('en', 'mixed', 'Pixelo is beautifully designed, but it is missing basic features like recurring tasks.', { Pixelo: 'mixed' }),
  sc('en', 'mixed', 'Globex is affordable and quick to deploy. However, its analytics are shallow and support is slow.', { Globex: 'mixed' }),
  sc('en', 'pronoun', 'Acme rebuilt its mobile app in 2024. It is now much faster and far more stable than before.', { Acme: 'positive' }),
  sc('en', 'pronoun', 'Zentrix promises AI scheduling. In practice it often double-books rooms and its suggestions are unreliable.', { Zentrix: 'negative' }),
  sc('en', 'scope', 'Initech nails the basics, whereas Hooli feels unfinished.', { Initech: 'positive', Hooli: 'negative' }),
  sc('en', 'scope', 'Where Vandelay is clunky, Acme is refreshingly simple.', { Vandelay: 'negative', Acme: 'positive' }),
  sc('en', 'list', `**Top picks**
- **Globex** — best overall, with excellent reporting.
- **Initech** — good value, though the interface is dated.
- **Zentrix** — not recommended: frequent outages.`, { Globex: 'positive', Initech: 'mixed', Zentrix: 'negative' }),
  sc('en', 'table', `| App | Rating | Notes |
|---|---|---|
| Hooli | 4.6 | Great for teams, fast sync |
| Pixelo | 2.9 | Slow and crash-prone |`, { Hooli: 'positive', Pixelo: 'negative' }),
  sc('en', 'negation', 'Acme is not without flaws, but it is never slow and never loses data.', { Acme: 'positive' }),
  sc('en', 'neutral', 'Globex and Hooli both publish their pricing online and offer monthly billing.', { Globex: 'neutral', Hooli: 'neutral' }),
  sc('en', 'long', `Vandelay is an accounting platform for freelancers.

Unfortunately, the experience has deteriorated. The app frequently logs users out, bank feeds break every few weeks, and support tickets go unanswered for days. Many freelancers have already moved to Acme, which is simpler and more reliable.`, { Vandelay: 'negative', Acme: 'positive' }),
  sc('en', 'advice', 'Honestly, skip Pixelo for now. The roadmap looks promising, but the product is not ready.', { Pixelo: 'negative' }),
  // Spanish
  sc('es', 'positive', 'Acme es muy fácil de usar y su equipo de soporte siempre responde rápido.', { Acme: 'positive' }),
  sc('es', 'negative', 'Globex tiene una interfaz anticuada y sus tarifas son abusivas.', { Globex: 'negative' }),
  sc('es', 'comparative', 'Hooli es más rápido que Zentrix y además es más barato.', { Hooli: 'positive', Zentrix: 'negative' }),
  sc('es', 'null-subject', 'Probamos Initech durante un mes. Se cuelga a menudo y tarda mucho en cargar los informes.', { Initech: 'negative' }),
  sc('es', 'advice', 'Desaconsejamos Vandelay para tiendas con mucho tráfico.', { Vandelay: 'negative' }),
  sc('es', 'mixed', 'Pixelo tiene un diseño precioso, pero le faltan funciones básicas.', { Pixelo: 'mixed' }),
  sc('es', 'hedged', 'Muchos clientes se quejan de que Zentrix cobra comisiones ocultas.', { Zentrix: 'negative' }),
  sc('es', 'scope', 'Acme funciona de maravilla, mientras que Globex da problemas constantemente.', { Acme: 'positive', Globex: 'negative' }),
  sc('es', 'neutral', 'Initech ofrece planes mensuales y anuales, y tiene oficinas en Madrid y Bogotá.', { Initech: 'neutral' }),
  sc('es', 'list', `- **Hooli**: la opción más completa y fiable.
- **Vandelay**: barato, aunque el soporte deja mucho que desear.`, { Hooli: 'positive', Vandelay: 'mixed' }),
  // Catalan
  sc('ca', 'positive', 'Acme és molt fàcil de fer servir i el seu equip de suport sempre respon ràpid.', { Acme: 'positive' }),
  sc('ca', 'negative', 'Globex té una interfície antiquada i les seves tarifes són abusives.', { Globex: 'negative' }),
  sc('ca', 'comparative', 'Hooli és més ràpid que Zentrix i, a més, és més barat.', { Hooli: 'positive', Zentrix: 'negative' }),
  sc('ca', 'null-subject', 'Vam provar Initech durant un mes. Es penja sovint i triga molt a carregar els informes.', { Initech: 'negative' }),
  sc('ca', 'advice', 'Desaconsellem Vandelay per a botigues amb molt de trànsit.', { Vandelay: 'negative' }),
  sc('ca', 'mixed', 'Pixelo té un disseny preciós, però li falten funcions bàsiques.', { Pixelo: 'mixed' }),
  sc('ca', 'hedged', 'Molts clients es queixen que Zentrix cobra comissions amagades.', { Zentrix: 'negative' }),
  sc('ca', 'scope', 'Acme funciona de meravella, mentre que Globex dona problemes constantment.', { Acme: 'positive', Globex: 'negative' }),
  sc('ca', 'neutral', 'Initech ofereix plans mensuals i anuals, i té oficines a Barcelona i a Lleida.', { Initech: 'neutral' }),
  sc('ca', 'list', `- **Hooli**: l’opció més completa i fiable.
- **Vandelay**: barat, tot i que el suport deixa molt a desitjar.`, { Hooli: 'positive', Vandelay: 'mixed' }),
  // French
  sc('fr', 'positive', 'Acme est très simple à utiliser et son équipe support répond toujours rapidement.', { Acme: 'positive' }),
  sc('fr', 'negative', 'Globex a une interface vieillotte et ses tarifs sont abusifs.', { Globex: 'negative' }),
  sc('fr', 'comparative', 'Hooli est plus rapide que Zentrix et en plus il est moins cher.', { Hooli: 'positive', Zentrix: 'negative' }),
  sc('fr', 'pronoun', 'Nous avons testé Initech pendant un mois. Il plante souvent et il met longtemps à charger les rapports.', { Initech: 'negative' }),
  sc('fr', 'advice', 'Nous déconseillons Vandelay pour les boutiques à fort trafic.', { Vandelay: 'negative' }),
  sc('fr', 'mixed', 'Pixelo a un design superbe, mais il lui manque des fonctions de base.', { Pixelo: 'mixed' }),
  sc('fr', 'hedged', 'Beaucoup de clients se plaignent que Zentrix facture des frais cachés.', { Zentrix: 'negative' }),
  sc('fr', 'scope', 'Acme fonctionne à merveille, alors que Globex pose constamment problème.', { Acme: 'positive', Globex: 'negative' }),
  sc('fr', 'neutral', 'Initech propose des abonnements mensuels et annuels, et possède des bureaux à Paris et à Nantes.', { Initech: 'neutral' }),
  sc('fr', 'list', `- **Hooli** : l’option la plus complète et la plus fiable.
- **Vandelay** : pas cher, même si le support laisse à désirer.`, { Hooli: 'positive', Vandelay: 'mixed' }),
];
