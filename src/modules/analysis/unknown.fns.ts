import { fold, sentences, type Sentence } from './text.fns.ts';

// "I'm not familiar with Loafly": an answer that says the engine does not know the brand, cannot
// find it, or takes its name for something else is not a mention of the brand (docs/analysis.md,
// "Answers that do not know the brand"). It has no sentiment, and it is counted on its own per
// engine, because an engine that does not know a brand is a finding an agency acts on.
//
// The rules read words, not patterns: the sentence that names the brand is cut into folded words
// (lowercase, no accents, apostrophes kept inside a word), and
// 1. a "not knowing" phrase ends right before the name, with only filler words between
//    ("not familiar with [a company called] Loafly", "no tengo información sobre Finora"); phrases
//    that need a negation ("information about") count only after one in the same sentence;
// 2. or a "not knowing" phrase follows the name ("Voltix ne me dit rien", "Finora no me consta");
// 3. or the name opens a sentence that calls it a place, a person or a thing
//    ("Cistella is a river in…", "Finora es un apellido…");
// 4. or, within two sentences of the name, the answer asks which one was meant ("did you mean",
//    "¿te refieres a…", "vous pensez peut-être à…").
// A possessive right after the name ("Loafly's 2025 prices") is about what the engine lacks,
// not about the brand, and never counts. Every list below is ordinary language in en, es, ca, fr.

export interface UnknownFinding {
  /** The sentence that says so, as offsets into the answer (UTF-16). */
  start: number;
  end: number;
}

const words = (s: string) => s.split('|').map((p) => p.trim().split(/\s+/).map((w) => fold(w)));

/** Phrases that end right before the name (rule 1); `NEEDS_NEGATION` ones count after a negation only. */
const BEFORE_NAME = words(`
not familiar with | unfamiliar with | not aware of | i don't know | i do not know
| i can't find | i cannot find | i couldn't find | i could not find | unable to find | not able to find | i can't identify | i cannot identify | i couldn't identify
| not sure what | unsure what | not sure which | no known | no widely known | no well-known | no company | no brand | no product | no business
| no se que es | no estoy seguro de que es | no estoy segura de que es | no he oido hablar de | nunca he oido hablar de | ninguna empresa | ninguna marca | ningun producto
| no se que es | no he sentit parlar de | mai he sentit parlar de | cap empresa | cap marca | cap producte
| je ne sais pas ce qu'est | je ne sais pas ce que | n'ai jamais entendu parler de | n'ai pas entendu parler de | aucune entreprise | aucune marque | aucun produit
| no conozco | no encuentro | no he encontrado | no he podido encontrar | no logro encontrar | no estoy familiarizado con | no estoy familiarizada con | desconozco
| no conec | no trobo | no he trobat | no he pogut trobar | no estic familiaritzat amb | no estic familiaritzada amb | desconec
| je ne connais pas | ne connais pas | je ne trouve pas | je ne trouve aucune trace de | n'ai pas trouve | je ne suis pas familier avec | je ne suis pas familiere avec
`);
const NEEDS_NEGATION = words(`
heard of | come across | encountered | information about | information on | information regarding | details about | details on | data on | data about | record of | knowledge of | reference to | references to
| informacion sobre | informacion de | informacion acerca de | datos sobre | datos de | referencias de | referencias sobre | constancia de | rastro de
| informacio sobre | informacio de | dades sobre | dades de | referencies de | constancia de | rastre de
| information sur | informations sur | information concernant | informations concernant | donnees sur | trace de | connaissance de | reference a
`);
const NEGATIONS = new Set(words(`no | not | never | unable | cannot | without | ningun | ninguna | ningún | ninguna | nada | sin | cap | sense | gens | ne | aucun | aucune | pas | sans | jamais | rien`).map((w) => w[0]!));
/** The engine speaking, or no one: first-person words and impersonal "there is", "hay", "hi ha", "il y a". */
const SPEAKER = new Set(words(`
i i'm i've i'd i'll me my we we're we've our there there's available
yo tengo he conozco encuentro dispongo hay existe disponible
jo tinc conec trobo disposo hi existeix
je j'ai n'ai moi nous y existe
`).flat());
/** Filler that may stand between a phrase and the name: "a company called", "una empresa llamada". */
const FILLER = new Set(words(`
a an any the company brand business product service app platform firm called named by that name
known widely well-known specific reliable detailed recent public much concrete particular real current verifiable specifically
el los las del conocida conocido concreta concreto especifica especifico fiable publica publico reciente detallada real actual
coneguda conegut public recent detallada
connue connu precise precis publique recente detaillee reelle actuelle particuliere
un una alguna algun ningun ninguna empresa marca negocio producto servicio aplicacion plataforma llamada llamado denominada que se llame
uns cap companyia empresa marca negoci producte servei aplicacio plataforma anomenada anomenat dita dit
une aucune aucun entreprise societe marque produit service application plateforme appelee appele nommee nomme du de la le l' d'
`).flat());
/** Phrases that follow the name (rule 2). */
const AFTER_NAME = words(`
doesn't ring a bell | does not ring a bell | isn't something i'm familiar with | is not something i am familiar with | is not a brand i know | isn't a brand i know
| doesn't appear to be a known | doesn't appear to be a well-known | does not appear to be a known | does not appear to be a well-known | is not a known | isn't a known | is not a well-known | isn't a well-known
| no me consta | no me suena | no es una marca que conozca | no es una empresa que conozca
| no em consta | no em sona | no es una marca que conegui | no es una empresa que conegui
| doesn't appear in | does not appear in | isn't in my | is not in my | doesn't seem to exist | does not seem to exist
| no aparece en | no figura en | no me es familiar | no m'es familiar | no apareix en | no em resulta familiar
| ne figure pas | n'apparait pas | ne m'est pas familier | ne m'est pas familiere | ne me dit rien | ne m'est pas connu | ne m'est pas connue | n'est pas une marque que je connais | n'est pas une entreprise que je connais
`);
/** What the name is taken for (rule 3): a copula and article, then one of these nouns. */
const COPULAS = words(`is a | is an | is the name of a | es un | es una | es el nombre de un | es el nombre de una | es el nom d' un | es el nom d' una | est un | est une | est le nom d' un | est le nom d' une`);
const TAKEN_FOR = new Set(words(`
river town city village mountain lake island region province municipality county surname name footballer singer actor actress painter writer poet politician saint composer
rio ciudad pueblo montana lago isla region provincia municipio comarca apellido nombre futbolista cantante actor actriz pintor escritor poeta politico santo compositor
stream neighbourhood neighborhood district battle myth goddess god song album film novel character dish word term
barrio batalla mito diosa dios cancion pelicula novela personaje plato palabra termino
riu ciutat poble muntanya llac illa regio municipi cognom nom futbolista cantant actor actriu pintor escriptor poeta politic sant compositor
barri mite deessa canco pellicula novella personatge plat paraula terme quartier bataille mythe deesse chanson roman personnage mot
riviere fleuve ville village montagne lac ile region province commune departement nom footballeur chanteur chanteuse acteur actrice peintre ecrivain poete politique saint compositeur
`).flat());
/** A later sentence pointing back at the name: "by that name", "con ese nombre". */
const THAT_NAME = words(`by that name | with that name | under that name | of that name | con ese nombre | con este nombre | amb aquest nom | amb aquell nom | sous ce nom | de ce nom | portant ce nom`);
/** Asking which one was meant (rule 4). */
const WHICH_MEANT = words(`
if you mean | if you meant | if you're referring to | if you are referring to | if you're asking about | if you are asking about
| si te refieres a | si te referias a | si et refereixes a | si vous parlez de | si vous faites reference a | si vous pensez a | si tu parles de
| did you mean | you may be thinking of | you might be thinking of | you may be referring to | you might be referring to | perhaps you mean | perhaps you meant | could you be referring to
| te refieres a | te referias a | te refieras a | quizas te refieres | quiza te refieres | puede que te refieras
| et refereixes a | et referies a | potser et refereixes | potser vols dir
| vous pensez peut-etre a | vouliez-vous dire | voulez-vous dire | vous voulez peut-etre parler | vous faites peut-etre reference
`);

