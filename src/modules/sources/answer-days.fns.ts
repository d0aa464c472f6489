import type { StampAnswer } from '../scores/stamp-facts.fns.ts';
import type { AnswerDayCell } from './sources.tables.ts';

// A finished day's answers as the stamps read them, folded and unfolded without loss: the rows a
// stamp is made of (one per day, run, engine, surface, model version, prompt and simulated, with
// `n` answers) become one cell per (run, engine, surface, model version, simulated) holding its
// prompts' counts, and unfold back to the very same rows.

const cellKey = (r: Pick<StampAnswer, 'runId' | 'engine' | 'surface' | 'modelVersion' | 'simulated'>) =>
  `${r.runId}\u0000${r.engine}\u0000${r.surface}\u0000${r.modelVersion ?? ''}\u0000${r.modelVersion === null ? 0 : 1}\u0000${r.simulated ? 1 : 0}`;

/** Rows grouped by their day, each day's into cells. */
export function foldDays(rows: StampAnswer[]): Map<string, AnswerDayCell[]> {
  const days = new Map<string, Map<string, AnswerDayCell>>();
  for (const r of rows) {
    let cells = days.get(r.day);
    if (!cells) days.set(r.day, (cells = new Map()));
    const key = cellKey(r);
    let cell = cells.get(key);
    if (!cell) cells.set(key, (cell = { runId: r.runId, engine: r.engine, surface: r.surface, modelVersion: r.modelVersion, simulated: r.simulated, prompts: {} }));
    cell.prompts[r.promptId] = (cell.prompts[r.promptId] ?? 0) + (r.n ?? 1);
  }
  return new Map([...days].map(([day, cells]) => [day, [...cells.values()]]));
}

/** One day's cells as rows again, narrowed to an engine (or engines) and a surface when given. */
export function unfoldDay(day: string, cells: AnswerDayCell[], only: { engine?: string; engines?: string[]; surface?: string } = {}): StampAnswer[] {
  const rows: StampAnswer[] = [];
  for (const c of cells) {
    if ((only.engine && c.engine !== only.engine) || (only.engines && !only.engines.includes(c.engine)) || (only.surface && c.surface !== only.surface)) continue;
    for (const [promptId, n] of Object.entries(c.prompts)) rows.push({ day, runId: c.runId, engine: c.engine, surface: c.surface, modelVersion: c.modelVersion, promptId, simulated: c.simulated, n });
  }
  return rows;
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
