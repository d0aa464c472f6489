import { Type } from 'typebox';
import { Nullable, StringEnum } from '../../lib/http/schema-helpers.ts';

/** One likely engine change, as time series, alert firings and the engine-changes route show it. */
export const EngineChange = Type.Object({
  engine: Type.String(),
  day: Type.String({ format: 'date', description: 'The UTC day whose canary answers moved' }),
  simulated: Type.Boolean({ description: 'true when the engine was simulated (the flag then tests the simulation)' }),
  reasons: Type.Array(Type.Object({
    feature: StringEnum(['modelVersion', 'length', 'citations', 'listItems'] as const),
    detail: Type.String({ description: 'What moved, in words, with the figures' }),
    statistic: Type.Optional(Type.Number({ description: 'The CUSUM statistic that crossed its threshold' })),
    before: Type.Unknown({ description: 'Baseline mean per answer, or the model versions seen since the last change' }),
    after: Type.Unknown({ description: 'The day’s mean per answer, or its model versions' }),
  })),
}, { description: 'A likely engine change flagged by the canary prompts (docs/monitoring.md); figures within ±radiusDays of `day` say "possible engine change".' });

export const EngineChanges = Type.Object({
  enabled: Type.Boolean({ description: 'Whether the canaries are asked (GEO_CANARIES)' }),
  prompts: Type.Integer({ minimum: 0, description: 'Canary prompts asked of each engine per day' }),
  samples: Type.Integer({ minimum: 0, description: 'Samples of each canary prompt per engine per day' }),
  radiusDays: Type.Integer({ description: 'Days either side of a flag on which time series and significance alerts say "possible engine change"' }),
  changes: Type.Array(EngineChange, { description: 'Newest first' }),
  rounds: Type.Array(Type.Object({
    day: Type.String({ format: 'date' }), calls: Type.Integer(), failed: Type.Integer(),
    engines: Type.Array(Type.Object({ engine: Type.String(), simulated: Type.Boolean() })), finishedAt: Nullable(Type.String({ format: 'date-time' })),
  }), { description: 'The last 7 daily canary rounds: calls made (paid by the operator, never a workspace) and failed' }),
});
