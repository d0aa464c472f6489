import type { Snapshot } from './snapshot.fns.ts';

// The brand and its competitors day by day, as each day's scoreboard has them: visibility with
// its 95% Wilson interval and share of voice with its own, on the answers of that day. The
// dashboard draws them as the competitor lines of the time series; the numbers are those of the
// scoreboard endpoint on each day.

export interface EntityPoint { date: string; visibility: number | null; interval: [number, number] | null; shareOfVoice: number | null; shareOfVoiceInterval: [number, number] | null; n: number }
export interface EntitySeries { entityId: string; name: string; kind: 'brand' | 'competitor'; points: EntityPoint[] }

export function entitySeries(days: Array<{ day: string; answers: number; board: Snapshot['scoreboard'] }>): EntitySeries[] {
  const byId = new Map<string, EntitySeries>();
  for (const d of days) {
    for (const e of d.board ?? []) {
      const series = byId.get(e.entityId) ?? { entityId: e.entityId, name: e.name, kind: e.kind, points: [] };
      series.name = e.name; // the latest name, when a competitor was renamed
      series.points.push({
        date: d.day, visibility: e.visibility, interval: e.visibilityInterval ?? null,
        shareOfVoice: e.shareOfVoice, shareOfVoiceInterval: e.shareOfVoiceInterval ?? null, n: d.answers,
      });
      byId.set(e.entityId, series);
    }
  }
  const latest = (s: EntitySeries) => s.points.at(-1)?.visibility ?? -1;
  // The brand first, then competitors by their latest visibility (the strongest next to it).
  return [...byId.values()].sort((a, b) => (a.kind === 'brand' ? -1 : b.kind === 'brand' ? 1 : latest(b) - latest(a) || a.name.localeCompare(b.name)));
}
