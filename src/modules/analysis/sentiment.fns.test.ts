import { describe, expect, it } from 'vitest';
import { analyzeAnswer } from './analyze.fns.ts';
import { entitySentiments, labelOf, type SentimentLabel } from './sentiment.fns.ts';

// One row per rule per language: the rule, the language, an answer, the labels it must give.
const NAMES = ['Acme', 'Globex', 'Initech'];
function labels(answer: string): Record<string, SentimentLabel | null> {
  const entity = (name: string) => ({ name, aliases: [], domains: [], ambiguous: false });
  const r = analyzeAnswer({ brand: entity(NAMES[0]!), competitors: NAMES.slice(1).map(entity) }, answer);
  return Object.fromEntries(r.entities.filter((e) => e.mentioned).map((e) => [e.name, e.sentimentLabel]));
}

type Row = [rule: string, language: string, answer: string, expected: Record<string, SentimentLabel>];
const ROWS: Row[] = [
  ['opinion words', 'en', 'Acme is a superb, dependable choice.', { Acme: 'positive' }],
  ['opinion words', 'es', 'Acme es una opción estupenda y fiable.', { Acme: 'positive' }],
  ['opinion words', 'ca', 'Acme és una opció fantàstica i fiable.', { Acme: 'positive' }],
  ['opinion words', 'fr', 'Acme est un choix formidable et fiable.', { Acme: 'positive' }],
  ['negation flips praise', 'en', 'Acme is not reliable.', { Acme: 'negative' }],
  ['negation flips praise', 'es', 'Acme no es fiable.', { Acme: 'negative' }],
  ['negation flips praise', 'ca', 'Acme no és gens fiable.', { Acme: 'negative' }],
  ['negation flips praise', 'fr', 'Acme n’est pas fiable.', { Acme: 'negative' }],
  ['negated criticism is faint praise', 'en', "Acme isn't expensive.", { Acme: 'positive' }],
  ['negated criticism is faint praise', 'es', 'Acme no es caro.', { Acme: 'positive' }],
  ['negated criticism is faint praise', 'ca', 'Acme no és car.', { Acme: 'positive' }],
  ['negated criticism is faint praise', 'fr', 'Acme n’est pas cher.', { Acme: 'positive' }],
  ['contrast: after `but` weighs more', 'en', 'Acme looks nice but it is slow, buggy and expensive.', { Acme: 'negative' }],
  ['contrast: after `but` weighs more', 'es', 'Acme tiene buena pinta, pero es lento, inestable y caro.', { Acme: 'negative' }],
  ['contrast: after `but` weighs more', 'ca', 'Acme té bona pinta, però és lent, inestable i car.', { Acme: 'negative' }],
  ['contrast: after `but` weighs more', 'fr', 'Acme est joli, mais il est lent, instable et cher.', { Acme: 'negative' }],
  ['mixed', 'en', 'Acme is fast, but expensive.', { Acme: 'mixed' }],
  ['mixed', 'es', 'Acme es rápido, sin embargo es caro.', { Acme: 'mixed' }],
  ['mixed', 'ca', 'Acme és ràpid, tanmateix és car.', { Acme: 'mixed' }],
  ['mixed', 'fr', 'Acme est rapide, cependant il est cher.', { Acme: 'mixed' }],
  ['comparative: both sides', 'en', 'Globex is cheaper than Acme.', { Globex: 'positive', Acme: 'negative' }],
  ['comparative: both sides', 'es', 'Globex es más barato que Acme.', { Globex: 'positive', Acme: 'negative' }],
  ['comparative: both sides', 'ca', 'Globex és més barat que Acme.', { Globex: 'positive', Acme: 'negative' }],
  ['comparative: both sides', 'fr', 'Globex est moins cher que Acme.', { Globex: 'positive', Acme: 'negative' }],
  ['comparative of a negative word', 'en', 'Acme is more expensive than Globex.', { Acme: 'negative', Globex: 'positive' }],
  ['comparative of a negative word', 'es', 'Acme es más caro que Globex.', { Acme: 'negative', Globex: 'positive' }],
  ['comparative of a negative word', 'ca', 'Acme és més car que Globex.', { Acme: 'negative', Globex: 'positive' }],
  ['comparative of a negative word', 'fr', 'Acme est plus cher que Globex.', { Acme: 'negative', Globex: 'positive' }],
  ['comparison verbs', 'en', 'Acme lags behind Globex.', { Acme: 'negative', Globex: 'positive' }],
  ['comparison verbs', 'es', 'Acme queda por detrás de Globex.', { Acme: 'negative', Globex: 'positive' }],
  ['comparison verbs', 'ca', 'Acme queda per darrere de Globex.', { Acme: 'negative', Globex: 'positive' }],
  ['comparison verbs', 'fr', 'Globex surpasse Acme.', { Globex: 'positive', Acme: 'negative' }],
  ['compared with', 'en', 'Compared to Globex, Acme is easier.', { Acme: 'positive', Globex: 'negative' }],
  ['compared with', 'es', 'Comparado con Globex, Acme es peor.', { Acme: 'negative', Globex: 'positive' }],
  ['compared with', 'ca', 'Comparat amb Globex, Acme és millor.', { Acme: 'positive', Globex: 'negative' }],
  ['compared with', 'fr', 'Par rapport à Globex, Acme est meilleur.', { Acme: 'positive', Globex: 'negative' }],
  ['advice against', 'en', 'Avoid Acme.', { Acme: 'negative' }],
  ['advice against', 'es', 'No recomendamos Acme.', { Acme: 'negative' }],
  ['advice against', 'ca', 'Millor evitar Acme.', { Acme: 'negative' }],
  ['advice against', 'fr', 'Évitez Acme.', { Acme: 'negative' }],
  ['advice against its subject', 'en', 'Acme is not recommended.', { Acme: 'negative' }],
  ['advice against its subject', 'fr', 'Acme est à éviter.', { Acme: 'negative' }],
  ['`avoid` with no entity object is no advice', 'en', 'Acme helps you avoid mistakes.', { Acme: 'neutral' }],
  ['complaint framing', 'en', 'Users complain about Acme.', { Acme: 'negative' }],
  ['complaint framing', 'es', 'Los usuarios se quejan de Acme.', { Acme: 'negative' }],
  ['complaint framing', 'ca', 'Els usuaris es queixen d’Acme.', { Acme: 'negative' }],
  ['complaint framing', 'fr', 'Les utilisateurs se plaignent d’Acme.', { Acme: 'negative' }],
  ['hedged criticism', 'en', 'Acme can be slow and has a steep learning curve.', { Acme: 'negative' }],
  ['hedged criticism', 'es', 'Acme puede ser lento y tiene una curva de aprendizaje pronunciada.', { Acme: 'negative' }],
  ['hedged criticism', 'ca', 'Acme pot ser lent i té una corba d’aprenentatge pronunciada.', { Acme: 'negative' }],
  ['hedged criticism', 'fr', 'Acme peut être lent et la courbe d’apprentissage est raide.', { Acme: 'negative' }],
  ['price increases', 'en', 'Acme announced price increases again.', { Acme: 'negative' }],
  ['price increases', 'es', 'Acme anunció nuevas subidas de precio.', { Acme: 'negative' }],
  ['price increases', 'ca', 'Acme ha anunciat noves pujades de preu.', { Acme: 'negative' }],
  ['price increases', 'fr', 'Acme a annoncé de nouvelles hausses de prix.', { Acme: 'negative' }],
  ['pronoun carry-over', 'en', 'Acme is a CRM. It is clunky.', { Acme: 'negative' }],
  ['pronoun carry-over', 'es', 'Acme es un CRM. Su interfaz es confusa.', { Acme: 'negative' }],
  ['pronoun carry-over', 'ca', 'Acme és un CRM. La seva interfície és confusa.', { Acme: 'negative' }],
  ['pronoun carry-over', 'fr', 'Acme est un CRM. Il est confus.', { Acme: 'negative' }],
  ['null subject', 'es', 'Acme es un CRM. Falla a menudo.', { Acme: 'negative' }],
  ['null subject', 'ca', 'Acme és un CRM. Falla sovint.', { Acme: 'negative' }],
  ['no carry-over without a reference back', 'en', 'Acme is a CRM. Good CRMs are rare.', { Acme: 'neutral' }],
  ['clause scoping: two entities', 'en', 'Acme is excellent, whereas Globex is mediocre.', { Acme: 'positive', Globex: 'negative' }],
  ['clause scoping: two entities', 'es', 'Acme es excelente, mientras que Globex es mediocre.', { Acme: 'positive', Globex: 'negative' }],
  ['clause scoping: two entities', 'ca', 'Acme és excel·lent, mentre que Globex és mediocre.', { Acme: 'positive', Globex: 'negative' }],
  ['clause scoping: two entities', 'fr', 'Acme est excellent, alors que Globex est médiocre.', { Acme: 'positive', Globex: 'negative' }],
  ['entities joined share the opinion', 'en', 'Acme and Globex are both reliable.', { Acme: 'positive', Globex: 'positive' }],
  ['section head carries to its lines', 'en', '### Acme\n- Cons: slow, unstable', { Acme: 'negative' }],
  ['table row', 'en', '| Tool | Notes |\n|---|---|\n| Acme | buggy |\n| Globex | solid |', { Acme: 'negative', Globex: 'positive' }],
  ['comparison table: columns', 'en', '| | Acme | Globex |\n|---|---|---|\n| Price | cheap | overpriced |\n| Support | great | poor |', { Acme: 'positive', Globex: 'negative' }],
  ['comparison table: columns', 'es', '| | Acme | Globex |\n|---|---|---|\n| Precio | caro | barato |\n| Soporte | lento | excelente |', { Acme: 'negative', Globex: 'positive' }],
  ['pros/cons frames', 'en', '## Acme\nAcme is a CRM.\n\n**Cons:**\n- Reporting is basic\n- No offline mode', { Acme: 'negative' }],
  ['pros/cons frames', 'es', '## Acme\nAcme es un CRM.\n\n**Ventajas:**\n- Plan gratuito\n- Plantillas incluidas', { Acme: 'positive' }],
  ['pros/cons frames', 'ca', '## Acme\nAcme és un CRM.\n\n**Inconvenients:**\n- Informes bàsics\n- Sense mode fora de línia', { Acme: 'negative' }],
  ['pros/cons frames', 'fr', '## Acme\nAcme est un CRM.\n\n**Points forts :**\n- Offre gratuite\n- Modèles inclus', { Acme: 'positive' }],
  ['a condition states a need', 'en', 'If you need something reliable, skip Acme.', { Acme: 'negative' }],
  ['missing feature', 'en', "Acme doesn't support SSO.", { Acme: 'negative' }],
  ['facts only', 'fr', 'Acme a été fondée à Lyon en 2012.', { Acme: 'neutral' }],
  ['a virtue in excess is a fault', 'en', 'Acme is too simple for agencies.', { Acme: 'negative' }],
  ['a virtue in excess is a fault', 'es', 'Acme es demasiado sencillo para agencias.', { Acme: 'negative' }],
  ['a virtue in excess is a fault', 'ca', 'Acme és massa senzill per a agències.', { Acme: 'negative' }],
  ['a virtue in excess is a fault', 'fr', 'Acme est trop simple pour les agences.', { Acme: 'negative' }],
  ['a fault in excess stays a fault', 'en', 'Acme is too expensive.', { Acme: 'negative' }],
  ['inline pros and cons', 'en', '### Acme\n**Pros:** beautiful editor.\n**Cons:** Apple only.', { Acme: 'mixed' }],
  ['inline pros and cons', 'es', '**Acme**\n- Pros: editor precioso\n- Contras: solo Apple', { Acme: 'mixed' }],
  ['inline pros and cons', 'fr', '**Acme**\n- Avantages : éditeur superbe\n- Inconvénients : seulement sur Apple', { Acme: 'mixed' }],
  ['free, popular and chosen', 'en', 'Most creators rely on Acme because the free plan covers three channels.', { Acme: 'positive' }],
  ['free, popular and chosen', 'es', 'Muchos autónomos eligen Acme porque el software es gratuito.', { Acme: 'positive' }],
  ['free, popular and chosen', 'ca', 'Acme és molt popular entre creadors independents.', { Acme: 'positive' }],
  ['free, popular and chosen', 'fr', 'Acme propose une carte gratuite et un service client réactif.', { Acme: 'positive' }],
  ['"basic" said of it is a fault, a basic feature is none', 'en', 'Acme is cheaper than Globex and has the same basic features.', { Acme: 'positive', Globex: 'negative' }],
  ['"basic" said of it is a fault, a basic feature is none', 'es', 'Acme permite programar con el plan gratuito, aunque las analíticas son básicas.', { Acme: 'mixed' }],
  ['"basic" said of it is a fault, a basic feature is none', 'fr', 'Le reporting d’Acme est basique.', { Acme: 'negative' }],
  ['a free trial is no opinion', 'en', 'Acme and Globex both offer a free trial.', { Acme: 'neutral', Globex: 'neutral' }],
  ['"nothing to do with" negates nothing', 'fr', 'Acme est une app élégante, rien à voir avec un ours.', { Acme: 'positive' }],
  ['"nothing to do with" negates nothing', 'es', 'Acme es una app elegante, nada que ver con un oso.', { Acme: 'positive' }],
  ['a capability set against a fault is a strength', 'en', 'Acme lets you post to ten networks, but its analytics are basic.', { Acme: 'mixed' }],
  ['a capability set against a fault is a strength', 'es', 'Acme permite publicar en diez redes, pero las analíticas son básicas.', { Acme: 'mixed' }],
  ['a capability set against a fault is a strength', 'ca', 'Acme permet publicar a deu xarxes, però les estadístiques són bàsiques.', { Acme: 'mixed' }],
  ['a capability set against a fault is a strength', 'fr', 'Acme permet de publier sur dix réseaux, mais les statistiques sont basiques.', { Acme: 'mixed' }],
  ['a capability alone is no opinion', 'es', 'Acme permite exportar en CSV y cuesta 20 euros al mes.', { Acme: 'neutral' }],
  ['a capability denied is no strength', 'en', 'Acme does not let you export, but it is slow.', { Acme: 'negative' }],
  ['"no need to" is an effort spared', 'en', 'With Acme there is no need to start from a blank page.', { Acme: 'positive' }],
  ['"no need to" is an effort spared', 'ca', 'Amb Acme no cal començar amb una pàgina en blanc.', { Acme: 'positive' }],
  ['"no need to" is an effort spared', 'fr', 'Avec Acme, pas besoin de partir d’une page blanche.', { Acme: 'positive' }],
];

