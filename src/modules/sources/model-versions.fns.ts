// The model versions each engine's provider named with its answers, day by day, and the days
// they changed: a change of model is read as a possible cause of a change in the figures (the
// dashboard marks it on the time series). Days with no version named count as not reported and
// never make a change by themselves.

export interface VersionDay { engine: string; day: string; versions: Array<string | null>; answers: number }
export interface ModelChange { date: string; engine: string; from: string[]; to: string[] }

export function modelVersionsByEngine(rows: VersionDay[]) {
  const engines = new Map<string, Array<{ date: string; versions: string[]; unreported: boolean; answers: number }>>();
  const changes: ModelChange[] = [];
  for (const r of [...rows].sort((a, b) => a.engine.localeCompare(b.engine) || a.day.localeCompare(b.day))) {
    const days = engines.get(r.engine) ?? [];
    const versions = [...new Set(r.versions.filter((v): v is string => !!v))].sort();
    const before = [...days].reverse().find((d) => d.versions.length);
    if (before && versions.length && before.versions.join('\n') !== versions.join('\n')) changes.push({ date: r.day, engine: r.engine, from: before.versions, to: versions });
    days.push({ date: r.day, versions, unreported: r.versions.some((v) => !v), answers: r.answers });
    engines.set(r.engine, days);
  }
  return { engines: [...engines].map(([engine, days]) => ({ engine, days })), changes };
}
