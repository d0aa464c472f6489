import { sql } from 'drizzle-orm';
import type { Db } from '../../src/lib/db.ts';
import { newId } from '../../src/lib/ids.ts';
import { recordAnswerCounts } from '../../src/modules/runs/answer-counts.ts';
import type { StoredAnalysis } from '../../src/modules/runs/detail.fns.ts';

// Constructed measurement runs written straight into the tables (a succeeded job and its
// results, counted as at success), for tests and benchmarks that need exact before/after data
// or a year of history.

export interface SeedResult {
  engine: string;
  promptId: string;
  prompt?: string;
  intent?: string;
  language?: string;
  brandMentioned: boolean;
  brandSentiment?: number | null;
  competitors?: string[];
  citations?: StoredAnalysis['citations'];
  answer?: string;
  simulated?: boolean;
}

export function storedAnalysisOf(r: SeedResult, brand = 'Acme Analytics'): StoredAnalysis {
  const named = [...(r.brandMentioned ? [{ entityId: 'brand', name: brand, kind: 'brand' as const }] : []), ...(r.competitors ?? []).map((name, i) => ({ entityId: `competitor:${i}`, name, kind: 'competitor' as const }))];
  return {
    mentioned: named.map((e) => e.name),
    entities: named.map((e, i) => ({ ...e, mentioned: true as const, rank: i + 1, sentiment: e.kind === 'brand' ? (r.brandSentiment ?? null) : null })),
    citations: r.citations ?? [],
  };
}

/** One succeeded run with its results; returns the run id. Rows go in as one JSON parameter. */
export async function seedRun(db: Db, workspaceId: string, opts: { finishedAt: Date; results: SeedResult[]; brand?: string }): Promise<string> {
  const runId = newId('run');
  const started = new Date(opts.finishedAt.getTime() - 60_000);
  await db.execute(sql`insert into jobs (id, workspace_id, kind, concurrency_group, status, pid, log_path, started_at, finished_at, completed_calls, total_calls, progress_source, last_lines, params)
    values (${runId}, ${workspaceId}, 'measurement', 'measurement', 'succeeded', 1, '/dev/null', ${started.toISOString()}, ${opts.finishedAt.toISOString()}, ${opts.results.length}, ${opts.results.length}, 'calls', '[]'::jsonb, '{}'::jsonb)`);
  for (let i = 0; i < opts.results.length; i += 2000) {
    const json = JSON.stringify(opts.results.slice(i, i + 2000).map((r) => ({
      id: newId('res'), run_id: runId, workspace_id: workspaceId, engine: r.engine, simulated: r.simulated ?? false, prompt_id: r.promptId,
      prompt_text: r.prompt ?? `prompt ${r.promptId}`, intent: r.intent ?? 'discovery', language: r.language ?? 'en', answer: r.answer ?? '', sources: [],
      analysis: storedAnalysisOf(r, opts.brand), brand_mentioned: r.brandMentioned, brand_rank: r.brandMentioned ? 1 : null,
      brand_sentiment: r.brandMentioned ? (r.brandSentiment ?? 0) : null, error: null, latency_ms: 1, created_at: opts.finishedAt.toISOString(), sample: 1, extra: false,
    })));
    await db.execute(sql`insert into run_results select * from jsonb_populate_recordset(null::run_results, ${json}::jsonb)`);
  }
  // As the pipeline does when it records a run succeeded.
  await recordAnswerCounts(db, runId);
  return runId;
}

/** k of n results naming the brand, for one engine and prompt set. */
export function mentions(k: number, n: number, base: Partial<SeedResult> & { engine: string }): SeedResult[] {
  return Array.from({ length: n }, (_, i) => ({ promptId: `prm_${i % 10}`, ...base, brandMentioned: i < k }));
}
