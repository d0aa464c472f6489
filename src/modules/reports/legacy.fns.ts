import { EN, type MessageKey } from '../../lib/messages/en.ts';
import { metricName, msg, type Param, type Text } from './messages.fns.ts';
import type { Cell, ReportData, Section } from './reports.fns.ts';

// LEGACY: reports stored before texts were messages hold the English of the catalogue instead of
// `{key, params}`. This converts such a report's data once: each English text found again in the
// catalogue (exactly, or as a template with its parameters) becomes its message; any other text
// (a brand, a domain, an item's title) stays as it is. The reports service runs it over the
// stored rows at start (`upgradeStoredTexts`) and on a row read before that pass reached it;
// rows it has written carry `texts: 'messages'` and never come here again. Delete this file once
// every deployment has run the upgrade (no row without `texts` is left).

/** The groups a report stored as English; the renderer's own words (`ui.`, `sentence.`…) never were. */
const STORED = (Object.keys(EN) as MessageKey[]).filter((k) => k === 'seo' || /^(title|heading|label|col|note|na|term|method|explain|effect\.why|recs\.metric)\./.test(k));
/** The SEO report stored its components, reasons and checks as codes ("ai_readiness", "robotsTxt"): now their words. */
const SEO_WORDS = (Object.keys(EN) as MessageKey[]).filter((k) => /^seo\.(component|reason|check)\./.test(k));
const SEO_CODES = SEO_WORDS.flatMap((k) => [[k.split('.')[2]!, k], [EN[k] as string, k]] as const);
const EXACT = new Map<string, MessageKey>([
  ...STORED.filter((k) => !EN[k].includes('{')).map((k) => [EN[k], k] as const),
  // Labels whose English has changed since: a row stored with the old words reads the new ones.
  ['Relative share of voice', 'label.relativeSov'],
  ...SEO_CODES,
]);
const TERM_CODES = new Map<string, MessageKey>([
  ...STORED.filter((k) => /^(term|recs\.metric|effect\.why)\./.test(k)).map((k) => [EN[k] as string, k] as const),
  // Status and verdict codes the English once printed as they are.
  ['in_review', 'term.inReview'], ['no_detectable_change', 'term.noDetectableChange'], ['todo', 'term.todo'],
  ...SEO_CODES,
]);
/** Templates whose English has changed since, as a row stored them. */
const OLD_TEMPLATES: Array<[MessageKey, string]> = [['label.before', '{item}: {metric} before'], ['label.after', '{item}: {metric} after']];
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Templates as patterns, the one with the most fixed text first ("verdict: {verdict}; from simulated engines" before "verdict: {verdict}"). */
const TEMPLATES = [...STORED.filter((k) => EN[k].includes('{')).map((k) => [k, EN[k] as string] as const), ...OLD_TEMPLATES].map(([key, english]) => {
  const parts = english.split(/\{(\w+)\}/);
  const names = parts.filter((_p, i) => i % 2 === 1);
  const literal = parts.filter((_p, i) => i % 2 === 0);
  return { key, names, fixed: literal.join('').length, re: new RegExp(`^${literal.map(escape).join('(.+)')}$`, 's') };
}).sort((a, b) => b.fixed - a.fixed);
/** Bounded: a template's pattern holds one `(.+)` per parameter, polynomial on a long near-match; a stored sentence is under 300 characters. */
const STORED_TEXT_MAX = 2_000;
/** A parameter that is itself a word of the catalogue. */
const TERM_PARAMS = new Set(['verdict']);

/** A metric in a stored label: its words, or its key ("mention_rate") as those words. */
const legacyMetric = (v: string): Param => (EXACT.has(v) ? msg(EXACT.get(v)!) : /^[a-z]+(_[a-z]+)*$/.test(v) ? metricName(v) : v);

/** A word of a table cell or bar ("third party", "in_review"): its `term.` message, any other text as it is. */
export function legacyTerm(s: string): Text {
  const key = TERM_CODES.get(s);
  return key ? msg(key) : s;
}

/** A stored English heading, label, note or reason as its message; any other text as it is. */
export function legacyText(s: string): Text {
  if (!s) return s;
  const key = EXACT.get(s);
  if (key) return msg(key);
  if (s.length > STORED_TEXT_MAX) return s;
  for (const t of TEMPLATES) {
    const m = t.re.exec(s);
    if (!m) continue;
    const params: Record<string, Param> = {};
    t.names.forEach((name, i) => {
      const v = m[i + 1]!;
      params[name] = /^\d+$/.test(v) ? Number(v) : TERM_PARAMS.has(name) ? legacyTerm(v) : name === 'metric' ? legacyMetric(v) : v;
    });
    return msg(t.key, params);
  }
  return s;
}

const text = (v: Text | undefined): Text | undefined => (typeof v === 'string' ? legacyText(v) : v);
const cell = (v: Cell): Cell => (typeof v === 'string' ? legacyTerm(v) : v);

function section(s: Section): Section {
  return {
    ...s, heading: text(s.heading)!,
    ...(s.note !== undefined ? { note: text(s.note) } : {}),
    ...(s.unavailable !== undefined ? { unavailable: text(s.unavailable) } : {}),
    figures: s.figures.map((f) => ({ ...f, label: text(f.label)!, ...(f.note !== undefined ? { note: text(f.note) } : {}), ...(f.hint !== undefined ? { hint: text(f.hint) } : {}) })),
    ...(s.bars ? { bars: s.bars.map((b) => ({ ...b, label: s.barKind === 'engine' || typeof b.label !== 'string' ? b.label : legacyTerm(b.label) })) } : {}),
    ...(s.table ? {
      table: {
        ...s.table,
        columns: s.table.columns.map((c) => ({ ...c, label: text(c.label)!, ...(c.missing !== undefined ? { missing: text(c.missing) } : {}) })),
        rows: s.table.rows.map((row) => row.map(cell)),
      },
    } : {}),
  };
}

/** True when a stored report still holds English texts (stored before messages). */
export const isLegacy = (data: ReportData) => data.texts !== 'messages';

/** A report stored as English, with every text as its message; a report already converted as it is. */
export function upgradeTexts(data: ReportData): ReportData {
  if (!isLegacy(data)) return data;
  return {
    ...data, texts: 'messages', title: text(data.title)!,
    methodology: { ...data.methodology, interval: text(data.methodology.interval)! },
    sections: data.sections.map(section),
  };
}

