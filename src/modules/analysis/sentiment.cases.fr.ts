import { type SentimentCase, sc } from './sentiment.cases.types.ts';

// French answers (see sentiment.cases.types.ts for the annotation rules).

export const FR: SentimentCase[] = [
  sc('fr', 'positive', 'Acme est l’outil le plus fiable que nous avons testé, et le support répond très vite.', { Acme: 'positive' }),
  sc('fr', 'positive', 'Pour une PME, Globex est un excellent choix : rapide, abordable et facile à prendre en main.', { Globex: 'positive' }),
  sc('fr', 'negative', 'Initech est cher pour ce qu’il propose et ses rapports sont très limités.', { Initech: 'negative' }),
  sc('fr', 'negative', 'Beaucoup d’utilisateurs trouvent Hooli lent et peu fiable aux heures de pointe.', { Hooli: 'negative' }),
  sc('fr', 'neutral', 'Acme a été fondée en 2012 et son siège est à Lyon.', { Acme: 'neutral' }),
  sc('fr', 'neutral', 'Parmi les solutions connues, on trouve Acme, Globex et Zentrix.', { Acme: 'neutral', Globex: 'neutral', Zentrix: 'neutral' }),
  sc('fr', 'negation', 'Vandelay n’est pas bon marché et la configuration n’est pas simple non plus.', { Vandelay: 'negative' }),
  sc('fr', 'negation', 'Zentrix n’est pas mauvais du tout, surtout pour ce prix.', { Zentrix: 'positive' }),
  // pronouns
  sc('fr', 'pronoun', 'Acme a lancé un nouveau module d’analyse l’an dernier. Il est lent et plante souvent avec les gros rapports.', { Acme: 'negative' }),
  sc('fr', 'pronoun', 'Globex est une plateforme de réservation pour restaurants. Elle fonctionne très bien et son support est excellent.', { Globex: 'positive' }),
  sc('fr', 'pronoun', 'Initech vise les grandes entreprises. Il coûte trop cher pour une petite équipe et il est difficile à configurer.', { Initech: 'negative' }),
  sc('fr', 'pronoun', 'Hooli était à l’origine une messagerie. Son interface est confuse et ses prix ne cessent d’augmenter.', { Hooli: 'negative' }),
  sc('fr', 'pronoun', 'Pixelo compresse les images sans perte visible. Sa rapidité impressionne et son offre gratuite est généreuse.', { Pixelo: 'positive' }),
  // comparatives
  sc('fr', 'comparative', 'Acme est moins cher que Globex et offre les mêmes fonctions de base.', { Acme: 'positive', Globex: 'negative' }),
  sc('fr', 'comparative', 'Initech est plus cher que Hooli sans apporter grand-chose de plus.', { Initech: 'negative', Hooli: 'positive' }),
  sc('fr', 'comparative', 'Zentrix est meilleur que Vandelay pour les équipes commerciales.', { Zentrix: 'positive', Vandelay: 'negative' }),
  sc('fr', 'comparative', 'Dans nos tests, Globex était nettement plus lent que Acme pour importer des données.', { Globex: 'negative', Acme: 'positive' }),
  // advice against
  sc('fr', 'advice', 'Si vous devez travailler hors ligne, mieux vaut éviter Hooli.', { Hooli: 'negative' }),
  sc('fr', 'advice', 'Nous ne recommandons pas Vandelay pour les équipes de plus de dix personnes.', { Vandelay: 'negative' }),
  sc('fr', 'advice', 'Initech est à éviter tant que les problèmes de facturation ne sont pas réglés.', { Initech: 'negative' }),
  // hedged / complaints
  sc('fr', 'hedged', 'Les utilisateurs se plaignent des hausses de prix d’Acme.', { Acme: 'negative' }),
  sc('fr', 'hedged', 'Globex peut être lent avec de grosses bases de données et la courbe d’apprentissage est raide.', { Globex: 'negative' }),
  // mixed
  sc('fr', 'mixed', 'Zentrix est puissant, mais il plante hors connexion.', { Zentrix: 'mixed' }),
  sc('fr', 'mixed', 'Initech a un excellent éditeur ; cependant, le support est lent.', { Initech: 'mixed' }),
  sc('fr', 'mixed', 'Hooli est facile à utiliser, même si ses fonctions de reporting sont limitées.', { Hooli: 'mixed' }),
  // scope
  sc('fr', 'scope', 'Acme est idéal pour les startups, alors que Globex est cher et compliqué.', { Acme: 'positive', Globex: 'negative' }),
  sc('fr', 'scope', 'Vandelay a un support médiocre, mais l’équipe de Pixelo répond en quelques minutes.', { Vandelay: 'negative', Pixelo: 'positive' }),
  // lists and tables
  sc('fr', 'list', `### Meilleurs CRM pour les PME

1. **Acme** : simple, abordable et avec un excellent support.
2. **Globex** : automatisations puissantes, mais cher et difficile à configurer.
3. **Initech** : fonctions basiques ; l’interface est dépassée et les intégrations sont limitées.`, { Acme: 'positive', Globex: 'mixed', Initech: 'negative' }),
  sc('fr', 'table', `| Outil | Points forts | Points faibles |
|---|---|---|
| Hooli | Rapide et intuitif | Peu d’intégrations |
| Zentrix | — | Cher, lent et plein de bugs |`, { Hooli: 'mixed', Zentrix: 'negative' }),
  sc('fr', 'long', `Vandelay est une plateforme e-commerce très populaire en France. Elle propose des thèmes modernes et des moyens de paiement locaux.

Cependant, elle a reçu de nombreuses plaintes ces derniers mois. Les utilisateurs critiquent les pannes et la lenteur du support. De plus, elle prélève des commissions élevées sur l’offre de base.`, { Vandelay: 'negative' }),
  sc('fr', 'neutral', 'Initech propose une API REST et une application mobile. Il est disponible en français et en anglais.', { Initech: 'neutral' }),
  sc('fr', 'table', `| Critère | Acme | Initech |
|---|---|---|
| Prix | Abordable | Très cher |
| Prise en main | Simple | Complexe |
| Support | Réactif | Lent |`, { Acme: 'positive', Initech: 'negative' }),
];
