import { type SentimentCase, sc } from './sentiment.cases.types.ts';

// Catalan answers (see sentiment.cases.types.ts for the annotation rules).

export const CA: SentimentCase[] = [
  sc('ca', 'positive', 'Acme és l’eina més fiable que hem provat i el suport respon de seguida.', { Acme: 'positive' }),
  sc('ca', 'positive', 'Per a una petita empresa, Globex és una opció excel·lent: ràpida, assequible i fàcil d’aprendre.', { Globex: 'positive' }),
  sc('ca', 'negative', 'Initech és car per al que ofereix i els seus informes són molt limitats.', { Initech: 'negative' }),
  sc('ca', 'negative', 'Molts usuaris diuen que Hooli és lent i poc fiable a les hores punta.', { Hooli: 'negative' }),
  sc('ca', 'neutral', 'Acme es va fundar el 2016 i té la seu a Girona.', { Acme: 'neutral' }),
  sc('ca', 'neutral', 'Entre les opcions més conegudes hi ha Acme, Globex i Pixelo.', { Acme: 'neutral', Globex: 'neutral', Pixelo: 'neutral' }),
  sc('ca', 'negation', 'Vandelay no és barat i la configuració tampoc és senzilla.', { Vandelay: 'negative' }),
  sc('ca', 'negation', 'Zentrix no és gens dolent, sobretot pel preu que té.', { Zentrix: 'positive' }),
  // null subject and pronouns
  sc('ca', 'null-subject', 'Acme va llançar un nou mòdul d’analítica l’any passat. És lent i es bloqueja amb informes grans.', { Acme: 'negative' }),
  sc('ca', 'null-subject', 'Globex és una plataforma de reserves per a restaurants. Funciona molt bé i ofereix un suport excel·lent.', { Globex: 'positive' }),
  sc('ca', 'null-subject', 'Initech aposta pel client empresarial. Costa massa per a un equip petit i resulta difícil de configurar.', { Initech: 'negative' }),
  sc('ca', 'pronoun', 'Hooli va néixer com una aplicació de missatgeria. La seva interfície és confusa i els seus preus no paren de pujar.', { Hooli: 'negative' }),
  sc('ca', 'pronoun', 'Pixelo comprimeix imatges sense perdre qualitat. La seva velocitat sorprèn i el seu pla gratuït és generós.', { Pixelo: 'positive' }),
  sc('ca', 'pronoun', 'He parlat amb l’equip de Zentrix. Ell mateix reconeix que el producte encara és inestable i té errors greus.', { Zentrix: 'negative' }),
  // comparatives
  sc('ca', 'comparative', 'Acme és més barat que Globex i ofereix les mateixes funcions bàsiques.', { Acme: 'positive', Globex: 'negative' }),
  sc('ca', 'comparative', 'Initech és més car que Hooli i no aporta gaire més.', { Initech: 'negative', Hooli: 'positive' }),
  sc('ca', 'comparative', 'Zentrix és millor que Vandelay per a equips comercials.', { Zentrix: 'positive', Vandelay: 'negative' }),
  sc('ca', 'comparative', 'A les nostres proves, Globex va ser molt més lent que Acme en importar dades.', { Globex: 'negative', Acme: 'positive' }),
  // advice against
  sc('ca', 'advice', 'Si necessites treballar sense connexió, millor evitar Hooli.', { Hooli: 'negative' }),
  sc('ca', 'advice', 'No recomanem Vandelay per a equips de més de deu persones.', { Vandelay: 'negative' }),
  sc('ca', 'advice', 'Jo evitaria Initech fins que resolguin els problemes de facturació.', { Initech: 'negative' }),
  // hedged / complaints
  sc('ca', 'hedged', 'Els usuaris es queixen de les pujades de preu d’Acme.', { Acme: 'negative' }),
  sc('ca', 'hedged', 'Globex pot ser lent amb bases de dades grans i la corba d’aprenentatge és pronunciada.', { Globex: 'negative' }),
  // mixed
  sc('ca', 'mixed', 'Zentrix és potent, però falla quan no hi ha connexió.', { Zentrix: 'mixed' }),
  sc('ca', 'mixed', 'Initech té un editor excel·lent; tanmateix, el suport és lent.', { Initech: 'mixed' }),
  sc('ca', 'mixed', 'Hooli és fàcil d’utilitzar, tot i que les seves funcions d’informes són limitades.', { Hooli: 'mixed' }),
  // scope
  sc('ca', 'scope', 'Acme és ideal per a startups, mentre que Globex resulta car i complicat.', { Acme: 'positive', Globex: 'negative' }),
  sc('ca', 'scope', 'Vandelay té un suport deficient, però l’equip de Pixelo respon en minuts.', { Vandelay: 'negative', Pixelo: 'positive' }),
  // lists and tables
  sc('ca', 'list', `### Millors CRM per a pimes

1. **Acme**: fàcil d’utilitzar, assequible i amb un suport excel·lent.
2. **Globex**: automatitzacions potents, però car i difícil de configurar.
3. **Initech**: funcions bàsiques; la interfície està antiquada i les integracions són limitades.`, { Acme: 'positive', Globex: 'mixed', Initech: 'negative' }),
  sc('ca', 'table', `| Eina | Avantatges | Inconvenients |
|---|---|---|
| Hooli | Ràpida i intuïtiva | Poques integracions |
| Zentrix | — | Cara, lenta i amb errors freqüents |`, { Hooli: 'mixed', Zentrix: 'negative' }),
  sc('ca', 'long', `Vandelay és una plataforma de comerç electrònic molt popular a Catalunya. Ofereix plantilles modernes i passarel·les de pagament locals.

Tanmateix, els darrers mesos ha rebut moltes queixes. Els usuaris critiquen les caigudes del servei i la lentitud del suport. A més, cobra comissions altes al pla bàsic.`, { Vandelay: 'negative' }),
  sc('ca', 'neutral', 'Hooli està disponible en català i en castellà des del 2020. Té oficines a Barcelona i a València.', { Hooli: 'neutral' }),
  sc('ca', 'list', `### Zentrix

**Inconvenients:**
- Informes molt bàsics
- Cap integració amb comptabilitat
- Suport només en anglès`, { Zentrix: 'negative' }),
];
