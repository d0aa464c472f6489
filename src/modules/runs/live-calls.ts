import { setMaxListeners } from 'node:events';
import type { EngineId } from '../engines/catalogue.ts';
import type { PipelineConfig } from './runs.config.ts';
import type { AnalysisProfile } from '../analysis/analyze.fns.ts';
import type { Engine } from '../engines/engines.service.ts';
import type { JobContext } from '../jobs/jobs.service.ts';
import type { RunPlan } from './runs.fns.ts';
import type { AskedPrompt, ResultsWriter } from './results-writer.ts';

// The call step of a run's loop for the engines asked live: each call leased in its engine's
// slot, asked, then analysed and buffered by the results writer. The first pass and adaptive
// sampling's extra rounds go through the same path, so every call is leased, charged and stored
// the same way whichever strategy asked for it.

/** What a run asks, read from its job once (the loop's plan step). */
export interface RunInput {
  workspaceId: string;
  plan: RunPlan;
  /** The first pass's samples per prompt and engine. */
  samples: number;
  /** The run's prompts in the order it was started with (the oldest active first). */
  prompts: AskedPrompt[];
  profile: AnalysisProfile;
  /** Prompts an engine asks per sample in the first pass. */
  count(engine: EngineId): number;
}

/** One call to make: an engine, a prompt, which sample of it. */
export interface Ask { engine: Engine; prompt: AskedPrompt; sample: number }

/** Every first-pass call of an engine, sample by sample: a run cut short has asked every prompt once before asking any twice. */
export function asksOf<P>(prompts: P[], samples: number, count: number): Array<{ prompt: P; sample: number }> {
  const asked = prompts.slice(0, count);
  return Array.from({ length: samples }, (_, s) => asked.map((prompt) => ({ prompt, sample: s + 1 }))).flat();
}

export function createLiveCalls(deps: {
  ctx: JobContext; pricing: PipelineConfig['pricing']; writer: ResultsWriter;
  /** Told each answered call (whether it named the brand): what adaptive sampling judges. */
  onAnswer(engine: EngineId, promptId: string, mentioned: boolean): void;
}) {
  const { ctx, pricing, writer } = deps;
  // Each call leases its price inside its engine's concurrency slot, so what is leased is what
  // was really asked when a run is cancelled or its worker dies; a call that fails returns its
  // lease, so the settlement charges the answered calls only.
  const local = new AbortController();
  setMaxListeners(0, local.signal); // one listener per call in flight
  ctx.signal.addEventListener('abort', () => local.abort(ctx.signal.reason), { once: true });
  const outcomes: PromiseSettledResult<void>[] = [];

  const askOne = async ({ engine, prompt, sample }: Ask) => {
    // The slot covers the lease and the call only: analysis runs after it is freed, so the next
    // call of the engine never waits for this one's CPU work.
    const called = await engine.schedule(async () => {
      if (local.signal.aborted) return null;
      if (!engine.off && !(await ctx.lease(pricing[engine.id]))) {
        local.abort(new Error('the credit hold is exhausted'));
        throw local.signal.reason;
      }
      const started = Date.now();
      try {
        return { answer: await engine.call({ text: prompt.text, language: prompt.language, sample }, local.signal), error: null, started };
      } catch (err) {
        if (local.signal.aborted) return null;
        // A call that failed (retries exhausted, refused, off) answered nothing: its lease goes back.
        if (!engine.off) ctx.release(pricing[engine.id]);
        return { answer: null, error: (err as Error).message, started };
      }
    });
    if (!called) return;
    // Analysis waits for the check phase: every call finishing in this turn of the event loop
    // first hands its slot to the next call, so the next calls' timers do not drift behind CPU work.
    await new Promise((resolve) => setImmediate(resolve));
    const recorded = writer.add(engine, prompt, sample, called);
    if (recorded.mentioned !== null) deps.onAnswer(engine.id, prompt.id, recorded.mentioned);
    ctx.progress(recorded.completed);
  };

  return {
    /** Asks every call of the list at once (each engine's slots pace them) and waits for all. */
    async ask(list: Ask[]): Promise<void> {
      outcomes.push(...(await Promise.allSettled(list.map(askOne))));
    },
    /** Cancelled, out of credit, or a call broke: no further call is asked. */
    stopped: () => local.signal.aborted || outcomes.some((o) => o.status === 'rejected'),
    /** The first call that broke (the exhausted hold, a slot's failure): its reason is thrown once the results are written. */
    broken: () => outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected'),
  };
}
export type LiveCalls = ReturnType<typeof createLiveCalls>;
