import { describe, expect, it } from 'vitest';
import { createFormatter } from '../../lib/format/format.ts';
import { RULE_KINDS as SERVER_KINDS, METRICS as SERVER_METRICS } from '../../modules/alerts/alerts.fns.ts';
import { METRICS, RULE_KINDS, ruleBody, ruleText } from './client/alert-rules.ts';

// The settings page's alert rules in words, and the body it posts for each kind.

const fmt = createFormatter({ locale: 'en' });

describe('alert rules for people', () => {
  it('offers the kinds and metrics the server accepts', () => {
    expect(RULE_KINDS.map(([k]) => k)).toEqual([...SERVER_KINDS]);
    expect([...METRICS]).toEqual([...SERVER_METRICS]);
  });

  it.each([
    [{ kind: 'score', metric: 'score', direction: 'drop', engine: null }, 'The GEO score across all engines drops beyond the noise (95% intervals apart)'],
    [{ kind: 'score', metric: 'relativeSov', direction: 'any', engine: 'google-aio' }, 'Lead over competitors on Google AI Overviews moves beyond the noise (95% intervals apart)'],
    [{ kind: 'competitor_overtakes', competitor: 'Globex', engine: 'perplexity' }, 'Globex overtakes the brand on Perplexity (mention-rate intervals apart)'],
    [{ kind: 'competitor_overtakes', competitor: null, engine: null }, 'Any competitor overtakes the brand across all engines (mention-rate intervals apart)'],
    [{ kind: 'run_failed' }, 'A measurement run fails'],
    [{ kind: 'credits_low', thresholdMicrousd: 2_500_000 }, 'Available credits fall below $2.50'],
    [{ kind: 'schedule_skipped' }, 'A scheduled run does not start when due'],
  ])('%j → %s', (rule, text) => expect(ruleText(rule, fmt)).toBe(text));

  // The words follow the formatter's language: one catalogue message per kind, never English glued to a translation.
  it.each([
    ['es', { kind: 'score', metric: 'score', direction: 'rise', engine: null }, 'La puntuación GEO en todos los motores sube más allá del ruido (intervalos del 95\u00a0% separados)'],
    ['fr', { kind: 'competitor_overtakes', competitor: 'Globex', engine: 'perplexity' }, 'Globex dépasse la marque sur Perplexity (intervalles de taux de mention disjoints)'],
    ['ca', { kind: 'credits_low', thresholdMicrousd: 2_500_000 }, 'Els crèdits disponibles baixen de 2,50\u00a0USD'],
  ])('%s: %j', (locale, rule, text) => expect(ruleText(rule, createFormatter({ locale }))).toBe(text));

  it.each([
    [{ kind: 'score', name: ' ', metric: 'visibility', direction: 'rise', engine: '' }, { kind: 'score', metric: 'visibility', direction: 'rise' }],
    [{ kind: 'competitor_overtakes', competitor: ' Globex ', engine: 'claude', metric: 'score', dollars: '5' }, { kind: 'competitor_overtakes', competitor: 'Globex', engine: 'claude' }],
    [{ kind: 'credits_low', dollars: '2.5', name: 'Low' }, { kind: 'credits_low', name: 'Low', thresholdMicrousd: 2_500_000 }],
    [{ kind: 'run_failed', engine: 'claude', competitor: 'x' }, { kind: 'run_failed' }],
  ])('posts only the fields of its kind: %j', (form, body) => expect(ruleBody(form)).toEqual(body));
});
