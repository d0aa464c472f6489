import { describe, expect, it } from 'vitest';
import { unknownToEngine } from './unknown.fns.ts';

// Where a brand is named (every occurrence of the name, as the mention rules would count it).
function hitsOf(answer: string, name: string) {
  const out: Array<{ start: number; end: number; matched: string }> = [];
  for (let i = answer.indexOf(name); i >= 0; i = answer.indexOf(name, i + 1)) out.push({ start: i, end: i + name.length, matched: name });
  return out;
}
const said = (answer: string, name: string) => {
  const f = unknownToEngine(answer, hitsOf(answer, name));
  return f && answer.slice(f.start, f.end);
};

describe('an answer that does not know the brand', () => {
  it.each([
    // English
    ['en', 'Loafly', "I'm not familiar with Loafly. Popular bakery tools include Breadbox and FlourDesk.", "I'm not familiar with Loafly."],
    ['en', 'Loafly', "I couldn't find any information about a company called Loafly. You might look at Breadbox.", "I couldn't find any information about a company called Loafly."],
    ['en', 'Loafly', 'Loafly doesn’t ring a bell as a bakery product; the best known are Breadbox and FlourDesk.', 'Loafly doesn’t ring a bell as a bakery product; the best known are Breadbox and FlourDesk.'],
    ['en', 'Loafly', 'Loafly is a small river in Yorkshire. For bakery software, consider Breadbox.', 'Loafly is a small river in Yorkshire.'],
    ['en', 'Loafly', 'There are several tools named Loafly. Did you mean the bakery POS from Leeds or the recipe app?', 'Did you mean the bakery POS from Leeds or the recipe app?'],
    // Spanish
    ['es', 'Finora', 'No tengo información sobre Finora. Quizá te refieres a Finara, una consultora de Lima.', 'No tengo información sobre Finora.'],
    ['es', 'Finora', '**Finora** no me consta como banco en España; los más conocidos son N26 y Openbank.', '**Finora** no me consta como banco en España; los más conocidos son N26 y Openbank.'],
    ['es', 'Finora', 'Finora es un apellido de origen italiano. ¿Te refieres a algún banco en concreto?', 'Finora es un apellido de origen italiano.'],
    ['es', 'Finora', 'No he encontrado ninguna empresa llamada Finora que ofrezca cuentas.', 'No he encontrado ninguna empresa llamada Finora que ofrezca cuentas.'],
    // Catalan
    ['ca', 'Cistella', 'No conec cap servei anomenat Cistella. Potser et refereixes a una cistella de la compra?', 'No conec cap servei anomenat Cistella.'],
    ['ca', 'Cistella', 'No tinc informació sobre Cistella; et recomano Shopify o WooCommerce.', 'No tinc informació sobre Cistella; et recomano Shopify o WooCommerce.'],
    ['ca', 'Cistella', 'Cistella és un poble de l’Alt Empordà. Per a botigues en línia, mira Shopify.', 'Cistella és un poble de l’Alt Empordà.'],
    // French
    ['fr', 'Voltix', "Je ne trouve aucune information sur l'entreprise Voltix. Vous pensez peut-être à Voltis ?", "Je ne trouve aucune information sur l'entreprise Voltix."],
    ['fr', 'Voltix', 'Je ne connais pas Voltix. Les fournisseurs les plus connus sont EDF et Engie.', 'Je ne connais pas Voltix.'],
    ['fr', 'Voltix', 'Voltix ne me dit rien ; peut-être une jeune pousse récente.', 'Voltix ne me dit rien ; peut-être une jeune pousse récente.'],
    ['fr', 'Voltix', "Voltix est une commune du Jura. Si vous cherchez un fournisseur d'électricité, voyez EDF.", 'Voltix est une commune du Jura.'],
  ])('%s: %s', (_lang, name, answer, sentence) => {
    expect(said(answer, name)).toBe(sentence);
  });
});

