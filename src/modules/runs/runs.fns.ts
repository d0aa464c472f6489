import { wilsonPercent } from '../../lib/stats/wilson.ts';
import type { EngineId } from '../engines/catalogue.ts';
import type { PipelineConfig } from './runs.config.ts';
import { ENGINE_IDS } from '../engines/catalogue.ts';
import { resolveSampling, type Sampling, type SamplingInput } from './sampling.fns.ts';

// Presets (spec 8): how many active prompts a run takes and which engines ask them.
export const PRESETS = ['smoke', 'lite', 'standard', 'searchx'] as const;
export type Preset = (typeof PRESETS)[number];
export const PRESET_PROMPTS: Record<Preset, number> = { smoke: 2, lite: 50, standard: 150, searchx: 150 };
/** Repeated answers per prompt and engine a run may ask for (samples 1-10). */
export const MAX_SAMPLES = 10;

export interface RunPlan {
  promptCount: number;
  /** Prompts each engine asks (the `standard` per-engine cap applies to prompts). */
  perEnginePrompts: number;
  /** Times each engine asks each prompt. */
  samples: number;
  /** Calls per engine: perEnginePrompts × samples. */
  calls: Partial<Record<EngineId, number>>;
  /** Calls of the first pass (adaptive runs add extra calls after it). */
  totalCalls: number;
  /** The credit hold: the first pass, plus the extra samples' ceiling for an adaptive run. */
  estimateMicrousd: number;
  /** Adaptive sampling (sampling.fns.ts); absent for a uniform run. */
  sampling?: Sampling;
  /** The first pass's credits alone (an adaptive run's hold adds `sampling.maxExtraMicrousd`). */
  firstPassMicrousd?: number;
  /** Engines expected to run simulated when the run started (no provider key); empty when all are real. */
  simulated?: EngineId[];
}

/** The engines a preset asks, before any gating: `searchx` only the configured search engine. */
export function presetEngines(preset: Preset, pipeline: Pick<PipelineConfig, 'searchEngine'>): EngineId[] {
  return preset === 'searchx' ? [pipeline.searchEngine] : [...ENGINE_IDS];
}

/**
 * The calls of a run: min(preset cap, active prompts) prompts per engine (`standard` capped per
 * engine), each asked `samples` times. The caps bound distinct prompts; calls, the hold and the
 * progress total all scale with the samples.
 */
export function planRun(
  preset: Preset, activePrompts: number, pipeline: Pick<PipelineConfig, 'pricing' | 'searchEngine' | 'standardEngineCap'>,
  options: { samples?: number; engines?: readonly EngineId[]; sampling?: SamplingInput } = {},
): RunPlan {
  const samples = options.samples ?? 1;
  const promptCount = Math.min(PRESET_PROMPTS[preset], activePrompts);
  const engines = options.engines ?? presetEngines(preset, pipeline);
  const perEnginePrompts = preset === 'standard' ? Math.min(promptCount, pipeline.standardEngineCap) : promptCount;
  const perEngine = perEnginePrompts * samples;
  const calls = Object.fromEntries(engines.map((e) => [e, perEngine])) as Partial<Record<EngineId, number>>;
  const totalCalls = perEngine * engines.length;
  const firstPass = engines.reduce((sum, e) => sum + perEngine * pipeline.pricing[e], 0);
  // An adaptive run holds its worst case at start: the first pass and the extras' ceiling.
  const sampling = resolveSampling(options.sampling, { samples, estimateMicrousd: firstPass });
  const plan = { promptCount, perEnginePrompts, samples, calls, totalCalls, estimateMicrousd: firstPass };
  return sampling ? { ...plan, estimateMicrousd: firstPass + sampling.maxExtraMicrousd, sampling, firstPassMicrousd: firstPass } : plan;
}

/**
 * How much of a run is simulated: the share of its stored calls that went to a simulated engine;
 * before any call is stored, the share its plan expects (calls of engines that had no provider
 * when it started). `null` only for a run from before plans recorded it, with nothing stored.
 */
/**
 * The run's own headline figure: the share of its answers that name the brand, with its sample
 * size and 95% Wilson interval. The GEO score is a day's (it pools the day's runs), so a run's
 * row shows what that run alone measured; null until an answer is stored.
 */
export function brandVisibility(counts?: { answered?: number; mentioned?: number }) {
  const n = counts?.answered ?? 0;
  if (!n) return null;
  const k = counts?.mentioned ?? 0;
  return { n, mentioned: k, percent: Number(((100 * k) / n).toFixed(2)), interval: wilsonPercent(k, n)!.map((v) => Number(v.toFixed(2))) as [number, number] };
}

export function runSimulation(plan: Pick<RunPlan, 'calls' | 'totalCalls' | 'simulated'> | undefined, counts?: { calls: number; simulated: number }) {
  let share: number | null = null;
  if (counts && counts.calls > 0) share = counts.simulated / counts.calls;
  else if (plan?.simulated && plan.totalCalls > 0) share = plan.simulated.reduce((sum, e) => sum + (plan.calls[e] ?? 0), 0) / plan.totalCalls;
  return { simulatedShare: share === null ? null : Number(share.toFixed(4)), simulated: share === null ? null : share > 0 };
}
