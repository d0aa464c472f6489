import { writeFileSync } from 'node:fs';
import pLimit, { type LimitFunction } from 'p-limit';
import { ENGINE_IDS, OPTIONAL_ENGINE_IDS, PROVIDER_VARS, isOptionalEngine, simulationEnabled, type EngineId, type EnginesConfig } from './catalogue.ts';
import { ENGINE_SURFACE } from './capture/capture.ts';
import type { Surface } from './capture/trace.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AnalysisProfile } from '../analysis/analyze.fns.ts';
import { simulatedAnswer, type EngineAnswer, type SimulatedShift } from './simulated.fns.ts';
import { noMetrics, type MetricsRecorder } from '../../lib/metrics-recorder.ts';
import { realEngine, CONNECTOR_OF, MODELS } from './providers.ts';
import type { Db } from '../../lib/db.ts';
import { createPacer, keyId, type ProviderStatus } from './limits/pacer.ts';
import { adaptiveConcurrency, guardedCaller, type Adaptive } from './limits/guard.ts';
import { defaultEngineLimits, type PacedProvider } from './limits/limits.config.ts';
import { typicalCostMicrousd } from './limits/usage.fns.ts';
import { anthropicBatches, type BatchClient } from './batch/anthropic-batches.ts';
import { BATCHABLE, batchPrice } from './batch/batch.fns.ts';

// Every engine id runs through its real provider when a key is configured (the workspace's
// stored credential, else the server's environment key) and otherwise through the simulated
// engine of the same id — unless simulation is off (production's default, see GEO_SIMULATION),
// where such an engine is off; every result says which. A real engine's calls are paced per
// provider key across the fleet, retried and priced by limits/ (see docs/engines.md).

export interface Engine {
  id: EngineId;
  simulated: boolean;
  /** `api` (a provider's API with its search tool) or `product` (the consumer answer as served). */
  surface: Surface;
  concurrency: number;
  /** Runs `fn` in one of this provider's concurrency slots (lease, then call, inside the slot). */
  schedule<T>(fn: () => Promise<T>): Promise<T>;
  /** One call, outside any slot: use within `schedule`. */
  call(prompt: { text: string; language: string; sample?: number }, signal: AbortSignal): Promise<EngineAnswer>;
  /** Off (no provider, simulation disabled): its calls fail at once and are not charged. */
  off?: true;
}

/** Whether an engine can run for a workspace, and why not. */
export interface EngineAvailability {
  id: EngineId;
  /** A provider key exists (the workspace's stored credential or the server's environment key). */
  provider: boolean;
  /** It runs: through its provider, or simulated when simulation is on. */
  enabled: boolean;
  simulated: boolean;
  surface: Surface;
  /** An optional engine runs only with its provider configured; it is never simulated. */
  optional: boolean;
  reason: string | null;
  /** The environment variables (or workspace credential) that turn it on, when it is off. */
  enableWith: string[];
}

export const SIMULATED_CONCURRENCY = 32;

import { abortableSleep } from './limits/sleep.ts';

export { abortableSleep };

