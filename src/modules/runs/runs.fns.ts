import type { EngineId, PipelineConfig } from '../../config.ts';
import { ENGINE_IDS } from '../../config.ts';

// Presets (spec 8): how many active prompts a run takes and which engines ask them.
export const PRESETS = ['smoke', 'lite', 'standard', 'searchx'] as const;
export type Preset = (typeof PRESETS)[number];
export const PRESET_PROMPTS: Record<Preset, number> = { smoke: 2, lite: 50, standard: 150, searchx: 150 };

export interface RunPlan {
  promptCount: number;
  calls: Partial<Record<EngineId, number>>;
  totalCalls: number;
  estimateMicrousd: number;
}

/** The calls of a run: min(preset cap, active prompts) per engine, `standard` capped per engine. */
export function planRun(preset: Preset, activePrompts: number, pipeline: Pick<PipelineConfig, 'pricing' | 'searchEngine' | 'standardEngineCap'>): RunPlan {
  const promptCount = Math.min(PRESET_PROMPTS[preset], activePrompts);
  const engines: readonly EngineId[] = preset === 'searchx' ? [pipeline.searchEngine] : ENGINE_IDS;
  const perEngine = preset === 'standard' ? Math.min(promptCount, pipeline.standardEngineCap) : promptCount;
  const calls = Object.fromEntries(engines.map((e) => [e, perEngine])) as Partial<Record<EngineId, number>>;
  const totalCalls = perEngine * engines.length;
  const estimateMicrousd = engines.reduce((sum, e) => sum + perEngine * pipeline.pricing[e], 0);
  return { promptCount, calls, totalCalls, estimateMicrousd };
}
