import { Type } from 'typebox';
import { Nullable, StringEnum } from '../../lib/http/schema-helpers.ts';
import { ALL_ENGINE_IDS } from '../engines/catalogue.ts';
import { SURFACES } from '../engines/capture/trace.ts';
import { Stamp } from '../scores/methodology.schema.ts';
import { MAX_LIMIT, MAX_QUERY_BYTES, SENTIMENT_LABELS } from './answers.fns.ts';

// The answers' request and response shapes (docs/answers.md), shared by the routes and the MCP tools.

const Kind = StringEnum(['brand', 'competitor'] as const);

export const ListQuerySchema = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: MAX_LIMIT, default: 20, description: `Answers per page, 1 to ${MAX_LIMIT}` }),
  cursor: Type.Optional(Type.String({ maxLength: 400, description: 'The `nextCursor` of the previous page; opaque' })),
  runId: Type.Optional(Type.String({ maxLength: 100, description: 'Only this run’s answers' })),
  promptId: Type.Optional(Type.String({ maxLength: 100, description: 'Only answers to this prompt' })),
  engine: Type.Optional(StringEnum(ALL_ENGINE_IDS, { description: 'Only this engine’s answers' })),
  surface: Type.Optional(StringEnum(SURFACES, { description: '`api` (the model through its API) or `product` (the consumer product)' })),
  from: Type.Optional(Type.String({ maxLength: 40, description: 'Answers stored at or after this day (UTC) or instant: 2026-03-01 or 2026-03-01T09:00:00Z' })),
  to: Type.Optional(Type.String({ maxLength: 40, description: 'Answers stored before this instant, or through the end of this day (UTC)' })),
  mentions: Type.Optional(Type.String({ maxLength: 40, description: '`brand` (names the brand), `none` (names no tracked brand or competitor), `unknown` (the engine says it does not know the brand: see `unknownToEngine`), or an entity id (`competitor:0`, as `entities[].entityId` has it)' })),
  cited: Type.Optional(Type.String({ maxLength: 260, description: 'Only answers citing this domain (e.g. g2.com; as `citations[].domain` has it, retrieved-only sources do not count)' })),
  sentiment: Type.Optional(StringEnum(SENTIMENT_LABELS, { description: 'Only answers whose tone toward the brand is this' })),
  q: Type.Optional(Type.String({ description: `Full-text search in each answer’s language (stems: “platforms” finds “platform”). Words, "quoted phrases", OR and -word; nothing else is an operator. At most ${MAX_QUERY_BYTES} bytes.` })),
}, { additionalProperties: false });

const { limit: _limit, cursor: _cursor, ...filters } = ListQuerySchema.properties;
export const EXPORT_FORMATS = ['ndjson', 'csv', 'parquet'] as const;
export const ExportQuerySchema = Type.Object({
  format: StringEnum(EXPORT_FORMATS, { default: 'ndjson', description: '`ndjson` (one JSON object a line, nested values as objects), `csv` (RFC 4180, nested values as JSON text) or `parquet` (nested values as JSON text)' }),
  ...filters,
}, { additionalProperties: false });

const Mention = Type.Object({
  entityId: Type.String(), name: Type.String(), kind: Kind,
  start: Type.Integer({ minimum: 0, description: 'UTF-16 offset into `text` (a JavaScript string index)' }),
  end: Type.Integer({ minimum: 0, description: '`text.slice(start, end)` is the text that was matched' }),
});
const Entity = Type.Object({
  entityId: Type.String(), name: Type.String(), kind: Kind, rank: Nullable(Type.Integer({ description: '1 for the first tracked name in the answer' })),
  sentiment: Nullable(StringEnum(SENTIMENT_LABELS)),
});
const Citation = Type.Object({
  url: Type.String(), title: Nullable(Type.String()), domain: Type.String({ description: 'Registrable domain' }),
  class: StringEnum(['owned', 'competitor', 'third_party'] as const),
  cited: Type.Boolean({ description: 'false: the engine retrieved it and did not cite it' }),
});
const Evidence = Type.Object({
  cue: Type.String({ description: 'The words that carried the tone' }), weight: Type.Number({ description: 'Positive or negative, as weighed' }), rule: Type.String(),
  start: Type.Integer({ minimum: 0 }), end: Type.Integer({ minimum: 0, description: 'UTF-16 offsets into `text` of the cue, or of its sentence when `exact` is false' }),
  exact: Type.Boolean({ description: 'true: the span is the cue’s words; false: the cue’s words stand apart and the span is their sentence' }),
});