describe('sentiment rules', () => {
  it.each(ROWS)('%s (%s): %s', (_rule, _language, answer, expected) => {
    expect(labels(answer)).toMatchObject(expected);
  });
});

describe('labelOf', () => {
  it.each([
    [0, 0, 'neutral'], [0.4, 0.2, 'neutral'], [1, 0, 'positive'], [0, 1.5, 'negative'], [1, 1, 'mixed'], [1, 2, 'mixed'], [1, 3, 'negative'],
  ] as const)('P=%d N=%d → %s', (p, n, label) => {
    const r = labelOf(p, n);
    expect(r.label).toBe(label);
    expect(r.score).toBeGreaterThanOrEqual(-1);
    expect(r.score).toBeLessThanOrEqual(1);
    expect(Math.sign(r.score)).toBe(Math.sign(p - n));
  });
  it('decides mixed on the evidence before contrast weighting', () => {
    expect(labelOf(1, 3, 1, 2).label).toBe('mixed');
    expect(labelOf(3, 1, 3, 1).label).toBe('positive');
  });
});

describe('entitySentiments', () => {
  it('returns null for an entity not named in the text, and the cues as evidence', () => {
    const answer = 'Acme is great. Avoid Globex.';
    const [acme, globex, none] = entitySentiments(answer, [
      { id: 'a', spans: [{ start: 0, end: 4 }] },
      { id: 'g', spans: [{ start: 21, end: 27 }] },
      { id: 'n', spans: [] },
    ]);
    expect(acme).toMatchObject({ label: 'positive', evidence: [{ sentence: 0, cue: 'great', rule: 'opinion', carried: false }] });
    expect(acme!.score).toBeGreaterThan(0);
    expect(globex).toMatchObject({ label: 'negative', evidence: [{ sentence: 1, cue: 'Avoid', rule: 'advice-against' }] });
    expect(none).toBeNull();
  });

  it('marks evidence from a sentence that only refers back', () => {
    const [acme] = entitySentiments('Acme is a CRM. It is unreliable.', [{ id: 'a', spans: [{ start: 0, end: 4 }] }]);
    expect(acme!.evidence).toEqual([{ sentence: 1, cue: 'unreliable', weight: -1, rule: 'opinion', carried: true }]);
  });

  it('keeps at most five pieces of evidence, the strongest', () => {
    const answer = 'Acme is good, nice, handy, fast, excellent and outstanding.';
    const [acme] = entitySentiments(answer, [{ id: 'a', spans: [{ start: 0, end: 4 }] }]);
    expect(acme!.evidence).toHaveLength(5);
    expect(acme!.evidence.map((e) => e.cue)).toContain('outstanding');
  });
});

describe('analyzeAnswer sentiment fields', () => {
  it('gives the brand and each entity a score, a label and evidence', () => {
    const entity = (name: string) => ({ name, aliases: [], domains: [], ambiguous: false });
    const r = analyzeAnswer({ brand: entity('Acme'), competitors: [entity('Globex')] }, 'Acme is faster than Globex.');
    expect(r.brand).toMatchObject({ mentioned: true, sentimentLabel: 'positive' });
    expect(r.brand.sentiment).toBeGreaterThan(0);
    expect(r.entities[1]).toMatchObject({ name: 'Globex', sentimentLabel: 'negative' });
    expect(r.entities[1]!.sentiment).toBeLessThan(0);
    expect(r.brand.sentimentEvidence[0]).toMatchObject({ cue: 'faster', rule: 'comparative' });
  });
});
