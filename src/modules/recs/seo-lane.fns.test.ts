import { describe, expect, it } from 'vitest';
import { MockLanguageModelV3 } from 'ai/test';
import { checkCandidates, insightCandidates, pageEvaluationCandidates, seoCandidates } from './seo-lane.fns.ts';
import { complianceFlag, room, selectCandidates } from './select.fns.ts';
import { fromSignals } from './measure.ts';
import { templateText, writeItem } from './writer.ts';
import type { Candidate, SeoSignals } from './recs.types.ts';

const now = '2026-01-02T00:00:00.000Z';
const signals = (over: Partial<SeoSignals> = {}): SeoSignals => ({ available: true, failedChecks: [], insights: [], aiBots: [], llmsTxt: null, ...over });
const check = (checkId: string, passed: number, n: number) => ({ checkId, title: `${checkId} check`, pages: Array.from({ length: n - passed }, (_, i) => ({ url: `https://acme.com/p${i}`, observedValue: '', expectedValue: 'x' })), passRate: { passed, n } });

describe('seo lane: failed technical checks grouped by check', () => {
  it('one item per failing check with its pages, pass rate with n, and the pass-rate metric', () => {
    const items = checkCandidates(signals({ failedChecks: [check('title', 7, 10), check('canonical', 10, 10)] }), now);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ lane: 'seo', type: 'technical_check', topic: 'check:title', makesClaims: false });
    expect(items[0]!.evidence.urls).toHaveLength(3);
    expect(items[0]!.evidence.metric).toMatchObject({ name: 'check_pass_rate', scope: { checkId: 'title' }, source: 'seo', current: { k: 7, n: 10, value: 70 } });
    expect(items[0]!.scores.impact).toBe(0.3);
  });
});

describe('seo lane: Search Console insights', () => {
  it.each([
    ['falling_position', { query: 'analytics tool', previousPosition: 3 }, 'search_falling_position', 'gsc:falling_position:analytics tool'],
    ['low_ctr', { query: 'acme pricing' }, 'search_low_ctr', 'gsc:low_ctr:acme pricing'],
    ['losing_clicks', { page: 'https://acme.com/blog', previousClicks: 90 }, 'search_losing_clicks', 'gsc:losing_clicks:https://acme.com/blog'],
  ] as const)('%s → %s with the CTR metric and importance as impact', (kind, extra, type, topic) => {
    const [item] = insightCandidates(signals({ insights: [{ kind, clicks: 20, impressions: 1000, ctr: 0.02, position: 8, importanceBp: 2500, ...extra }] }), now);
    expect(item).toMatchObject({ type, topic, scores: { impact: 0.25 }, evidence: { metric: { name: 'ctr', current: { k: 20, n: 1000 } } } });
  });
  it('an insight without query or page is skipped', () => {
    expect(insightCandidates(signals({ insights: [{ kind: 'low_ctr', clicks: 1, impressions: 10, ctr: 0.1, position: 1, importanceBp: 1 }] }), now)).toEqual([]);
  });
});

describe('geo items from page evaluations', () => {
  it('one item per AI bot refused by robots.txt, and a missing llms.txt', () => {
    const items = pageEvaluationCandidates(signals({
      aiBots: [{ url: 'https://acme.com/', bot: 'GPTBot', allowed: false }, { url: 'https://acme.com/a', bot: 'GPTBot', allowed: true }, { url: 'https://acme.com/', bot: 'ClaudeBot', allowed: true }],
      llmsTxt: { url: 'https://acme.com/llms.txt', present: false },
    }), now);
    expect(items.map((i) => [i.lane, i.type, i.topic])).toEqual([['geo', 'ai_bot_blocked', 'ai_bot_blocked:GPTBot'], ['geo', 'llms_txt_missing', 'llms_txt_missing']]);
    expect(items[0]!.evidence.metric.current).toMatchObject({ k: 1, n: 2 });
  });
  it('a present llms.txt and allowed bots give nothing', () => {
    expect(pageEvaluationCandidates(signals({ aiBots: [{ url: 'u', bot: 'GPTBot', allowed: true }], llmsTxt: { url: 'u', present: true } }), now)).toEqual([]);
  });
  it('measurements come back from the same signals; a check no longer failing has no count to report', () => {
    const s = signals({ failedChecks: [check('title', 8, 10)], aiBots: [{ url: 'u', bot: 'GPTBot', allowed: true }], llmsTxt: { url: 'u', present: true } });
    expect(fromSignals({ name: 'check_pass_rate', scope: { checkId: 'title' }, better: 'higher', source: 'seo' }, s, now).measurement).toMatchObject({ k: 8, n: 10 });
    expect(fromSignals({ name: 'check_pass_rate', scope: { checkId: 'llmsTxt' }, better: 'higher', source: 'seo' }, s, now).measurement).toMatchObject({ k: 1, n: 1 });
    expect(fromSignals({ name: 'bot_access_rate', scope: { bot: 'GPTBot' }, better: 'higher', source: 'seo' }, s, now).measurement).toMatchObject({ k: 1, n: 1 });
    expect(fromSignals({ name: 'check_pass_rate', scope: { checkId: 'canonical' }, better: 'higher', source: 'seo' }, s, now)).toMatchObject({ measurement: null, reason: { key: 'recs.effect.why.checkPasses' } });
  });
});

