import type { Static } from 'typebox';
import { exportColumn, type ExportColumn, type ExportRow } from '../../lib/export-stream.ts';
import type { Answer } from './answers.schemas.ts';

// The answers export's schema (docs/answers.md, "Export"): one row per answer, the list's item
// flattened, in snake_case for BI tools. Versioned: a column is only ever added at the end under
// the same version; renaming, removing or retyping one makes `answers-export/v2`.

export const ANSWERS_EXPORT_SCHEMA = 'answers-export/v1';
/** Answers read and written per batch: the export holds one batch in memory, whatever the set's size. */
export const EXPORT_BATCH = 1_000;

const col = exportColumn;

export const ANSWER_COLUMNS: readonly ExportColumn[] = [
  col('id', 'string', 'The stored answer (the list’s `id`)'),
  col('run_id', 'string', 'Its run'),
  col('prompt_id', 'string', 'Its prompt'),
  col('prompt', 'string', 'The prompt’s text as it was asked'),
  col('engine', 'string', 'Engine id (`chatgpt`, `google-aio`, …)'),
  col('engine_name', 'string', 'Engine display name'),
  col('surface', 'string', '`api` or `product`'),
  col('model_version', 'string', 'As the provider reported it; null where it does not', true),
  col('sample', 'int', 'Which of the run’s asks of this prompt on this engine (1…)'),
  col('created_at', 'timestamp', 'When it was stored (UTC)'),
  col('simulated', 'boolean', 'Written by a simulated engine'),
  col('language', 'string', 'The prompt’s (the answer’s) language tag'),
  col('text', 'string', 'The whole answer'),
  col('brand_mentioned', 'boolean', 'The answer names the brand'),
  col('sentiment', 'string', 'The tone toward the brand: positive, neutral, negative, mixed; null when it is not named', true),
  col('entities', 'json', '[{entityId, name, kind, rank, sentiment}]: the tracked names it names, as the figures counted them'),
  col('mentions', 'json', '[{entityId, name, kind, start, end}]: every occurrence in `text`, UTF-16 offsets'),
  col('citations', 'json', '[{url, title, domain, class, cited}]: cited sources first, then retrieved-only (`cited: false`)'),
  col('fan_out_queries', 'json', '[string]: what the engine searched, in order'),
  col('sentiment_evidence', 'json', '[{cue, weight, rule, start, end, exact}]: the cues behind `sentiment`, UTF-16 offsets'),
  col('metric_version', 'string', 'The metric definition of the figure the answer counts in (its run and engine)'),
  col('grade', 'string', '`exploratory` or `decision-grade`: that figure’s methodology grade'),
];

/** One answer as the list gives it, as an export row. */
export function answerRow(a: Static<typeof Answer>): ExportRow {
  return {
    id: a.id, run_id: a.runId, prompt_id: a.promptId, prompt: a.prompt, engine: a.engine.id, engine_name: a.engine.name, surface: a.surface,
    model_version: a.modelVersion, sample: a.sample, created_at: a.createdAt, simulated: a.simulated, language: a.language, text: a.text,
    brand_mentioned: a.entities.some((e) => e.entityId === 'brand'), sentiment: a.sentiment.label,
    entities: a.entities, mentions: a.mentions, citations: a.citations, fan_out_queries: a.fanOutQueries, sentiment_evidence: a.sentiment.evidence,
    metric_version: a.stamp.metricVersion, grade: a.stamp.grade,
  };
}

/** The export's rows, a batch at a time. */
export async function* answerRows(batches: AsyncIterable<Array<Static<typeof Answer>>>): AsyncGenerator<ExportRow[]> {
  for await (const batch of batches) yield batch.map(answerRow);
}
