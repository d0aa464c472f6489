import { Type } from 'typebox';
import { Closed, Nullable, StringEnum } from '../../lib/http/schema-helpers.ts';
import { MAX_SAMPLES_PER_CELL, SAMPLING_MODES, type SamplingInput } from './sampling.fns.ts';

// The adaptive sampling option as runs, quotes and schedules take it, and how run status and
// detail show it (docs/methodology.md, "Adaptive sampling").

/** A ceiling above any balance: larger values are refused at the schema, smaller ones the hold may refuse (402). */
const MAX_EXTRA_MICROUSD = 1_000_000_000_000;
const descriptions = {
  mode: '`uniform` (default): every cell is asked `samples` times. `adaptive`: after that first pass, extra samples go only to the prompt × engine cells whose 95% interval of the brand\'s mention rate straddles a decision threshold (a visibility alert rule, an open recommendation\'s effect test) or is wider than `targetWidth`.',
  targetWidth: 'Widest 95% interval (percentage points, e.g. 30 for ±15) a cell may keep; wider cells get extra samples. Without it only decision thresholds call for samples.',
  maxExtraMicrousd: 'Credit ceiling of the extra samples in micro-USD, held at start on top of the first pass and charged only for the calls made. Default: the first pass\'s own estimate (an adaptive run costs at most twice a uniform one).',
  maxSamplesPerCell: `Most samples a cell may reach with its extras (2-${MAX_SAMPLES_PER_CELL}, default 20; more than \`samples\`).`,
};

/** The option on `POST …/runs` and `PUT …/schedule`. */
export const SamplingOption = Closed({
  mode: StringEnum(SAMPLING_MODES, { description: descriptions.mode }),
  targetWidth: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 100, description: descriptions.targetWidth })),
  maxExtraMicrousd: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_EXTRA_MICROUSD, description: descriptions.maxExtraMicrousd })),
  maxSamplesPerCell: Type.Optional(Type.Integer({ minimum: 2, maximum: MAX_SAMPLES_PER_CELL, description: descriptions.maxSamplesPerCell })),
}, { description: 'How samples are spent (default uniform). A setting of adaptive sampling on a uniform run is 400 `invalid_request`.' });

/** The same option as the quote's query string takes it (`sampling=adaptive&targetWidth=30…`). */
export const SamplingQuery = {
  sampling: Type.Optional(StringEnum(SAMPLING_MODES, { description: descriptions.mode })),
  targetWidth: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 100, description: descriptions.targetWidth })),
  maxExtraMicrousd: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_EXTRA_MICROUSD, description: descriptions.maxExtraMicrousd })),
  maxSamplesPerCell: Type.Optional(Type.Integer({ minimum: 2, maximum: MAX_SAMPLES_PER_CELL, description: descriptions.maxSamplesPerCell })),
};
/** The query's fields as the option; absent when none is given. */
export function samplingOf(q: { sampling?: SamplingInput['mode']; targetWidth?: number; maxExtraMicrousd?: number; maxSamplesPerCell?: number }): SamplingInput | undefined {
  const { sampling, ...rest } = q;
  const set = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  if (!sampling && !Object.keys(set).length) return undefined;
  return { mode: sampling ?? 'uniform', ...set };
}

const recorded = {
  mode: StringEnum(['adaptive'] as const),
  targetWidth: Nullable(Type.Number({ description: 'Points; null: only decision thresholds call for samples' })),
  maxExtraMicrousd: Type.Integer({ minimum: 0, description: 'The extra samples\' credit ceiling (held at start)' }),
  maxSamplesPerCell: Type.Integer({ minimum: 2 }),
};
export const SamplingSummary = Type.Object({
  ...recorded,
  cells: Type.Integer({ minimum: 0, description: 'Cells that got extra samples' }),
  extraSamples: Type.Integer({ minimum: 0, description: 'Extra samples allotted to them (a run cut short asks fewer; the detail counts what was asked)' }),
});
export const SamplingStatus = Nullable(SamplingSummary);

export const SamplingQuote = Nullable(Type.Object({
  ...recorded,
  firstPassMicrousd: Type.Integer({ minimum: 0, description: 'Credits of the first pass (every cell `samples` times)' }),
  extraCeilingMicrousd: Type.Integer({ minimum: 0, description: 'At most this much more for the extra samples: the worst case is `estimateMicrousd`' }),
}, { description: 'Adaptive sampling\'s worst case; null for a uniform run' }));

const Reading = Type.Object({
  samples: Type.Integer({ minimum: 0, description: 'Calls made on the cell' }),
  answers: Type.Integer({ minimum: 0 }),
  mentioned: Type.Integer({ minimum: 0, description: 'Answers naming the brand' }),
  mentionRate: Nullable(Type.Number({ description: 'Percent' })),
  interval: Nullable(Type.Array(Type.Number(), { minItems: 2, maxItems: 2, description: '95% Wilson interval, percent' })),
});
const Reason = Type.Union([
  Type.Object({
    kind: StringEnum(['threshold'] as const), source: StringEnum(['alert_rule', 'recommendation'] as const),
    ref: Type.String({ description: 'The alert rule\'s or recommendation\'s id' }), threshold: Type.Number({ description: 'The value (percent) the interval straddled' }),
  }),
  Type.Object({ kind: StringEnum(['target_width'] as const), targetWidth: Type.Number(), width: Type.Number({ description: 'The interval\'s width after the first pass (points)' }) }),
]);
export const SamplingCell = Type.Object({
  engine: Type.String(), promptId: Type.String(), prompt: Nullable(Type.String()),
  reasons: Type.Array(Reason, { description: 'Why the cell got extra samples, judged after the first pass' }),
  extraAllotted: Type.Integer({ minimum: 0 }), rounds: Type.Integer({ minimum: 0 }),
  before: Reading, after: Reading,
});
export const SamplingDetail = Nullable(Type.Object({
  ...SamplingSummary.properties,
  cells: Type.Array(SamplingCell, { description: 'Every cell that got extra samples: why, and its interval before and after' }),
}, { description: 'Adaptive sampling: the run’s option and where the extra samples went and why; null for a uniform run.' }));
