import type { EngineId } from '../engines/catalogue.ts';

/** The runs' slice of the configuration (config.ts reads it from the environment). */
export interface PipelineConfig {
  /** Running background jobs allowed at once across all workspaces (1-32). */
  maxJobs: number;
  /** Delay of each simulated engine call. */
  simulatedLatencyMs: number;
  /** Price of one engine call in micro-USD, per engine (GEO_PRICING as JSON overrides entries). */
  pricing: Record<EngineId, number>;
  /** The search engine of the `searchx` preset. */
  searchEngine: EngineId;
  /** Per-engine call cap of the `standard` preset. */
  standardEngineCap: number;
  /** `embedded`: this process also works jobs; `off`: API only (workers run with `npm run worker`). */
  workers: 'embedded' | 'off';
  /**
   * GEO_SIMULATED_DAY (tests only, refused in production): the UTC day (YYYY-MM-DD) that seeds the
   * simulated engines' answers instead of the clock's, so that a test server answers the same on
   * any calendar day.
   */
  simulatedDay?: string;
  /**
   * GEO_SIMULATED_DAY_LOG (tests only, refused in production): a file created at the first
   * simulated answer, so that CI finds the test files that run simulated engines by themselves.
   */
  simulatedDayLog?: string;
}
