import type { StampCell } from '../scores/stamp-facts.fns.ts';
import type { AnswerDayCell } from './sources.tables.ts';

// A day's answers as the stamps read them: one cell per (run, engine, surface, model version,
// simulated) holding its prompts' counts — the form a stamp is made from (stamp-facts.fns.ts), the
// database gathers the traces into (sources.service.ts `stampTraces`) and a finished day is kept in
// (answer_days).

/** Cells grouped by their day, each without it (as a day's summary holds them). */
export function byDay(cells: StampCell[]): Map<string, AnswerDayCell[]> {
  const days = new Map<string, AnswerDayCell[]>();
  for (const { day, ...cell } of cells) {
    const list = days.get(day);
    if (list) list.push(cell);
    else days.set(day, [cell]);
  }
  return days;
}

/** One day's cells as a stamp reads them, narrowed to an engine (or engines) and a surface when given. */
export function cellsOfDay(day: string, cells: AnswerDayCell[], only: { engine?: string; engines?: string[]; surface?: string } = {}): StampCell[] {
  const out: StampCell[] = [];
  for (const c of cells) {
    if ((only.engine && c.engine !== only.engine) || (only.engines && !only.engines.includes(c.engine)) || (only.surface && c.surface !== only.surface)) continue;
    out.push({ day, ...c });
  }
  return out;
}

/** One day's answers and model versions per engine (a provider that reported none: null), as the model-version history reads them. */
export function versionsOfDay(day: string, cells: AnswerDayCell[]): Array<{ engine: string; day: string; versions: Array<string | null>; answers: number }> {
  const engines = new Map<string, { versions: Set<string | null>; answers: number }>();
  for (const c of cells) {
    let e = engines.get(c.engine);
    if (!e) engines.set(c.engine, (e = { versions: new Set(), answers: 0 }));
    e.versions.add(c.modelVersion);
    for (const n of Object.values(c.prompts)) e.answers += n;
  }
  return [...engines].map(([engine, e]) => ({ engine, day, versions: [...e.versions], answers: e.answers }));
}
