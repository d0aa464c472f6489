import { describe, expect, it } from 'vitest';
import { SLUG_PATTERN } from '../workspaces/workspaces.schemas.ts';
import { DEMO_PROMPTS, HISTORY_DAYS, demoSlug, historyDays, trafficLog, walkFor } from './demo.fns.ts';

describe('historyDays', () => {
  it.each([
    ['an afternoon', '2026-12-05T15:00:00Z', '2026-09-07', '2026-12-05T06:00:00.000Z'],
    ['just after midnight: today’s run ends now', '2026-12-05T00:10:00Z', '2026-09-07', '2026-12-05T00:10:00.000Z'],
    ['across a leap day', '2028-03-30T12:00:00Z', '2028-01-01', '2028-03-30T06:00:00.000Z'],
  ])('%s', (_name, now, first, lastFinished) => {
    const days = historyDays(new Date(now));
    expect(days).toHaveLength(HISTORY_DAYS);
    expect(days[0]!.day).toBe(first);
    expect(days.at(-1)!.day).toBe(now.slice(0, 10));
    expect(days.at(-1)!.finishedAt.toISOString()).toBe(lastFinished);
    expect(new Set(days.map((d) => d.day)).size).toBe(HISTORY_DAYS);
    for (const d of days) {
      expect(d.finishedAt.toISOString().slice(0, 10)).toBe(d.day);
      expect(d.startedAt.getTime()).toBeLessThanOrEqual(d.finishedAt.getTime());
      expect(d.finishedAt.getTime()).toBeLessThanOrEqual(new Date(now).getTime());
    }
  });
});

describe('the demo material', () => {
  it('slugs are valid workspace slugs', () => {
    for (const r of [() => 0, () => 0.999, Math.random]) expect(demoSlug(r)).toMatch(new RegExp(SLUG_PATTERN));
  });
  it('prompts in two languages', () => {
    expect(new Set(DEMO_PROMPTS.map((p) => p.language))).toEqual(new Set(['en', 'es']));
    expect(DEMO_PROMPTS.length).toBeGreaterThanOrEqual(10);
  });
  it('the access log has a line per crawler visit and referral for each of its days, all before now', () => {
    const now = new Date('2026-12-05T15:00:00Z');
    const lines = trafficLog(now, 30).trim().split('\n');
    expect(lines).toHaveLength(30 * (6 + 3 + 2 + 4 + 1));
    expect(lines.filter((l) => l.includes('GPTBot'))).toHaveLength(30 * 6);
    expect(lines.some((l) => l.includes('" 404 '))).toBe(true);
    expect(trafficLog(now, 30)).toBe(trafficLog(now, 30));
  });
  it.each([[0, 'done'], [1, 'in_review'], [2, 'todo'], [3, 'archived'], [4, 'proposed'], [9, 'proposed']] as const)('item %i is walked to %s', (i, to) => {
    expect(walkFor(i).to).toBe(to);
  });
});