export const Answer = Type.Object({
  id: Type.String(), runId: Type.String(), promptId: Type.String(), prompt: Type.String({ description: 'The prompt’s text as it was asked' }),
  engine: Type.Object({ id: Type.String(), name: Type.String({ description: 'Display name' }) }),
  surface: StringEnum(SURFACES), modelVersion: Nullable(Type.String({ description: 'As the provider reported it' })),
  sample: Type.Integer({ minimum: 1, description: 'Which of the run’s asks of this prompt on this engine' }),
  createdAt: Type.String({ format: 'date-time' }),
  simulated: Type.Boolean({ description: 'Written by a simulated engine, not a real one' }),
  language: Type.String(), text: Type.String({ description: 'The whole answer' }),
  entities: Type.Array(Entity, { description: 'The tracked brand and competitors the answer names, as the figures counted them' }),
  mentions: Type.Array(Mention, { description: 'Every occurrence of those names in `text`, in text order' }),
  citations: Type.Array(Citation, { description: 'Cited sources first, then sources retrieved and not cited' }),
  fanOutQueries: Type.Array(Type.String(), { description: 'What the engine searched, in order (empty where the provider does not report it)' }),
  sentiment: Type.Object({
    label: Nullable(StringEnum(SENTIMENT_LABELS, { description: 'The tone toward the brand; null when the answer does not name it' })),
    evidence: Type.Array(Evidence),
  }),
  unknownToEngine: Nullable(Type.Object({
    start: Type.Integer({ minimum: 0 }), end: Type.Integer({ minimum: 0, description: 'UTF-16 offsets into `text` of the sentence' }),
  }, { description: 'The sentence in which the engine says it does not know the brand, cannot find it, or takes its name for something else (docs/analysis.md, "Answers that do not know the brand"). Such an answer does not count as a mention of the brand and has no sentiment toward it. null when the engine knows the brand (or does not name it).' })),
  stamp: Stamp,
});

export const ListResponse = Type.Object({
  answers: Type.Array(Answer),
  nextCursor: Nullable(Type.String({ description: 'Pass as `cursor` for the next page; null on the last page' })),
});

export const DetailResponse = Type.Object({
  answer: Answer,
  previous: Nullable(Answer),
  changes: Nullable(Type.Object({
    entered: Type.Array(Entity, { description: 'Named now, not in the previous answer' }),
    left: Type.Array(Entity, { description: 'Named in the previous answer, not now' }),
    citationsGained: Type.Array(Type.String(), { description: 'Domains cited now and not before' }),
    citationsLost: Type.Array(Type.String(), { description: 'Domains cited before and not now' }),
    sentiment: Type.Object({ from: Nullable(StringEnum(SENTIMENT_LABELS)), to: Nullable(StringEnum(SENTIMENT_LABELS)), changed: Type.Boolean() }),
  }, { description: 'null when there is no previous answer' })),
});

const Share = Type.Object({
  value: Nullable(Type.Number({ description: 'Percent of the engine’s answers; null without answers' })),
  n: Type.Integer({ minimum: 0, description: 'Answers it is out of' }),
  interval: Nullable(Type.Tuple([Type.Number(), Type.Number()], { description: '95% Wilson interval, in percent' })),
});
export const RecognitionQuery = Type.Object({
  from: Type.Optional(Type.String({ maxLength: 40, description: 'Runs started at or after this day (UTC) or instant; default 28 days before `to`' })),
  to: Type.Optional(Type.String({ maxLength: 40, description: 'Runs started before this instant, or through the end of this day (UTC); default now' })),
}, { additionalProperties: false });
export const RecognitionResponse = Type.Object({
  from: Type.String({ format: 'date-time' }), to: Type.String({ format: 'date-time' }),
  answers: Type.Integer({ minimum: 0 }), unknown: Type.Integer({ minimum: 0 }),
  simulated: Type.Boolean({ description: 'Some of these answers came from simulated engines' }),
  engines: Type.Array(Type.Object({
    engine: Type.Object({ id: Type.String(), name: Type.String({ description: 'Display name' }) }),
    answers: Type.Integer({ minimum: 0 }),
    unknown: Type.Integer({ minimum: 0, description: 'Answers saying the engine does not know the brand' }),
    share: Share,
    simulated: Type.Boolean(),
  }), { description: 'The engines that know the brand least first' }),
  stamp: Stamp,
});
