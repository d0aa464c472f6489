import { describe, expect, it } from 'vitest';
import { evaluate, kindsFor, validateRule, type Rule } from './alerts.fns.ts';

const ws = { competitors: ['Globex', 'Initech'] };
const rule = (fields: Partial<Rule>): Rule => ({ id: 'alr_1', kind: 'score', name: null, metric: 'score', direction: 'drop', engine: null, competitor: null, thresholdMicrousd: null, ...fields });
const r = (value: number, lo: number, hi: number) => ({ value, interval: [lo, hi] as [number, number], n: 50 });

describe('validateRule', () => {
  it('fills the defaults of each kind and nulls what does not apply', () => {
    expect(validateRule({ kind: 'score' }, ws)).toEqual({ kind: 'score', name: null, metric: 'score', direction: 'drop', engine: null, competitor: null, thresholdMicrousd: null });
    expect(validateRule({ kind: 'competitor_overtakes', competitor: ' initech ' }, ws).competitor).toBe('Initech');
    expect(validateRule({ kind: 'credits_low', thresholdMicrousd: 5, name: ' low ' }, ws)).toMatchObject({ thresholdMicrousd: 5, name: 'low', metric: null });
  });
  it.each([
    [{ kind: 'score', thresholdMicrousd: 1 }, 'body.thresholdMicrousd does not apply to score rules'],
    [{ kind: 'run_failed', metric: 'score' }, 'body.metric does not apply to run_failed rules'],
    [{ kind: 'credits_low' }, 'body.thresholdMicrousd is required'],
    [{ kind: 'competitor_overtakes', competitor: 'Hooli' }, 'body.competitor must name one of'],
  ] as const)('%j → 400', (input, message) => {
    expect(() => validateRule(input as never, ws)).toThrow(message);
  });
});

describe('evaluate', () => {
  const move = (significant: boolean, delta: number) => ({ before: r(60, 55, 65), after: r(60 + delta, 50, 58), delta, significant });
  const changed = (significant: boolean, delta: number, engine = 'composite') => ({
    id: 'evt_1', type: 'score.changed',
    data: { runId: 'run_1', engine, day: '2026-11-27', previousDay: '2026-11-26', ...move(significant, delta), components: { volume: move(significant, delta) }, overtakes: [] },
  });
  it.each([
    // rule fields, significant, delta, engine of the event, fires
    [{}, true, -10, 'composite', true],
    [{}, false, -10, 'composite', false], // noise
    [{}, true, 10, 'composite', false], // wrong direction
    [{ direction: 'rise' }, true, 10, 'composite', true],
    [{ direction: 'any' }, true, 10, 'composite', true],
    [{ direction: 'any' }, true, 0, 'composite', false],
    [{ engine: 'claude' }, true, -10, 'composite', false],
    [{ engine: 'claude' }, true, -10, 'claude', true],
    [{ metric: 'volume' }, true, -10, 'composite', true],
    [{ metric: 'position' }, true, -10, 'composite', false], // no such move in the event
  ] as Array<[Partial<Rule>, boolean, number, string, boolean]>)('score rule %j, significant %s, Δ %d on %s → %s', (fields, significant, delta, engine, fires) => {
    expect(Boolean(evaluate(rule(fields), changed(significant, delta, engine)))).toBe(fires);
  });

  it('credits_low fires on a crossing of its own threshold only', () => {
    const low = rule({ kind: 'credits_low', metric: null, direction: null, thresholdMicrousd: 1_000_000 });
    const event = (before: number, after: number) => ({ id: 'evt', type: 'credits.low', data: { reservationId: 'rsv_1', previousAvailableMicrousd: before, availableMicrousd: after, operation: 'measurement' } });
    expect(evaluate(low, event(2_000_000, 500_000))).toMatchObject({ dedupeKey: 'reservation:rsv_1', reason: 'Available credits fell below $1.00: $0.50 left after a measurement hold (was $2.00).' });
    expect(evaluate(low, event(900_000, 500_000))).toBeNull();
    expect(evaluate(low, event(5_000_000, 2_000_000))).toBeNull();
    // Grants expiring cross it too: deduplicated by the grants (each expires once).
    const expiry = { id: 'evt', type: 'credits.low', data: { reservationId: null, grantIds: ['grt_a', 'grt_b'], previousAvailableMicrousd: 2_000_000, availableMicrousd: 500_000, operation: 'expiry' } };
    expect(evaluate(low, expiry)).toMatchObject({
      dedupeKey: 'expiry:grt_a,grt_b', reason: 'Available credits fell below $1.00: $0.50 left after credits expired (was $2.00).', figures: { reservationId: null, grantIds: ['grt_a', 'grt_b'] },
    });
  });

  it('a significant move near an engine change says "possible engine change" first and carries the flags; other kinds are untouched', () => {
    const flag = { engine: 'chatgpt', day: '2026-11-27', reasons: [{ detail: 'length rose from 300 to 900 per answer (CUSUM 12 > 8)' }] };
    const firing = evaluate(rule({}), changed(true, -10), [flag])!;
    expect(firing.reason).toMatch(/^Possible engine change: the canary prompts flag ChatGPT on Nov 27, 2026 \(length rose from 300 to 900 per answer \(CUSUM 12 > 8\)\); this move may be the engine's, not the brand's\. The GEO score across all engines dropped from 60\.0 \(95% 55\.0–65\.0, n = 50\) on Nov 26, 2026 to 50\.0 \(95% 50\.0–58\.0, n = 50\) on Nov 27, 2026; the 95% intervals do not overlap\.$/);
    expect(firing.figures.possibleEngineChange).toEqual([flag]);
    expect(evaluate(rule({}), changed(true, -10))!.figures).not.toHaveProperty('possibleEngineChange');
    expect(evaluate(rule({}), changed(false, -10), [flag])).toBeNull(); // noise stays silent
    expect(evaluate(rule({ kind: 'run_failed' }), { id: 'e', type: 'run.failed', data: { runId: 'run_1' } }, [flag])!.reason).toMatch(/^Run run_1 failed/);
  });

  it.each([
    ['a component on one engine', rule({ metric: 'relativeSov', engine: 'google-aio', direction: 'any' }),
      { ...changed(true, -10, 'google-aio'), data: { ...changed(true, -10, 'google-aio').data, components: { relativeSov: move(true, -10) } } },
      'The lead over competitors component on Google AI Overviews dropped from 60.0 (95% 55.0–65.0, n = 50) on Nov 26, 2026 to 50.0 (95% 50.0–58.0, n = 50) on Nov 27, 2026; the 95% intervals do not overlap.'],
    ['a skipped schedule', rule({ kind: 'schedule_skipped', metric: null, direction: null }),
      { id: 'e', type: 'schedule.skipped', data: { dueAt: '2026-11-27T09:00:00.000Z', reason: 'a run is already going', code: 'job_already_running' } },
      'The scheduled run due Nov 27, 2026, 9:00 AM UTC did not start: a run is already going [job_already_running].'],
  ] as const)('says %s in words: engines by name, figures with interval and n, days as dates', (_, r, event, reason) => {
    expect(evaluate(r, event as never)!.reason).toBe(reason);
  });

  it('reads only the events of its kind', () => {
    expect(kindsFor('run.succeeded')).toEqual([]);
    expect(kindsFor('alert.fired')).toEqual([]);
    expect(evaluate(rule({ kind: 'run_failed' }), { id: 'e', type: 'schedule.skipped', data: { dueAt: 'x' } })).toBeNull();
  });
});
