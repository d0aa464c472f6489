import type { Language } from '../../lib/format/format.ts';
import { formatMessage } from '../../lib/messages/catalogue.ts';
import type { Evidence, Scores } from './recs.types.ts';
import { priorityLevel, say, type PriorityLevel } from './texts.fns.ts';
import { formatterOf } from './writer.ts';

// What a person reads of an item, said at read time in the workspace's language: a template's
// title and rationale from the stored keys (a model's as it wrote them), the one sentence of why,
// the evidence's summary and figure labels, and the priority as a word with its figure for hover.
// An item made before texts were stored keeps its stored words.

export interface Said {
  title: string;
  rationale: string;
  why: string;
  evidence: Omit<Evidence, 'text'>;
  priorityLevel: PriorityLevel;
  priorityLabel: string;
  priorityDetail: string;
  language: Language;
}

interface Stored { title: string; rationale: string; writtenBy: string; evidence: Evidence; scores: Scores }

export function wordsOf(row: Stored, reader: { language: Language }): Said {
  const f = formatterOf(reader.language);
  const { text, ...evidence } = row.evidence ?? ({} as Evidence);
  const s = row.scores ?? { priority: 0, impact: 0, confidence: 0, effort: 2 };
  const level = priorityLevel(s.priority ?? 0);
  const number = (n: number) => (Number.isInteger(n) ? f.count(n) : f.decimal(n));
  const priority = {
    priorityLevel: level,
    priorityLabel: formatMessage(reader.language, `recs.priority.${level}`),
    priorityDetail: formatMessage(reader.language, 'recs.priority.hover', {
      priority: Math.round(s.priority ?? 0), impact: f.percent(100 * (s.impact ?? 0)), confidence: f.percent(100 * (s.confidence ?? 0)), effort: s.effort ?? 2,
    }, number),
    language: reader.language,
  };
  if (!text) {
    const why = evidence.summary ? `${evidence.summary.replace(/[.!?…]?$/, '.')}` : row.rationale;
    return { title: row.title, rationale: row.rationale, why, evidence, ...priority };
  }
  const why = say(f, text.why);
  const template = row.writtenBy === 'template';
  return {
    title: template ? say(f, text.title) : row.title,
    rationale: template ? say(f, text.rationale) : row.rationale,
    why,
    evidence: { ...evidence, summary: why, figures: (evidence.figures ?? []).map((fig, i) => (text.figures[i] ? { ...fig, label: say(f, text.figures[i]!) } : fig)) },
    ...priority,
  };
}

/** The title alone (reports list done items by it). */
export const titleOf = (row: Pick<Stored, 'title' | 'evidence'> & { writtenBy?: string }, reader: { language: Language }) =>
  row.evidence?.text && (row.writtenBy ?? 'template') === 'template' ? say(formatterOf(reader.language), row.evidence.text.title) : row.title;