describe('caps and targets (spec 4.6 / 8)', () => {
  it.each([
    ['geo', 0, 10], ['geo', 12, 8], ['geo', 20, 0], ['geo', 25, 0],
    ['seo', 0, 20], ['seo', 35, 15], ['seo', 50, 0],
  ] as const)('%s lane with %s open items may create %s', (lane, open, expected) => expect(room(lane, open)).toBe(expected));

  const cands = (lane: 'geo' | 'seo', count: number): Candidate[] => seoCandidates(signals({ failedChecks: Array.from({ length: count }, (_, i) => check(`c${i}`, i % 9, 10)) }), now).map((c) => ({ ...c, lane }));
  it('selection: highest priority first, open topics skipped, at most the room left', () => {
    const all = cands('seo', 30);
    const { chosen, skippedOpen } = selectCandidates(all, new Set(['check:c0', 'check:c9']), 40, 'seo');
    expect(chosen).toHaveLength(10);
    expect(skippedOpen).toBe(2);
    expect(chosen.map((c) => c.topic)).not.toContain('check:c0');
    const priorities = chosen.map((c) => c.scores.priority);
    expect(priorities).toEqual([...priorities].sort((a, b) => b - a));
    expect(selectCandidates(all, new Set(), 0, 'seo').chosen).toHaveLength(20);
    expect(selectCandidates(all, new Set(), 0, 'geo').chosen).toHaveLength(0); // other lane's candidates are not taken
  });

  it('compliance flag only under eu_medical and only for items that make claims', () => {
    expect(complianceFlag('eu_medical', { makesClaims: true })).toBe(true);
    expect(complianceFlag('eu_medical', { makesClaims: false })).toBe(false);
    expect(complianceFlag('none', { makesClaims: true })).toBe(false);
  });
});

describe('title and rationale', () => {
  const [item] = checkCandidates(signals({ failedChecks: [check('title', 7, 10)] }), now);
  it('templates without a model, and they say so', async () => {
    const written = await writeItem(item!, 'Acme', null);
    expect(written).toEqual(templateText(item!, 'Acme'));
    expect(written.writtenBy).toBe('template');
    expect(written.rationale).toContain('The check fails on 3 of 10 pages evaluated.');
  });
  const model = (text: string) => new MockLanguageModelV3({
    doGenerate: async () => ({ content: [{ type: 'text', text }], finishReason: { unified: 'stop', raw: 'stop' }, usage: { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } }, warnings: [] }),
  } as never);
  it('the model writes them from the evidence when it answers usable JSON', async () => {
    const written = await writeItem(item!, 'Acme', model('```json\n{"title": "Fix page titles", "rationale": "3 of 10 pages fail."}\n```'));
    expect(written).toEqual({ title: 'Fix page titles', rationale: '3 of 10 pages fail.', writtenBy: 'model' });
  });
  it('an unusable model answer falls back to the template', async () => {
    expect((await writeItem(item!, 'Acme', model('Sure! Here you go.'))).writtenBy).toBe('template');
  });
});
