import pLimit, { type LimitFunction } from 'p-limit';
import { ENGINE_IDS, type Config, type EngineId } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AnalysisProfile } from '../analysis/analyze.fns.ts';
import { simulatedAnswer, type EngineAnswer } from './simulated.fns.ts';
import { realEngine, CONNECTOR_OF } from './providers.ts';

// Every engine id runs through its real provider when a key is configured (the workspace's
// stored credential, else the server's environment key) and otherwise through the simulated
// engine of the same id; every result says which. Each provider has a concurrency limit shared
// by all workspaces of this process.

export interface Engine {
  id: EngineId;
  simulated: boolean;
  concurrency: number;
  /** Runs `fn` in one of this provider's concurrency slots (lease, then call, inside the slot). */
  schedule<T>(fn: () => Promise<T>): Promise<T>;
  /** One call, outside any slot: use within `schedule`. */
  call(prompt: { text: string; language: string }, signal: AbortSignal): Promise<EngineAnswer>;
}

export const REAL_CONCURRENCY = 4;
export const SIMULATED_CONCURRENCY = 32;

export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0) return signal.aborted ? Promise.reject(signal.reason) : Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
}

export function createEngines(deps: { config: Config; clock: Clock; resolveKey(workspaceId: string, connector: string): Promise<string | null> }) {
  const { config, clock } = deps;
  const limits = new Map<string, LimitFunction>();
  const limiterFor = (key: string, concurrency: number) => {
    if (!limits.has(key)) limits.set(key, pLimit(concurrency));
    return limits.get(key)!;
  };

  function simulated(id: EngineId, profile: AnalysisProfile): Engine {
    const limit = limiterFor(`simulated:${id}`, SIMULATED_CONCURRENCY);
    return {
      id, simulated: true, concurrency: SIMULATED_CONCURRENCY, schedule: (fn) => limit(fn),
      call: async (prompt, signal) => {
        await abortableSleep(config.pipeline.simulatedLatencyMs, signal);
        return simulatedAnswer(id, prompt, clock.now().toISOString().slice(0, 10), profile);
      },
    };
  }

  return {
    /** The engines a run of this workspace uses, real where a key exists. */
    async forWorkspace(workspaceId: string, profile: AnalysisProfile, ids: readonly EngineId[] = ENGINE_IDS): Promise<Engine[]> {
      return Promise.all(ids.map(async (id) => {
        const connector = CONNECTOR_OF[id];
        const key = await deps.resolveKey(workspaceId, connector);
        if (!key) return simulated(id, profile);
        const limit = limiterFor(`real:${id}`, REAL_CONCURRENCY);
        const engine = realEngine(id, key, config.providers[connector]);
        return { id, simulated: false, concurrency: REAL_CONCURRENCY, schedule: (fn) => limit(fn), call: engine } satisfies Engine;
      }));
    },
  };
}
export type EnginesService = ReturnType<typeof createEngines>;
