import { Type } from 'typebox';
import { Closed, HttpUrl, Nullable, StringEnum } from '../../lib/http/schema-helpers.ts';
import { CHECK_KEYS } from '../pages/checks.keys.ts';
import { COMPONENT_KEYS } from './seo.fns.ts';

const Bp = Nullable(Type.Integer({ minimum: 0, maximum: 10_000 }));

/** Spec 2.13 in the page envelope, plus `key` on components, `suggestion` on checks, the weights and the refresh job. */
export const SeoDashboard = Type.Object({
  schemaVersion: Type.String({ description: '`page-envelope.v1`' }),
  workspace: Type.String(),
  data: Type.Object({
    scoreId: Nullable(Type.String({ description: 'The refresh snapshot; null before the first refresh' })),
    scoreDate: Nullable(Type.String({ format: 'date' })),
    scoreVersion: Type.String({ description: '`seo-score-v1`' }),
    seoScoreBp: { ...Bp, description: 'SEO score in basis points (docs/scoring.md); null before a refresh or when no component is available' },
    geoScoreBp: { ...Bp, description: 'The current GEO score × 100; null before any measurement' },
    combinedScoreBp: { ...Bp, description: '0.4 × seoScoreBp + 0.6 × geoScoreBp, null unless both exist' },
    combinedWeights: Type.Object({ seo: Type.Number(), geo: Type.Number() }),
    refreshJobId: Nullable(Type.String()),
    components: Type.Array(Type.Object({
      key: StringEnum(COMPONENT_KEYS as [string, ...string[]]),
      available: Type.Boolean(),
      points: Type.Number(), maximum: Type.Number(), percent: Type.Number({ minimum: 0, maximum: 100 }),
      unavailableReason: Type.String({ description: '`not_refreshed`, `no_page_evaluation`, `gsc_not_connected`, `ga4_not_connected`, `google_auth_failed`, `gsc_error`, `ga4_error`; "" when available' }),
      signalRefs: Type.Array(Type.String()),
    })),
    insights: Type.Array(Type.Object({
      id: Type.String(), subject: Type.String({ description: 'The search query' }),
      currentImpressions: Type.Number(), currentClicks: Type.Number(), currentPosition: Type.Number(),
      previousPosition: Nullable(Type.Number()), positionChange: Nullable(Type.Number({ description: 'Previous minus current position: positive moved up' })),
      importanceBp: Type.Integer({ description: 'Share of the period’s impressions' }), signalRefs: Type.Array(Type.String()),
    })),
    technicalChecks: Type.Array(Type.Object({
      auditId: Type.String({ description: 'The page evaluation' }), pageUrl: Type.String(), pageTechnicalPct: Type.Number(),
      code: StringEnum(CHECK_KEYS), suggestion: Type.String(),
      evidence: Type.Object({ source: Type.String(), url: Type.String(), observedValue: Type.String(), expectedValue: Type.String(), providerRef: Type.String() }),
      recommendationIds: Type.Array(Type.String()),
    })),
  }),
});

export const RefreshBody = Type.Union([
  Closed({ url: Type.Optional({ ...HttpUrl, description: 'The home page to evaluate; default https://<the workspace’s first domain>/' }) }),
  Type.Null(),
]);