describe('an answer that knows the brand, or lacks only a detail', () => {
  it.each([
    ['en', 'Loafly', 'For a small bakery chain, Loafly is the one I’d pick: setup takes an afternoon.'],
    ['en', 'Loafly', "I don't have information about Loafly's 2025 prices, but its plans started at £39."],
    ['en', 'Loafly', 'I have limited information about Loafly beyond its website: it is a bakery POS from Leeds.'],
    ['en', 'Loafly', 'If you can’t find Loafly in the app store, download it from the website.'],
    ['en', 'Loafly', 'Loafly is a bakery management platform founded in 2019 in Leeds.'],
    ['es', 'Finora', 'No tengo información sobre los precios de Finora para 2026, pero su cuenta básica es gratuita.'],
    ['es', 'Finora', 'Finora es un banco digital con sede en Madrid, fundado en 2020.'],
    ['es', 'Finora', 'No recomendaría Finora: las comisiones ocultas son frecuentes.'],
    ['ca', 'Cistella', 'Cistella és una plataforma de comerç electrònic creada a Girona el 2018.'],
    ['ca', 'Cistella', 'No trobaràs res millor que Cistella per a una botiga petita.'],
    ['fr', 'Voltix', 'Voltix est un fournisseur d’électricité fondé en 2016 à Lyon.'],
    ['fr', 'Voltix', 'Je déconseille Voltix : les factures sont souvent erronées.'],
    ['fr', 'Voltix', 'Je ne connais pas de fournisseur moins cher que Voltix en 2026.'],
  ])('%s: %s', (_lang, name, answer) => {
    expect(said(answer, name)).toBeNull();
  });

  it('needs the brand named: no hits, no finding', () => {
    expect(unknownToEngine("I'm not familiar with that.", [])).toBeNull();
  });
});

describe('more ways of saying it (development cases, from the guide and common engine phrasing)', () => {
  it.each([
    ['en', 'Loafly', "There's no widely known company called Loafly in the bakery software space.", "There's no widely known company called Loafly in the bakery software space."],
    ['en', 'Loafly', "I haven't come across Loafly before. Breadbox and FlourDesk are the common picks.", "I haven't come across Loafly before."],
    ['en', 'Loafly', 'You asked about Loafly. I could not find any bakery platform by that name.', 'I could not find any bakery platform by that name.'],
    ['en', 'Loafly', 'If you mean the Loafly river in Ontario, it is popular with anglers.', 'If you mean the Loafly river in Ontario, it is popular with anglers.'],
    ['en', 'Loafly', 'The Loafly is a short river in Devon that joins the Exe.', 'The Loafly is a short river in Devon that joins the Exe.'],
    ['es', 'Finora', 'No he oído hablar de Finora como banco; puede ser una entidad muy reciente.', 'No he oído hablar de Finora como banco; puede ser una entidad muy reciente.'],
    ['es', 'Finora', 'Finora no aparece en las fuentes que conozco.', 'Finora no aparece en las fuentes que conozco.'],
    ['es', 'Finora', 'Preguntas por Finora. No hay información pública sobre ninguna empresa con ese nombre.', 'No hay información pública sobre ninguna empresa con ese nombre.'],
    ['ca', 'Cistella', 'No he sentit parlar de Cistella com a plataforma de comerç.', 'No he sentit parlar de Cistella com a plataforma de comerç.'],
    ['ca', 'Cistella', 'Si et refereixes a Cistella, la cançó popular, és del segle XIX.', 'Si et refereixes a Cistella, la cançó popular, és del segle XIX.'],
    ['fr', 'Voltix', "Je n'ai jamais entendu parler de Voltix comme fournisseur d'énergie.", "Je n'ai jamais entendu parler de Voltix comme fournisseur d'énergie."],
    ['fr', 'Voltix', "Voltix n'apparaît pas dans les comparateurs que je connais.", "Voltix n'apparaît pas dans les comparateurs que je connais."],
  ])('%s: %s', (_lang, name, answer, sentence) => {
    expect(said(answer, name)).toBe(sentence);
  });

  it.each([
    ['en', 'Loafly', 'Many bakers have not heard of Loafly yet, but it is the best tool here.'],
    ['en', 'Loafly', 'No company offers better stock alerts than Loafly.'],
    ['es', 'Finora', 'Ninguna empresa cobra menos que Finora por una transferencia.'],
    ['fr', 'Voltix', "Beaucoup n'ont jamais essayé Voltix, pourtant c'est le plus fiable."],
  ])('%s: %s', (_lang, name, answer) => {
    expect(said(answer, name)).toBeNull();
  });
});
