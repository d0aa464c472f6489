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
    expect(text).toBe('Your GEO score on 2026-09-01 is 61.2/100 (geo-score-v1). Components: visibility 55.5 (weight 0.25, n=10, 95% CI 26.7–81.1).');
  });
  it('passes a tool\'s error on, and summarises a result it has no template for', () => {
    expect(compose([['get_metrics', { error: { code: 'score_not_available', message: 'No measurement has succeeded.' } }]], [], scopeOf)).toBe('I could not read the metrics: No measurement has succeeded.');
    expect(compose([['list_recommendations', { proposed: [1, 2], todo: [] }]], [], scopeOf)).toBe('the recommendations: proposed 2, todo 0.');
  });
});
