import { describe, expect, it } from 'vitest';
import { circles, httpReachedFrom, importProblems, internalsImport, mutualModules, type Graph } from '../scripts/import-rules.ts';

// The import check's rules over small made-up graphs (the repository's own graph is checked by
// `npm run check:imports` in CI).

describe('circles', () => {
  it.each<[string, Graph, string[][]]>([
    ['none in a chain', { 'a.ts': ['b.ts'], 'b.ts': ['c.ts'], 'c.ts': [] }, []],
    ['none in a diamond', { 'a.ts': ['b.ts', 'c.ts'], 'b.ts': ['d.ts'], 'c.ts': ['d.ts'], 'd.ts': [] }, []],
    ['a file importing itself', { 'a.ts': ['a.ts'] }, [['a.ts']]],
    ['two files', { 'a.ts': ['b.ts'], 'b.ts': ['a.ts'] }, [['a.ts', 'b.ts']]],
    ['three files behind an entry', { 'main.ts': ['config.ts'], 'config.ts': ['limits.ts'], 'limits.ts': ['usage.ts'], 'usage.ts': ['config.ts'] },
      [['config.ts', 'limits.ts', 'usage.ts']]],
    ['two separate circles', { 'a.ts': ['b.ts'], 'b.ts': ['a.ts'], 'c.ts': ['d.ts'], 'd.ts': ['c.ts'] }, [['a.ts', 'b.ts'], ['c.ts', 'd.ts']]],
  ])('%s', (_name, graph, expected) => {
    expect(circles(graph)).toEqual(expected);
  });
});

describe('internalsImport', () => {
  it.each<[string, string, boolean]>([
    ['modules/runs/runs.service.ts', 'modules/sources/traces.repo.ts', false],
    ['modules/runs/runs.service.ts', 'modules/jobs/jobs.routes.ts', false],
    ['modules/runs/runs.service.ts', 'modules/jobs/jobs.jobs.ts', false],
    ['modules/metrics/metrics.service.ts', 'modules/jobs/jobs.tables.ts', false],
    ['modules/runs/runs.service.ts', 'modules/sources/sources.service.ts', true],
    ['modules/runs/runs.service.ts', 'modules/scores/scores.fns.ts', true],
    ['modules/metrics/metrics.service.ts', 'modules/jobs/jobs.reads.ts', true],
    ['modules/runs/runs.routes.ts', 'modules/jobs/jobs.schemas.ts', true],
    // Foreign keys: a table may reference another module's table.
    ['modules/runs/runs.tables.ts', 'modules/jobs/jobs.tables.ts', true],
    // Within one module everything is its own; outside modules/ the rule does not apply.
    ['modules/jobs/jobs.service.ts', 'modules/jobs/jobs.tables.ts', true],
    ['modules/jobs/jobs.service.ts', 'modules/jobs/jobs.repo.ts', true],
    ['db/schema.ts', 'modules/jobs/jobs.tables.ts', true],
    ['app.ts', 'modules/jobs/jobs.routes.ts', true],
  ])('%s -> %s allowed: %s', (file, dep, allowed) => {
    expect(internalsImport(file, dep) === null).toBe(allowed);
  });
});

describe('mutualModules', () => {
  it.each<[string, Graph, number]>([
    ['one way', { 'modules/runs/runs.service.ts': ['modules/jobs/jobs.service.ts'], 'modules/jobs/jobs.service.ts': [] }, 0],
    ['both ways through different files (no file circle)', {
      'modules/credits/credits.service.ts': ['modules/metrics/recorder.ts'], 'modules/metrics/recorder.ts': [],
      'modules/metrics/metrics.service.ts': ['modules/credits/credits.reads.ts'], 'modules/credits/credits.reads.ts': [],
    }, 1],
    ['within one module', { 'modules/runs/a.ts': ['modules/runs/b.ts'], 'modules/runs/b.ts': ['modules/runs/a.ts'] }, 0],
    ['outside modules/', { 'app.ts': ['lib/db.ts'], 'lib/db.ts': [] }, 0],
  ])('%s', (_name, graph, count) => {
    expect(mutualModules(graph)).toHaveLength(count);
  });

  it('names both directions', () => {
    expect(mutualModules({ 'modules/b/x.ts': ['modules/a/y.ts'], 'modules/a/z.ts': ['modules/b/w.ts'] }))
      .toEqual(['modules a and b import each other: modules/a/z.ts -> modules/b/w.ts; modules/b/x.ts -> modules/a/y.ts']);
  });
});

describe('importProblems', () => {
  it('passes a graph that keeps the rules', () => {
    expect(importProblems({
      'app.ts': ['modules/runs/runs.routes.ts'],
      'modules/runs/runs.routes.ts': ['modules/runs/runs.service.ts'],
      'modules/runs/runs.service.ts': ['modules/sources/sources.service.ts', 'modules/jobs/jobs.reads.ts'],
      'modules/sources/sources.service.ts': ['modules/sources/traces.repo.ts'],
      'modules/sources/traces.repo.ts': [],
      'modules/jobs/jobs.reads.ts': ['modules/jobs/jobs.tables.ts'],
      'modules/jobs/jobs.tables.ts': [],
    })).toEqual([]);
  });

  it('names a new circle and an internals import', () => {
    expect(importProblems({
      'modules/reports/reports.fns.ts': ['modules/reports/summary.fns.ts'],
      'modules/reports/summary.fns.ts': ['modules/reports/reports.fns.ts'],
      'modules/runs/runs.service.ts': ['modules/sources/traces.repo.ts'],
      'modules/sources/traces.repo.ts': [],
    })).toEqual([
      'import circle: modules/reports/reports.fns.ts > modules/reports/summary.fns.ts > modules/reports/reports.fns.ts',
      "modules/runs/runs.service.ts imports modules/sources/traces.repo.ts: another module's internals (use its service, fns or reads)",
    ]);
  });
});

describe('httpReachedFrom', () => {
  const services = { 'startup/services.ts': ['modules/runs/runs.module.ts'], 'modules/runs/runs.module.ts': ['modules/runs/runs.service.ts'], 'modules/runs/runs.service.ts': [] };
  it.each<[string, Graph, string[]]>([
    ['a worker over the services alone', { 'worker.ts': ['startup/services.ts', 'startup/workers.ts'], 'startup/workers.ts': [], ...services }, []],
    ['a worker that builds the HTTP app', { 'worker.ts': ['app.ts'], 'app.ts': ['startup/services.ts', 'startup/http.ts'], 'startup/http.ts': ['web/dashboard/dashboard.page.ts'], 'web/dashboard/dashboard.page.ts': [], ...services },
      ['worker.ts reaches startup/http.ts, which only an API process needs: worker.ts > app.ts > startup/http.ts']],
    ['a module that reaches a web page', { 'worker.ts': ['modules/runs/runs.service.ts'], 'modules/runs/runs.service.ts': ['web/checkout/checkout.page.ts'], 'web/checkout/checkout.page.ts': [] },
      ['worker.ts reaches web/checkout/checkout.page.ts, which only an API process needs: worker.ts > modules/runs/runs.service.ts > web/checkout/checkout.page.ts']],
  ])('%s', (_name, graph, expected) => {
    expect(httpReachedFrom(graph, 'worker.ts')).toEqual(expected);
  });
});
