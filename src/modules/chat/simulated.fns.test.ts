import { describe, expect, it } from 'vitest';
import { compose, planStep, wantedTools } from './simulated.fns.ts';

const ALL = new Set(['get_geo_score', 'get_scoreboard', 'get_timeseries', 'get_metrics', 'get_top_cited_domains', 'list_runs', 'get_run_detail', 'list_prompts', 'get_credits_balance']);
const scopeOf = (tool: string) => (tool.startsWith('get_') && tool !== 'get_run_detail' && tool !== 'get_credits_balance' ? 'metrics:read' : tool === 'get_credits_balance' ? 'credits:read' : tool === 'list_recommendations' ? 'recs:read' : 'runs:read');

describe('wantedTools: the tools a question needs', () => {
  it.each([
    ['What is our GEO score?', ['get_geo_score', 'get_timeseries']],
    ['Why did our visibility drop on Perplexity last week?', ['get_timeseries', 'get_metrics']],
    ['How do we compare with competitors?', ['get_scoreboard']],
    ['Which sources are cited most?', ['get_top_cited_domains']],
    ['Show me the answers of the latest run', ['list_runs', 'get_run_detail']],
    ['How much credit is left?', ['get_credits_balance']],
    ['List our prompts', ['list_prompts']],
    ['What should we do next?', ['list_recommendations']],
    ['hello', ['get_geo_score', 'get_metrics']],
  ])('%s → %j', (question, tools) => {
    expect(wantedTools(question).map((w) => w.tool)).toEqual(tools);
  });
  it('reads the engine and the range', () => {
    expect(wantedTools('Why did visibility drop on Perplexity last week?')[0]).toEqual({ tool: 'get_timeseries', input: { engine: 'perplexity', range: '7d' } });
  });
});

describe('planStep', () => {
  it('calls the tools, then the one that needs an earlier result, then answers', () => {
    const q = 'Show me the answers of the latest run';
    const done = new Map<string, unknown>();
    expect(planStep(q, ALL, done, scopeOf)).toEqual({ kind: 'calls', calls: [{ tool: 'list_runs', input: { limit: 5 } }] });
    done.set('list_runs', { runs: [{ id: 'job_1', startedAt: 'x', status: 'succeeded', progress: { completedCalls: 10, totalCalls: 10 } }] });
    expect(planStep(q, ALL, done, scopeOf)).toEqual({ kind: 'calls', calls: [{ tool: 'get_run_detail', input: { runId: 'job_1' } }] });
    done.set('get_run_detail', { run: { id: 'job_1', status: 'succeeded' }, engines: [] });
    const answer = planStep(q, ALL, done, scopeOf);
    expect(answer.kind).toBe('answer');
    expect(answer.kind === 'answer' && answer.text).toMatch(/latest, job_1/);
  });
  it('says which scope is missing for a tool not offered, and never calls it', () => {
    const plan = planStep('What is our GEO score?', new Set(['list_prompts']), new Map(), scopeOf);
    expect(plan).toEqual({ kind: 'answer', text: expect.stringContaining('it needs the "metrics:read" scope') });
  });
});

describe('compose: the answer carries the figures with sample sizes and intervals', () => {
  it('renders a score with its components', () => {
    const text = compose([['get_geo_score', {
      score: 61.234, version: 'geo-score-v1', date: '2026-09-01', missingComponents: [],
      components: { visibility: { weight: 0.25, value: 55.5 } }, sampleSizes: { visibility: { n: 10, interval: [26.7, 81.1] } },
    }]], [], scopeOf);
    expect(text).toBe('Your GEO score on Sep 1, 2026 is 61.2/100 (geo-score-v1). Components: visibility 55.5 (weight 0.25, 95% 26.7–81.1, n = 10).');
  });
  it.each([
    ['metrics, engines by name and each rate with its interval', ['get_metrics', {
      date: '2026-11-27', answers: 250, mentionRate: { value: 42, n: 250, interval: [36, 48.2] }, citationRate: { value: 80, n: 250, interval: null },
      engines: [{ engine: 'google-aio', score: 51.25, answers: 50, mentionRate: { value: 30, n: 50, interval: [19.1, 43.8] } }],
      change: { previousDate: '2026-11-26', score: { delta: -2.04 }, mentionRate: { delta: 3, significant: false } },
    }], 'On Nov 27, 2026, across 250 answers the brand was mentioned in 42.0% (95% 36.0–48.2%, n = 250) and answers cited a source in 80.0% (n = 250). Per engine: Google AI Overviews 51.3 (50 answers, mentioned in 30.0% (95% 19.1–43.8%, n = 50)). Since Nov 26, 2026: score -2.0, mention rate +3.0 points (within the noise at 95%).'],
    ['the history of one engine', ['get_timeseries', { engine: 'perplexity', range: '7d', points: [{ date: '2026-11-20', score: 40 }, { date: '2026-11-27', score: 46.5 }] }],
      'Over the last 7 days on Perplexity, 2 days measured: the score went from 40.0 on Nov 20, 2026 to 46.5 on Nov 27, 2026 (+6.5 points); the lowest was 40.0 on Nov 20, 2026.'],
    ['credits in dollars', ['get_credits_balance', { availableMicrousd: 4_500_000, postedMicrousd: 5_000_000, heldMicrousd: 500_000, nextExpiryAt: '2026-12-31T00:00:00.000Z' }],
      'Credits: $4.50 available of $5.00 posted, $0.50 held; the next grant expires Dec 31, 2026, 12:00 AM UTC.'],
    ['runs', ['list_runs', { runs: [{ id: 'run_1', startedAt: '2026-11-27T09:30:00.000Z', status: 'succeeded', progress: { completedCalls: 10, totalCalls: 10 } }] }],
      '1 recent run; the latest, run_1, started Nov 27, 2026, 9:30 AM UTC and has succeeded (10 of 10 calls).'],
  ] as const)('renders %s', (_, result, text) => {
    expect(compose([result as unknown as [string, unknown]], [], scopeOf)).toBe(text);
  });
  it('passes a tool\'s error on, and summarises a result it has no template for', () => {
    expect(compose([['get_metrics', { error: { code: 'score_not_available', message: 'No measurement has succeeded.' } }]], [], scopeOf)).toBe('I could not read the metrics: No measurement has succeeded.');
    expect(compose([['list_recommendations', { proposed: [1, 2], todo: [] }]], [], scopeOf)).toBe('the recommendations: proposed 2, todo 0.');
  });
});