const POSSESSIVE_END = /['\u2019]s?$/u;
const POSSESSIVE_NEXT = /^['\u2019]s?(?![\p{L}])/u;

interface Word { w: string; start: number; end: number }
/** The folded words of a sentence, with their offsets in the answer; apostrophes stay inside a word ("doesn't", "n'ai"). */
function wordsOf(answer: string, s: Sentence): Word[] {
  const out: Word[] = [];
  let i = s.start;
  while (i < s.end) {
    while (i < s.end && !isWordPart(answer[i]!)) i++;
    const from = i;
    while (i < s.end && (isWordPart(answer[i]!) || (isApostrophe(answer[i]!) && isWordPart(answer[i + 1] ?? ' ')))) i++;
    if (i === from) continue;
    const w = fold(answer.slice(from, i));
    // "l'entreprise Voltix", "d'un": the elided article or preposition is a word of its own.
    if (/^[ld]'./.test(w)) out.push({ w: w.slice(0, 2), start: from, end: from + 2 }, { w: w.slice(2), start: from + 2, end: i });
    else out.push({ w, start: from, end: i });
  }
  return out;
}
const isApostrophe = (c: string) => c === "'" || c === '\u2019';
const isWordPart = (c: string) => /[\p{L}\p{N}-]/u.test(c);

/** Whether `phrase` is the run of words ending at index `last` (inclusive) / starting at `first`. */
const endsAt = (ws: Word[], last: number, phrase: string[]) => last - phrase.length + 1 >= 0 && phrase.every((p, k) => ws[last - phrase.length + 1 + k]!.w === p);
const startsAt = (ws: Word[], first: number, phrase: string[]) => first + phrase.length <= ws.length && phrase.every((p, k) => ws[first + k]!.w === p);

/** The sentence of the answer that says the engine does not know the brand, or null. `hits` are the brand's counted occurrences. */
export function unknownToEngine(answer: string, hits: Array<{ start: number; end: number; matched?: string }>): UnknownFinding | null {
  if (!hits.length) return null;
  // Only the lines that name the brand and the line after each are cut into sentences: segmenting
  // a whole 3 KB answer for every answer cost about a third of the analysis (bench/analysis.bench.ts).
  const all = sentencesNear(answer, hits);
  for (let k = 0; k < all.length; k++) {
    const s = all[k]!;
    const here = hits.filter((h) => h.start >= s.start && h.start < s.end);
    if (!here.length) continue;
    const ws = wordsOf(answer, s);
    for (const h of here) {
      if (POSSESSIVE_END.test(h.matched ?? '') || POSSESSIVE_NEXT.test(answer.slice(h.end, h.end + 3))) continue;
      const at = ws.findIndex((w) => w.end > h.start);
      const after = ws.findIndex((w) => w.start >= h.end);
      if (at >= 0 && knownNotBefore(ws, at)) return s;
      if (after >= 0 && AFTER_NAME.some((p) => startsAt(ws, after, p))) return s;
      if (at >= 0 && opensSentence(ws, at) && after >= 0 && takenFor(ws, after)) return s;
    }
    for (const near of all.slice(k, k + 3)) {
      const nw = wordsOf(answer, near);
      if (nw.some((_, i) => WHICH_MEANT.some((p) => startsAt(nw, i, p)))) return near;
      // "…no company by that name.": the name stands in a sentence before.
      if (near !== s && nw.some((_, i) => THAT_NAME.some((p) => startsAt(nw, i, p)) && saysNotKnowing(nw, i))) return near;
    }
  }
  return null;
}

/** The sentences of each line (a list item, a table row, a paragraph) holding a hit, and of the line after it, in text order. */
function sentencesNear(answer: string, hits: Array<{ start: number }>): Sentence[] {
  const lines = new Map<number, number>();
  const lineAt = (pos: number) => {
    let from = pos;
    while (from > 0 && answer[from - 1] !== '\n') from--;
    let to = pos;
    while (to < answer.length && answer[to] !== '\n') to++;
    return [from, to] as const;
  };
  for (const h of hits) {
    const [from, to] = lineAt(h.start);
    if (lines.has(from)) continue;
    lines.set(from, to);
    let next = to + 1;
    while (next < answer.length && answer[next] === '\n') next++;
    if (next < answer.length) lines.set(next, lineAt(next)[1]);
  }
  return [...lines].sort((a, b) => a[0] - b[0])
    .flatMap(([from, to]) => sentences(answer.slice(from, to)).map((x) => ({ text: x.text, start: x.start + from, end: x.end + from })));
}

/** Rule 1: a phrase ends before the name's first word `at`, past at most `gap` filler words. */
function knownNotBefore(ws: Word[], at: number, gap = 5): boolean {
  for (let last = at - 1; last >= Math.max(0, at - 1 - gap); last--) {
    if (BEFORE_NAME.some((p) => endsAt(ws, last, p))) return true;
    const cue = NEEDS_NEGATION.find((p) => endsAt(ws, last, p));
    // "Many people have not heard of Loafly" is no engine speaking: the sentence must be the
    // engine's own (first person) or impersonal ("there is no information about…").
    if (cue && ws.slice(0, last - cue.length + 1).some((w) => NEGATIONS.has(w.w) || w.w.endsWith("n't") || w.w.startsWith("n'")) && ws.some((w) => SPEAKER.has(w.w))) return true;
    if (!FILLER.has(ws[last]!.w)) return false;
  }
  return false;
}

/** Whether a "not knowing" phrase ends anywhere before word `upto` (the sentence points back at the name). */
function saysNotKnowing(ws: Word[], upto: number): boolean {
  for (let last = 0; last < upto; last++) if (knownNotBefore(ws, last + 1, 0)) return true;
  return false;
}

/** The name opens its sentence, or follows only "the", "el", "le" or "the name". */
function opensSentence(ws: Word[], at: number): boolean {
  return at <= 3 && ws.slice(0, at).every((w) => LEAD_INS.has(w.w));
}
const LEAD_INS = new Set(words("the | name | el | la | nombre | nom | le | l' | term | word | termino | terme | mot").flat());

/** Rule 3: the words after the name are a copula and article, then something that is not a business. */
function takenFor(ws: Word[], after: number): boolean {
  const copula = COPULAS.find((p) => startsAt(ws, after, p));
  if (!copula) return false;
  // "is a small river", "es un pequeño pueblo": one adjective may come first.
  const next = after + copula.length;
  return [next, next + 1].some((i) => ws[i] !== undefined && TAKEN_FOR.has(ws[i]!.w));
}
