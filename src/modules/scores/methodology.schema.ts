import { Type } from 'typebox';
import { Nullable, StringEnum } from '../../lib/http/schema-helpers.ts';
import { CRITERIA } from './methodology.fns.ts';

// The methodology stamp's schema (docs/methodology.md): `Stamp` rides as `stamp` on every response
// that carries a figure (score, scoreboard, series, metrics, sources views, portfolio rows);
// `DayStamp` is GET …/methodology's, which also names the day, engine and cadence window.

export const Stamp = Type.Object({
  surface: Nullable(StringEnum(['api', 'product', 'mixed'] as const, { description: '`mixed`: the figure pools API and consumer-product answers' })),
  engines: Type.Array(Type.Object({ engine: Type.String(), modelVersions: Type.Array(Type.String(), { description: 'As the provider reported them on the answers' }) })),
  answers: Type.Integer({ minimum: 0, description: 'n: the answers behind the figure' }),
  samplesPerPrompt: Type.Number({ description: 'Median answers per run, engine and prompt' }),
  prompts: Type.Integer({ minimum: 0 }),
  intentCoverage: Type.Record(Type.String(), Type.Integer(), { description: 'Distinct prompts per intent' }),
  intents: Type.Array(Type.String()),
  runDays: Type.Integer({ minimum: 0, description: 'Days with answers in the cadence window (a series: in its range)' }),
  dateRange: Type.Object({ from: Nullable(Type.String()), to: Type.String() }),
  simulatedShare: Type.Number({ minimum: 0, maximum: 1 }),
  unversionedShare: Type.Number({ minimum: 0, maximum: 1, description: 'Share of answers whose provider reported no model version' }),
  metricVersion: Type.String(),
  grade: StringEnum(['exploratory', 'decision-grade'] as const),
  reasons: Type.Array(Type.String(), { description: 'Each failed rule in a sentence; empty when decision-grade' }),
  failedCriteria: Type.Array(StringEnum(CRITERIA), { description: 'The criteria behind `reasons`, each once (IAB\'s six, plus `simulation`)' }),
  thresholds: Type.Record(Type.String(), Type.Number(), { description: 'The rules\' thresholds (docs/methodology.md)' }),
}, { description: 'The methodology stamp: how the figure was made and whether it is decision-grade (docs/methodology.md)' });

export const DayStamp = Type.Object({
  date: Type.String({ format: 'date', description: 'The figure\'s day: the latest snapshot on or before `date`, as `GET …/score` has it' }),
  engine: Type.String({ description: '`composite` (all engines) or one engine' }),
  cadenceDays: Type.Integer({ description: 'The window, in days ending on `date`, in which cadence counts days with answers' }),
  ...Stamp.properties,
});
