import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/app.ts';

// Every figure says how it was made. Walks the OpenAPI document: every response whose
// schema holds a figure — an object with a 95% `interval` (or `…Interval`) — carries the
// methodology stamp (`stamp`, docs/methodology.md) on that object or one around it. Routes added
// later are caught here too; the few exceptions say why.

type Schema = { properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[]; oneOf?: Schema[]; allOf?: Schema[]; additionalProperties?: unknown; $ref?: string };
type Doc = { paths: Record<string, Record<string, { operationId: string; responses: Record<string, { content?: Record<string, { schema?: Schema }> }> }>> };

const NOT_FIGURES: Record<string, string> = {
  startDeviceAuthorization: '`interval` is the polling interval in seconds (RFC 8628), not a figure',
  getRunDetail: 'one run\'s working record: adaptive sampling\'s cells each carry their own samples, answers and interval before and after, and why they were sampled (docs/methodology.md, "Adaptive sampling")',
  // A run's own figure (`brandVisibility`: the share of this run's answers naming the brand, with n
  // and its interval) is, like its detail, the run's working record beside its `simulatedShare`;
  // the figures a reader compares over time are the day's, stamped (GET …/score, docs/runs.md).
  listRuns: 'a run\'s own record: brandVisibility counts this run\'s answers (n, interval) beside its simulatedShare; the day\'s stamped figures are GET …/score\'s',
  startRun: 'the run\'s own record, as listRuns',
  getRun: 'the run\'s own record, as listRuns',
  cancelRun: 'the run\'s own record, as listRuns',
  getRecommendation: 'the effect is a difference-in-differences against holdout prompts; its `comparison`, `sides` (days and answers per side) and `method` say how it was made (docs/methodology.md)',
};

const isFigure = (s: Schema) => Object.keys(s.properties ?? {}).some((k) => k === 'interval' || /Interval$/.test(k));

/** Paths to figures in `s` with no `stamp` on them or around them. */
function unstamped(s: Schema | undefined, at: string, stamped: boolean): string[] {
  if (!s || typeof s !== 'object') return [];
  const here = stamped || Boolean(s.properties?.stamp);
  const out: string[] = isFigure(s) && !here ? [at || '(top)'] : [];
  for (const [k, v] of Object.entries(s.properties ?? {})) if (k !== 'stamp') out.push(...unstamped(v, `${at}.${k}`, here));
  if (s.items) out.push(...unstamped(s.items, `${at}[]`, here));
  for (const k of ['anyOf', 'oneOf', 'allOf'] as const) (s[k] ?? []).forEach((x, i) => out.push(...unstamped(x, `${at}|${i}`, here)));
  if (s.additionalProperties && typeof s.additionalProperties === 'object') out.push(...unstamped(s.additionalProperties as Schema, `${at}{}`, here));
  return out;
}

let ctx: TestContext;
let doc: Doc;
beforeAll(async () => {
  ctx = await createTestApp();
  doc = ctx.app.swagger() as unknown as Doc;
}, 60_000);
afterAll(() => ctx.close());

describe('the methodology stamp on every figure', () => {
  it('every response schema holding a figure carries `stamp`', () => {
    const missing: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        if (NOT_FIGURES[op.operationId]) continue;
        for (const [status, response] of Object.entries(op.responses)) {
          if (!/^2/.test(status)) continue;
          const schema = response.content?.['application/json']?.schema;
          missing.push(...unstamped(schema, '', false).map((p) => `${method.toUpperCase()} ${path} ${op.operationId} ${status} ${p}`));
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('finds the figures it is meant to (the walk is not vacuous)', () => {
    const withStamp = Object.values(doc.paths).flatMap((m) => Object.values(m))
      .filter((op) => JSON.stringify(op.responses['200']?.content?.['application/json']?.schema ?? {}).includes('"stamp"'))
      .map((op) => op.operationId);
    expect(withStamp).toEqual(expect.arrayContaining(['getScore', 'getScoreByBrand', 'getScoreboard', 'getTimeseries', 'getEntityTimeseries', 'getMetrics', 'getSourcesDomains', 'getSourcesFanout', 'getTrafficChain', 'getPortfolioReport']));
    expect(unstamped({ properties: { rows: { items: { properties: { interval: {} } } } } }, '', false)).toEqual(['.rows[]']);
    expect(unstamped({ properties: { stamp: {}, rows: { items: { properties: { interval: {} } } } } }, '', false)).toEqual([]);
  });
});