export function createEngines(deps: {
  config: EnginesConfig; clock: Clock; resolveKey(workspaceId: string, connector: string): Promise<string | null>; metrics?: MetricsRecorder; db?: Db; now?: () => number;
  /** Tests only: the simulated engines change their answers' shape from a day on (a silent model update). */
  simulatedShift?: SimulatedShift;
}) {
  const { config, clock } = deps;
  const engineLimits = config.engineLimits ?? defaultEngineLimits();
  const pacer = deps.db ? createPacer({ db: deps.db, limits: engineLimits, now: deps.now }) : null;
  /** One adaptive concurrency per provider key in this process. */
  const adaptives = new Map<string, Adaptive>();
  const metrics = deps.metrics ?? noMetrics;
  /** Counts each call by engine and outcome for `/metrics` (geo_provider_calls_total). */
  const measured = (id: EngineId, simulated: boolean, call: Engine['call']): Engine['call'] => async (prompt, signal) => {
    const started = performance.now();
    try {
      const answer = await call(prompt, signal);
      metrics.providerCall(id, simulated, 'ok', (performance.now() - started) / 1000);
      return answer;
    } catch (err) {
      metrics.providerCall(id, simulated, signal?.aborted ? 'aborted' : 'error', (performance.now() - started) / 1000);
      throw err;
    }
  };
  const limits = new Map<string, LimitFunction>();
  const limiterFor = (key: string, concurrency: number) => {
    if (!limits.has(key)) limits.set(key, pLimit(concurrency));
    return limits.get(key)!;
  };

  /** The day that seeds simulated answers: the clock's, unless a test pinned it (GEO_SIMULATED_DAY). */
  let dayLogged = false;
  const simulatedDay = () => {
    const log = config.pipeline.simulatedDayLog;
    if (log && !dayLogged) {
      dayLogged = true;
      writeFileSync(log, `${config.pipeline.simulatedDay ?? 'clock'}\n`, { flag: 'a' });
    }
    return config.pipeline.simulatedDay ?? clock.now().toISOString().slice(0, 10);
  };

  function simulated(id: EngineId, profile: AnalysisProfile): Engine {
    const limit = limiterFor(`simulated:${id}`, SIMULATED_CONCURRENCY);
    return {
      id, simulated: true, surface: ENGINE_SURFACE[id], concurrency: SIMULATED_CONCURRENCY, schedule: (fn) => limit(fn),
      call: measured(id, true, async (prompt, signal) => {
        // A provider's latency covers its own generation: the wait starts with the call, and the
        // answer is made while it runs, after every call whose slot freed in this turn of the event
        // loop has started its own wait. Made on the call's path instead, each answer's CPU would
        // push back the next call's start, and a wave of 160 calls would drift by all of theirs.
        const waited = abortableSleep(config.pipeline.simulatedLatencyMs, signal);
        waited.catch(() => undefined); // an abort during the answer's making is rethrown by the await below
        if (config.pipeline.simulatedLatencyMs > 0) await new Promise((resolve) => setImmediate(resolve));
        signal.throwIfAborted();
        const answer = simulatedAnswer(id, prompt, simulatedDay(), profile, deps.simulatedShift);
        await waited;
        return answer;
      }),
    };
  }

  /** The model an engine's calls are priced by (SerpAPI's searches price as `google`, DataForSEO's tasks as `dataforseo`). */
  const modelOf = (id: EngineId) => CONNECTOR_OF[id] === 'serpapi' ? 'google' : CONNECTOR_OF[id] === 'dataforseo' ? 'dataforseo'
    : id === 'openai-compatible' ? (config.providers['openai-compatible'].model ?? 'openai-compatible') : MODELS[id as keyof typeof MODELS];

  const simulation = simulationEnabled(config);
  /** An engine that is off: its calls fail, saying why (a key removed between start and call). */
  const off = (id: EngineId): Engine => ({
    id, simulated: false, surface: ENGINE_SURFACE[id], concurrency: 1, off: true, schedule: (fn) => fn(),
    call: async () => {
      throw new Error(`${id} has no provider key and simulation is off (GEO_SIMULATION)`);
    },
  });

  /** The variables that configure an engine's provider, and whether the server-side ones are set. */
  /** Optional engines run only when the operator lists them (GEO_OPTIONAL_ENGINES), never for a key alone. */
  const turnedOn = new Set<string>(config.optionalEngines ?? []);
  const setupOf = (id: EngineId) => {
    const connector = CONNECTOR_OF[id];
    const spec = PROVIDER_VARS[connector];
    const provider = config.providers[connector];
    // The OpenAI-compatible connector needs an address and a model besides the key.
    const unset = [...(!provider.baseUrl ? [spec.urlVar] : []), ...(spec.modelVar && !provider.model ? [spec.modelVar] : [])];
    // DataForSEO's login and password are two variables (or one workspace credential "login:password").
    return { connector, keyVar: spec.keyVar ? [spec.keyVar, ...(spec.passwordVar ? [spec.passwordVar] : [])].join(' and ') : null, unset };
  };
  /** A usable key for the engine, or null: the key alone does not make a connector without address or model usable. */
  const keyFor = async (workspaceId: string, id: EngineId) => {
    const key = await deps.resolveKey(workspaceId, CONNECTOR_OF[id]);
    return key && setupOf(id).unset.length === 0 ? key : null;
  };

  /** An engine through its provider with this key; without one simulated (when on) or off. */
  function engineWith(id: EngineId, key: string | null, profile: AnalysisProfile): Engine {
    const connector = CONNECTOR_OF[id];
    if (!key) return simulation && !isOptionalEngine(id) ? simulated(id, profile) : off(id);
    if (!pacer) throw new Error('real engines need the database for their fleet-wide pacing');
    const provider = connector as PacedProvider;
    const kid = keyId(key);
    const max = engineLimits.providers[provider].concurrency;
    if (!adaptives.has(`${provider}:${kid}`)) adaptives.set(`${provider}:${kid}`, adaptiveConcurrency(max));
    const adaptive = adaptives.get(`${provider}:${kid}`)!;
    const guarded = guardedCaller({ pacer, limits: engineLimits, provider, keyId: kid, model: modelOf(id) });
    const engine = realEngine(id, key, config.providers[connector], (attempt, tokens, signal) => guarded(attempt, tokens, signal, adaptive));
    return { id, simulated: false, surface: ENGINE_SURFACE[id], concurrency: max, schedule: (fn) => adaptive.run(fn), call: measured(id, false, engine) };
  }

  async function availabilityOf(workspaceId: string, id: EngineId): Promise<EngineAvailability> {
    const optional = isOptionalEngine(id);
    const listed = !optional || turnedOn.has(id);
    const provider = listed && Boolean(await keyFor(workspaceId, id));
    const enabled = provider || (simulation && !optional);
    const { connector, keyVar, unset } = setupOf(id);
    const hasKey = !listed && Boolean(await keyFor(workspaceId, id));
    const enableWith = enabled ? [] : [
      ...(listed ? [] : [`GEO_OPTIONAL_ENGINES (add ${id})`]),
      ...(hasKey ? [] : [...(keyVar ? [`${keyVar} (or the workspace's ${connector} credential)`] : []), ...unset]),
    ];
    const reason = enabled ? null : optional
      ? `optional engine, off until the operator lists it and its provider is configured: set ${enableWith.join(', ')}`
      : `no ${connector} key (workspace credential or server environment) and simulation is off; set GEO_SIMULATION=enabled to simulate it`;
    return { id, provider, enabled, simulated: !provider && enabled, surface: ENGINE_SURFACE[id], optional, reason, enableWith };
  }

  return {
    /** Each real provider's circuit, pause and spend today, for run status (empty without the database). */
    providerStatus: (providers: readonly PacedProvider[]): Promise<ProviderStatus[]> => (pacer ? pacer.status(providers) : Promise.resolve([])),

    /** One real call's estimated provider cost (typical usage × the price table), for quotes; in a batch, at the batch price. */
    typicalCallCostMicrousd: (id: EngineId, options: { batch?: boolean } = {}) => {
      const prices = options.batch && BATCHABLE[id] ? Object.fromEntries(Object.entries(engineLimits.prices).map(([m, p]) => [m, batchPrice(p)!])) : engineLimits.prices;
      return typicalCostMicrousd(CONNECTOR_OF[id] as PacedProvider, modelOf(id), prices);
    },

    /**
     * The batch interface of an engine for a workspace, or null: the engine is not batchable
     * (batch/batch.fns.ts BATCHABLE) or has no provider key (simulated engines are never batched).
     */
    async batchFor(workspaceId: string, id: EngineId): Promise<BatchClient | null> {
      if (!BATCHABLE[id]) return null;
      const key = await keyFor(workspaceId, id);
      return key ? anthropicBatches(key, config.providers[CONNECTOR_OF[id]], engineLimits.prices) : null;
    },
    /** Adds collected batch results' cost to the provider's day (the daily ceiling counts batches too). */
    recordSpend: async (provider: PacedProvider, costMicrousd: number, calls: number) => {
      await pacer?.spent(provider, costMicrousd, calls);
    },

    /** Which of these engines can run for the workspace: the run's start gates on it. */
    async availability(workspaceId: string, ids: readonly EngineId[] = ENGINE_IDS): Promise<EngineAvailability[]> {
      return Promise.all(ids.map((id) => availabilityOf(workspaceId, id)));
    },
    /** Every engine, core and optional, with its surface and how to turn it on (`GET …/engines`). */
    async list(workspaceId: string): Promise<EngineAvailability[]> {
      return Promise.all([...ENGINE_IDS, ...OPTIONAL_ENGINE_IDS].map((id) => availabilityOf(workspaceId, id)));
    },
    /** The optional engines a run adds: listed in GEO_OPTIONAL_ENGINES and with their provider configured for the workspace. */
    async configuredOptional(workspaceId: string): Promise<EngineId[]> {
      const on = await Promise.all(OPTIONAL_ENGINE_IDS.map(async (id) => (turnedOn.has(id) && (await keyFor(workspaceId, id)) ? id : null)));
      return on.filter((id): id is (typeof OPTIONAL_ENGINE_IDS)[number] => id !== null);
    },

    /** The engines a run of this workspace uses, real where a key exists. */
    async forWorkspace(workspaceId: string, profile: AnalysisProfile, ids: readonly EngineId[] = ENGINE_IDS): Promise<Engine[]> {
      return Promise.all(ids.map(async (id) => {
        const key = isOptionalEngine(id) && !turnedOn.has(id) ? null : await keyFor(workspaceId, id);
        return engineWith(id, key, profile);
      }));
    },
    /**
     * The engines of the service's own calls (canary prompts): the server's environment keys
     * only, never a workspace's credential, so the operator's provider accounts pay for them.
     */
    forService(profile: AnalysisProfile, ids: readonly EngineId[] = ENGINE_IDS): Engine[] {
      return ids.map((id) => {
        const connector = CONNECTOR_OF[id];
        const usable = (!isOptionalEngine(id) || turnedOn.has(id)) && setupOf(id).unset.length === 0;
        return engineWith(id, usable ? (config.providers[connector].apiKey ?? null) : null, profile);
      });
    },
  };
}
export type EnginesService = ReturnType<typeof createEngines>;
